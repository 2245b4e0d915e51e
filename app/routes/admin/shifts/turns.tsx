import { Anchor, Button, Group, Paper, TextInput } from "@mantine/core";
import { Form, Link, useLocation } from "react-router";
import { AdminErrorBoundary, DataTable, PageHeader, SoftBadge, type Column } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { formatMoney } from "~/shared/mexico/money";
import { formatDateTime } from "~/shared/mexico/time";
import { requireAdminPage } from "../.server/page";
import type { Route } from "./+types/turns";

/**
 * `/admin/turns` (administrator-type 1, spec §6): every shift with its figures, filters by studio,
 * employee and date range (Mexico City days), CSV of the same list (`GET /api/admin/turns`).
 */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "shifts.read" });
  const { listShifts, shiftEmployees } = await import("~/.server/domain/shifts/list");
  const { listAllStudios } = await import("~/.server/domain/places/service");
  const q = new URL(args.request.url).searchParams;
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const num = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
  const per = num(q.get("per_page"));
  const filter = {
    page: num(q.get("page")) ?? 1,
    per_page: per && per <= 100 ? per : 20,
    studio_id: num(q.get("studio_id")),
    employee_id: num(q.get("employee_id")),
    from: day(q.get("from")),
    to: day(q.get("to")),
  };
  const db = args.context.deps.db;
  const [page, studios, employees] = await Promise.all([
    listShifts(db, filter),
    listAllStudios(db),
    shiftEmployees(db),
  ]);
  return {
    rows: page.data.map((r) => ({
      ...r,
      opened_at: r.opened_at.toISOString(),
      closed_at: r.closed_at?.toISOString() ?? null,
    })),
    meta: page.meta,
    from: filter.from ?? "",
    to: filter.to ?? "",
    studios: studios.map((s) => ({ value: String(s.id), label: s.name })),
    employees: employees.map((e) => ({ value: String(e.id), label: e.name })),
  };
}

export const meta = () => [{ title: `${t("shifts.list.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["rows"][number];
const money = (v: number | null) => (v === null ? "—" : formatMoney(v));

export default function Turns({ loaderData }: Route.ComponentProps) {
  const { pathname, search } = useLocation();
  const kept = new URLSearchParams(search);
  const columns: Column<Row>[] = [
    { key: "id", label: t("shifts.list.id"), render: (r) => `#${r.id}` },
    { key: "studio_name", label: t("shifts.list.studio") },
    { key: "employee_name", label: t("shifts.list.employee") },
    { key: "turn_type", label: t("shifts.list.turnType") },
    { key: "opened_at", label: t("shifts.list.openedAt"), render: (r) => formatDateTime(r.opened_at) },
    {
      key: "closed_at",
      label: t("shifts.list.closedAt"),
      render: (r) =>
        r.closed_at ? formatDateTime(r.closed_at) : <SoftBadge color="teal">{t("shifts.list.open")}</SoftBadge>,
    },
    { key: "opening", label: t("shifts.list.opening"), align: "right", render: (r) => money(r.opening_cash_cents) },
    { key: "expected", label: t("shifts.list.expected"), align: "right", render: (r) => money(r.expected_cash_cents) },
    { key: "counted", label: t("shifts.list.counted"), align: "right", render: (r) => money(r.counted_cash_cents) },
    { key: "difference", label: t("shifts.list.difference"), align: "right", render: (r) => money(r.difference_cents) },
    { key: "card", label: t("shifts.list.card"), align: "right", render: (r) => money(r.card_cents) },
    { key: "transfer", label: t("shifts.list.transfer"), align: "right", render: (r) => money(r.transfer_cents) },
  ];
  return (
    <>
      <PageHeader title={t("shifts.list.title")} description={t("shifts.list.subtitle")} />
      <Paper withBorder radius="md" p="md" mb="md">
        <Form method="get" aria-label={t("shifts.list.filter")}>
          {[...kept]
            .filter(([k]) => k !== "from" && k !== "to" && k !== "page")
            .map(([k, v]) => (
              <input key={k} type="hidden" name={k} value={v} />
            ))}
          <Group align="flex-end" gap="sm">
            <TextInput type="date" name="from" label={t("shifts.list.from")} defaultValue={loaderData.from} />
            <TextInput type="date" name="to" label={t("shifts.list.to")} defaultValue={loaderData.to} />
            <Button type="submit" variant="light">
              {t("shifts.list.filter")}
            </Button>
          </Group>
        </Form>
      </Paper>
      <DataTable
        rows={loaderData.rows}
        meta={loaderData.meta}
        columns={columns}
        rowKey={(r) => r.id}
        filters={[
          { name: "studio_id", label: t("shifts.list.studio"), options: loaderData.studios },
          { name: "employee_id", label: t("shifts.list.employee"), options: loaderData.employees },
        ]}
        csvHref="/api/admin/turns"
        emptyText={t("shifts.list.empty")}
        minWidth={1100}
        rowActions={(r) =>
          r.closed_at ? (
            <Anchor href={`/api/cashier/turn/${r.id}/report`} download>
              {t("shifts.list.report")}
            </Anchor>
          ) : (
            <Anchor component={Link} to={localePath(`/admin/close-turn?shift=${r.id}`, pathname)}>
              {t("shifts.close.submit")}
            </Anchor>
          )
        }
      />
    </>
  );
}
