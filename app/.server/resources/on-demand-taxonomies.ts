/**
 * Nucleo Home's four taxonomies (difficulties, duration buckets, equipment, class types), the
 * filters of the library, through the resource kit: the server halves of
 * app/admin-entities/on-demand-*.ts. A name is unique in its taxonomy (the index's refusal is a 409).
 */
import { z } from "zod";
import type { PgColumn } from "drizzle-orm/pg-core";
import { t } from "~/lib/messages";
import { onDemandDifficultiesEntity } from "~/admin-entities/on-demand-difficulties";
import { onDemandDurationsEntity } from "~/admin-entities/on-demand-durations";
import { onDemandEquipmentsEntity } from "~/admin-entities/on-demand-equipments";
import { onDemandTypesEntity } from "~/admin-entities/on-demand-types";
import {
  durationSchema,
  onDemandTypeSchema,
  taxonomySchema,
  type DurationInput,
  type OnDemandTypeInput,
  type TaxonomyInput,
} from "~/shared/schemas/on-demand-taxonomies";
import { onDemandDifficulties, onDemandDurations, onDemandEquipments, onDemandTypes } from "../db/schema";
import { fromEntity, type ResourceDescriptor } from "../kit/resource";

const TAG = "Back office: Nucleo Home";

/** What every taxonomy shares: search and sort by name and order, `active`, the name's 409, the public cache. */
function common(table: { id: PgColumn; name: PgColumn; sortOrder: PgColumn; active: PgColumn }) {
  return {
    tag: TAG,
    search: [table.name],
    sorts: { id: table.id, name: table.name, sort_order: table.sortOrder },
    defaultSort: { column: table.sortOrder, dir: "asc" as const },
    active: table.active,
    unique: { name: { field: "name", message: t("taxonomies.common.nameTaken") } },
    cacheKeys: ["public:"],
  };
}

const csvColumns = [
  { key: "id", label: "ID" },
  { key: "name", label: t("taxonomies.common.name") },
  { key: "sort_order", label: t("taxonomies.common.sortOrder") },
];

const taxonomyDto = z.object({ id: z.number(), name: z.string(), sort_order: z.number(), active: z.boolean() });
type TaxonomyDto = z.infer<typeof taxonomyDto>;

/** A taxonomy that is a name and an order (difficulties, equipment): all but its table. */
function nameOnly(
  table: { id: PgColumn; name: PgColumn; sortOrder: PgColumn; active: PgColumn },
  entity: string,
  filename: string,
) {
  return {
    ...common(table),
    entity,
    dto: taxonomyDto,
    toDto: (r: { id: number; name: string; sortOrder: number; active: boolean }): TaxonomyDto => ({
      id: r.id,
      name: r.name,
      sort_order: r.sortOrder,
      active: r.active,
    }),
    input: taxonomySchema,
    toRow: (i: TaxonomyInput) => ({ name: i.name, sortOrder: i.sort_order }),
    csv: { filename, columns: csvColumns },
  };
}

export const onDemandDifficultiesResource: ResourceDescriptor<typeof onDemandDifficulties, TaxonomyDto, TaxonomyInput> =
  {
    ...fromEntity(onDemandDifficultiesEntity),
    ...nameOnly(onDemandDifficulties, "on_demand_difficulty", "dificultades.csv"),
    table: onDemandDifficulties,
  };

export const onDemandEquipmentsResource: ResourceDescriptor<typeof onDemandEquipments, TaxonomyDto, TaxonomyInput> = {
  ...fromEntity(onDemandEquipmentsEntity),
  ...nameOnly(onDemandEquipments, "on_demand_equipment", "equipo.csv"),
  table: onDemandEquipments,
};

const durationDto = taxonomyDto.extend({ min_minutes: z.number(), max_minutes: z.number().nullable() });
type DurationDto = z.infer<typeof durationDto>;

export const onDemandDurationsResource: ResourceDescriptor<typeof onDemandDurations, DurationDto, DurationInput> = {
  ...fromEntity(onDemandDurationsEntity),
  ...common(onDemandDurations),
  entity: "on_demand_duration",
  table: onDemandDurations,
  dto: durationDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    min_minutes: r.minMinutes,
    max_minutes: r.maxMinutes,
    sort_order: r.sortOrder,
    active: r.active,
  }),
  input: durationSchema,
  toRow: (i) => ({ name: i.name, minMinutes: i.min_minutes, maxMinutes: i.max_minutes, sortOrder: i.sort_order }),
  sorts: {
    id: onDemandDurations.id,
    name: onDemandDurations.name,
    min_minutes: onDemandDurations.minMinutes,
    sort_order: onDemandDurations.sortOrder,
  },
  csv: {
    filename: "duraciones.csv",
    columns: [
      ...csvColumns,
      { key: "min_minutes", label: t("taxonomies.durations.min") },
      { key: "max_minutes", label: t("taxonomies.durations.max") },
    ],
  },
};

const typeDto = taxonomyDto.extend({ description: z.string() });
type TypeDto = z.infer<typeof typeDto>;

export const onDemandTypesResource: ResourceDescriptor<typeof onDemandTypes, TypeDto, OnDemandTypeInput> = {
  ...fromEntity(onDemandTypesEntity),
  ...common(onDemandTypes),
  entity: "on_demand_type",
  table: onDemandTypes,
  dto: typeDto,
  toDto: (r) => ({ id: r.id, name: r.name, description: r.description, sort_order: r.sortOrder, active: r.active }),
  input: onDemandTypeSchema,
  toRow: (i) => ({ name: i.name, description: i.description ?? "", sortOrder: i.sort_order }),
  search: [onDemandTypes.name, onDemandTypes.description],
  csv: {
    filename: "tipos-de-video.csv",
    columns: [...csvColumns, { key: "description", label: t("taxonomies.types.description") }],
  },
};
