import { AdminErrorBoundary, ResourceListPage, ThumbnailName, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { bazaarEventsResource } from "~/.server/resources/bazaar-events";
import { resourceListLoader } from "../.server/resource";
import { bazaarView } from "./view";
import type { Route } from "./+types/list";

/** /admin/bazar and /admin/bazar/list */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(bazaarEventsResource, args);
export const meta = () => [{ title: `${bazaarView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

/** `2026-12-05T10:00` → `05/12/2026 10:00` (already Mexico City time). */
const when = (v: string) => `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(0, 4)} ${v.slice(11, 16)}`;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "title",
    label: t("classes.bazaar.title"),
    sortable: true,
    render: (r) => <ThumbnailName url={r.image_url}>{r.title}</ThumbnailName>,
  },
  { key: "starts_at", label: t("classes.bazaar.when"), sortable: true, render: (r) => when(r.starts_at) },
  { key: "place", label: t("classes.bazaar.place"), render: (r) => r.place || "—" },
];

export default function BazaarList({ loaderData }: Route.ComponentProps) {
  return <ResourceListPage view={bazaarView} columns={columns} {...loaderData} />;
}
