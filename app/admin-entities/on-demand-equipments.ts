/** Nucleo Home's equipments (a filter of the library): the browser half (server half: .server/resources/on-demand-taxonomies.ts). */
import { defineEntity } from "./types";

export const onDemandEquipmentsEntity = defineEntity({
  name: "on-demand-equipments",
  base: "/admin/on-demand/equipments",
  apiPath: "/admin/on-demand/equipments",
  permissions: { read: "content.read", write: "content.write" },
  labels: {
    one: "taxonomies.equipments.one",
    many: "taxonomies.equipments.many",
    subtitle: "taxonomies.equipments.subtitle",
  },
  crumb: "admin.crumbs.equipments",
  menu: { key: "onDemandEquipments", label: "admin.menu.onDemandEquipments", group: "onDemand", order: 50 },
  activatable: true,
  csv: true,
  columns: [
    { key: "name", label: "taxonomies.common.name", sortable: true },
    { key: "sort_order", label: "taxonomies.common.sortOrder", sortable: true },
  ],
  fields: [
    { name: "name", label: "taxonomies.common.name", kind: "text", required: true },
    { name: "sort_order", label: "taxonomies.common.sortOrder", kind: "number", min: 0, max: 9999 },
  ],
  schema: () => import("../shared/schemas/on-demand-taxonomies").then((m) => m.taxonomySchema),
});
