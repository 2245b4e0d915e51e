import { AdminErrorBoundary, type Column } from "~/components/admin/kit";
import { RoleBadge } from "~/components/admin/people/bits";
import { roleLabel } from "~/components/admin/people/labels";
import { StaffListPage, employeeTypeFilter } from "~/components/admin/people/StaffListPage";
import { t } from "~/lib/messages";
import type { Route } from "./+types/list";
import { staffListLoader } from "../.server/people";
import { employeesView } from "./view";

export const loader = (args: Route.LoaderArgs) => staffListLoader("staff", args);
export const meta = () => [{ title: `${t("admin.employees.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
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
];

export default function EmployeesList({ loaderData }: Route.ComponentProps) {
  return (
    <StaffListPage
      view={employeesView}
      columns={columns}
      filters={[
        {
          name: "role_id",
          label: t("admin.people.role"),
          options: [1, 4, 5].map((v) => ({ value: String(v), label: roleLabel(v) })),
        },
        employeeTypeFilter,
      ]}
      {...loaderData}
    />
  );
}
