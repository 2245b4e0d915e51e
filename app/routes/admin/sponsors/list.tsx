import { Anchor } from "@mantine/core";
import { AdminErrorBoundary, ResourceListPage, ThumbnailName, type Column } from "~/components/admin/kit";
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
      <ThumbnailName url={r.image_url} height={24} fit="contain">
        {r.name}
      </ThumbnailName>
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
