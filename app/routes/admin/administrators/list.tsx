import { can } from "~/shared/permissions";
import { formatPhone } from "~/shared/schemas/fields";
import { Alert, Button } from "@mantine/core";
import { IconInfoCircle, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, DataTable, PageHeader, type Column } from "~/components/admin/kit";
import { FlagIcons, PersonCell, RoleBadge, StatusBadge } from "~/components/admin/people/bits";
import { employeeTypeLabel } from "~/components/admin/people/labels";
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
    employee_type: enumFilter(["1", "2", "3"]),
  });
  const { rows, total } = await listStaff(args.context.deps.db, "administrators", {
    ...q,
    employee_type: q.employee_type ? Number(q.employee_type) : undefined,
  });
  return { ...pageOf(rows, total, q), canEdit: can(actor, "staff.write"), me: actor.id };
}

export const meta = () => [{ title: `${t("admin.administrators.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function AdministratorsList({ loaderData }: Route.ComponentProps) {
  const { data, meta, canEdit, me } = loaderData;
  const { pathname } = useLocation();
  const columns: Column<Row>[] = [
    {
      key: "name",
      label: t("admin.people.fullName"),
      sortable: true,
      render: (r) => (
        <PersonCell
          name={r.full_name}
          email={r.email}
          href={canEdit ? `/admin/administrators/edit/${r.id}` : undefined}
        />
      ),
    },
    {
      key: "employee_type",
      label: t("admin.people.employeeType"),
      sortable: true,
      render: (r) => <RoleBadge roleId={1} employeeType={r.employee_type} />,
    },
    { key: "studio_name", label: t("admin.people.studio"), sortable: true, render: (r) => r.studio_name ?? "—" },
    { key: "phone", label: t("admin.people.phone"), render: (r) => formatPhone(r.phone) || "—" },
    { key: "status", label: t("admin.people.status"), render: (r) => <StatusBadge active={r.active} /> },
    { key: "flags", label: "", render: (r) => <FlagIcons {...r} /> },
    lastLoginColumn(),
  ];
  return (
    <>
      <PageHeader
        title={t("admin.administrators.title")}
        description={t("admin.administrators.subtitle")}
        actions={
          <>
            <Button
              component={Link}
              to={localePath("/admin/employees", pathname)}
              variant="default"
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              {t("admin.administrators.allStaff")}
            </Button>
            {canEdit && (
              <Button
                component={Link}
                to={localePath("/admin/administrators/add", pathname)}
                leftSection={<IconUserPlus size={16} aria-hidden />}
              >
                {t("admin.administrators.add")}
              </Button>
            )}
          </>
        }
      />
      {!canEdit && (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} mb="md">
          {t("admin.administrators.viewOnly")}
        </Alert>
      )}
      <DataTable
        rows={data}
        meta={meta}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder={t("admin.administrators.searchPlaceholder")}
        filters={[
          {
            name: "employee_type",
            label: t("admin.people.employeeType"),
            options: [1, 2, 3].map((v) => ({ value: String(v), label: employeeTypeLabel(v) })),
          },
          statusFilter,
        ]}
        csvHref="/api/admin/administrators"
        rowActions={(r) =>
          canEdit ? (
            <PersonRowMenu
              person={r}
              apiBase="/admin/administrators"
              editHref={`/admin/administrators/edit/${r.id}`}
              canEdit={canEdit}
              isSelf={r.id === me}
            />
          ) : null
        }
      />
    </>
  );
}
