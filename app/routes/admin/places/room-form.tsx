import { Text } from "@mantine/core";
import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { RoomMapEditor, type RoomMapValue } from "~/components/admin/places/RoomMapEditor";
import { t } from "~/lib/messages";
import { roomSchema } from "~/shared/schemas/places";
import { listAllStudios } from "~/.server/domain/places/service";
import { roomsResource } from "~/.server/resources/places";
import { resourceFormLoader } from "../.server/resource";
import { roomsView } from "./views";
import type { Route } from "./+types/room-form";

/** /admin/rooms/add and /admin/rooms/edit/:id: the room and its spot map. */
export async function loader(args: Route.LoaderArgs) {
  const [{ item }, studios] = await Promise.all([
    resourceFormLoader(roomsResource, args),
    listAllStudios(args.context.deps.db),
  ]);
  return { item, studios: studios.map((s) => ({ value: String(s.id), label: s.name })) };
}
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.id ? t("rooms.editTitle") : t("rooms.addTitle")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const defaultMap: RoomMapValue = {
  rows: [
    [1, 2, 3, 4, 5, 6],
    [7, 8, 9, 10, 11, 12],
  ],
  coachPosition: "top",
  mirror: "top",
  barres: ["left", "right"],
};

export default function RoomForm({ loaderData }: Route.ComponentProps) {
  const { item, studios } = loaderData;
  const fields: FieldDef[] = [
    { name: "name", label: t("rooms.name"), kind: "text", required: true },
    { name: "studio_id", label: t("rooms.studio"), kind: "select", required: true, searchable: true, options: studios },
    { name: "active", label: t("rooms.active"), kind: "switch" },
  ];
  const layout = item
    ? {
        rows: item.layout.rows,
        coachPosition: item.layout.coachPosition ?? "top",
        mirror: item.layout.mirror ?? "top",
        barres: item.layout.barres ?? [],
      }
    : defaultMap;
  return (
    <ResourceFormPage
      view={roomsView}
      schema={roomSchema}
      fields={fields}
      item={item ? { ...item, layout } : null}
      defaults={{ active: true }}
      extraValues={{ layout }}
      title={item ? t("rooms.editTitle") : t("rooms.addTitle")}
      description={item?.name}
      formExtra={(form) => {
        const error = form.errors.layout ?? form.errors["layout.rows"];
        return (
          <>
            <RoomMapEditor
              value={form.getValues().layout as RoomMapValue}
              onChange={(v) => form.setFieldValue("layout", v)}
            />
            {error && (
              <Text c="var(--mantine-color-error)" size="sm" role="alert">
                {error}
              </Text>
            )}
          </>
        );
      }}
    />
  );
}
