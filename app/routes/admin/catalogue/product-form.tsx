import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import {
  PRODUCT_AREA_VALUES,
  PRODUCT_MAX_PHOTOS,
  productSchema,
  type ProductAreaValue,
} from "~/shared/schemas/catalogue";
import { certificationOptions } from "~/.server/resources/certifications";
import { productsResource } from "~/.server/resources/products";
import { productVariantsView } from "~/.server/domain/commerce/variants";
import { ProductVariantsEditor } from "./ProductVariantsEditor";
import { resourceFormLoader } from "../.server/resource";
import { areaLabel, productsView, nameField, priceField, sortOrderField } from "./views";
import type { Route } from "./+types/product-form";

/**
 * /admin/products/add (`?area=` presets the area) and /admin/products/edit/:id. The photos are a kit
 * `images` field: chosen from, or uploaded into, the files library (its image pipeline).
 */
export async function loader(args: Route.LoaderArgs) {
  const { item } = await resourceFormLoader(productsResource, args);
  const area = new URL(args.request.url).searchParams.get("area");
  return {
    item,
    area: PRODUCT_AREA_VALUES.includes(area as ProductAreaValue) ? (area as ProductAreaValue) : null,
    certifications: await certificationOptions(args.context.deps.db),
    variants: item ? await productVariantsView(args.context.deps.db, item.id) : null,
  };
}
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${t(params.id ? "kit.editTitle" : "kit.addTitle", { entity: productsView.one })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function ProductForm({ loaderData }: Route.ComponentProps) {
  const { item, area, certifications, variants } = loaderData;
  const fields: FieldDef[] = [
    {
      name: "area",
      label: t("catalogue.products.area"),
      kind: "select",
      options: PRODUCT_AREA_VALUES.map((a) => ({ value: a, label: areaLabel(a) })),
    },
    nameField,
    priceField,
    {
      name: "stock",
      label: t("catalogue.products.stock"),
      kind: "number",
      min: 0,
      nullable: true,
      // Sold in variants: each variant counts its own stock (the editor below), not this field.
      description: t(
        variants?.variants.length ? "catalogue.products.stockHelpVariants" : "catalogue.products.stockHelp",
      ),
    },
    { name: "min_purchase", label: t("catalogue.products.minPurchase"), kind: "number", min: 1, max: 999 },
    {
      name: "max_purchase",
      label: t("catalogue.products.maxPurchase"),
      kind: "number",
      min: 0,
      max: 999,
      description: t("catalogue.products.maxPurchaseHelp"),
    },
    {
      name: "certification_id",
      label: t("catalogue.products.certification"),
      kind: "select",
      clearable: true,
      options: certifications,
      description: t("catalogue.products.certificationHelp"),
    },
    sortOrderField,
    { name: "description", label: t("catalogue.common.description"), kind: "textarea", maxLength: 2000 },
    {
      name: "images",
      label: t("catalogue.products.photos"),
      kind: "images",
      max: PRODUCT_MAX_PHOTOS,
      description: t("catalogue.products.photosHelp"),
    },
    {
      name: "require_shipping",
      label: t("catalogue.products.requireShipping"),
      kind: "switch",
      description: t("catalogue.products.requireShippingHelp"),
    },
  ];
  const listOf = (a: string) => `/admin/products/list/${a}`;
  return (
    <>
      <ResourceFormPage
        view={productsView}
        schema={productSchema}
        fields={fields}
        item={item}
        defaults={{ area: area ?? "juiceBar", min_purchase: 1, max_purchase: 0 }}
        cancelHref={listOf(item?.area ?? area ?? "juiceBar")}
        savedHref={(d: { item: { id: number; area: string } }) =>
          item ? listOf(d.item.area) : `/admin/products/edit/${d.item.id}`
        }
      />
      {item && variants && (
        <ProductVariantsEditor
          key={`${item.id}:${variants.variants.map((v) => `${v.id}:${v.sku}:${v.price_cents}:${v.stock}:${v.active}`).join(",")}:${JSON.stringify(variants.options)}`}
          productId={item.id}
          skuPrefix={item.name.split(/\s+/).slice(0, 2).join("-")}
          basePriceCents={item.price_cents}
          options={variants.options}
          variants={variants.variants}
        />
      )}
    </>
  );
}
