import { Accordion, Badge, Button, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";
import type { Route } from "./+types/shopping-history";
import { requireGuards } from "~/.server/pages/guard";
import { customerOrders } from "~/.server/domain/commerce/after-sale";
import { invoiceViewsOf } from "~/.server/domain/invoicing/service";
import { OrderInvoice } from "~/components/profile/OrderInvoice";

export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const { db } = args.context.deps;
  const orders = await customerOrders(db, auth.user!.id);
  return { orders, invoices: await invoiceViewsOf(db, auth.user!.id, orders, args.context.deps.clock()) };
}

export const meta = () => [{ title: `${t("auth.profile.nav.shoppingHistory")} · ${t("app.name")}` }];

const PayBalanceModal = lazy(() =>
  import("~/components/commerce/checkout/PayBalanceModal").then((m) => ({ default: m.PayBalanceModal })),
);

// Dark shades on an outline badge: the light variant's small text missed WCAG AA contrast (axe).
const COLOR = {
  paid: "teal.9",
  refunded: "gray.7",
  partially_refunded: "red.9",
  pending_payment: "orange.9",
  canceled: "gray.7",
} as const;

/** Orders with their items and receipt. */
export default function ProfileShoppingHistory({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  // `?pay={id}` (the success page's link after a deposit): that order open, its balance's payment started.
  const [params] = useSearchParams();
  const toPay = orders.find((o) => String(o.id) === params.get("pay") && o.display_balance_due);
  const [paying, setPaying] = useState<{ id: number; display_balance_due: string } | null>(null);
  const { lp } = useLocalePath();
  // Opened once the page is live, not in the server's HTML: a card number typed into a dialog
  // painted before hydration was cleared when the client took over.
  const toPayId = toPay?.id;
  const toPayDue = toPay?.display_balance_due;
  useEffect(() => {
    if (toPayId !== undefined && toPayDue) setPaying({ id: toPayId, display_balance_due: toPayDue });
  }, [toPayId, toPayDue]);
  // Opened as the page loads: the order being paid, else a voucher or transfer still to pay.
  const open = toPay ?? orders.find((o) => o.oxxo ?? o.spei);
  if (orders.length === 0) return <ProfileEmptyState section="shoppingHistory" />;
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t("auth.profile.nav.shoppingHistory")}
      </Title>
      <Accordion variant="separated" radius="md" defaultValue={open ? String(open.id) : undefined}>
        {orders.map((o) => (
          <Accordion.Item key={o.id} value={String(o.id)}>
            <Accordion.Control>
              <Group justify="space-between" wrap="nowrap" pr="sm">
                <Stack gap={0}>
                  <Text fw={600}>{t("commerce.ui.orderNumber", { id: o.id })}</Text>
                  <Text size="xs" c="dimmed">
                    {o.display_date}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end">
                  <Text fw={700}>{o.display_total}</Text>
                  <Badge size="xs" color={COLOR[o.status]} variant="outline">
                    {o.status_label}
                  </Badge>
                </Stack>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap={6}>
                {o.items.map((i) => (
                  <Group key={`${i.scope}${i.ref_id}:${i.variant_id ?? ""}`} justify="space-between" wrap="nowrap">
                    <Text size="sm">
                      {i.qty} × {i.name}
                      {i.variant_label && (
                        <Text span size="xs" c="dimmed" display="block">
                          {i.variant_label}
                        </Text>
                      )}
                    </Text>
                    <Text size="sm">{i.display_total}</Text>
                  </Group>
                ))}
                <Divider my={4} />
                <Row label={t("commerce.totals.subtotal")} value={o.display_subtotal} />
                {o.display_discount && <Row label={t("commerce.ui.discount")} value={`-${o.display_discount}`} />}
                {o.display_shipping && <Row label={t("commerce.totals.shipping")} value={o.display_shipping} />}
                {o.display_gift_card && <Row label={t("commerce.totals.giftCard")} value={`-${o.display_gift_card}`} />}
                <Row label={t("commerce.totals.total")} value={o.display_total} bold />
                {/* With a deposit, both instalments: the first paid, the second due or paid. */}
                {o.receipt.instalments.map((l) => (
                  <Row key={l.kind} label={l.label} value={l.display_amount} bold={l.kind === "balance_due"} />
                ))}
                {o.oxxo && (
                  <Stack gap={4}>
                    <Text size="sm">
                      {t("commerce.oxxo.pendingUntil", { amount: o.oxxo.display_amount, date: o.oxxo.display_expires })}
                    </Text>
                    <Button component={Link} to={lp(o.oxxo.url)} size="sm" variant="outline">
                      {t("commerce.oxxo.viewVoucher")}
                    </Button>
                  </Stack>
                )}
                {o.spei && (
                  <Stack gap={4}>
                    <Text size="sm">
                      {o.spei.display_owed
                        ? t("commerce.spei.pendingOwed", {
                            received: o.spei.display_received ?? "",
                            owed: o.spei.display_owed,
                            date: o.spei.display_expires,
                          })
                        : t("commerce.spei.pendingUntil", {
                            amount: o.spei.display_amount,
                            date: o.spei.display_expires,
                          })}
                    </Text>
                    <Button component={Link} to={lp(o.spei.url)} size="sm" variant="outline">
                      {t("commerce.spei.viewInstructions")}
                    </Button>
                  </Stack>
                )}
                {o.display_balance_due && (
                  <>
                    <Button
                      size="sm"
                      onClick={() => setPaying({ id: o.id, display_balance_due: o.display_balance_due! })}
                    >
                      {t("commerce.deposit.payBalance", { amount: o.display_balance_due })}
                    </Button>
                  </>
                )}
                <Text size="xs" c="dimmed">
                  {o.card
                    ? t("commerce.ui.paidWithCard", { brand: (o.card.brand ?? "").toUpperCase(), last4: o.card.last4 })
                    : t(`commerce.ui.paidWith.${o.payment_method}`)}
                  {o.installment_months ? ` · ${t("commerce.msi.chosen", { n: o.installment_months })}` : ""}
                </Text>
                {o.shipment && (
                  <Text size="xs">
                    {t("commerce.ui.shipment")}: {o.shipment.status_label} · {o.shipment.code}
                  </Text>
                )}
                <OrderInvoice orderId={o.id} view={loaderData.invoices[o.id]} />
                {o.gift_cards.map((g) => (
                  <Text key={g.id} size="xs">
                    {t("commerce.kinds.gift_card")} {g.display_amount} · {g.recipient_name}: {g.status_label}
                  </Text>
                ))}
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      {paying && (
        <Suspense fallback={null}>
          <PayBalanceModal order={paying} onClose={() => setPaying(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

function Row({ label, value, bold }: { label: string; value: string; bold?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Text size="sm" fw={bold ? 700 : 400}>
        {label}
      </Text>
      <Text size="sm" fw={bold ? 700 : 400} style={{ whiteSpace: "nowrap" }}>
        {value}
      </Text>
    </Group>
  );
}
