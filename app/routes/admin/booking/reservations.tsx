import { Badge, Button, Group, Menu, Select, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { DataTable, PageHeader, RowMenu, type Column } from "~/components/admin/kit";
import { customerColumn } from "~/components/admin/booking/columns";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { adminReservations } from "~/.server/domain/booking/admin";
import type { Route } from "./+types/reservations";

/** `/admin/reservations` and its list: search, filter, cancel with or without penalty, waive. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "booking.read" });
  const url = new URL(args.request.url);
  const q = url.searchParams.get("q")?.slice(0, 100) || undefined;
  // `/admin/assistances` lists attendance: the same list, checked-in people by default.
  const attendance = url.pathname.includes("/admin/assistances");
  const statusParam = url.searchParams.get("status") ?? (attendance ? "attended" : null);
  const status = ["booked", "attended", "no_show", "cancelled"].includes(statusParam ?? "") ? statusParam! : undefined;
  const { deps } = args.context;
  const from = q ? undefined : new Date(deps.clock().getTime() - 7 * 86_400_000);
  return { attendance, rows: await adminReservations(deps.db, { q, status, from, limit: 200 }) };
}

export const meta = () => [{ title: `${t("booking.admin.reservationsTitle")} · ${t("app.name")}` }];

const STATUS: Record<string, [string, "statusBooked" | "statusAttended" | "statusNoShow" | "statusCancelled"]> = {
  booked: ["grape", "statusBooked"],
  attended: ["teal", "statusAttended"],
  no_show: ["red", "statusNoShow"],
  cancelled: ["gray", "statusCancelled"],
};

const columns: Column<Route.ComponentProps["loaderData"]["rows"][number]>[] = [
  {
    key: "class",
    label: t("booking.admin.colClass"),
    render: (r) => (
      <>
        <Text size="sm" fw={600}>
          {r.session_type} · {r.studio_name}
        </Text>
        <Text size="xs" c="dimmed">
          {r.when} · {r.coach_name}
        </Text>
      </>
    ),
  },
  customerColumn(),
  { key: "spot", label: t("booking.admin.colSpot") },
  {
    key: "status",
    label: t("booking.admin.colStatus"),
    render: (r) => (
      <Badge color={STATUS[r.status]![0]} variant="light">
        {r.late_cancel && r.status === "cancelled"
          ? t("booking.profile.statusLateCancel")
          : t(`booking.scanner.${STATUS[r.status]![1]}`)}
      </Badge>
    ),
  },
];

export default function AdminReservations({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { lp } = useLocalePath();
  const revalidator = useRevalidator();
  const [msg, setMsg] = useState<string | null>(null);
  const act = async (path: string, json?: unknown) => {
    const r = await api<ApiData<typeof messageAnswer>>(path, { method: "POST", json: json ?? {} });
    setMsg(r.ok ? r.data.Message : r.message);
    revalidator.revalidate();
  };
  return (
    <Stack>
      <PageHeader
        title={loaderData.attendance ? t("booking.admin.attendanceTitle") : t("booking.admin.reservationsTitle")}
        description={loaderData.attendance ? t("booking.admin.attendanceIntro") : t("booking.admin.reservationsIntro")}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={lp("/admin/assistances/add")}
              variant={loaderData.attendance ? "default" : "filled"}
            >
              {t("booking.admin.addTitle")}
            </Button>
            {loaderData.attendance && (
              <Button component={Link} to={lp("/admin/assistqr")}>
                {t("booking.admin.attendanceAdd")}
              </Button>
            )}
          </Group>
        }
      />
      <Form method="get">
        <Group align="flex-end" gap="sm">
          <TextInput
            name="q"
            label={t("booking.admin.search")}
            defaultValue={params.get("q") ?? ""}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Select
            name="status"
            label={t("booking.admin.status")}
            defaultValue={params.get("status") ?? (loaderData.attendance ? "attended" : "")}
            data={[
              { value: "", label: t("booking.admin.all") },
              ...Object.entries(STATUS).map(([value, [, key]]) => ({ value, label: t(`booking.scanner.${key}`) })),
            ]}
            allowDeselect={false}
            w={180}
          />
          <Button type="submit">{t("admin.kit.search")}</Button>
        </Group>
      </Form>
      <div role="status" aria-live="polite">
        {msg && <Text size="sm">{msg}</Text>}
      </div>
      <DataTable
        rows={loaderData.rows}
        columns={columns}
        rowKey={(r) => r.id}
        minWidth={760}
        emptyText={t("booking.admin.empty")}
        rowActions={(r) => (
          <Group gap={4} wrap="nowrap">
            <Button
              size="compact-sm"
              variant="subtle"
              component={Link}
              to={lp(`/admin/assistances/edit/${r.id}`)}
              aria-label={`${t("booking.admin.edit")}: ${r.customer}`}
            >
              {t("booking.admin.edit")}
            </Button>
            {(r.status === "booked" || r.can_waive) && (
              <RowMenu
                label={`${t("booking.admin.colActions")}: ${r.customer}`}
                items={() => (
                  <>
                    {r.status === "booked" && (
                      <>
                        <Menu.Item onClick={() => act(`/admin/reservations/${r.id}/cancel`, { penalty: false })}>
                          {t("booking.admin.cancelNoPenalty")}
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          onClick={() => act(`/admin/reservations/${r.id}/cancel`, { penalty: true })}
                        >
                          {t("booking.admin.cancelPenalty")}
                        </Menu.Item>
                      </>
                    )}
                    {r.can_waive && (
                      <Menu.Item onClick={() => act(`/admin/reservations/${r.id}/waive`)}>
                        {t("booking.admin.waive")}
                      </Menu.Item>
                    )}
                  </>
                )}
              />
            )}
          </Group>
        )}
      />
    </Stack>
  );
}
