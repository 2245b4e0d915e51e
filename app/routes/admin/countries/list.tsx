import { AdminErrorBoundary, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { countriesResource } from "~/.server/resources/countries";
import { resourceListLoader } from "../.server/resource";
import { countriesView } from "./view";
import type { Route } from "./+types/list";

/** /admin/countries and /admin/countries/list */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(countriesResource, args);
export const meta = () => [{ title: `${countriesView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  { key: "name", label: t("resources.countries.name"), sortable: true, render: (r) => r.name },
  { key: "iso_code", label: t("resources.countries.isoCode"), sortable: true, render: (r) => r.iso_code },
];

export default function CountriesList({ loaderData }: Route.ComponentProps) {
  return <ResourceListPage view={countriesView} columns={columns} {...loaderData} />;
}
