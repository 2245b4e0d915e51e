import { Button } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, DataTable, PageHeader, RowAction, SoftBadge, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/rooms-list";

/** /admin/rooms and /admin/rooms/list */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminPage } = await import("../.server/page");
  requireAdminPage(args);
  const { listQueryFromUrl, pageOf, idFilter } = await import("~/.server/http/pagination");
  const { listRoomsAdmin } = await import("~/.server/domain/places/admin");
  const q = listQueryFromUrl(args.request.url, { studio: idFilter });
  const { rows, total } = await listRoomsAdmin(args.context.deps.db, q);
  return pageOf(rows, total, q);
}

export const meta = () => [{ title: `${t("rooms.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function RoomsList({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const columns: Column<Row>[] = [
    { key: "name", label: t("rooms.name"), render: (r) => r.name },
    { key: "studio", label: t("rooms.studio"), render: (r) => r.studio },
    { key: "capacity", label: t("rooms.capacity"), align: "right", render: (r) => r.capacity },
    {
      key: "active",
      label: t("places.studios.status"),
      render: (r) => (
        <SoftBadge color={r.active ? "teal" : "gray"}>
          {r.active ? t("places.studios.activeLabel") : t("places.studios.inactiveLabel")}
        </SoftBadge>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("rooms.title")}
        description={t("rooms.subtitle")}
        actions={
          <Button
            component={Link}
            to={localePath("/admin/rooms/add", pathname)}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t("rooms.add")}
          </Button>
        }
      />
      <DataTable
        rows={loaderData.data}
        meta={loaderData.meta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t("rooms.search")}
        rowActions={(r) => (
          <RowAction
            label={`${t("rooms.editTitle")}: ${r.name}`}
            icon={<IconPencil size={16} aria-hidden />}
            component={Link}
            to={localePath(`/admin/rooms/edit/${r.id}`, pathname)}
          />
        )}
      />
    </>
  );
}
