// Hand-written, not an entity of app/admin-entities: it has a fourth page kind (/admin/packs/p/:id) the registry does not make (docs/how-to-add-a-back-office-resource.md).
import { AdminErrorBoundary, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { cityOptions, packsResource } from "~/.server/resources/packs";
import { resourceListLoader } from "../.server/resource";
import { packsView } from "./views";
import type { Route } from "./+types/packs-list";

/** /admin/packs and /admin/packs/list: class packs per city (filter by city). */
export async function loader(args: Route.LoaderArgs) {
  const page = await resourceListLoader(packsResource, args);
  return { ...page, cities: await cityOptions(args.context.deps.db) };
}
export const meta = () => [{ title: `${packsView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function PacksList({ loaderData }: Route.ComponentProps) {
  const { cities, ...page } = loaderData;
  const cityName = new Map(cities.map((c) => [Number(c.value), c.label]));
  const columns: Column<Row>[] = [
    { key: "name", label: t("catalogue.common.name"), sortable: true, render: (r) => r.name },
    { key: "city_id", label: t("catalogue.packs.city"), render: (r) => cityName.get(r.city_id) ?? r.city_id },
    {
      key: "sessions",
      label: t("catalogue.packs.sessions"),
      render: (r) => (r.unlimited ? t("catalogue.plans.unlimited") : r.sessions),
    },
    { key: "validity_days", label: t("catalogue.packs.validity"), sortable: true, render: (r) => r.validity_days },
    { key: "price_cents", label: t("catalogue.common.price"), sortable: true, render: (r) => r.display_price },
    {
      key: "is_intro_offer",
      label: t("catalogue.packs.introShort"),
      render: (r) => t(r.is_intro_offer ? "catalogue.certifications.yes" : "catalogue.certifications.no"),
    },
  ];
  return (
    <ResourceListPage
      view={packsView}
      columns={columns}
      filters={[{ name: "city_id", label: t("catalogue.packs.city"), options: cities }]}
      {...page}
    />
  );
}
