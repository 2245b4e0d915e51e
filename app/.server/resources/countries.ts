/** Countries (with their states, read-only) through the resource kit. */
import { countriesEntity } from "~/admin-entities/countries";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { countrySchema, type CountryInput } from "~/shared/schemas/resources";
import type { Db } from "../db/client";
import { countries, states } from "../db/schema";
import { fromEntity, type ResourceDescriptor } from "../kit/resource";

const countryDto = z.object({ id: z.number(), name: z.string(), iso_code: z.string(), active: z.boolean() });
export type CountryDto = z.infer<typeof countryDto>;

export const countriesResource: ResourceDescriptor<typeof countries, CountryDto, CountryInput> = {
  ...fromEntity(countriesEntity),
  entity: "country",
  tag: "Back office: ubicaciones",
  table: countries,
  dto: countryDto,
  toDto: (r) => ({ id: r.id, name: r.name, iso_code: r.isoCode, active: r.active }),
  input: countrySchema,
  toRow: (i) => ({ name: i.name, isoCode: i.iso_code }),
  search: [countries.name, countries.isoCode],
  sorts: { id: countries.id, name: countries.name, iso_code: countries.isoCode },
  defaultSort: { column: countries.name, dir: "asc" },
  active: countries.active,
  csv: {
    filename: "paises.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("resources.countries.name") },
      { key: "iso_code", label: t("resources.countries.isoCode") },
    ],
  },
  cacheKeys: ["public:"],
};

export const stateDto = z.object({ id: z.number(), name: z.string(), code: z.string() });

/** The states of a country (read-only: Mexico's come from the official catalogue in the seed). */
export async function statesOf(db: Db, countryId: number) {
  const rows = await db
    .select({ id: states.id, name: states.name, code: states.code })
    .from(states)
    .where(eq(states.countryId, countryId))
    .orderBy(asc(states.name));
  return rows;
}
