import { Alert, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput } from "@mantine/core";
import { data, Form, useNavigation } from "react-router";
import { DataTable, PageHeader, type Column } from "~/components/admin/kit";
import { customerColumn } from "~/components/admin/booking/columns";
import { formatDate } from "~/lib/format";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { grantCourtesy, listCourtesies } from "~/.server/domain/booking/admin";
import { listCities } from "~/.server/domain/places/service";
import { users } from "~/.server/db/schema";
import { sql } from "drizzle-orm";
import { AppError } from "~/.server/http/errors";
import type { Route } from "./+types/courtesies";

/** `/admin/courtesies/list`: courtesies granted (credit lots, source courtesy) and a form to grant one. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "booking.read" });
  const db = args.context.deps.db;
  const cities = await listCities(db);
  return { rows: await listCourtesies(db), cities: cities.map((c) => ({ value: String(c.id), label: c.name })) };
}

export async function action(args: Route.ActionArgs) {
  const actor = requireAdminPage(args, { permission: "booking.write" });
  const form = await args.request.formData();
  const { deps } = args.context;
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const [u] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  if (!u) return data({ ok: false, message: t("booking.admin.customerNotFound") }, { status: 422 });
  const expires = String(form.get("expires_at") ?? "");
  try {
    await grantCourtesy(deps.db, {
      userId: u.id,
      cityId: Number(form.get("city_id")),
      sessions: Number(form.get("sessions")),
      expiresAt: /^\d{4}-\d{2}-\d{2}$/.test(expires) ? new Date(`${expires}T23:59:59-06:00`) : null,
      reason: String(form.get("reason") ?? ""),
      actorUserId: actor.id,
      now: deps.clock(),
    });
  } catch (err) {
    if (err instanceof AppError) return data({ ok: false, message: err.message }, { status: err.status });
    throw err;
  }
  return { ok: true, message: t("booking.messages.courtesyGranted") };
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

export default function AdminCourtesies({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <Stack>
      <PageHeader title={t("booking.admin.courtesiesTitle")} description={t("booking.admin.courtesiesIntro")} />
      <Paper withBorder radius="md" p="md">
        <Form method="post">
          <Stack gap="sm">
            <Text fw={700}>{t("booking.admin.grant")}</Text>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput name="email" type="email" required label={t("booking.admin.customerEmail")} miw={220} />
              <Select
                name="city_id"
                required
                label={t("booking.admin.city")}
                data={loaderData.cities}
                defaultValue={loaderData.cities[0]?.value}
                allowDeselect={false}
                miw={180}
              />
              <NumberInput
                name="sessions"
                required
                label={t("booking.admin.sessions")}
                min={1}
                max={100}
                defaultValue={1}
                miw={100}
              />
            </Group>
            <Group grow align="flex-start" wrap="wrap">
              <TextInput name="expires_at" type="date" label={t("booking.admin.expiresAt")} miw={200} />
              <TextInput name="reason" required label={t("booking.admin.reason")} maxLength={300} miw={240} />
            </Group>
            <Group>
              <Button type="submit" loading={busy}>
                {t("booking.admin.grant")}
              </Button>
            </Group>
            {actionData && (
              <Alert color={actionData.ok ? "teal" : "red"} role="status">
                {actionData.message}
              </Alert>
            )}
          </Stack>
        </Form>
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
