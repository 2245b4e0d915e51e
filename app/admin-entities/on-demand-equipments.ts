/** Nucleo Home's equipments (a filter of the library): the browser half (server half: .server/resources/on-demand-taxonomies.ts). */
import { taxonomyEntity } from "./on-demand-taxonomy";

export const onDemandEquipmentsEntity = taxonomyEntity({ slug: "equipments", order: 50 });
