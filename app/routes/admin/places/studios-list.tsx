import { Button } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, DataTable, PageHeader, RowAction, SoftBadge, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/studios-list";

/** /admin/studios and /admin/studios/list */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminPage } = await import("../.server/page");
  requireAdminPage(args);
  const { listQueryFromUrl, pageOf, idFilter } = await import("~/.server/http/pagination");
  const { listStudiosAdmin } = await import("~/.server/domain/places/admin");
  const { listCities } = await import("~/.server/domain/places/service");
  const q = listQueryFromUrl(args.request.url, { city: idFilter });
  const [{ rows, total }, cities] = await Promise.all([
    listStudiosAdmin(args.context.deps.db, q),
    listCities(args.context.deps.db),
  ]);
  return { ...pageOf(rows, total, q), cities };
}

export const meta = () => [{ title: `${t("places.studios.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function StudiosList({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const columns: Column<Row>[] = [
    { key: "name", label: t("places.studios.name"), render: (r) => r.name },
    { key: "city", label: t("places.studios.city"), render: (r) => r.city },
    { key: "address", label: t("places.studios.address"), hideOnCard: true, render: (r) => r.address },
    { key: "phone", label: t("places.studios.phone"), render: (r) => r.phone || "—" },
    {
      key: "status",
      label: t("places.studios.status"),
      render: (r) => (
        <>
          <SoftBadge color={r.active ? "teal" : "gray"}>
            {r.active ? t("places.studios.activeLabel") : t("places.studios.inactiveLabel")}
          </SoftBadge>{" "}
          {r.is_external && <SoftBadge color="gray">{t("places.studios.externalLabel")}</SoftBadge>}
        </>
      ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("places.studios.title")}
        description={t("places.studios.subtitle")}
        actions={
          <Button
            component={Link}
            to={localePath("/admin/studios/add", pathname)}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {t("places.studios.add")}
          </Button>
        }
      />
      <DataTable
        rows={loaderData.data}
        meta={loaderData.meta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t("places.studios.search")}
        filters={[
          {
            name: "city",
            label: t("places.studios.city"),
            options: loaderData.cities.map((c) => ({ value: String(c.id), label: c.name })),
          },
        ]}
        csvHref="/api/admin/studios/list"
        rowActions={(r) => (
          <RowAction
            label={`${t("places.studios.editTitle")}: ${r.name}`}
            icon={<IconPencil size={16} aria-hidden />}
            component={Link}
            to={localePath(`/admin/studios/edit/${r.id}`, pathname)}
          />
        )}
      />
    </>
  );
}
