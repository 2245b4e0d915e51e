/** Public catalogue reads: packs per city, on-demand plans, store products (spec §7). */
import { and, asc, eq, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import { centsToPesos, formatPrice } from "~/shared/mexico/money";
import type { Db } from "../../db/client";
import { cities, packs, plans, products, type ProductArea } from "../../db/schema";
import { hasOwnStudio } from "../places/service";
import { variantView, variantsOf, type VariantRow } from "./variants";

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

/**
 * The packs on sale: active ones of the cities on the public site (active, with a studio of their
 * own: a city still without one is hidden, and so are its packs).
 */
export async function listPacks(db: Db, opts: { cityId?: number; includeTesting?: boolean } = {}) {
  const where: SQL[] = [eq(packs.active, true), eq(cities.active, true), hasOwnStudio];
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

/**
 * A store product. With options, its price is the lowest of its variants' ("Desde …" when they
 * differ), it is in stock while any variant is, and `variants` lists the active ones.
 */
function productView(p: typeof products.$inferSelect, variants: VariantRow[] = []) {
  const sold = p.options.length > 0 ? variants.map((v) => variantView(p.options, v)) : [];
  const prices = sold.map((v) => v.price_cents);
  const priceCents = sold.length ? Math.min(...prices) : p.priceCents;
  const counted = sold.every((v) => v.stock !== null);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    store_area: p.area,
    area: p.area,
    images: p.images,
    image: p.images[0] ?? null,
    price_cents: priceCents,
    price: centsToPesos(priceCents),
    display_price:
      sold.length && Math.max(...prices) !== priceCents
        ? t("commerce.variants.from", { price: formatPrice(priceCents) })
        : formatPrice(priceCents),
    stock: sold.length ? (counted ? sold.reduce((n, v) => n + v.stock!, 0) : null) : p.stock,
    in_stock: sold.length ? sold.some((v) => v.in_stock) : p.options.length === 0 && (p.stock === null || p.stock > 0),
    options: p.options,
    variants: sold,
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
  const variants = await variantsOf(
    db,
    rows.map((r) => r.id),
    { activeOnly: true },
  );
  return rows.map((r) => productView(r, variants.get(r.id)));
}

export async function getProduct(db: Db, id: number) {
  const [p] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.active, true)));
  if (!p) return null;
  return productView(p, (await variantsOf(db, [p.id], { activeOnly: true })).get(p.id));
}
