import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { Link, useLocation, useRevalidator } from "react-router";
import {
  AdminErrorBoundary,
  formatDateTime,
  PageHeader,
  SoftBadge,
  useEntityForm,
  useEntitySubmit,
} from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { applicationStatusSchema } from "~/shared/schemas/cms";
import { formatPhone, phoneHref } from "~/shared/mexico/phone";
import { can } from "~/shared/permissions";
import { getResource } from "~/.server/kit/resource";
import { foundationApplicationsResource } from "~/.server/resources/requests";
import { requireAdminPage } from "../.server/page";
import { APPLICATION_COLOR, applicationStatusLabel, applicationStatusOptions } from "./foundation-list";
import type { Route } from "./+types/foundation-detail";

/** /admin/foundation-applications/:id: one application, and its status. */
export async function loader(args: Route.LoaderArgs) {
  const d = foundationApplicationsResource;
  const actor = requireAdminPage(args, { permission: d.permissions.read });
  const id = Number(args.params.id);
  const item = await getResource(args.context.deps.db, d, Number.isSafeInteger(id) ? id : -1);
  return { item, canWrite: can(actor, d.permissions.write) };
}

export const meta = ({ data }: Route.MetaArgs) => [
  { title: `${t("cms.foundation.detailTitle", { name: data?.item.name ?? "" })} · ${t("app.name")}` },
];
export const ErrorBoundary = AdminErrorBoundary;

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

export default function FoundationApplication({ loaderData }: Route.ComponentProps) {
  const { item, canWrite } = loaderData;
  const { pathname } = useLocation();
  const { revalidate } = useRevalidator();
  const form = useEntityForm(applicationStatusSchema, { status: item.status as string });
  const submit = useEntitySubmit(
    form,
    (v) =>
      api<ApiData<typeof messageAnswer>>(`/admin/foundation-applications/${item.id}`, { method: "PATCH", json: v }),
    () => void revalidate(),
  );
  return (
    <>
      <PageHeader
        title={t("cms.foundation.detailTitle", { name: item.name })}
        description={formatDateTime(item.created_at)}
        actions={
          <Anchor component={Link} to={localePath("/admin/foundation-applications", pathname)} size="sm">
            {t("cms.foundation.back")}
          </Anchor>
        }
      />
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={860}>
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Field label={t("cms.foundation.email")}>
              <Anchor href={`mailto:${item.email}`} size="sm">
                {item.email}
              </Anchor>
            </Field>
            <Field label={t("cms.foundation.phone")}>
              <Anchor href={phoneHref(item.phone)} size="sm">
                {formatPhone(item.phone)}
              </Anchor>
            </Field>
            <Field label={t("cms.foundation.city")}>{item.city}</Field>
            <Field label={t("cms.foundation.kind")}>
              {item.kind === "organization"
                ? `${t("cms.foundation.kindOrganization")}${item.organization ? ` · ${item.organization}` : ""}`
                : t("cms.foundation.kindPerson")}
            </Field>
          </SimpleGrid>
          <Field label={t("cms.foundation.message")}>
            <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
              {item.message}
            </Text>
          </Field>
          <Group align="flex-end" gap="sm">
            <Field label={t("cms.foundation.status")}>
              <SoftBadge color={APPLICATION_COLOR[item.status] ?? "gray"}>
                {applicationStatusLabel(item.status)}
              </SoftBadge>
            </Field>
            {canWrite && (
              <form onSubmit={submit.onSubmit} noValidate>
                <Group align="flex-end" gap="sm">
                  <Select
                    label={t("cms.foundation.changeStatus")}
                    data={applicationStatusOptions}
                    allowDeselect={false}
                    w={220}
                    {...form.getInputProps("status")}
                  />
                  <Button type="submit" loading={submit.submitting} disabled={form.getValues().status === item.status}>
                    {t("cms.invoices.save")}
                  </Button>
                </Group>
                {submit.error && (
                  <Text c="var(--mantine-color-error)" size="sm" role="alert" mt="xs">
                    {submit.error}
                  </Text>
                )}
              </form>
            )}
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
