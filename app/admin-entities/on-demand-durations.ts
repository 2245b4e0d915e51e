/** Nucleo Home's duration buckets (a filter of the library): the browser half (server half: .server/resources/on-demand-taxonomies.ts). */
import { taxonomyEntity } from "./on-demand-taxonomy";

export const onDemandDurationsEntity = taxonomyEntity({
  slug: "durations",
  order: 30,
  columns: [
    { key: "min_minutes", label: "taxonomies.durations.min", sortable: true },
    {
      key: "max_minutes",
      label: "taxonomies.durations.max",
      value: (r) => (r.max_minutes === null ? { text: "taxonomies.durations.noLimit" } : Number(r.max_minutes)),
    },
  ],
  fields: (order) => [
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
    order,
  ],
  schema: () => import("../shared/schemas/on-demand-taxonomies").then((m) => m.durationSchema),
});
