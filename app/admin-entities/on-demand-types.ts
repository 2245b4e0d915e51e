/** Nucleo Home's class types of videos (a filter of the library): the browser half (server half: .server/resources/on-demand-taxonomies.ts). */
import { defineEntity } from "./types";

export const onDemandTypesEntity = defineEntity({
  name: "on-demand-types",
  base: "/admin/on-demand/types",
  apiPath: "/admin/on-demand/types",
  permissions: { read: "content.read", write: "content.write" },
  labels: { one: "taxonomies.types.one", many: "taxonomies.types.many", subtitle: "taxonomies.types.subtitle" },
  crumb: "admin.crumbs.types",
  menu: { key: "onDemandTypes", label: "admin.menu.onDemandTypes", group: "onDemand", order: 60 },
  activatable: true,
  csv: true,
  columns: [
    { key: "name", label: "taxonomies.common.name", sortable: true },
    { key: "description", label: "taxonomies.types.description" },
    { key: "sort_order", label: "taxonomies.common.sortOrder", sortable: true },
  ],
  fields: [
    { name: "name", label: "taxonomies.common.name", kind: "text", required: true },
    { name: "sort_order", label: "taxonomies.common.sortOrder", kind: "number", min: 0, max: 9999 },
    { name: "description", label: "taxonomies.types.description", kind: "textarea", rows: 3, maxLength: 500 },
  ],
  schema: () => import("../shared/schemas/on-demand-taxonomies").then((m) => m.onDemandTypeSchema),
});
