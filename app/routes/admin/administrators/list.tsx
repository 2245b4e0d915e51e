import { formatPhone } from "~/shared/mexico/phone";
import { Alert, Button } from "@mantine/core";
import { IconInfoCircle, IconUsers } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import { AdminErrorBoundary, type Column } from "~/components/admin/kit";
import { RoleBadge } from "~/components/admin/people/bits";
import { StaffListPage, employeeTypeFilter } from "~/components/admin/people/StaffListPage";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/list";
import { staffListLoader } from "../.server/people";
import { administratorsView } from "./view";

export const loader = (args: Route.LoaderArgs) => staffListLoader("administrators", args);
export const meta = () => [{ title: `${t("admin.administrators.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
const columns: Column<Row>[] = [
  {
    key: "employee_type",
    label: t("admin.people.employeeType"),
    sortable: true,
    render: (r) => <RoleBadge roleId={1} employeeType={r.employee_type} />,
  },
  { key: "studio_name", label: t("admin.people.studio"), sortable: true, render: (r) => r.studio_name ?? "—" },
  { key: "phone", label: t("admin.people.phone"), render: (r) => formatPhone(r.phone) || "—" },
];

export default function AdministratorsList({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <StaffListPage
      view={administratorsView}
      columns={columns}
      filters={[employeeTypeFilter]}
      headerActions={
        <Button
          component={Link}
          to={localePath("/admin/employees", pathname)}
          variant="default"
          leftSection={<IconUsers size={16} aria-hidden />}
        >
          {t("admin.administrators.allStaff")}
        </Button>
      }
      notice={
        !loaderData.canWrite && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} mb="md">
            {t("admin.administrators.viewOnly")}
          </Alert>
        )
      }
      {...loaderData}
    />
  );
}
