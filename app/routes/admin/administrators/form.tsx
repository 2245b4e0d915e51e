import { AdminErrorBoundary } from "~/components/admin/kit";
import { StaffFormPage } from "~/components/admin/people/StaffForm";
import { t } from "~/lib/messages";
import type { Route } from "./+types/form";
import { staffFormLoader } from "../.server/people";
import { administratorsView } from "./view";

/** /admin/administrators/add and /admin/administrators/edit/:id — administrator-type 1 only. */
export const loader = (args: Route.LoaderArgs) => staffFormLoader("administrators", args);

export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${params.id ? t("admin.administrators.editTitle") : t("admin.administrators.addTitle")} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function AdministratorForm({ loaderData }: Route.ComponentProps) {
  return <StaffFormPage scope="administrators" view={administratorsView} {...loaderData} />;
}
