/**
 * The registry of back-office entities built from a descriptor (issue 21). The route table
 * (`app/routes/admin/routes.ts`), the side menu (`menu.ts`), the known paths (`paths.ts`), the
 * breadcrumbs and the generic pages all read it: an entity is registered here once.
 *
 * Relative imports only (the route table is loaded without the `~` alias, see ./types.ts).
 */
import type { AdminEntity } from "./types";
import { bazaarEntity } from "./bazaar";
import { cmsPagesEntity } from "./cms-pages";
import { countriesEntity } from "./countries";
import { onDemandDifficultiesEntity } from "./on-demand-difficulties";
import { onDemandDurationsEntity } from "./on-demand-durations";
import { onDemandEquipmentsEntity } from "./on-demand-equipments";
import { onDemandTypesEntity } from "./on-demand-types";
import { plansEntity } from "./plans";
import { sessionTypesEntity } from "./session-types";
import { shippingMethodsEntity } from "./shipping-methods";
import { sponsorsEntity } from "./sponsors";
import { vouchersEntity } from "./vouchers";

export const ADMIN_ENTITIES: readonly AdminEntity[] = [
  bazaarEntity,
  cmsPagesEntity,
  countriesEntity,
  onDemandDifficultiesEntity,
  onDemandDurationsEntity,
  onDemandEquipmentsEntity,
  onDemandTypesEntity,
  plansEntity,
  sessionTypesEntity,
  shippingMethodsEntity,
  sponsorsEntity,
  vouchersEntity,
];

/** The page kinds of an entity and their paths (relative to its base). */
export function entityPages(e: AdminEntity) {
  return {
    list: [e.base, `${e.base}/list`],
    add: e.creatable === false ? [] : [`${e.base}/add`],
    edit: e.editable === false || e.creatable === false ? [] : [`${e.base}/edit/:id`],
  };
}

/** Every page path of every entity (`/admin/sponsors`, `/admin/sponsors/list`, …/add, …/edit/:id). */
export const entityPaths = (): string[] => ADMIN_ENTITIES.flatMap((e) => Object.values(entityPages(e)).flat());

/** The entity whose pages `pathname` (without locale prefix) is on: the longest base that fits. */
export function entityOfPath(pathname: string): AdminEntity | undefined {
  let found: AdminEntity | undefined;
  for (const e of ADMIN_ENTITIES)
    if ((pathname === e.base || pathname.startsWith(`${e.base}/`)) && e.base.length > (found?.base.length ?? 0))
      found = e;
  return found;
}

export const entityByName = (name: string) => ADMIN_ENTITIES.find((e) => e.name === name);

export type { AdminEntity } from "./types";
