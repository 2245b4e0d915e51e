/** Back office: class packs per city (add, edit price, classes, validity, intro offer, active). */
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatPrice } from "~/lib/format";
import type { Db } from "../../db/client";
import { cities, packs } from "../../db/schema";
import { AppError } from "../errors";

const bool = z
  .union([z.boolean(), z.string()])
  .optional()
  .transform((v) => v === true || v === "true" || v === "on");

export const packInput = z.object({
  id: z.union([z.literal(""), z.coerce.number().int().positive()]).optional(),
  city_id: z.coerce
    .number({ error: () => t("commerce.admin.cityRequired") })
    .int()
    .positive(t("commerce.admin.cityRequired")),
  name: z.string().trim().min(1, t("commerce.admin.nameRequired")).max(120),
  description: z.string().trim().max(500).default(""),
  sessions: z
    .union([z.literal(""), z.coerce.number().int().positive(t("commerce.admin.positive"))])
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v)),
  validity_days: z.coerce.number().int().positive(t("commerce.admin.positive")).max(3650),
  price: z.coerce.number().min(0, t("commerce.admin.positive")).max(1_000_000),
  is_intro_offer: bool,
  active: bool,
});

export async function savePack(db: Db, input: z.output<typeof packInput>) {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, input.city_id));
  if (!city) throw AppError.validation([{ field: "city_id", message: t("commerce.admin.cityRequired") }]);
  const values = {
    cityId: input.city_id,
    name: input.name,
    description: input.description,
    sessions: input.sessions,
    validityDays: input.validity_days,
    priceCents: Math.round(input.price * 100),
    isIntroOffer: input.is_intro_offer,
    active: input.active,
    updatedAt: new Date(),
  };
  if (input.id) {
    const [row] = await db.update(packs).set(values).where(eq(packs.id, input.id)).returning();
    if (!row) throw AppError.notFound();
    return row;
  }
  const [row] = await db.insert(packs).values(values).returning();
  return row!;
}

export async function listAllPacks(db: Db) {
  const rows = await db
    .select({ p: packs, city: cities.name })
    .from(packs)
    .innerJoin(cities, eq(cities.id, packs.cityId))
    .orderBy(asc(cities.sortOrder), asc(packs.sortOrder), asc(packs.id));
  return rows.map((r) => ({
    id: r.p.id,
    city_id: r.p.cityId,
    city: r.city,
    name: r.p.name,
    description: r.p.description,
    sessions: r.p.sessions,
    validity_days: r.p.validityDays,
    price: r.p.priceCents / 100,
    display_price: formatPrice(r.p.priceCents / 100),
    is_intro_offer: r.p.isIntroOffer,
    active: r.p.active,
  }));
}
