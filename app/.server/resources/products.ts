/**
 * Store products (areas juiceBar, barreByNucleo and certificate) through the resource kit, plus
 * their photos: uploaded through the files library's image pipeline (checked, resized, WebP) and
 * added to or removed from the product's `images` in one audited transaction.
 */
import { eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatPrice } from "~/shared/mexico/money";
import {
  PRODUCT_AREA_VALUES,
  PRODUCT_MAX_PHOTOS,
  productSchema,
  type ProductInput,
  type ProductVariantsInput,
} from "~/shared/schemas/catalogue";
import type { AppDeps } from "../deps";
import type { Db } from "../db/client";
import { certifications, products } from "../db/schema";
import { AppError } from "../domain/errors";
import { storeImage } from "../domain/content/images";
import { assertCan, type Actor } from "../domain/people/access";
import { inTransaction } from "../domain/tx";
import { productVariantsView, saveProductVariants } from "../domain/commerce/variants";
import { getResource, notFoundOf, type ResourceDescriptor } from "../kit/resource";
import { CATALOGUE_TAG } from "./plans";

/** Photos a product may have (the store shows the first; the product page all of them). */

export const productDto = z.object({
  id: z.number(),
  area: z.enum(PRODUCT_AREA_VALUES),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  image: z.string().nullable(),
  price_cents: z.number(),
  display_price: z.string(),
  /** The product's own stock (what its form edits). */
  stock: z.number().nullable(),
  /** Variants on sale (0: the product is sold on its own, with its own stock). */
  variant_count: z.number(),
  /** The sum of the stock of its variants on sale (null: none, or one is not counted). */
  variant_stock: z.number().nullable(),
  require_shipping: z.boolean(),
  min_purchase: z.number(),
  max_purchase: z.number(),
  certification_id: z.number().nullable(),
  sort_order: z.number(),
  active: z.boolean(),
});
export type ProductDto = z.infer<typeof productDto>;

/**
 * Products with their variants on sale counted and their stock summed (null when one of them is
 * not counted): a product sold in variants has no stock of its own to show.
 */
const selectProducts = (db: Db) =>
  db
    .select({
      ...getTableColumns(products),
      variantCount: sql<number>`(select count(*)::int from product_variants v where v.product_id = "products"."id" and v.active)`,
      variantStock: sql<
        number | null
      >`(select case when bool_or(v.stock is null) then null else sum(v.stock)::int end from product_variants v where v.product_id = "products"."id" and v.active)`,
    })
    .from(products);
type ProductRow = Awaited<ReturnType<typeof selectProducts>>[number];

export const productsResource: ResourceDescriptor<typeof products, ProductDto, ProductInput> = {
  name: "products",
  entity: "product",
  apiPath: "/admin/products",
  tag: CATALOGUE_TAG,
  labels: { one: t("catalogue.products.one"), many: t("catalogue.products.many") },
  table: products,
  dto: productDto,
  select: selectProducts,
  toDto: (row) => {
    const r = row as ProductRow;
    const variantCount = r.variantCount ?? 0;
    return {
      id: r.id,
      area: r.area,
      name: r.name,
      description: r.description,
      images: r.images,
      image: r.images[0] ?? null,
      price_cents: r.priceCents,
      display_price: formatPrice(r.priceCents),
      stock: r.stock,
      variant_count: variantCount,
      variant_stock: variantCount > 0 ? (r.variantStock ?? null) : null,
      require_shipping: r.requireShipping,
      min_purchase: r.minPurchase,
      max_purchase: r.maxPurchase,
      certification_id: r.certificationId,
      sort_order: r.sortOrder,
      active: r.active,
    };
  },
  input: productSchema,
  toRow: (i) => ({
    area: i.area,
    name: i.name,
    description: i.description ?? "",
    priceCents: i.price_cents,
    stock: i.stock,
    requireShipping: i.require_shipping,
    minPurchase: i.min_purchase,
    maxPurchase: i.max_purchase,
    certificationId: i.certification_id,
    sortOrder: i.sort_order,
    ...(i.images === undefined ? {} : { images: i.images }),
  }),
  permissions: { read: "commerce.read", write: "commerce.write" },
  search: [products.name, products.description],
  sorts: {
    id: products.id,
    name: products.name,
    price_cents: products.priceCents,
    stock: products.stock,
    sort_order: products.sortOrder,
  },
  defaultSort: { column: products.sortOrder, dir: "asc" },
  filters: {
    area: {
      schema: z.enum(PRODUCT_AREA_VALUES, { error: t("catalogue.products.areaInvalid") }).optional(),
      where: (v: (typeof PRODUCT_AREA_VALUES)[number]) => eq(products.area, v),
    },
  },
  active: products.active,
  csv: {
    filename: "productos.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "area", label: t("catalogue.products.area") },
      { key: "name", label: t("catalogue.common.name") },
      { key: "display_price", label: t("catalogue.common.price") },
      {
        key: "stock",
        label: t("catalogue.products.stock"),
        value: (r) => (r.variant_count > 0 ? r.variant_stock : r.stock),
      },
      { key: "variant_count", label: t("catalogue.variants.variants") },
      { key: "require_shipping", label: t("catalogue.products.requireShipping") },
      { key: "min_purchase", label: t("catalogue.products.minPurchase") },
      { key: "max_purchase", label: t("catalogue.products.maxPurchase") },
      { key: "active", label: t("kit.status") },
    ],
  },
  cacheKeys: ["public:"],
  beforeWrite: async (tx: Db, input) => {
    if (input.certification_id === null) return;
    const [row] = await tx
      .select({ id: certifications.id })
      .from(certifications)
      .where(eq(certifications.id, input.certification_id))
      .limit(1);
    if (!row)
      throw AppError.validation([
        { field: "certification_id", message: t("catalogue.products.certificationNotFound") },
      ]);
  },
};

