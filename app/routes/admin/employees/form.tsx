import { ROLE } from "~/shared/roles";
import { Alert } from "@mantine/core";
import { IconInfoCircle } from "@tabler/icons-react";
import { AdminErrorBoundary } from "~/components/admin/kit";
import { StaffFormPage } from "~/components/admin/people/StaffForm";
import { t } from "~/lib/messages";
import type { Route } from "./+types/form";
import { staffFormLoader } from "../.server/people";
import { employeesView } from "./view";

/** /admin/employees/add and /admin/employees/edit/:id — administrator-type 1 only. */
export const loader = (args: Route.LoaderArgs) => staffFormLoader("staff", args);

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.id ? t("admin.employees.editTitle") : t("admin.employees.addTitle")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function EmployeeForm({ loaderData }: Route.ComponentProps) {
  const { person } = loaderData;
  return (
    <StaffFormPage
      scope="staff"
      view={employeesView}
      notice={
        person?.role_id === ROLE.coach && (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} mb="md" maw={860}>
            {t("admin.employees.coachNote")}
          </Alert>
        )
      }
      {...loaderData}
    />
  );
}
