import { Select, SimpleGrid, Switch, Text, TextInput } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import {
  AdminErrorBoundary,
  EntityFormFrame,
  PageHeader,
  useEntityForm,
  useEntitySubmit,
} from "~/components/admin/kit";
import { RoomMapEditor, type RoomMapValue } from "~/components/admin/places/RoomMapEditor";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { roomSchema } from "~/shared/schemas/places";
import type { Route } from "./+types/room-form";

/** /admin/rooms/add and /admin/rooms/edit/:id: the room and its spot map. */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminPage, pageData } = await import("../.server/page");
  requireAdminPage(args);
  const { getRoomAdmin } = await import("~/.server/domain/places/admin");
  const { listAllStudios } = await import("~/.server/domain/places/service");
  const id = args.params.id ? Number(args.params.id) : null;
  const [room, studios] = await Promise.all([
    id ? pageData(getRoomAdmin(args.context.deps.db, Number.isSafeInteger(id) ? id : -1)) : null,
    listAllStudios(args.context.deps.db),
  ]);
  return { room, studios: studios.map((s) => ({ value: String(s.id), label: s.name })) };
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
  const { room, studios } = loaderData;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = useEntityForm(roomSchema, {
    name: room?.name ?? "",
    studio_id: room ? String(room.studio_id) : "",
    active: room?.active ?? true,
    layout: (room
      ? {
          rows: room.layout.rows,
          coachPosition: room.layout.coachPosition ?? "top",
          mirror: room.layout.mirror ?? "top",
          barres: room.layout.barres ?? [],
        }
      : defaultMap) as RoomMapValue,
  });
  const submit = useEntitySubmit(
    form,
    (v) => (room ? api(`/admin/rooms/${room.id}`, { method: "PUT", json: v }) : api("/admin/rooms", { json: v })),
    () => navigate(localePath("/admin/rooms/list", pathname)),
  );
  const layoutError = form.errors.layout ?? form.errors["layout.rows"];
  return (
    <>
      <PageHeader title={room ? t("rooms.editTitle") : t("rooms.addTitle")} description={room?.name} />
      <EntityFormFrame
        onSubmit={submit.onSubmit}
        submitting={submit.submitting}
        error={submit.error}
        onCloseError={submit.clearError}
        cancelHref="/admin/rooms/list"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t("rooms.name")} required autoComplete="off" {...form.getInputProps("name")} />
          <Select label={t("rooms.studio")} required data={studios} searchable {...form.getInputProps("studio_id")} />
        </SimpleGrid>
        <RoomMapEditor value={form.getValues().layout} onChange={(v) => form.setFieldValue("layout", v)} />
        {layoutError && (
          <Text c="red" size="sm" role="alert">
            {layoutError}
          </Text>
        )}
        <Switch label={t("rooms.active")} {...form.getInputProps("active", { type: "checkbox" })} />
      </EntityFormFrame>
    </>
  );
}
