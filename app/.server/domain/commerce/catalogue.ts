/** Public catalogue reads: packs per city, on-demand plans, store products (spec §7). */
import { and, asc, eq, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import { centsToPesos, formatPrice } from "~/shared/mexico/money";
import type { Db } from "../../db/client";
import { cities, packs, plans, products, type ProductArea } from "../../db/schema";

export const PRODUCT_AREAS = ["juiceBar", "barreByNucleo", "certificate"] as const satisfies readonly ProductArea[];

function packView(p: typeof packs.$inferSelect, cityName?: string) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    city_id: p.cityId,
    city_name: cityName ?? null,
    sessions: p.sessions,
    unlimited: p.sessions === null,
    sessions_label:
      p.sessions === null
        ? t("commerce.packs.unlimited")
        : p.sessions === 1
          ? t("commerce.packs.oneSession")
          : t("commerce.packs.sessions", { n: p.sessions }),
    validity_days: p.validityDays,
    is_intro_offer: p.isIntroOffer,
    price_cents: p.priceCents,
    price: centsToPesos(p.priceCents),
    display_price: formatPrice(p.priceCents),
    active: p.active,
  };
}

export async function listPacks(db: Db, opts: { cityId?: number; includeTesting?: boolean } = {}) {
  const where: SQL[] = [eq(packs.active, true)];
  if (opts.cityId) where.push(eq(packs.cityId, opts.cityId));
  if (!opts.includeTesting) where.push(eq(packs.isTesting, false));
  const rows = await db
    .select({ p: packs, cityName: cities.name })
    .from(packs)
    .innerJoin(cities, eq(cities.id, packs.cityId))
    .where(and(...where))
    .orderBy(asc(cities.sortOrder), asc(packs.sortOrder), asc(packs.id));
  return rows.map((r) => packView(r.p, r.cityName));
}

function planView(p: typeof plans.$inferSelect) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    sessions: p.sessions,
    unlimited: p.sessions === null,
    sessions_label:
      p.sessions === null ? t("commerce.plans.unlimited") : t("commerce.plans.sessions", { n: p.sessions }),
    duration_days: p.durationDays,
    price_cents: p.priceCents,
    price: centsToPesos(p.priceCents),
    display_price: formatPrice(p.priceCents),
    active: p.active,
  };
}

export async function listPlans(db: Db) {
  const rows = await db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.sortOrder), asc(plans.id));
  return rows.map(planView);
}

function productView(p: typeof products.$inferSelect) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    store_area: p.area,
    area: p.area,
    images: p.images,
    image: p.images[0] ?? null,
    price_cents: p.priceCents,
    price: centsToPesos(p.priceCents),
    display_price: formatPrice(p.priceCents),
    stock: p.stock,
    in_stock: p.stock === null || p.stock > 0,
    require_shipping: p.requireShipping,
    min_purchase: p.minPurchase,
    max_purchase: p.maxPurchase,
    certification_id: p.certificationId,
    active: p.active,
  };
}

export async function listProducts(db: Db, area?: ProductArea) {
  const where: SQL[] = [eq(products.active, true)];
  if (area) where.push(eq(products.area, area));
  const rows = await db
    .select()
    .from(products)
    .where(and(...where))
    .orderBy(asc(products.sortOrder), asc(products.id));
  return rows.map(productView);
}

export async function getProduct(db: Db, id: number) {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  return p ? productView(p) : null;
}
