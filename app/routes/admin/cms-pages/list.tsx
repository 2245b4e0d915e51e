import { Anchor } from "@mantine/core";
import { AdminErrorBoundary, formatDateTime, ResourceListPage, type Column } from "~/components/admin/kit";
import { SoftBadge } from "~/components/SoftBadge";
import { t } from "~/lib/messages";
import { cmsPagesResource } from "~/.server/resources/cms-pages";
import { resourceListLoader } from "../.server/resource";
import { cmsPagesView } from "./view";
import type { Route } from "./+types/list";

/** /admin/cms-pages and /admin/cms-pages/list */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(cmsPagesResource, args);
export const meta = () => [{ title: `${cmsPagesView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  { key: "title", label: t("cms.pages.title"), sortable: true, render: (r) => r.title },
  {
    key: "slug",
    label: t("cms.pages.slug"),
    sortable: true,
    render: (r) => (
      <Anchor
        href={`/${r.slug}`}
        target="_blank"
        rel="noopener"
        size="sm"
        aria-label={`${t("cms.pages.view")}: /${r.slug}`}
      >
        /{r.slug}
      </Anchor>
    ),
  },
  {
    key: "published",
    label: t("kit.status"),
    render: (r) => (
      <SoftBadge color={r.published ? "teal" : "gray"}>
        {r.published ? t("cms.pages.published") : t("cms.home.hidden")}
      </SoftBadge>
    ),
  },
  { key: "updated_at", label: t("cms.pages.updated"), sortable: true, render: (r) => formatDateTime(r.updated_at) },
];

export default function CmsPagesList({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      view={cmsPagesView}
      columns={columns}
      filters={[
        {
          name: "published",
          label: t("kit.status"),
          options: [
            { value: "yes", label: t("cms.pages.published") },
            { value: "no", label: t("cms.home.hidden") },
          ],
        },
      ]}
      {...loaderData}
    />
  );
}
