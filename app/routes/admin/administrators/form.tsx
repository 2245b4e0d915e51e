import { AdminErrorBoundary, PageHeader } from "~/components/admin/kit";
import { StaffForm } from "~/components/admin/people/StaffForm";
import { t } from "~/lib/messages";
import type { Route } from "./+types/form";
import { requireAdminPage, pageData } from "../.server/page";
import { getStaff } from "~/.server/domain/people/staff";
import { studioOptions } from "~/.server/domain/people/common";

/** /admin/administrators/add and /admin/administrators/edit/:id — administrator-type 1 only. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "staff.write" });
  const db = args.context.deps.db;
  const id = args.params.id ? Number(args.params.id) : null;
  const person = id ? await pageData(getStaff(db, "administrators", Number.isSafeInteger(id) ? id : -1)) : null;
  return { person, studios: await studioOptions(db), me: actor.id };
}

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
