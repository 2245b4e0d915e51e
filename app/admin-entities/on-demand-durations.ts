/** Nucleo Home's duration buckets (a filter of the library): the browser half (server half: .server/resources/on-demand-taxonomies.ts). */
import { defineEntity } from "./types";

export const onDemandDurationsEntity = defineEntity({
  name: "on-demand-durations",
  base: "/admin/on-demand/durations",
  apiPath: "/admin/on-demand/durations",
  permissions: { read: "content.read", write: "content.write" },
  labels: {
    one: "taxonomies.durations.one",
    many: "taxonomies.durations.many",
    subtitle: "taxonomies.durations.subtitle",
  },
  crumb: "admin.crumbs.durations",
  menu: { key: "onDemandDurations", label: "admin.menu.onDemandDurations", group: "onDemand", order: 30 },
  activatable: true,
  csv: true,
  columns: [
    { key: "name", label: "taxonomies.common.name", sortable: true },
    { key: "min_minutes", label: "taxonomies.durations.min", sortable: true },
    {
      key: "max_minutes",
      label: "taxonomies.durations.max",
      value: (r) => (r.max_minutes === null ? { text: "taxonomies.durations.noLimit" } : Number(r.max_minutes)),
    },
    { key: "sort_order", label: "taxonomies.common.sortOrder", sortable: true },
  ],
  fields: [
    { name: "name", label: "taxonomies.common.name", kind: "text", required: true },
    { name: "min_minutes", label: "taxonomies.durations.min", kind: "number", min: 0, max: 600 },
    {
      name: "max_minutes",
      label: "taxonomies.durations.max",
      kind: "number",
      min: 1,
      max: 600,
      nullable: true,
      description: "taxonomies.durations.maxHelp",
    },
    { name: "sort_order", label: "taxonomies.common.sortOrder", kind: "number", min: 0, max: 9999 },
  ],
  schema: () => import("../shared/schemas/on-demand-taxonomies").then((m) => m.durationSchema),
});
