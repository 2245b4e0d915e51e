import { formatPhone } from "~/shared/schemas/fields";
import { Button } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, DataTable, formatDate, PageHeader, type Column } from "~/components/admin/kit";
import { lastLoginColumn, statusFilter } from "~/components/admin/people/columns";
import { PersonCell, StatusBadge } from "~/components/admin/people/bits";
import { PersonRowMenu } from "~/components/admin/people/PersonActions";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/list";
import { requireAdminPage } from "../.server/page";
import { listQueryFromUrl, enumFilter, pageOf } from "~/.server/http/pagination";
import { listCustomers } from "~/.server/domain/people/customers";

/** /admin/users and /admin/users/list: customers (role 2). */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args);
  const q = listQueryFromUrl(args.request.url, { status: enumFilter(["active", "inactive"]) });
  const { rows, total } = await listCustomers(args.context.deps.db, q);
  return pageOf(rows, total, q);
}

export const meta = () => [{ title: `${t("admin.users.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function UsersList({ loaderData }: Route.ComponentProps) {
  const { data, meta } = loaderData;
  const { pathname } = useLocation();
  const columns: Column<Row>[] = [
    {
      key: "name",
      label: t("admin.people.fullName"),
      sortable: true,
      render: (r) => <PersonCell name={r.full_name} href={`/admin/users/${r.id}`} />,
    },
    { key: "email", label: t("admin.people.email"), sortable: true, render: (r) => r.email },
    { key: "phone", label: t("admin.people.phone"), sortable: true, render: (r) => formatPhone(r.phone) || "—" },
    { key: "status", label: t("admin.people.status"), render: (r) => <StatusBadge active={r.active} /> },
    { key: "created_at", label: t("admin.people.createdAt"), sortable: true, render: (r) => formatDate(r.created_at) },
    lastLoginColumn(),
  ];
  return (
    <>
      <PageHeader
        title={t("admin.users.title")}
        description={t("admin.users.subtitle")}
        actions={
          <Button
            component={Link}
            to={localePath("/admin/users/add", pathname)}
            leftSection={<IconUserPlus size={16} aria-hidden />}
          >
            {t("admin.users.add")}
          </Button>
        }
      />
      <DataTable
        rows={data}
        meta={meta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t("admin.users.searchPlaceholder")}
        filters={[statusFilter]}
        csvHref="/api/admin/users"
        rowActions={(r) => (
          <PersonRowMenu
            person={r}
            apiBase="/admin/users"
            viewHref={`/admin/users/${r.id}`}
            editHref={`/admin/users/edit/${r.id}`}
            canEdit
          />
        )}
      />
    </>
  );
}
