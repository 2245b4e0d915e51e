import {
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { PageHeader } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { closeShiftAnswer, withdrawalAnswer } from "~/shared/schemas/shifts-answers";
import { t } from "~/lib/messages";
import { notifications } from "~/lib/toast";
import { centsToDecimal, formatMoney, parsePesos } from "~/shared/mexico/money";
import { formatDateTime } from "~/shared/mexico/time";
import { BILLS, COINS, cashDifference } from "~/shared/shifts";
import type { Route } from "./+types/close-turn";
import { requireCashierPage } from "../.server/page";

/**
 * `/admin/close-turn` (cashiers layout): the caller's open shift with its figures; cash withdrawals
 * with a reason; closing with the cash counted by denomination, the card-terminal and transfer
 * totals, the difference and notes, after a confirmation; then the printable report (PDF).
 * Administrator-type 1 may open anyone's open shift here with `?shift=<id>` (from /admin/turns).
 */
export async function loader(args: Route.LoaderArgs) {
  requireCashierPage(args);
  const { openShiftOf, shiftDetail, isFullAdministrator } = await import("~/.server/domain/shifts/service");
  const db = args.context.deps.db;
  const user = args.context.auth.user!;
  const asked = Number(new URL(args.request.url).searchParams.get("shift"));
  let id: number | null = null;
  if (Number.isSafeInteger(asked) && asked > 0 && isFullAdministrator(user)) id = asked;
  else id = (await openShiftOf(db, user.id))?.id ?? null;
  if (id === null) return { shift: null };
  const d = await shiftDetail(db, id);
  return {
    shift: {
      id: d.shift.id,
      closed: d.shift.closedAt !== null,
      studio: d.studioName,
      employee: d.employeeName,
      turnType: d.shift.turnType,
      openedAt: d.shift.openedAt.toISOString(),
      totals: d.totals,
      expectedCents: d.expectedCents,
      movements: d.movements.map((m) => ({
        id: m.id,
        kind: m.kind,
        method: m.method,
        amountCents: m.amountCents,
        reason: m.reason,
        createdAt: m.createdAt.toISOString(),
      })),
    },
  };
}

export const meta = () => [{ title: `${t("shifts.close.title")} · ${t("app.name")}` }];

type Shift = NonNullable<Route.ComponentProps["loaderData"]["shift"]>;

/** A recorded total's hint, saying which refunds it already nets. */
const withRefunds = (hint: string, refundsCents: number) =>
  refundsCents > 0 ? `${hint} ${t("shifts.close.refundsNetted", { amount: formatMoney(refundsCents) })}` : hint;

function Figure({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text fw={strong ? 700 : 400}>{label}</Text>
      <Text fw={strong ? 700 : 400} ta="right">
        {formatMoney(cents)}
      </Text>
    </Group>
  );
}

function Withdrawal({ shiftId, onDone }: { shiftId: number; onDone: () => void }) {
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  async function submit() {
    setLoading(true);
    const r = await api<ApiData<typeof withdrawalAnswer>>(`/cashier/turn/${shiftId}/withdrawal`, {
      json: { amount, reason },
    });
    setLoading(false);
    if (r.ok) {
      notifications.show({ color: "teal", message: r.data.Message });
      setAmount("");
      setReason("");
      setErrors({});
      onDone();
    } else if (!r.expired) {
      setErrors(r.fields);
      notifications.show({ color: "red", message: r.message });
    }
  }
  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label={t("shifts.close.withdrawal.title")}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t("shifts.close.withdrawal.title")}
          </Title>
          <TextInput
            label={t("shifts.close.withdrawal.amount")}
            inputMode="decimal"
            placeholder={formatMoney(0)}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            error={errors.amount}
          />
          <TextInput
            label={t("shifts.close.withdrawal.reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={errors.reason}
          />
          <Button type="submit" variant="light" loading={loading}>
            {t("shifts.close.withdrawal.submit")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function CountInputs({
  title,
  dens,
  count,
  setCount,
}: {
  title: string;
  dens: readonly number[];
  count: Record<string, number>;
  setCount: (c: Record<string, number>) => void;
}) {
  return (
    <Stack gap="xs">
      <Text fw={700}>{title}</Text>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {dens.map((d) => (
          <NumberInput
            key={d}
            label={formatMoney(d)}
            aria-label={t("shifts.close.countOf", { den: formatMoney(d) })}
            min={0}
            allowNegative={false}
            allowDecimal={false}
            value={count[String(d)] ?? 0}
            onChange={(v) => setCount({ ...count, [String(d)]: typeof v === "number" ? v : Number(v) || 0 })}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function CloseForm({ shift }: { shift: Shift }) {
  const [count, setCount] = useState<Record<string, number>>({});
  const [card, setCard] = useState(centsToDecimal(Math.max(0, shift.totals.cardSalesCents)));
  const [transfer, setTransfer] = useState(centsToDecimal(Math.max(0, shift.totals.transferSalesCents)));
  // What stays for the next shift: the opening petty cash, unless less cash is expected.
  const [left, setLeft] = useState(
    centsToDecimal(Math.max(0, Math.min(shift.totals.openingCashCents, shift.expectedCents))),
  );
  const [notes, setNotes] = useState("");
  const [confirming, setConfirming] = useState(false);
  const [loading, setLoading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [closed, setClosed] = useState<{ counted: number; expected: number; difference: number } | null>(null);
  // Integer cents only: each denomination (cents) times its whole count.
  const counted = [...BILLS, ...COINS].reduce((sum, d) => sum + d * (count[String(d)] ?? 0), 0);
  const difference = cashDifference(counted, shift.expectedCents);

  async function close() {
    setLoading(true);
    const r = await api<ApiData<typeof closeShiftAnswer>>(`/cashier/turn/${shift.id}/close`, {
      json: { count, card, transfer, left_cash: left, notes },
    });
    setLoading(false);
    setConfirming(false);
    if (r.ok) {
      notifications.show({ color: "teal", message: r.data.Message });
      setClosed({
        counted: r.data.counted_cents,
        expected: r.data.expected_cents,
        difference: r.data.difference_cents,
      });
    } else if (!r.expired) {
      setErrors(r.fields);
      notifications.show({ color: "red", message: r.message });
    }
  }

  if (closed)
    return (
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Title order={2} fz="lg">
            {t("shifts.close.closed")}
          </Title>
          <Text>{t("shifts.close.closedIntro")}</Text>
          <Figure label={t("shifts.close.expected")} cents={closed.expected} />
          <Figure label={t("shifts.close.counted")} cents={closed.counted} />
          <Figure label={t("shifts.close.difference")} cents={closed.difference} strong />
          <Button component="a" href={`/api/cashier/turn/${shift.id}/report`} download>
            {t("shifts.close.report")}
          </Button>
        </Stack>
      </Paper>
    );

  return (
    <Paper withBorder radius="md" p="md">
      <form
        aria-label={t("shifts.close.title")}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setConfirming(true);
        }}
      >
        <Stack>
          <CountInputs title={t("shifts.close.bills")} dens={BILLS} count={count} setCount={setCount} />
          <CountInputs title={t("shifts.close.coins")} dens={COINS} count={count} setCount={setCount} />
          {errors.count && (
            <Text c="red.9" size="sm">
              {errors.count}
            </Text>
          )}
          <Figure label={t("shifts.close.counted")} cents={counted} strong />
          <Figure label={t("shifts.close.expected")} cents={shift.expectedCents} />
          <Figure label={t("shifts.close.difference")} cents={difference} strong />
          <TextInput
            label={t("shifts.close.card")}
            description={withRefunds(
              t("shifts.close.cardRecorded", { amount: formatMoney(shift.totals.cardSalesCents) }),
              shift.totals.cardRefundsCents,
            )}
            inputMode="decimal"
            value={card}
            onChange={(e) => setCard(e.currentTarget.value)}
            error={errors.card}
          />
          <TextInput
            label={t("shifts.close.transfer")}
            description={withRefunds(
              t("shifts.close.transferRecorded", { amount: formatMoney(shift.totals.transferSalesCents) }),
              shift.totals.transferRefundsCents,
            )}
            inputMode="decimal"
            value={transfer}
            onChange={(e) => setTransfer(e.currentTarget.value)}
            error={errors.transfer}
          />
          <TextInput
            label={t("shifts.close.leftCash")}
            description={t("shifts.close.leftCashHint")}
            inputMode="decimal"
            value={left}
            onChange={(e) => setLeft(e.currentTarget.value)}
            error={errors.left_cash}
          />
          <Textarea
            label={t("shifts.close.notes")}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            error={errors.notes}
            autosize
            minRows={2}
          />
          <Button type="submit" color="brand">
            {t("shifts.close.submit")}
          </Button>
        </Stack>
      </form>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t("shifts.close.confirmTitle")} centered>
        <Stack>
          <Text>
            {t("shifts.close.confirmBody", {
              counted: formatMoney(counted),
              expected: formatMoney(shift.expectedCents),
              difference: formatMoney(difference),
            })}
          </Text>
          {parsePesos(left) === null && (
            <Text c="red.9" size="sm">
              {t("shifts.errors.pettyCash")}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("shifts.start.cancel")}
            </Button>
            <Button onClick={() => void close()} loading={loading}>
              {t("shifts.close.confirm")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

export default function CloseTurn({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const shift = loaderData.shift;
  if (!shift)
    return (
      <Stack>
        <PageHeader title={t("shifts.close.title")} />
        <Text>{t("shifts.close.noShift")}</Text>
      </Stack>
    );
  return (
    <Stack maw={760}>
      <PageHeader
        title={t("shifts.close.title")}
        description={t("shifts.close.shiftOf", {
          turn: shift.turnType,
          employee: shift.employee,
          studio: shift.studio,
          opened: formatDateTime(shift.openedAt),
        })}
      />
      <Text c="dimmed">{t("shifts.close.intro")}</Text>
      <Paper withBorder radius="md" p="md">
        <Stack gap={6}>
          <Figure label={t("shifts.close.opening")} cents={shift.totals.openingCashCents} />
          <Figure label={t("shifts.close.cashSales")} cents={shift.totals.cashSalesCents} />
          <Figure label={t("shifts.close.withdrawals")} cents={-shift.totals.withdrawalsCents} />
          <Figure label={t("shifts.close.cashRefunds")} cents={-shift.totals.cashRefundsCents} />
          <Figure label={t("shifts.close.expected")} cents={shift.expectedCents} strong />
        </Stack>
      </Paper>
      {shift.closed ? (
        <Button component="a" href={`/api/cashier/turn/${shift.id}/report`} download>
          {t("shifts.close.report")}
        </Button>
      ) : (
        <>
          <Withdrawal shiftId={shift.id} onDone={() => void revalidate()} />
          <CloseForm key={shift.id} shift={shift} />
        </>
      )}
      <Paper withBorder radius="md" p="md">
        <Title order={2} fz="lg" mb="sm">
          {t("shifts.close.movements")}
        </Title>
        {shift.movements.length === 0 ? (
          <Text c="dimmed">{t("shifts.close.noMovements")}</Text>
        ) : (
          <Table>
            <Table.Tbody>
              {shift.movements.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{formatDateTime(m.createdAt)}</Table.Td>
                  <Table.Td>
                    {t(`shifts.kinds.${m.kind}`)} · {t(`shifts.methods.${m.method}`)}
                    {m.reason ? ` · ${m.reason}` : ""}
                  </Table.Td>
                  <Table.Td ta="right">
                    {formatMoney(m.kind === "withdrawal" || m.kind === "refund" ? -m.amountCents : m.amountCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}
