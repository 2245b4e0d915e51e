import { Button, Group, Modal, Select, Stack, Text, Textarea } from "@mantine/core";
import { IconReceipt } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import {
  AdminErrorBoundary,
  DataTable,
  formatDateTime,
  PageHeader,
  SoftBadge,
  useEntityForm,
  useEntitySubmit,
  type Column,
} from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { t, type MessageKey } from "~/lib/messages";
import { invoiceStatusSchema } from "~/shared/schemas/cms";
import { invoiceRequestsResource } from "~/.server/resources/requests";
import { resourceListLoader } from "../.server/resource";
import type { Route } from "./+types/invoices";

/** /admin/invoice-requests: what customers sent from /facturacion, with status. */
// Read-only for the kit (nobody adds or edits a request): changing its status is its own call.
export const loader = (args: Route.LoaderArgs) => resourceListLoader(invoiceRequestsResource, args, { commands: true });

export const meta = () => [{ title: `${t("cms.invoices.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
type Status = Row["status"];
const STATUS_COLOR: Record<Status, string> = { pending: "yellow", issued: "teal", rejected: "gray" };
const statusLabel = (s: Status) => t(`content.invoice.status.${s}` as MessageKey);
const statusOptions = (["pending", "issued", "rejected"] as const).map((s) => ({ value: s, label: statusLabel(s) }));

export default function InvoiceRequests({ loaderData }: Route.ComponentProps) {
  const [editing, setEditing] = useState<Row | null>(null);
  const columns: Column<Row>[] = [
    { key: "created_at", label: t("cms.invoices.date"), render: (r) => formatDateTime(r.created_at) },
    {
      key: "rfc",
      label: t("cms.invoices.rfc"),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} ff="monospace">
            {r.rfc}
          </Text>
          <Text size="xs" c="dimmed">
            {r.business_name}
          </Text>
          <Text size="xs" c="dimmed">
            {t("cms.invoices.regime")} {r.tax_regime} · {t("cms.invoices.cfdiUse")} {r.cfdi_use} · CP {r.postal_code}
          </Text>
        </Stack>
      ),
    },
    { key: "purchase_reference", label: t("cms.invoices.reference"), render: (r) => r.purchase_reference },
    { key: "email", label: t("cms.invoices.email"), render: (r) => r.email },
    {
      key: "status",
      label: t("cms.invoices.status"),
      render: (r) => (
        <Stack gap={2}>
          <SoftBadge color={STATUS_COLOR[r.status]}>{statusLabel(r.status)}</SoftBadge>
          {r.note && (
            <Text size="xs" c="dimmed">
              {r.note}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t("cms.invoices.title")} description={t("cms.invoices.subtitle")} />
      <DataTable
        rows={loaderData.data}
        meta={loaderData.meta}
        columns={columns}
        rowKey={(r) => r.id}
        filters={[{ name: "status", label: t("cms.invoices.status"), options: statusOptions }]}
        csvHref="/api/admin/invoice-requests"
        emptyText={t("cms.invoices.empty")}
        rowActions={(r) =>
          loaderData.canWrite ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconReceipt size={14} aria-hidden />}
              onClick={() => setEditing(r)}
              aria-label={`${t("cms.invoices.changeStatus")}: ${r.rfc}`}
            >
              {t("cms.invoices.changeStatus")}
            </Button>
          ) : null
        }
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `${t("cms.invoices.changeStatus")} · ${editing.rfc}` : ""}
      >
        {editing && <StatusForm row={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}

function StatusForm({ row, onDone }: { row: Row; onDone: () => void }) {
  const { revalidate } = useRevalidator();
  const form = useEntityForm(invoiceStatusSchema, { status: row.status as string, note: row.note });
  const submit = useEntitySubmit(
    form,
    (v) => api<ApiData<typeof messageAnswer>>(`/admin/invoice-requests/${row.id}`, { method: "PATCH", json: v }),
    () => {
      onDone();
      void revalidate();
    },
  );
  return (
    <form onSubmit={submit.onSubmit} noValidate>
      <Stack gap="md">
        <Select
          label={t("cms.invoices.status")}
          data={statusOptions}
          allowDeselect={false}
          {...form.getInputProps("status")}
        />
        <Textarea
          label={t("cms.invoices.note")}
          description={t("cms.invoices.noteHelp")}
          autosize
          minRows={2}
          {...form.getInputProps("note")}
        />
        {submit.error && (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {submit.error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t("cms.invoices.cancel")}
          </Button>
          <Button type="submit" loading={submit.submitting}>
            {t("cms.invoices.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
