/** Nucleo Home's difficulties (a filter of the library): the browser half (server half: .server/resources/on-demand-taxonomies.ts). */
import { taxonomyEntity } from "./on-demand-taxonomy";

export const onDemandDifficultiesEntity = taxonomyEntity({ slug: "difficulties", order: 40 });
