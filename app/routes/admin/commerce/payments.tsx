import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, useRevalidator } from "react-router";
import type { FormEvent } from "react";
import { AdminErrorBoundary, confirmAction, SoftBadge } from "~/components/admin/kit";
import { useApiCommand } from "~/components/forms/useApiCommand";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { listPayments } from "~/.server/domain/commerce/after-sale";
import { unreconciledCharges } from "~/.server/domain/commerce/charges";
import { publicReads } from "~/.server/domain/content/public-reads";
import { PAYMENT_METHODS as METHODS, PAYMENT_STATUSES as STATUSES, refundSchema } from "~/shared/schemas/commerce";
import type { refundAnswer } from "~/shared/schemas/commerce-answers";
import { Stat } from "~/components/admin/reports/Stat";
import type { Route } from "./+types/payments";

/** /admin/payments and /admin/payments/list: filters by date, studio, method, status; totals; refunds. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "commerce.read" });
  const q = new URL(args.request.url).searchParams;
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  const from = day(q.get("from"));
  const to = day(q.get("to"));
  const rawStudio = q.get("studio_id") ?? "";
  const studio = rawStudio === "none" ? "none" : /^\d{1,9}$/.test(rawStudio) ? Number(rawStudio) : undefined;
  const method = METHODS.find((m) => m === q.get("method"));
  const status = STATUSES.find((s) => s === q.get("status"));
  const { deps } = args.context;
  const [list, studios, unreconciled] = await Promise.all([
    listPayments(args.context.deps.db, {
      from: from ? new Date(`${from}T06:00:00Z`) : undefined,
      to: to ? new Date(new Date(`${to}T06:00:00Z`).getTime() + 86_400_000) : undefined,
      studioId: studio,
      method,
      status,
    }),
    publicReads(args.context.deps)
      .allStudios()
      .catch(() => []),
    unreconciledCharges(deps.db, deps.clock()),
  ]);
  return {
    ...list,
    unreconciled,
    filters: { from, to, studio_id: studio ?? null, method: method ?? null, status: status ?? null },
    studios: [
      ...studios.map((s) => ({ value: String(s.id), label: s.name })),
      { value: "none", label: t("commerce.admin.noStudio") },
    ],
  };
}

export const meta = () => [{ title: `${t("commerce.admin.paymentsTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

const STATUS_COLOR = {
  succeeded: "teal",
  refunded: "gray",
  partially_refunded: "yellow",
  failed: "red",
  pending: "orange",
  canceled: "gray",
} as const;

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { items, totals, by_studio: byStudio, filters, studios, unreconciled } = loaderData;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("commerce.admin.paymentsTitle")}
      </Title>
      {unreconciled.length > 0 && <Unreconciled rows={unreconciled} />}
      <Paper withBorder p="md" radius="md">
        <Form method="get">
          <SimpleGrid cols={{ base: 1, sm: 3, lg: 6 }} spacing="sm">
            <TextInput type="date" name="from" label={t("commerce.admin.from")} defaultValue={filters.from ?? ""} />
            <TextInput type="date" name="to" label={t("commerce.admin.to")} defaultValue={filters.to ?? ""} />
            <Select
              name="studio_id"
              label={t("commerce.admin.studio")}
              data={studios}
              defaultValue={filters.studio_id ? String(filters.studio_id) : null}
              clearable
            />
            <Select
              name="method"
              label={t("commerce.admin.method")}
              data={METHODS.map((m) => ({ value: m, label: t(`commerce.admin.methods.${m}`) }))}
              defaultValue={filters.method}
              clearable
            />
            <Select
              name="status"
              label={t("commerce.admin.status")}
              data={STATUSES.map((s) => ({ value: s, label: t(`commerce.admin.statuses.${s}`) }))}
              defaultValue={filters.status}
              clearable
            />
            <Button type="submit" mt={{ base: 0, lg: 24 }}>
              {t("commerce.admin.filter")}
            </Button>
          </SimpleGrid>
        </Form>
      </Paper>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Stat label={t("commerce.admin.count")} value={String(totals.count)} />
        <Stat label={t("commerce.admin.gross")} value={totals.display_gross} />
        <Stat label={t("commerce.admin.refunded")} value={totals.display_refunded} />
        <Stat label={t("commerce.admin.net")} value={totals.display_net} />
      </SimpleGrid>
      {byStudio.length > 0 && (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="by-studio-title">
          <Title order={2} size="h4" id="by-studio-title">
            {t("commerce.admin.byStudioTitle")}
          </Title>
          <Table.ScrollContainer minWidth={480}>
            <Table>
              <Table.Caption>{t("commerce.admin.byStudioCaption")}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("commerce.admin.studio")}</Table.Th>
                  <Table.Th>{t("commerce.admin.count")}</Table.Th>
                  <Table.Th>{t("commerce.admin.gross")}</Table.Th>
                  <Table.Th>{t("commerce.admin.refunded")}</Table.Th>
                  <Table.Th>{t("commerce.admin.net")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {byStudio.map((s) => (
                  <Table.Tr key={s.studio_id ?? "none"}>
                    <Table.Td>{s.studio}</Table.Td>
                    <Table.Td>{s.count}</Table.Td>
                    <Table.Td>{s.display_gross}</Table.Td>
                    <Table.Td>{s.display_refunded}</Table.Td>
                    <Table.Td fw={600}>{s.display_net}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("commerce.admin.date")}</Table.Th>
              <Table.Th>{t("commerce.admin.customer")}</Table.Th>
              <Table.Th>{t("commerce.admin.studio")}</Table.Th>
              <Table.Th>{t("commerce.admin.method")}</Table.Th>
              <Table.Th>{t("commerce.admin.amount")}</Table.Th>
              <Table.Th>{t("commerce.admin.status")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.display_date}</Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {p.customer}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {p.email}
                  </Text>
                </Table.Td>
                <Table.Td>{p.studio}</Table.Td>
                <Table.Td>
                  <Text size="sm">{p.method_label}</Text>
                  {p.card && (
                    <Text size="xs" c="dimmed">
                      {p.card}
                    </Text>
                  )}
                  {p.pending_reference && (
                    <Text size="xs" c="dimmed">
                      {t("commerce.admin.pendingUntil", {
                        reference: p.pending_reference,
                        date: p.display_expires ?? "",
                      })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {p.display_amount}
                  {p.refunded_cents > 0 && (
                    <Text size="xs" c="dimmed">
                      {t("commerce.admin.refunded")}: {p.display_refunded}
                    </Text>
                  )}
                  {p.transfers.map((x, i) => (
                    <Text key={i} size="xs" c="dimmed">
                      {t("commerce.admin.transferredTo", { amount: x.display_amount, destination: x.destination })}
                    </Text>
                  ))}
                </Table.Td>
                <Table.Td>
                  <SoftBadge color={STATUS_COLOR[p.status]}>{t(`commerce.admin.statuses.${p.status}`)}</SoftBadge>
                </Table.Td>
                <Table.Td>
                  {(p.status === "succeeded" || p.status === "partially_refunded") && p.order_id && (
                    <RefundForm key={`${p.id}:${p.refunded_cents}`} payment={p} />
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length === 0 && <Text c="dimmed">{t("commerce.admin.noPayments")}</Text>}
    </Stack>
  );
}

type Payment = Route.ComponentProps["loaderData"]["items"][number];

/** Money taken that is not an order nor a refund yet: shown first, with a button that runs the task now. */
function Unreconciled({ rows }: { rows: Route.ComponentProps["loaderData"]["unreconciled"] }) {
  const command = useApiCommand();
  return (
    <Alert color="red" variant="light" title={t("commerce.admin.unreconciledTitle")}>
      <Stack gap="sm">
        <Text size="sm">{t("commerce.admin.unreconciledIntro")}</Text>
        <Table.ScrollContainer minWidth={640}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("commerce.admin.date")}</Table.Th>
                <Table.Th>{t("commerce.admin.customer")}</Table.Th>
                <Table.Th>{t("commerce.admin.status")}</Table.Th>
                <Table.Th>{t("commerce.admin.amount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.kind}:${r.id}`}>
                  <Table.Td>{r.display_date}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {r.customer.name}
                    </Text>
                    <Text size="xs">{r.customer.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    {t(`commerce.admin.unreconciledKinds.${r.kind}`)}
                    <Text size="xs">
                      {r.gateway} {r.provider_intent_id ?? ""}
                    </Text>
                    {r.last_error && <Text size="xs">{t("commerce.admin.lastError", { error: r.last_error })}</Text>}
                  </Table.Td>
                  <Table.Td>{r.display_amount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button
            size="xs"
            color="red"
            onClick={() => void command.run("reconcile", "/admin/payments/reconcile")}
            loading={command.busy === "reconcile"}
          >
            {t("commerce.admin.reconcileNow")}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * Refund all that is left (amount empty) or part of it, through the API; confirmed in a dialog
 * before it goes (once the amount passes the browser's check). A wrong amount is said under the
 * field, any other refusal in a toast.
 */
function RefundForm({ payment: p }: { payment: Payment }) {
  const { revalidate } = useRevalidator();
  const form = useEntityForm(refundSchema, { amount: "", clabe: "", holder: "" });
  // The domain says whether the refund goes by transfer (OXXO was cash) to the account the customer gives.
  const transfer = p.refund_by_transfer;
  const submit = useFormSubmit(
    form,
    (v) =>
      api<ApiData<typeof refundAnswer>>(`/admin/payments/${p.id}/refund`, {
        json: {
          amount: v.amount.trim() || undefined,
          ...(transfer ? { clabe: v.clabe.trim(), holder: v.holder.trim() } : {}),
        },
      }),
    () => void revalidate(),
    // A row has no room for an alert: what is not tied to the amount is a toast, as before.
    { messageAs: "toast" },
  );
  const left = p.amount_cents - p.refunded_cents;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        if (form.validate().hasErrors) return submit.onSubmit(e);
        // Asked in a Mantine dialog; once confirmed the form is sent as if submitted (same element,
        // so a refused amount still takes the focus).
        e.preventDefault();
        const element = e.currentTarget;
        const typed = form.getValues().amount.trim();
        const amount = typed ? `$${typed}` : p.display_left;
        void confirmAction({
          title: t("commerce.admin.refund"),
          message: t("commerce.admin.refundConfirm", { amount }),
          confirmLabel: t("commerce.admin.refund"),
          danger: true,
        }).then((ok) => {
          if (ok) submit.onSubmit({ currentTarget: element, preventDefault() {} } as FormEvent<HTMLFormElement>);
        });
      }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        {left > 0 && (
          <TextInput
            size="xs"
            w={110}
            inputMode="decimal"
            aria-label={t("commerce.refund.amountLabel")}
            placeholder={p.display_left}
            title={t("commerce.refund.amountHint", { amount: p.display_left })}
            {...form.getInputProps("amount")}
          />
        )}
        {transfer && left > 0 && (
          <>
            <TextInput
              size="xs"
              w={190}
              inputMode="numeric"
              autoComplete="off"
              aria-label={t("commerce.refund.clabeLabel")}
              placeholder={t("commerce.refund.clabeLabel")}
              title={t("commerce.refund.clabeHint")}
              {...form.getInputProps("clabe")}
            />
            <TextInput
              size="xs"
              w={170}
              autoComplete="off"
              aria-label={t("commerce.refund.holderLabel")}
              placeholder={t("commerce.refund.holderLabel")}
              {...form.getInputProps("holder")}
            />
          </>
        )}
        <Button type="submit" size="xs" variant="light" color="red" loading={submit.submitting}>
          {t("commerce.admin.refund")}
        </Button>
      </Group>
    </form>
  );
}
