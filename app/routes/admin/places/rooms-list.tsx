// Hand-written, not an entity of app/admin-entities: its list is a query of its own and its form edits the spot map (docs/how-to-add-a-back-office-resource.md).
import { AdminErrorBoundary, ResourceListPage, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { studioOptions } from "~/.server/domain/people/common";
import { roomsResource, type RoomRow } from "~/.server/resources/places";
import { resourceListLoader } from "../.server/resource";
import { roomsView } from "./views";
import type { Route } from "./+types/rooms-list";

/** /admin/rooms and /admin/rooms/list */
export async function loader(args: Route.LoaderArgs) {
  const [list, studios] = await Promise.all([
    resourceListLoader(roomsResource, args),
    studioOptions(args.context.deps.db),
  ]);
  return { ...list, studios };
}
export const meta = () => [{ title: `${t("rooms.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

/** The list has rows of its own (joined names, counts), not the form's item. */
type Row = RoomRow;
const columns: Column<Row>[] = [
  { key: "name", label: t("rooms.name"), render: (r) => r.name },
  { key: "studio", label: t("rooms.studio"), render: (r) => r.studio },
  { key: "capacity", label: t("rooms.capacity"), align: "right", render: (r) => r.capacity },
];

export default function RoomsList({ loaderData }: Route.ComponentProps) {
  const { studios, ...list } = loaderData;
  return (
    <ResourceListPage
      view={roomsView}
      columns={columns}
      {...list}
      filters={[{ name: "studio", label: t("rooms.studio"), options: studios }]}
    />
  );
}
