/**
 * A certification programme's facts, read from one place (issue 20, item 11): the programme
 * (`certifications`: name, modality, schedule, modules; the hours are the modules' sum) and the
 * active `certificate` product that sells it (the price the cart charges). The public page, the
 * store's product page and the PDF all show these, so they cannot disagree.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { formatPrice } from "~/shared/mexico/money";
import type { Db } from "../../db/client";
import { certifications, products, type CertificationModule } from "../../db/schema";
import type { CertificationFacts } from "~/shared/schemas/catalogue";

export type { CertificationFacts };

/** The hours of a programme: the sum of its modules'. */
export const programmeHours = (modules: readonly Pick<CertificationModule, "hours">[]) =>
  modules.reduce((sum, m) => sum + m.hours, 0);

function factsOf(
  c: typeof certifications.$inferSelect,
  product: { id: number; priceCents: number } | undefined,
): CertificationFacts {
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    modality: c.modality,
    schedule: c.schedule,
    modules: c.modules.map((m) => ({ title: m.title, hours: m.hours, summary: m.summary })),
    hours: programmeHours(c.modules),
    allows_deposit: c.allowsDeposit,
    product: product
      ? { id: product.id, price_cents: product.priceCents, display_price: formatPrice(product.priceCents) }
      : null,
  };
}

/** The facts of several active programmes by id (with their product, the first active one). */
export async function certificationFacts(db: Db, ids: readonly number[]): Promise<Map<number, CertificationFacts>> {
  const out = new Map<number, CertificationFacts>();
  if (ids.length === 0) return out;
  const [rows, sellers] = await Promise.all([
    db
      .select()
      .from(certifications)
      .where(and(inArray(certifications.id, [...ids]), eq(certifications.active, true))),
    db
      .select({ id: products.id, priceCents: products.priceCents, certificationId: products.certificationId })
      .from(products)
      .where(
        and(inArray(products.certificationId, [...ids]), eq(products.area, "certificate"), eq(products.active, true)),
      )
      .orderBy(asc(products.sortOrder), asc(products.id)),
  ]);
  for (const c of rows)
    out.set(
      c.id,
      factsOf(
        c,
        sellers.find((p) => p.certificationId === c.id),
      ),
    );
  return out;
}

/** One programme's facts (null: none, or inactive). */
export async function getCertificationFacts(db: Db, id: number) {
  return (await certificationFacts(db, [id])).get(id) ?? null;
}
