// Hand-written, not an entity of app/admin-entities: its list is a query of its own (counts) with a delete in the row menu (docs/how-to-add-a-back-office-resource.md).
import { Menu } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconTrash } from "@tabler/icons-react";
import { useRevalidator } from "react-router";
import { AdminErrorBoundary, confirmAction, ResourceListPage, SoftBadge, type Column } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { citiesResource, type CityRow } from "~/.server/resources/places";
import { resourceListLoader } from "../.server/resource";
import { citiesView } from "./views";
import type { Route } from "./+types/cities-list";

/** /admin/cities and /admin/cities/list */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(citiesResource, args);
export const meta = () => [{ title: `${t("places.cities.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

/** The list has rows of its own (joined names, counts), not the form's item. */
type Row = CityRow;
const columns: Column<Row>[] = [
  { key: "name", label: t("places.cities.name"), sortable: true, render: (r) => r.name },
  { key: "suffix", label: t("places.cities.suffix"), render: (r) => r.suffix },
  {
    key: "studios",
    label: t("places.cities.studios"),
    align: "right",
    render: (r) =>
      r.active_studios > 0 ? (
        r.studios
      ) : (
        <SoftBadge color="yellow" title={t("places.cities.noStudiosHint")}>
          {t("places.cities.noStudios")}
        </SoftBadge>
      ),
  },
];

/** Deleting a city (refused by the server while it still has studios). */
function DeleteCity({ row }: { row: Row }) {
  const { revalidate } = useRevalidator();
  const remove = async () => {
    const ok = await confirmAction({
      title: t("places.cities.delete"),
      message: t("places.cities.deleteConfirm", { name: row.name }),
      danger: true,
    });
    if (!ok) return;
    const res = await api<ApiData<typeof messageAnswer>>(`/admin/cities/${row.id}`, { method: "DELETE" });
    if (res.ok) notifications.show({ color: "teal", message: t("places.cities.deleted") });
    else if (!res.expired) notifications.show({ color: "red", message: res.message });
    await revalidate();
  };
  return (
    <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void remove()}>
      {t("places.cities.delete")}
    </Menu.Item>
  );
}

export default function CitiesList({ loaderData }: Route.ComponentProps) {
  return (
    <ResourceListPage
      view={citiesView}
      columns={columns}
      {...loaderData}
      rowMenuExtra={(r) => (loaderData.canWrite ? <DeleteCity row={r} /> : null)}
    />
  );
}
