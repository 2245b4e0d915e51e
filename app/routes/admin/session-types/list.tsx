import { AdminErrorBoundary, ResourceListPage, ThumbnailName, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { sessionTypesResource } from "~/.server/resources/session-types";
import { resourceListLoader } from "../.server/resource";
import { sessionTypesView } from "./view";
import type { Route } from "./+types/list";

/** /admin/session/types and /admin/session/types/list */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(sessionTypesResource, args);
export const meta = () => [{ title: `${sessionTypesView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "name",
    label: t("classes.common.name"),
    sortable: true,
    render: (r) => (
      <ThumbnailName
        url={r.image_url}
        mark={
          <span
            aria-hidden
            style={{
              width: 14,
              height: 14,
              borderRadius: 4,
              background: r.color,
              flex: "none",
              display: "inline-block",
            }}
          />
        }
      >
        {r.name}
      </ThumbnailName>
    ),
  },
  {
    key: "duration_minutes",
    label: t("classes.sessionTypes.duration"),
    sortable: true,
    render: (r) => r.duration_minutes,
  },
  { key: "intensity", label: t("classes.sessionTypes.intensity"), render: (r) => r.intensity },
  { key: "sort_order", label: t("classes.common.sortOrder"), sortable: true, render: (r) => r.sort_order },
];

export default function SessionTypesList({ loaderData }: Route.ComponentProps) {
  return <ResourceListPage view={sessionTypesView} columns={columns} {...loaderData} />;
}
