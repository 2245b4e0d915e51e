import { AdminErrorBoundary, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { plansResource } from "~/.server/resources/plans";
import { resourceListLoader } from "../.server/resource";
import { plansView } from "./views";
import type { Route } from "./+types/plans-list";

/** /admin/plans and /admin/plans/list: on-demand plans. */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(plansResource, args);
export const meta = () => [{ title: `${plansView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  { key: "name", label: t("catalogue.common.name"), sortable: true, render: (r) => r.name },
  {
    key: "sessions",
    label: t("catalogue.plans.sessions"),
    render: (r) => (r.unlimited ? t("catalogue.plans.unlimited") : r.sessions),
  },
  { key: "duration_days", label: t("catalogue.plans.duration"), sortable: true, render: (r) => r.duration_days },
  { key: "price_cents", label: t("catalogue.common.price"), sortable: true, render: (r) => r.display_price },
  { key: "sort_order", label: t("catalogue.common.sortOrder"), sortable: true, render: (r) => r.sort_order },
];

export default function PlansList({ loaderData }: Route.ComponentProps) {
  return <ResourceListPage view={plansView} columns={columns} {...loaderData} />;
}
