import { Anchor, Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconCircleCheck, IconFileInvoice, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator, useSearchParams } from "react-router";
import {
  AdminErrorBoundary,
  DataTable,
  formatDateTime,
  PageHeader,
  SoftBadge,
  type Column,
} from "~/components/admin/kit";
import { toastError, toastSuccess } from "~/components/commerce/useCart";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import type { globalInvoiceAnswer, invoiceAnswer } from "~/shared/schemas/invoicing";
import { t, type MessageKey } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { MOTIVOS_CANCELACION } from "~/shared/sat/catalogues";
import { invoicesResource } from "~/.server/resources/invoices";
import { resourceListLoader } from "../.server/resource";
import type { Route } from "./+types/cfdi";

/** /admin/invoices: the CFDI invoices (state, filters, downloads, approve, cancel, the global invoice). */
export const loader = (args: Route.LoaderArgs) => resourceListLoader(invoicesResource, args, { commands: true });

export const meta = () => [{ title: `${t("invoicing.admin.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

type Row = Route.ComponentProps["loaderData"]["data"][number];
type Status = Row["status"];
const COLOR: Record<Status, string> = {
  requested: "yellow",
  approved: "blue",
  stamped: "teal",
  error: "red",
  cancelled: "gray",
  rejected: "gray",
};
const label = (s: Status) => t(`invoicing.status.${s}` as MessageKey);
const STATUSES = Object.keys(COLOR) as Status[];

export default function Invoices({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const [params, setParams] = useSearchParams();
  const [cancelling, setCancelling] = useState<Row | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const command = async (row: Row, path: string, json: unknown = {}) => {
    setBusy(row.id);
    const r = await api<ApiData<typeof messageAnswer>>(`/admin/invoices/${row.id}/${path}`, { json });
    setBusy(null);
    if (!r.ok) return void (r.expired || toastError(r.message));
    toastSuccess(r.data.Message);
    void revalidate();
  };
  const setDate = (name: "from" | "to") => (value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    next.delete("page");
    setParams(next);
  };
  const columns: Column<Row>[] = [
    { key: "created_at", label: t("invoicing.admin.date"), render: (r) => formatDateTime(r.created_at) },
    {
      key: "rfc",
      label: t("invoicing.admin.name"),
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={600} ff="monospace">
            {r.rfc}
          </Text>
          <Text size="xs" c="dimmed">
            {r.legal_name}
          </Text>
          <Text size="xs" c="dimmed">
            {r.kind === "global"
              ? `${t("invoicing.kind.global")} ${r.period} · ${r.order_count}`
              : `${t("invoicing.admin.order")} #${r.order_id}`}
          </Text>
        </Stack>
      ),
    },
    { key: "total", label: t("invoicing.admin.total"), render: (r) => formatMoney(r.total_cents) },
    {
      key: "status",
      label: t("invoicing.admin.status"),
      render: (r) => (
        <Stack gap={2}>
          <SoftBadge color={COLOR[r.status]}>{label(r.status)}</SoftBadge>
          {r.uuid && (
            <Text size="xs" ff="monospace" c="dimmed">
              {r.uuid}
              {r.sandbox ? " · SIN VALIDEZ FISCAL" : ""}
            </Text>
          )}
          {r.status === "error" && r.last_error && (
            <Text size="xs" c="red.8">
              {r.last_error}
            </Text>
          )}
          {r.cancel_reason && (
            <Text size="xs" c="dimmed">
              {t("invoicing.admin.reason")}: {r.cancel_reason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: "files",
      label: t("invoicing.admin.downloads"),
      render: (r) =>
        r.has_files ? (
          <Group gap="xs">
            <Anchor size="sm" href={`/api/admin/invoices/${r.id}/files/xml`} download>
              XML
            </Anchor>
            <Anchor size="sm" href={`/api/admin/invoices/${r.id}/files/pdf`} download>
              PDF
            </Anchor>
          </Group>
        ) : null,
    },
  ];
  return (
    <>
      <PageHeader title={t("invoicing.admin.title")} description={t("invoicing.admin.subtitle")} />
      {loaderData.canWrite && <GlobalInvoice onDone={() => void revalidate()} />}
      <DataTable
        rows={loaderData.data}
        meta={loaderData.meta}
        columns={columns}
        rowKey={(r) => r.id}
        filters={[
          {
            name: "status",
            label: t("invoicing.admin.status"),
            options: STATUSES.map((s) => ({ value: s, label: label(s) })),
          },
          {
            name: "kind",
            label: t("invoicing.admin.kind"),
            options: (["single", "global"] as const).map((k) => ({ value: k, label: t(`invoicing.kind.${k}`) })),
          },
        ]}
        toolbar={
          <Group gap="xs">
            <TextInput
              type="date"
              size="xs"
              aria-label={t("invoicing.admin.from")}
              placeholder={t("invoicing.admin.from")}
              value={params.get("from") ?? ""}
              onChange={(e) => setDate("from")(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              size="xs"
              aria-label={t("invoicing.admin.to")}
              placeholder={t("invoicing.admin.to")}
              value={params.get("to") ?? ""}
              onChange={(e) => setDate("to")(e.currentTarget.value)}
            />
          </Group>
        }
        csvHref="/api/admin/invoices"
        emptyText={t("invoicing.admin.empty")}
        rowActions={(r) =>
          loaderData.canWrite ? (
            <Group gap={4} wrap="nowrap">
              {(r.status === "requested" || r.status === "error" || r.status === "approved") && (
                <Button
                  size="xs"
                  variant="light"
                  loading={busy === r.id}
                  leftSection={<IconCircleCheck size={14} aria-hidden />}
                  onClick={() => void command(r, "approve")}
                >
                  {r.status === "requested" ? t("invoicing.admin.approve") : t("invoicing.admin.retry")}
                </Button>
              )}
              {r.status === "requested" && (
                <Button size="xs" variant="subtle" color="gray" onClick={() => void command(r, "reject", { note: "" })}>
                  {t("invoicing.admin.reject")}
                </Button>
              )}
              {r.status === "stamped" && (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconX size={14} aria-hidden />}
                  onClick={() => setCancelling(r)}
                >
                  {t("invoicing.admin.cancel")}
                </Button>
              )}
            </Group>
          ) : null
        }
      />
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={cancelling ? t("invoicing.admin.cancelTitle", { uuid: cancelling.uuid ?? "" }) : ""}
      >
        {cancelling && (
          <CancelForm
            row={cancelling}
            onDone={() => {
              setCancelling(null);
              void revalidate();
            }}
          />
        )}
      </Modal>
    </>
  );
}

function CancelForm({ row, onDone }: { row: Row; onDone: () => void }) {
  const [reason, setReason] = useState<string | null>(null);
  const [uuid, setUuid] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const submit = async () => {
    setSaving(true);
    const r = await api<ApiData<typeof invoiceAnswer>>(`/admin/invoices/${row.id}/cancel`, {
      json: { reason: reason ?? "", substitute_uuid: uuid },
    });
    setSaving(false);
    if (!r.ok) {
      setErrors(r.fields);
      if (!r.expired && Object.keys(r.fields).length === 0) toastError(r.message);
      return;
    }
    toastSuccess(r.data.Message);
    onDone();
  };
  return (
    <Stack gap="md">
      <Select
        label={t("invoicing.admin.reason")}
        data={Object.entries(MOTIVOS_CANCELACION).map(([value, text]) => ({ value, label: `${value} · ${text}` }))}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        comboboxProps={{ withinPortal: false }}
      />
      {reason === "01" && (
        <TextInput
          label={t("invoicing.admin.substitute")}
          description={t("invoicing.admin.substituteHint")}
          value={uuid}
          onChange={(e) => setUuid(e.currentTarget.value)}
          error={errors.substitute_uuid}
          ff="monospace"
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t("invoicing.admin.close")}
        </Button>
        <Button color="red" loading={saving} onClick={() => void submit()}>
          {t("invoicing.admin.confirmCancel")}
        </Button>
      </Group>
    </Stack>
  );
}

function GlobalInvoice({ onDone }: { onDone: () => void }) {
  const [month, setMonth] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = async () => {
    setSaving(true);
    const r = await api<ApiData<typeof globalInvoiceAnswer>>("/admin/invoices/global", { json: { month } });
    setSaving(false);
    if (!r.ok) {
      if (!r.expired) setError(r.fields.month ?? r.message);
      return;
    }
    setError(null);
    toastSuccess(r.data.Message);
    onDone();
  };
  return (
    <Group align="flex-end" mb="md" gap="xs">
      <IconFileInvoice size={20} aria-hidden />
      <TextInput
        label={`${t("invoicing.admin.globalTitle")} · ${t("invoicing.admin.globalMonth")}`}
        placeholder="2026-10"
        value={month}
        onChange={(e) => setMonth(e.currentTarget.value)}
        error={error}
        size="sm"
      />
      <Button size="sm" variant="light" loading={saving} onClick={() => void run()}>
        {t("invoicing.admin.globalRun")}
      </Button>
    </Group>
  );
}
