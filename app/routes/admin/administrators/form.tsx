import { AdminErrorBoundary, PageHeader } from "~/components/admin/kit";
import { StaffForm } from "~/components/admin/people/StaffForm";
import { t } from "~/lib/messages";
import type { Route } from "./+types/form";
import { staffFormLoader } from "../.server/people";

/** /admin/administrators/add and /admin/administrators/edit/:id — administrator-type 1 only. */
export const loader = (args: Route.LoaderArgs) => staffFormLoader("administrators", args);

export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${params.id ? t("admin.administrators.editTitle") : t("admin.administrators.addTitle")} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function AdministratorForm({ loaderData }: Route.ComponentProps) {
  const { person, studios, me } = loaderData;
  return (
    <>
      <PageHeader
        title={person ? t("admin.administrators.editTitle") : t("admin.administrators.addTitle")}
        description={person ? `${person.full_name} · ${person.email}` : undefined}
      />
      <StaffForm
        key={person?.id ?? "new"}
        scope="administrators"
        person={person ?? undefined}
        studios={studios}
        me={me}
        listHref="/admin/administrators"
      />
    </>
  );
}
