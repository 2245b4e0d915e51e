/**
 * Product options and variants (size, colour, or any option): a product with options is sold only
 * through its variants, each with its own SKU, price and stock; a product without options has no
 * variants and sells by its own price and stock, exactly as before variants existed.
 *
 * Stock is taken at checkout by one conditional UPDATE (`stock >= qty`) on the variant's row, the
 * same guarantee as a product's own stock (see checkout.ts `takeStock`), and given back on a full
 * refund of an unshipped order.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { centsToPesos, formatPrice } from "~/shared/mexico/money";
import { combinationKey, type ProductVariantsInput } from "~/shared/schemas/catalogue";
import type { Db } from "../../db/client";
import { productVariants, products, type ProductOption } from "../../db/schema";
import { AppError } from "../errors";

export type VariantRow = typeof productVariants.$inferSelect;

/** "Talla M · Color Negro": each option's name and the variant's value, in the options' order. */
export function variantLabel(options: ProductOption[], values: string[]) {
  return options.map((o, i) => `${o.name} ${values[i] ?? ""}`.trim()).join(" · ");
}

/** How a variant is shown to customers and staff. */
export function variantView(options: ProductOption[], v: VariantRow) {
  return {
    id: v.id,
    sku: v.sku,
    option_values: v.optionValues,
    label: variantLabel(options, v.optionValues),
    price_cents: v.priceCents,
    price: centsToPesos(v.priceCents),
    display_price: formatPrice(v.priceCents),
    stock: v.stock,
    in_stock: v.active && (v.stock === null || v.stock > 0),
    active: v.active,
  };
}

/** The variants of these products, in their order, by product id. */
export async function variantsOf(db: Db, productIds: number[], opts: { activeOnly?: boolean } = {}) {
  const out = new Map<number, VariantRow[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select()
    .from(productVariants)
    .where(
      and(
        inArray(productVariants.productId, productIds),
        opts.activeOnly ? eq(productVariants.active, true) : undefined,
      ),
    )
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  for (const r of rows) out.set(r.productId, [...(out.get(r.productId) ?? []), r]);
  return out;
}

/** The option names a customer must choose, as one phrase ("Talla y Color"). */
export function optionNames(options: ProductOption[]) {
  const names = options.map((o) => o.name.toLowerCase());
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`;
}

/**
 * Replaces a product's options and variants in one transaction (the product row locked). Variants
 * keep their id (and so the carts and orders that point at them) when sent with it; those left out
 * are deleted: open carts lose them, orders keep their snapshot.
 */
export async function saveProductVariants(tx: Db, productId: number, input: ProductVariantsInput, now: Date) {
  const [product] = await tx.select().from(products).where(eq(products.id, productId)).for("update");
  if (!product) throw AppError.notFound();
  const current = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const bad = input.variants.findIndex((v) => v.id && !current.some((c) => c.id === v.id));
  if (bad >= 0) throw AppError.validation([{ field: `variants.${bad}.id`, message: t("commerce.variants.notFound") }]);
  // The values as the option spells them (a variant's "negro" is the option's "Negro").
  const options = input.options.map((o) => ({ name: o.name, values: o.values }));
  const spelled = (values: string[]) =>
    values.map((v, i) => options[i]!.values.find((ov) => ov.toLowerCase() === v.toLowerCase()) ?? v);
  const keep = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
  const gone = current.filter((c) => !keep.has(c.id)).map((c) => c.id);
  if (gone.length) await tx.delete(productVariants).where(inArray(productVariants.id, gone));
  // Free every kept row's combination and SKU first, so two variants may swap them in one save.
  const kept = current.filter((c) => keep.has(c.id));
  for (const c of kept)
    await tx
      .update(productVariants)
      .set({ combination: `~${c.id}`, sku: `~${c.id}` })
      .where(eq(productVariants.id, c.id));
  try {
    for (const [i, v] of input.variants.entries()) {
      const values = spelled(v.option_values);
      const row = {
        optionValues: values,
        combination: combinationKey(values),
        sku: v.sku,
        priceCents: v.price_cents,
        stock: v.stock,
        active: v.active,
        position: i,
        updatedAt: now,
      };
      if (v.id) await tx.update(productVariants).set(row).where(eq(productVariants.id, v.id));
      else await tx.insert(productVariants).values({ ...row, productId, createdAt: now });
    }
  } catch (e) {
    const taken = skuConflict(e);
    if (taken !== null) {
      const i = input.variants.findIndex((v) => v.sku === taken);
      throw AppError.validation([
        { field: `variants.${Math.max(i, 0)}.sku`, message: t("catalogue.variants.skuTaken", { sku: taken }) },
      ]);
    }
    throw e;
  }
  await tx.update(products).set({ options, updatedAt: now }).where(eq(products.id, productId));
  return productVariantsView(tx, productId);
}

/** The SKU of a unique-index violation on `product_variants_sku_uq`, else null. */
function skuConflict(e: unknown): string | null {
  const err = (e as { cause?: unknown })?.cause ?? e;
  const pg = err as { code?: string; constraint?: string; detail?: string };
  if (pg?.code !== "23505" || pg.constraint !== "product_variants_sku_uq") return null;
  return /=\((.*)\)/.exec(pg.detail ?? "")?.[1] ?? "";
}

/** A product's options and every variant (inactive too), as the back office edits them. */
export async function productVariantsView(db: Db, productId: number) {
  const [product] = await db.select({ options: products.options }).from(products).where(eq(products.id, productId));
  if (!product) throw AppError.notFound();
  const rows = (await variantsOf(db, [productId])).get(productId) ?? [];
  return { options: product.options, variants: rows.map((v) => variantView(product.options, v)) };
}

/** SQL that gives back `qty` units to a counted stock (null stays null). */
export const restock = (column: typeof productVariants.stock | typeof products.stock, qty: number) =>
  sql`case when ${column} is null then null else ${column} + ${qty} end`;
