import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect } from "react";
import { Form, useFetcher } from "react-router";
import { AdminErrorBoundary, SoftBadge } from "~/components/admin/kit";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import { listPayments, refundPayment } from "~/.server/domain/commerce/after-sale";
import { publicReads } from "~/.server/domain/content/public-reads";
import { AppError } from "~/.server/http/errors";
import { refundAmount } from "~/shared/schemas/commerce";
import type { Route } from "./+types/payments";

const METHODS = ["card", "paypal", "gift_card"] as const;
const STATUSES = ["succeeded", "refunded", "partially_refunded", "failed"] as const;

/** /admin/payments and /admin/payments/list: filters by date, studio, method, status; totals; refunds. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "commerce.read" });
  const q = new URL(args.request.url).searchParams;
  const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null);
  const from = day(q.get("from"));
  const to = day(q.get("to"));
  const studio = /^\d{1,9}$/.test(q.get("studio_id") ?? "") ? Number(q.get("studio_id")) : undefined;
  const method = METHODS.find((m) => m === q.get("method"));
  const status = STATUSES.find((s) => s === q.get("status"));
  const [list, studios] = await Promise.all([
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
  ]);
  return {
    ...list,
    filters: { from, to, studio_id: studio ?? null, method: method ?? null, status: status ?? null },
    studios: studios.map((s) => ({ value: String(s.id), label: s.name })),
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = requireAdminPage(args, { permission: "commerce.write" });
  const form = await args.request.formData();
  const id = Number(form.get("id"));
  const amount = refundAmount.safeParse(form.get("amount") ?? undefined);
  if (!amount.success) return { ok: false, message: amount.error.issues[0]!.message };
  try {
    const r = await refundPayment(args.context.deps, id, actor.id, amount.data);
    const key = r.status === "refunded" ? "commerce.admin.refundDone" : "commerce.refund.partialDone";
    return { ok: true, message: t(key, { n: r.revoked }) };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, message: e.message };
    throw e;
  }
}

export const meta = () => [{ title: `${t("commerce.admin.paymentsTitle")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

const STATUS_COLOR = { succeeded: "teal", refunded: "gray", partially_refunded: "yellow", failed: "red" } as const;

export default function AdminPayments({ loaderData }: Route.ComponentProps) {
  const { items, totals, filters, studios } = loaderData;
  const fetcher = useFetcher<typeof action>();
  useEffect(() => {
    if (fetcher.data) notifications.show({ color: fetcher.data.ok ? "teal" : "red", message: fetcher.data.message });
  }, [fetcher.data]);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("commerce.admin.paymentsTitle")}
      </Title>
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
              data={METHODS.map((m) => ({ value: m, label: t(`commerce.ui.paidWith.${m}`) }))}
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
                <Table.Td>{p.studio ?? "—"}</Table.Td>
                <Table.Td>{p.card ?? t(`commerce.ui.paidWith.${p.method}`)}</Table.Td>
                <Table.Td>
                  {p.display_amount}
                  {p.refunded_cents > 0 && (
                    <Text size="xs" c="dimmed">
                      {t("commerce.admin.refunded")}: {p.display_refunded}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <SoftBadge color={STATUS_COLOR[p.status]}>{t(`commerce.admin.statuses.${p.status}`)}</SoftBadge>
                </Table.Td>
                <Table.Td>
                  {(p.status === "succeeded" || p.status === "partially_refunded") && p.order_id && (
                    <RefundForm fetcher={fetcher} payment={p} />
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

/** Refund all that is left (amount empty) or part of it; confirmed before it goes. */
function RefundForm({
  fetcher,
  payment: p,
}: {
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
  payment: Payment;
}) {
  const left = p.amount_cents - p.refunded_cents;
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) => {
        const typed = String(new FormData(e.currentTarget).get("amount") ?? "").trim();
        const amount = typed ? `$${typed}` : p.display_left;
        if (!window.confirm(t("commerce.admin.refundConfirm", { amount }))) e.preventDefault();
      }}
    >
      <input type="hidden" name="id" value={p.id} />
      <Group gap={6} wrap="nowrap" align="flex-end">
        {left > 0 && (
          <TextInput
            name="amount"
            size="xs"
            w={110}
            inputMode="decimal"
            aria-label={t("commerce.refund.amountLabel")}
            placeholder={p.display_left}
            title={t("commerce.refund.amountHint", { amount: p.display_left })}
          />
        )}
        <Button type="submit" size="xs" variant="light" color="red" loading={fetcher.state !== "idle"}>
          {t("commerce.admin.refund")}
        </Button>
      </Group>
    </fetcher.Form>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}
