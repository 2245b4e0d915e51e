/** Nucleo Home's class types of videos (a filter of the library): the browser half (server half: .server/resources/on-demand-taxonomies.ts). */
import { taxonomyEntity } from "./on-demand-taxonomy";

export const onDemandTypesEntity = taxonomyEntity({
  slug: "types",
  order: 60,
  columns: [{ key: "description", label: "taxonomies.types.description" }],
  fields: (order) => [
    order,
    { name: "description", label: "taxonomies.types.description", kind: "textarea", rows: 3, maxLength: 500 },
  ],
  schema: () => import("../shared/schemas/on-demand-taxonomies").then((m) => m.onDemandTypeSchema),
});
