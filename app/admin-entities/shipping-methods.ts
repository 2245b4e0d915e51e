/** Shipping methods and their prices: the browser half (server half: .server/resources/shipping-methods.ts). */
import { defineEntity } from "./types";

export const shippingMethodsEntity = defineEntity({
  name: "shipping-methods",
  base: "/admin/shippings/methods",
  apiPath: "/admin/shipping-methods",
  permissions: { read: "commerce.read", write: "commerce.write" },
  labels: {
    one: "catalogue.shippingMethods.one",
    many: "catalogue.shippingMethods.many",
    subtitle: "catalogue.shippingMethods.subtitle",
  },
  crumb: "admin.crumbs.methods",
  activatable: true,
  csv: true,
  columns: [
    { key: "name", label: "catalogue.common.name", sortable: true },
    { key: "description", label: "catalogue.common.description" },
    { key: "price_cents", label: "catalogue.common.price", sortable: true, value: (r) => String(r.display_price) },
    { key: "sort_order", label: "catalogue.common.sortOrder", sortable: true },
  ],
  fields: [
    { name: "name", label: "catalogue.common.name", kind: "text", required: true },
    {
      name: "price_cents",
      label: "catalogue.common.price",
      kind: "money",
      required: true,
      description: "catalogue.common.priceHelp",
    },
    { name: "description", label: "catalogue.common.description", kind: "text" },
    { name: "sort_order", label: "catalogue.common.sortOrder", kind: "number", min: 0, max: 9999 },
  ],
  schema: () => import("../shared/schemas/catalogue").then((m) => m.shippingMethodSchema),
});
