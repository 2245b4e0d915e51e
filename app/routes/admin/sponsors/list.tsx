import { Anchor } from "@mantine/core";
import { AdminErrorBoundary, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { sponsorsResource } from "~/.server/resources/sponsors";
import { resourceListLoader } from "../.server/resource";
import { sponsorsView } from "./view";
import type { Route } from "./+types/list";

/** /admin/sponsors and /admin/sponsors/list */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(sponsorsResource, args);
export const meta = () => [{ title: `${sponsorsView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "name",
    label: t("resources.sponsors.name"),
    sortable: true,
    render: (r) => (
      <span style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
        <img src={r.image_url} alt="" width={48} height={24} style={{ objectFit: "contain" }} />
        {r.name}
      </span>
    ),
  },
  {
    key: "link",
    label: t("resources.sponsors.link"),
    render: (r) => (
      <Anchor href={r.link} target="_blank" rel="noopener noreferrer" size="sm">
        {r.link}
      </Anchor>
    ),
  },
  { key: "sort_order", label: t("resources.sponsors.sortOrder"), sortable: true, render: (r) => r.sort_order },
];

export default function SponsorsList({ loaderData }: Route.ComponentProps) {
  return <ResourceListPage view={sponsorsView} columns={columns} {...loaderData} />;
}
