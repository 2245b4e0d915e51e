// Hand-written, not an entity of app/admin-entities: a coach is linked to a staff account, with cells and a form of its own (docs/how-to-add-a-back-office-resource.md).
import { Anchor } from "@mantine/core";
import { AdminErrorBoundary, ResourceListPage, SoftBadge, ThumbnailName, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { coachesResource } from "~/.server/resources/coaches";
import { resourceListLoader } from "../.server/resource";
import { coachesView } from "./view";
import type { Route } from "./+types/list";

/** /admin/coaches and /admin/coaches/list */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(coachesResource, args);
export const meta = () => [{ title: `${coachesView.many} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "name",
    label: t("classes.common.name"),
    sortable: true,
    render: (r) => (
      <ThumbnailName url={r.image_url} width={32} height={32} radius="50%">
        {`${r.name} ${r.last_name}`.trim()}
      </ThumbnailName>
    ),
  },
  {
    key: "instagram",
    label: t("classes.coaches.instagram"),
    render: (r) =>
      r.instagram ? (
        <Anchor href={`https://instagram.com/${r.instagram}`} target="_blank" rel="noopener noreferrer" size="sm">
          @{r.instagram}
        </Anchor>
      ) : (
        "—"
      ),
  },
  {
    key: "user_id",
    label: t("classes.coaches.user"),
    render: (r) => (
      <SoftBadge color={r.user_id ? "blue" : "gray"}>
        {r.user_id ? t("classes.coaches.linked") : t("classes.coaches.notLinked")}
      </SoftBadge>
    ),
  },
  { key: "sort_order", label: t("classes.common.sortOrder"), sortable: true, render: (r) => r.sort_order },
];

export default function CoachesList({ loaderData }: Route.ComponentProps) {
  return <ResourceListPage view={coachesView} columns={columns} {...loaderData} />;
}
