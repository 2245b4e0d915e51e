/** Nucleo Home's difficulties (a filter of the library): the browser half (server half: .server/resources/on-demand-taxonomies.ts). */
import { defineEntity } from "./types";

export const onDemandDifficultiesEntity = defineEntity({
  name: "on-demand-difficulties",
  base: "/admin/on-demand/difficulties",
  apiPath: "/admin/on-demand/difficulties",
  permissions: { read: "content.read", write: "content.write" },
  labels: {
    one: "taxonomies.difficulties.one",
    many: "taxonomies.difficulties.many",
    subtitle: "taxonomies.difficulties.subtitle",
  },
  crumb: "admin.crumbs.difficulties",
  menu: { key: "onDemandDifficulties", label: "admin.menu.onDemandDifficulties", group: "onDemand", order: 40 },
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
