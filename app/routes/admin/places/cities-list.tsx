import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { Link, useLocation, useRevalidator } from "react-router";
import {
  AdminErrorBoundary,
  confirmAction,
  DataTable,
  PageHeader,
  RowAction,
  type Column,
} from "~/components/admin/kit";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/cities-list";

/** /admin/cities and /admin/cities/list */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminPage } = await import("../.server/page");
  requireAdminPage(args);
  const { listQueryFromUrl, pageOf } = await import("~/.server/http/pagination");
  const { listCitiesAdmin } = await import("~/.server/domain/places/admin");
  const q = listQueryFromUrl(args.request.url);
  const { rows, total } = await listCitiesAdmin(args.context.deps.db, q);
  return pageOf(rows, total, q);
}

export const meta = () => [{ title: `${t("places.cities.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function CitiesList({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const remove = async (r: Row) => {
    const ok = await confirmAction({
      title: t("places.cities.delete"),
      message: t("places.cities.deleteConfirm", { name: r.name }),
      danger: true,
    });
    if (!ok) return;
    const res = await api(`/admin/cities/${r.id}`, { method: "DELETE" });
    if (res.ok) notifications.show({ color: "teal", message: t("places.cities.deleted") });
    else if (!res.expired) notifications.show({ color: "red", message: res.message });
    revalidator.revalidate();
  };
  const columns: Column<Row>[] = [
    { key: "name", label: t("places.cities.name"), sortable: true, render: (r) => r.name },
    { key: "suffix", label: t("places.cities.suffix"), render: (r) => r.suffix },
    { key: "studios", label: t("places.cities.studios"), align: "right", render: (r) => r.studios },
  ];
  return (
    <>
      <PageHeader
        title={t("places.cities.title")}
        description={t("places.cities.subtitle")}
        actions={
          <Button
            component={Link}
            to={localePath("/admin/cities/add", pathname)}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t("places.cities.add")}
          </Button>
        }
      />
      <DataTable
        rows={loaderData.data}
        meta={loaderData.meta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t("places.cities.search")}
        csvHref="/api/admin/cities"
        rowActions={(r) => (
          <Group gap={4} wrap="nowrap">
            <RowAction
              label={`${t("places.cities.editTitle")}: ${r.name}`}
              icon={<IconPencil size={16} aria-hidden />}
              component={Link}
              to={localePath(`/admin/cities/edit/${r.id}`, pathname)}
            />
            <RowAction
              label={`${t("places.cities.delete")}: ${r.name}`}
              icon={<IconTrash size={16} aria-hidden />}
              color="red"
              onClick={() => void remove(r)}
            />
          </Group>
        )}
      />
    </>
  );
}
