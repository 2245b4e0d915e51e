import { can } from "~/shared/permissions";
import { Button } from "@mantine/core";
import { IconUserPlus } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, DataTable, PageHeader, type Column } from "~/components/admin/kit";
import { FlagIcons, PersonCell, RoleBadge, StatusBadge } from "~/components/admin/people/bits";
import { employeeTypeLabel, roleLabel } from "~/components/admin/people/labels";
import { PersonRowMenu } from "~/components/admin/people/PersonActions";
import { lastLoginColumn, statusFilter } from "~/components/admin/people/columns";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/list";
import { requireAdminPage } from "../.server/page";
import { listQueryFromUrl, enumFilter, pageOf } from "~/.server/http/pagination";
import { listStaff } from "~/.server/domain/people/staff";

export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args);
  const q = listQueryFromUrl(args.request.url, {
    status: enumFilter(["active", "inactive"]),
    role_id: enumFilter(["1", "4", "5"]),
    employee_type: enumFilter(["1", "2", "3"]),
  });
  const { rows, total } = await listStaff(args.context.deps.db, "staff", {
    ...q,
    role_id: q.role_id ? Number(q.role_id) : undefined,
    employee_type: q.employee_type ? Number(q.employee_type) : undefined,
  });
  return { ...pageOf(rows, total, q), canEdit: can(actor, "staff.write"), me: actor.id };
}

export const meta = () => [{ title: `${t("admin.employees.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function EmployeesList({ loaderData }: Route.ComponentProps) {
  const { data, meta, canEdit, me } = loaderData;
  const { pathname } = useLocation();
  const columns: Column<Row>[] = [
    {
      key: "name",
      label: t("admin.people.fullName"),
      sortable: true,
      render: (r) => (
        <PersonCell name={r.full_name} email={r.email} href={canEdit ? `/admin/employees/edit/${r.id}` : undefined} />
      ),
    },
    {
      key: "role_id",
      label: t("admin.people.role"),
      sortable: true,
      render: (r) => <RoleBadge roleId={r.role_id} employeeType={r.employee_type} />,
    },
    {
      key: "id_employee",
      label: t("admin.people.idEmployee"),
      render: (r) => (r.id_employee ? `#${r.id_employee}` : "—"),
    },
    { key: "studio_name", label: t("admin.people.studio"), sortable: true, render: (r) => r.studio_name ?? "—" },
    { key: "status", label: t("admin.people.status"), render: (r) => <StatusBadge active={r.active} /> },
    { key: "flags", label: "", render: (r) => <FlagIcons {...r} /> },
    lastLoginColumn(),
  ];
  return (
    <>
      <PageHeader
        title={t("admin.employees.title")}
        description={t("admin.employees.subtitle")}
        actions={
          canEdit && (
            <Button
              component={Link}
              to={localePath("/admin/employees/add", pathname)}
              leftSection={<IconUserPlus size={16} aria-hidden />}
            >
              {t("admin.employees.add")}
            </Button>
          )
        }
      />
      <DataTable
        rows={data}
        meta={meta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t("admin.employees.searchPlaceholder")}
        filters={[
          {
            name: "role_id",
            label: t("admin.people.role"),
            options: [1, 4, 5].map((v) => ({ value: String(v), label: roleLabel(v) })),
          },
          {
            name: "employee_type",
            label: t("admin.people.employeeType"),
            options: [1, 2, 3].map((v) => ({ value: String(v), label: employeeTypeLabel(v) })),
          },
          statusFilter,
        ]}
        csvHref="/api/admin/employees"
        rowActions={(r) =>
          canEdit ? (
            <PersonRowMenu
              person={r}
              apiBase="/admin/employees"
              editHref={`/admin/employees/edit/${r.id}`}
              canEdit={canEdit}
              isSelf={r.id === me}
            />
          ) : null
        }
      />
    </>
  );
}
