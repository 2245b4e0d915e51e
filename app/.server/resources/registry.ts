/**
 * The server halves of the registered back-office entities (app/admin-entities), by name: the
 * generic page loaders (routes/admin/.server/resource.ts) find an entity's descriptor here. A unit
 * test checks that every browser half has its server half and the other way round.
 */
import type { ResourceDescriptor } from "../kit/resource";
import { bazaarEventsResource } from "./bazaar-events";
import { cmsPagesResource } from "./cms-pages";
import { countriesResource } from "./countries";
import {
  onDemandDifficultiesResource,
  onDemandDurationsResource,
  onDemandEquipmentsResource,
  onDemandTypesResource,
} from "./on-demand-taxonomies";
import { plansResource } from "./plans";
import { sessionTypesResource } from "./session-types";
import { shippingMethodsResource } from "./shipping-methods";
import { sponsorsResource } from "./sponsors";
import { vouchersResource } from "./vouchers";

type AnyDescriptor = ResourceDescriptor<any, any, any, any, any>;

export const SERVER_RESOURCES: readonly AnyDescriptor[] = [
  bazaarEventsResource,
  cmsPagesResource,
  countriesResource,
  onDemandDifficultiesResource,
  onDemandDurationsResource,
  onDemandEquipmentsResource,
  onDemandTypesResource,
  plansResource,
  sessionTypesResource,
  shippingMethodsResource,
  sponsorsResource,
  vouchersResource,
];

export const serverResourceOf = (name: string) => SERVER_RESOURCES.find((d) => d.name === name);
