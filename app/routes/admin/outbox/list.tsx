import { Text } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { Link, useLocation } from "react-router";
import {
  AdminErrorBoundary,
  DataTable,
  formatDateTime,
  PageHeader,
  RowAction,
  type Column,
  SoftBadge,
} from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { Route } from "./+types/list";
import { requireAdminPage } from "../.server/page";
import { listQueryFromUrl, enumFilter, pageOf } from "~/.server/http/pagination";
import { listOutbox } from "~/.server/domain/audit/outbox";

/** /admin/outbox — the mail the system stored or sent (administrator-type 1). */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "outbox.read" });
  const q = listQueryFromUrl(args.request.url, {
    status: enumFilter(["stored", "queued", "sending", "sent", "failed"]),
  });
  const { rows, total } = await listOutbox(args.context.deps.db, q);
  return { ...pageOf(rows, total, q), transport: args.context.deps.mailer.kind };
}

export const meta = () => [{ title: `${t("admin.outbox.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

function OutboxStatus({ status }: { status: Row["status"] }) {
  const map = {
    stored: { color: "blue", label: t("admin.outbox.statusStored") },
    queued: { color: "gray", label: t("admin.outbox.statusQueued") },
    sending: { color: "yellow", label: t("admin.outbox.statusSending") },
    sent: { color: "teal", label: t("admin.outbox.statusSent") },
    failed: { color: "red", label: t("admin.outbox.statusFailed") },
  } as const;
  return <SoftBadge color={map[status].color}>{map[status].label}</SoftBadge>;
}

export default function OutboxList({ loaderData }: Route.ComponentProps) {
  const { data, meta } = loaderData;
  const { pathname } = useLocation();
  const columns: Column<Row>[] = [
    {
      key: "created_at",
      label: t("admin.outbox.date"),
      sortable: true,
      render: (r) => <Text size="sm">{formatDateTime(r.created_at)}</Text>,
    },
    { key: "to", label: t("admin.outbox.to"), render: (r) => r.to },
    {
      key: "subject",
      label: t("admin.outbox.subject"),
      render: (r) => (
        <Text component={Link} to={localePath(`/admin/outbox/${r.id}`, pathname)} size="sm" fw={600} c="brand.7">
          {r.subject}
        </Text>
      ),
    },
    {
      key: "template",
      label: t("admin.outbox.template"),
      render: (r) => (
        <Text size="xs" ff="monospace">
          {r.template}
        </Text>
      ),
    },
    { key: "status", label: t("admin.outbox.status"), render: (r) => <OutboxStatus status={r.status} /> },
  ];
  return (
    <>
      <PageHeader title={t("admin.outbox.title")} description={t("admin.outbox.subtitle")} />
      <DataTable
        rows={data}
        meta={meta}
        columns={columns}
        rowKey={(r) => r.id}
        filters={[
          {
            name: "status",
            label: t("admin.outbox.status"),
            options: [
              { value: "stored", label: t("admin.outbox.statusStored") },
              { value: "queued", label: t("admin.outbox.statusQueued") },
              { value: "sent", label: t("admin.outbox.statusSent") },
              { value: "failed", label: t("admin.outbox.statusFailed") },
            ],
          },
        ]}
        csvHref="/api/admin/outbox"
        rowActions={(r) => (
          <RowAction
            label={t("admin.outbox.view")}
            icon={<IconEye size={18} />}
            component={Link}
            to={localePath(`/admin/outbox/${r.id}`, pathname)}
          />
        )}
      />
    </>
  );
}
