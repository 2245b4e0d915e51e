import { Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { useRevalidator } from "react-router";
import { DataTable, PageHeader, useEntityForm, useEntitySubmit, type Column } from "~/components/admin/kit";
import { customerColumn } from "~/components/admin/booking/columns";
import { api, type ApiData } from "~/lib/api";
import { formatDate } from "~/shared/mexico/time";
import { t } from "~/lib/messages";
import type { savedAnswer } from "~/shared/schemas/answers";
import { courtesyFormSchema } from "~/shared/schemas/courtesies";
import { requireAdminPage } from "../.server/page";
import { listCourtesies } from "~/.server/domain/booking/admin";
import { staffCityOptions } from "~/.server/domain/places/service";
import type { Route } from "./+types/courtesies";

/**
 * `/admin/courtesies/list`: courtesies granted (credit lots, source courtesy) and a form to grant one
 * (`POST /api/admin/courtesies`, the customer by their email).
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "booking.read" });
  const db = args.context.deps.db;
  return { rows: await listCourtesies(db), cities: await staffCityOptions(db) };
}

export const meta = () => [{ title: `${t("booking.admin.courtesiesTitle")} · ${t("app.name")}` }];

const columns: Column<Route.ComponentProps["loaderData"]["rows"][number]>[] = [
  customerColumn(),
  { key: "city_name", label: t("booking.admin.city") },
  { key: "sessions", label: t("booking.admin.colSessions") },
  { key: "remaining", label: t("booking.admin.colRemaining") },
  { key: "expires_at", label: t("booking.admin.colExpires"), render: (r) => formatDate(r.expires_at) },
  { key: "granted_by", label: t("booking.admin.colGrantedBy") },
  { key: "reason", label: t("booking.admin.colReason") },
];

export default function AdminCourtesies({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const form = useEntityForm(courtesyFormSchema, {
    email: "",
    city_id: loaderData.cities[0]?.value ?? "",
    sessions: 1 as number | string,
    expires_at: "",
    reason: "",
  });
  const submit = useEntitySubmit(
    form,
    (v) => api<ApiData<typeof savedAnswer>>("/admin/courtesies", { json: v }),
    async () => {
      form.reset();
      await revalidate();
    },
  );
  return (
    <Stack>
      <PageHeader title={t("booking.admin.courtesiesTitle")} description={t("booking.admin.courtesiesIntro")} />
      <Paper withBorder radius="md" p="md">
        <form onSubmit={submit.onSubmit} noValidate aria-label={t("booking.admin.grant")}>
          <Stack gap="sm">
            <Text fw={700}>{t("booking.admin.grant")}</Text>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                type="email"
                required
                label={t("booking.admin.customerEmail")}
                miw={220}
                {...form.getInputProps("email")}
              />
              <Select
                required
                label={t("booking.admin.city")}
                data={loaderData.cities}
                allowDeselect={false}
                miw={180}
                {...form.getInputProps("city_id")}
              />
              <NumberInput
                required
                label={t("booking.admin.sessions")}
                min={1}
                max={100}
                miw={100}
                {...form.getInputProps("sessions")}
              />
            </Group>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                type="date"
                label={t("booking.admin.expiresAt")}
                miw={200}
                {...form.getInputProps("expires_at")}
              />
              <TextInput
                required
                label={t("booking.admin.reason")}
                maxLength={300}
                miw={240}
                {...form.getInputProps("reason")}
              />
            </Group>
            {submit.error && (
              <Text c="var(--mantine-color-error)" size="sm" role="alert">
                {submit.error}
              </Text>
            )}
            <Group>
              <Button type="submit" loading={submit.submitting}>
                {t("booking.admin.grant")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <DataTable
        rows={loaderData.rows}
        columns={columns}
        rowKey={(r) => r.id}
        minWidth={720}
        emptyText={t("booking.admin.noCourtesies")}
      />
    </Stack>
  );
}
