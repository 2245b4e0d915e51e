import { Code, Popover, Text, UnstyledButton } from "@mantine/core";
import { AdminErrorBoundary, DataTable, formatDateTime, PageHeader, type Column } from "~/components/admin/kit";
import { auditActionLabel, auditEntityLabel } from "~/components/admin/AuditList";
import { t } from "~/lib/messages";
import type { Route } from "./+types/audit";
import { requireAdminPage } from "./.server/page";
import { listQueryFromUrl, pageOf } from "~/.server/http/pagination";
import { listAudit, auditEntities } from "~/.server/domain/audit/reader";
import { z } from "zod";

/** /admin/audit — what staff did (not in the spec's route list: the back office's own reader). */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args);
  const db = args.context.deps.db;
  const q = listQueryFromUrl(args.request.url, { entity: z.string().max(40).optional().catch(undefined) });
  const { rows, total } = await listAudit(db, q);
  return { ...pageOf(rows, total, q), entities: await auditEntities(db) };
}

export const meta = () => [{ title: `${t("admin.audit.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { data, meta, entities } = loaderData;
  const columns: Column<Row>[] = [
    {
      key: "created_at",
      label: t("admin.audit.when"),
      render: (r) => <Text size="sm">{formatDateTime(r.created_at)}</Text>,
    },
    {
      key: "actor",
      label: t("admin.audit.actor"),
      render: (r) => (
        <div>
          <Text size="sm">{r.actor_name ?? t("admin.dashboard.system")}</Text>
          {r.actor_email && (
            <Text size="xs" c="dimmed">
              {r.actor_email}
            </Text>
          )}
        </div>
      ),
    },
    { key: "action", label: t("admin.audit.action"), render: (r) => auditActionLabel(r.action) },
    {
      key: "entity",
      label: t("admin.audit.entity"),
      render: (r) => `${auditEntityLabel(r.entity)}${r.entity_id ? ` #${r.entity_id}` : ""}`,
    },
    { key: "ip", label: t("admin.audit.ip"), render: (r) => r.ip ?? "—" },
    {
      key: "data",
      label: t("admin.audit.details"),
      render: (r) =>
        Object.keys(r.data).length ? (
          <Popover width={420} position="bottom-end" withinPortal shadow="md">
            <Popover.Target>
              <UnstyledButton fz="sm" c="brand.7" fw={600}>
                {t("admin.people.view")}
              </UnstyledButton>
            </Popover.Target>
            <Popover.Dropdown>
              <Code block style={{ whiteSpace: "pre-wrap", maxHeight: 320, overflow: "auto" }}>
                {JSON.stringify(r.data, null, 2)}
              </Code>
            </Popover.Dropdown>
          </Popover>
        ) : (
          "—"
        ),
    },
  ];
  return (
    <>
      <PageHeader title={t("admin.audit.title")} description={t("admin.audit.subtitle")} />
      <DataTable
        rows={data}
        meta={meta}
        columns={columns}
        rowKey={(r) => r.id}
        filters={[
          {
            name: "entity",
            label: t("admin.audit.filterEntity"),
            options: entities.map((e) => ({ value: e, label: auditEntityLabel(e) })),
          },
        ]}
        csvHref="/api/admin/audit"
      />
    </>
  );
}
