/** In-person class packs per city (what /buy-sessions sells) through the resource kit. */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatPrice } from "~/shared/mexico/money";
import { packSchema, type PackInput } from "~/shared/schemas/catalogue";
import type { Db } from "../db/client";
import { cities, packs } from "../db/schema";
import { AppError } from "../domain/errors";
import type { ResourceDescriptor } from "../kit/resource";
import { CATALOGUE_TAG } from "./plans";

const packDto = z.object({
  id: z.number(),
  city_id: z.number(),
  name: z.string(),
  description: z.string(),
  sessions: z.number().nullable(),
  unlimited: z.boolean(),
  validity_days: z.number(),
  price_cents: z.number(),
  display_price: z.string(),
  is_intro_offer: z.boolean(),
  is_testing: z.boolean(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type PackDto = z.infer<typeof packDto>;

export const packsResource: ResourceDescriptor<typeof packs, PackDto, PackInput> = {
  name: "packs",
  entity: "pack",
  apiPath: "/admin/packs",
  tag: CATALOGUE_TAG,
  labels: { one: t("catalogue.packs.one"), many: t("catalogue.packs.many") },
  table: packs,
  dto: packDto,
  toDto: (r) => ({
    id: r.id,
    city_id: r.cityId,
    name: r.name,
    description: r.description,
    sessions: r.sessions,
    unlimited: r.sessions === null,
    validity_days: r.validityDays,
    price_cents: r.priceCents,
    display_price: formatPrice(r.priceCents),
    is_intro_offer: r.isIntroOffer,
    is_testing: r.isTesting,
    sort_order: r.sortOrder,
    active: r.active,
  }),
  input: packSchema,
  toRow: (i) => ({
    cityId: i.city_id as number,
    name: i.name,
    description: i.description ?? "",
    sessions: i.unlimited ? null : i.sessions,
    validityDays: i.validity_days,
    priceCents: i.price_cents,
    isIntroOffer: i.is_intro_offer,
    isTesting: i.is_testing,
    sortOrder: i.sort_order,
  }),
  permissions: { read: "commerce.read", write: "commerce.write" },
  search: [packs.name, packs.description],
  sorts: {
    id: packs.id,
    name: packs.name,
    price_cents: packs.priceCents,
    validity_days: packs.validityDays,
    sort_order: packs.sortOrder,
  },
  defaultSort: { column: packs.sortOrder, dir: "asc" },
  filters: {
    city_id: {
      schema: z.coerce.number().int().positive().max(999_999_999).optional(),
      where: (v: number) => eq(packs.cityId, v),
    },
  },
  active: packs.active,
  csv: {
    filename: "paquetes.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "city_id", label: t("catalogue.packs.city") },
      { key: "name", label: t("catalogue.common.name") },
      { key: "sessions", label: t("catalogue.packs.sessions") },
      { key: "validity_days", label: t("catalogue.packs.validity") },
      { key: "display_price", label: t("catalogue.common.price") },
      { key: "is_intro_offer", label: t("catalogue.packs.introOffer") },
      { key: "active", label: t("kit.status") },
    ],
  },
  cacheKeys: ["public:"],
  beforeWrite: async (tx: Db, input) => {
    const [row] = await tx
      .select({ id: cities.id })
      .from(cities)
      .where(eq(cities.id, input.city_id as number))
      .limit(1);
    if (!row) throw AppError.validation([{ field: "city_id", message: t("catalogue.packs.cityRequired") }]);
  },
};

/** Cities as select options (a pack is sold in one city); one without a studio of its own is marked so. */
export async function cityOptions(db: Db) {
  const open = sql<boolean>`exists (select 1 from studios s where s.city_id = "cities"."id" and s.active and not s.is_external)`;
  const rows = await db
    .select({ id: cities.id, name: cities.name, open })
    .from(cities)
    .orderBy(cities.sortOrder, cities.name);
  return rows.map((r) => ({
    value: String(r.id),
    label: r.open ? r.name : t("places.cities.noStudiosOption", { name: r.name }),
  }));
}
