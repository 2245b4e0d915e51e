import { AdminErrorBoundary, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { shippingMethodsResource } from "~/.server/resources/shipping-methods";
import { resourceListLoader } from "../.server/resource";
import { shippingMethodsView } from "./views";
import type { Route } from "./+types/shipping-methods-list";

/** /admin/shippings/methods/list: shipping methods and their prices. */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(shippingMethodsResource, args);
export const meta = () => [{ title: `${shippingMethodsView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  { key: "name", label: t("catalogue.common.name"), sortable: true, render: (r) => r.name },
  { key: "description", label: t("catalogue.common.description"), render: (r) => r.description },
  { key: "price_cents", label: t("catalogue.common.price"), sortable: true, render: (r) => r.display_price },
  { key: "sort_order", label: t("catalogue.common.sortOrder"), sortable: true, render: (r) => r.sort_order },
];

export default function ShippingMethodsList({ loaderData }: Route.ComponentProps) {
  return <ResourceListPage view={shippingMethodsView} columns={columns} {...loaderData} />;
}