const photoError = (message: string) => AppError.validation([{ field: "file", message }]);

async function changeImages(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  actor: Actor,
  id: number,
  change: (images: string[]) => string[],
  audit: { action: string; url: string },
) {
  await inTransaction(deps.db, async ({ tx, lock, audit: log }) => {
    const [row] = await lock(products, eq(products.id, id));
    if (!row) throw notFoundOf(productsResource);
    const images = change(row.images);
    await tx.update(products).set({ images, updatedAt: deps.clock() }).where(eq(products.id, id));
    log({
      actorUserId: actor.id,
      action: audit.action,
      entity: "product",
      entityId: id,
      data: { url: audit.url, images },
      ip: actor.ip,
    });
  });
  deps.cache.clear("public:");
  return getResource(deps.db, productsResource, id);
}

/**
 * Adds an uploaded photo to a product: the image goes through the files library's pipeline
 * (checked by content, resized to every width, WebP) and its URL is appended to `images`.
 */
export async function addProductPhoto(
  deps: Pick<AppDeps, "db" | "storage" | "cache" | "clock">,
  actor: Actor,
  id: number,
  file: unknown,
): Promise<ProductDto> {
  assertCan(actor, productsResource.permissions.write);
  const current = await getResource(deps.db, productsResource, id);
  if (current.images.length >= PRODUCT_MAX_PHOTOS)
    throw photoError(t("catalogue.products.tooManyPhotos", { max: PRODUCT_MAX_PHOTOS }));
  if (!(file instanceof Blob) || file.size === 0) throw photoError(t("catalogue.products.photoRequired"));
  const media = await storeImage(deps.db, deps.storage, file, { alt: current.name, uploadedBy: actor.id });
  return changeImages(
    deps,
    actor,
    id,
    (images) => {
      if (images.length >= PRODUCT_MAX_PHOTOS)
        throw photoError(t("catalogue.products.tooManyPhotos", { max: PRODUCT_MAX_PHOTOS }));
      return [...images, media.url];
    },
    { action: "product.photo_added", url: media.url },
  );
}

/** Removes one photo (by its URL) from a product; the file stays in the files library. */
export async function removeProductPhoto(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  actor: Actor,
  id: number,
  url: string,
): Promise<ProductDto> {
  assertCan(actor, productsResource.permissions.write);
  return changeImages(
    deps,
    actor,
    id,
    (images) => {
      if (!images.includes(url)) throw photoError(t("catalogue.products.photoNotFound"));
      return images.filter((u) => u !== url);
    },
    { action: "product.photo_removed", url },
  );
}

/** A product's options and variants as the back office edits them (inactive variants too). */
export async function productVariantsOfProduct(deps: Pick<AppDeps, "db">, actor: Actor, id: number) {
  assertCan(actor, productsResource.permissions.read);
  await getResource(deps.db, productsResource, id);
  return productVariantsView(deps.db, id);
}

/**
 * Saves a product's options and variants together, in one audited transaction: the product row is
 * locked, variants sent with their id keep it, the others are deleted (orders keep their snapshot).
 */
export async function setProductVariants(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  actor: Actor,
  id: number,
  input: ProductVariantsInput,
) {
  assertCan(actor, productsResource.permissions.write);
  const saved = await inTransaction(deps.db, async ({ tx, audit }) => {
    const view = await saveProductVariants(tx, id, input, deps.clock());
    audit({
      actorUserId: actor.id,
      action: "product.variants_saved",
      entity: "product",
      entityId: id,
      data: {
        options: view.options,
        variants: view.variants.map((v) => ({ id: v.id, sku: v.sku, price_cents: v.price_cents, stock: v.stock })),
      },
      ip: actor.ip,
    });
    return view;
  });
  deps.cache.clear("public:");
  return saved;
}
