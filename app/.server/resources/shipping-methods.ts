/** Shipping methods and their prices (chosen in the checkout's Envío tab) through the resource kit. */
import { shippingMethodsEntity } from "~/admin-entities/shipping-methods";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatPrice } from "~/shared/mexico/money";
import { shippingMethodSchema, type ShippingMethodInput } from "~/shared/schemas/catalogue";
import { shippingMethods } from "../db/schema";
import { fromEntity, type ResourceDescriptor } from "../kit/resource";
import { CATALOGUE_TAG } from "./plans";

const shippingMethodDto = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number(),
  display_price: z.string(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type ShippingMethodDto = z.infer<typeof shippingMethodDto>;

export const shippingMethodsResource: ResourceDescriptor<
  typeof shippingMethods,
  ShippingMethodDto,
  ShippingMethodInput
> = {
  ...fromEntity(shippingMethodsEntity),
  entity: "shipping_method",
  tag: CATALOGUE_TAG,
  table: shippingMethods,
  dto: shippingMethodDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    price_cents: r.priceCents,
    display_price: formatPrice(r.priceCents),
    sort_order: r.sortOrder,
    active: r.active,
  }),
  input: shippingMethodSchema,
  toRow: (i) => ({
    name: i.name,
    description: i.description ?? "",
    priceCents: i.price_cents,
    sortOrder: i.sort_order,
  }),
  search: [shippingMethods.name, shippingMethods.description],
  sorts: {
    id: shippingMethods.id,
    name: shippingMethods.name,
    price_cents: shippingMethods.priceCents,
    sort_order: shippingMethods.sortOrder,
  },
  defaultSort: { column: shippingMethods.sortOrder, dir: "asc" },
  active: shippingMethods.active,
  csv: {
    filename: "metodos-de-envio.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("catalogue.common.name") },
      { key: "display_price", label: t("catalogue.common.price") },
      { key: "active", label: t("kit.status") },
    ],
  },
  cacheKeys: ["public:"],
};
