import { Text } from "@mantine/core";
// Hand-written, not an entity of app/admin-entities: its lists are per area (list/{area}, the menu's Products group) and its form has photos and the variants editor (docs/how-to-add-a-back-office-resource.md).
import { data } from "react-router";
import { AdminErrorBoundary, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { PRODUCT_AREA_VALUES, type ProductAreaValue } from "~/shared/schemas/catalogue";
import { productsResource } from "~/.server/resources/products";
import { resourceListLoader } from "../.server/resource";
import { areaLabel, productsView } from "./views";
import type { Route } from "./+types/products-list";

/**
 * /admin/products, /admin/products/list (every area, filter by area) and
 * /admin/products/list/:area (juiceBar, barreByNucleo or certificate: the menu's entries).
 */
export async function loader(args: Route.LoaderArgs) {
  const area = args.params.area;
  if (area !== undefined && !PRODUCT_AREA_VALUES.includes(area as ProductAreaValue))
    throw data(t("errors.notFound"), { status: 404 });
  const url = new URL(args.request.url);
  if (area) url.searchParams.set("area", area);
  const page = await resourceListLoader(productsResource, { ...args, request: new Request(url) });
  return { ...page, area: (area ?? null) as ProductAreaValue | null };
}
export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${productsView.many}${params.area ? `: ${areaLabel(params.area)}` : ""} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns = (withArea: boolean): Column<Row>[] => [
  {
    key: "name",
    label: t("catalogue.common.name"),
    sortable: true,
    render: (r) => (
      <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
        {r.image ? (
          <img
            src={r.image}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            style={{ objectFit: "cover", borderRadius: 4 }}
          />
        ) : null}
        {r.name}
      </span>
    ),
  },
  ...(withArea
    ? [{ key: "area", label: t("catalogue.products.area"), render: (r: Row) => areaLabel(r.area) } as Column<Row>]
    : []),
  { key: "price_cents", label: t("catalogue.common.price"), sortable: true, render: (r) => r.display_price },
  {
    key: "stock",
    label: t("catalogue.products.stock"),
    sortable: true,
    // A product sold in variants: the sum of its variants' stock, and how many there are.
    render: (r) => {
      const stock = r.variant_count > 0 ? r.variant_stock : r.stock;
      const shown = stock === null ? t("catalogue.products.unlimitedStock") : stock;
      if (r.variant_count === 0) return shown;
      return (
        <span>
          {shown}{" "}
          <Text span size="sm" c="dimmed">
            {t("catalogue.products.variantCount", { n: r.variant_count })}
          </Text>
        </span>
      );
    },
  },
  {
    key: "require_shipping",
    label: t("catalogue.products.requireShipping"),
    render: (r) => t(r.require_shipping ? "catalogue.certifications.yes" : "catalogue.certifications.no"),
  },
];

const areaFilter = {
  name: "area",
  label: t("catalogue.products.area"),
  options: PRODUCT_AREA_VALUES.map((a) => ({ value: a, label: areaLabel(a) })),
};

export default function ProductsList({ loaderData }: Route.ComponentProps) {
  const { area, ...page } = loaderData;
  const view = area
    ? { ...productsView, many: `${productsView.many}: ${areaLabel(area)}`, base: productsView.base }
    : productsView;
  return (
    <ResourceListPage
      key={area ?? "all"}
      view={view}
      columns={columns(!area)}
      filters={area ? [] : [areaFilter]}
      addHref={area ? `/admin/products/add?area=${area}` : undefined}
      csvQuery={area ? { area } : undefined}
      {...page}
    />
  );
}
