import { Text } from "@mantine/core";
import { AdminErrorBoundary, ResourceFormPage, type FieldDef } from "~/components/admin/kit";
import { customerSchema } from "~/shared/schemas/people";
import { t } from "~/lib/messages";
import type { Route } from "./+types/form";
import { customerFormLoader } from "../.server/people";
import { customersView } from "./view";

/** /admin/users/add and /admin/users/edit/:id */
export const loader = (args: Route.LoaderArgs) => customerFormLoader(args);
export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.id ? t("admin.users.editTitle") : t("admin.users.addTitle")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

const fields: FieldDef[] = [
  { name: "name", label: t("admin.people.name"), kind: "text", required: true },
  { name: "last_name", label: t("admin.people.lastName"), kind: "text", required: true },
  { name: "email", label: t("admin.people.email"), kind: "email", required: true },
  { name: "phone", label: t("admin.people.phone"), kind: "tel" },
  { name: "birth_date", label: t("admin.people.birthDate"), kind: "date" },
  { name: "is_tester", label: t("admin.people.tester"), kind: "switch", description: t("admin.people.testerHelp") },
];

export default function CustomerForm({ loaderData }: Route.ComponentProps) {
  const { person } = loaderData;
  const { base } = customersView;
  return (
    <ResourceFormPage
      key={person?.id ?? "new"}
      view={customersView}
      schema={customerSchema}
      fields={fields}
      item={person}
      title={person ? t("admin.users.editTitle") : t("admin.users.addTitle")}
      description={person ? `${person.full_name} · ${person.email}` : undefined}
      cancelHref={person ? `${base}/${person.id}` : `${base}/list`}
      savedHref={(data: { user?: { id: number } }) => (data.user ? `${base}/${data.user.id}` : `${base}/list`)}
      footer={
        !person && (
          <Text size="sm" c="dimmed">
            {t("admin.people.newPasswordNote")}
          </Text>
        )
      }
    />
  );
}
