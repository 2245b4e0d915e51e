import { SimpleGrid, Switch, Text, TextInput } from "@mantine/core";
import { useLocation, useNavigate } from "react-router";
import {
  AdminErrorBoundary,
  EntityFormFrame,
  PageHeader,
  useEntityForm,
  useEntitySubmit,
} from "~/components/admin/kit";
import { customerSchema } from "~/shared/schemas/people";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/form";
import { requireAdminPage, pageData } from "../.server/page";
import { getCustomer } from "~/.server/domain/people/customers";

/** /admin/users/add and /admin/users/edit/:id */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args);
  const id = args.params.id ? Number(args.params.id) : null;
  const person = id ? await pageData(getCustomer(args.context.deps.db, Number.isSafeInteger(id) ? id : -1)) : null;
  return { person };
}

export const meta = ({ params }: Route.MetaArgs) => [
  { title: `${params.id ? t("admin.users.editTitle") : t("admin.users.addTitle")} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function CustomerForm({ loaderData }: Route.ComponentProps) {
  const { person } = loaderData;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = useEntityForm(customerSchema, {
    name: person?.name ?? "",
    last_name: person?.last_name ?? "",
    email: person?.email ?? "",
    phone: person?.phone ?? "",
    birth_date: person?.birth_date ?? "",
    is_tester: person?.is_tester ?? false,
  });
  const back = person ? `/admin/users/${person.id}` : "/admin/users/list";
  const submit = useEntitySubmit(
    form,
    (v) => (person ? api(`/admin/users/${person.id}`, { method: "PUT", json: v }) : api("/admin/users", { json: v })),
    (data: { user?: { id: number } }) =>
      navigate(localePath(data.user ? `/admin/users/${data.user.id}` : "/admin/users/list", pathname)),
  );
  return (
    <>
      <PageHeader
        title={person ? t("admin.users.editTitle") : t("admin.users.addTitle")}
        description={person ? `${person.full_name} · ${person.email}` : undefined}
      />
      <EntityFormFrame
        onSubmit={submit.onSubmit}
        submitting={submit.submitting}
        error={submit.error}
        onCloseError={submit.clearError}
        cancelHref={back}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t("admin.people.name")} required autoComplete="off" {...form.getInputProps("name")} />
          <TextInput
            label={t("admin.people.lastName")}
            required
            autoComplete="off"
            {...form.getInputProps("last_name")}
          />
          <TextInput
            label={t("admin.people.email")}
            type="email"
            required
            autoComplete="off"
            {...form.getInputProps("email")}
          />
          <TextInput label={t("admin.people.phone")} type="tel" autoComplete="off" {...form.getInputProps("phone")} />
          <TextInput label={t("admin.people.birthDate")} type="date" {...form.getInputProps("birth_date")} />
        </SimpleGrid>
        <Switch
          label={t("admin.people.tester")}
          description={t("admin.people.testerHelp")}
          {...form.getInputProps("is_tester", { type: "checkbox" })}
        />
        {!person && (
          <Text size="sm" c="dimmed">
            {t("admin.people.newPasswordNote")}
          </Text>
        )}
      </EntityFormFrame>
    </>
  );
}
