/**
 * An order as its receipt: every line that makes the total (items, voucher discount, shipping, gift
 * card), the total, and with a deposit the two instalments. The success page, the purchase history
 * and the receipt mails all read it, so they cannot disagree with each other or with the charge.
 * A card charge paid in meses sin intereses adds what each month costs.
 */
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { and, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderItems, type orders, payments, vouchers } from "../../db/schema";
import type { Receipt } from "~/shared/schemas/commerce-answers";
import { monthlyCents } from "./installments";
import { depositFirstCents } from "./pricing";
import { escapeHtml } from "../../lib/html";

type ReceiptLine = Receipt["lines"][number];

type Order = Pick<
  typeof orders.$inferSelect,
  "subtotalCents" | "discountCents" | "shippingCents" | "giftCardCents" | "totalCents" | "deposit" | "balanceDueCents"
>;
type Item = Pick<typeof orderItems.$inferSelect, "name" | "variantLabel" | "qty" | "totalCents">;

/** "Leggings Nucleo (Talla M · Color Negro)": the item's name with its variant's snapshot, if any. */
const itemName = (i: Pick<Item, "name" | "variantLabel">) =>
  i.variantLabel ? `${i.name} (${i.variantLabel})` : i.name;

const line = (kind: ReceiptLine["kind"], label: string, cents: number): ReceiptLine => ({
  kind,
  label,
  amount_cents: cents,
  display_amount: cents < 0 ? `-${formatMoney(-cents)}` : formatMoney(cents),
});

/** A card charge split in months without interest: how many, and the amount charged. */
export interface MsiCharge {
  months: number;
  amountCents: number;
}

export function orderReceipt(
  order: Order,
  items: Item[],
  voucherCode: string | null,
  msi: MsiCharge | null = null,
): Receipt {
  const lines = items.map((i) => line("item", `${i.qty} × ${itemName(i)}`, i.totalCents));
  if (order.discountCents > 0)
    lines.push(
      line(
        "discount",
        voucherCode ? t("commerce.totals.discount", { code: voucherCode }) : t("commerce.receipt.discount"),
        -order.discountCents,
      ),
    );
  if (order.shippingCents > 0) lines.push(line("shipping", t("commerce.totals.shipping"), order.shippingCents));
  if (order.giftCardCents > 0) lines.push(line("gift_card", t("commerce.totals.giftCard"), -order.giftCardCents));
  const instalments: ReceiptLine[] = [];
  if (order.deposit) {
    const first = depositFirstCents(order.totalCents);
    instalments.push(line("first_instalment", t("commerce.totals.depositToday"), first));
    instalments.push(
      order.balanceDueCents > 0
        ? line("balance_due", t("commerce.deposit.balanceDue"), order.balanceDueCents)
        : line("second_instalment", t("commerce.receipt.secondInstalment"), order.totalCents - first),
    );
  }
  if (msi)
    instalments.push(
      line("msi_monthly", t("commerce.receipt.msi", { n: msi.months }), monthlyCents(msi.amountCents, msi.months)),
    );
  return { lines, total: line("total", t("commerce.totals.total"), order.totalCents), instalments };
}

/** Receipts of stored orders, by order id: their items and voucher codes read in two queries. */
export async function receiptsOf(db: Db, os: (Order & { id: number; voucherId: number | null })[]) {
  const out = new Map<number, Receipt>();
  if (os.length === 0) return out;
  const voucherIds = [...new Set(os.flatMap((o) => (o.voucherId ? [o.voucherId] : [])))];
  const [items, codes, msi] = await Promise.all([
    db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          os.map((o) => o.id),
        ),
      )
      .orderBy(orderItems.id),
    voucherIds.length
      ? db.select({ id: vouchers.id, code: vouchers.code }).from(vouchers).where(inArray(vouchers.id, voucherIds))
      : Promise.resolve([]),
    msiChargesOf(
      db,
      os.map((o) => o.id),
    ),
  ]);
  for (const o of os)
    out.set(
      o.id,
      orderReceipt(
        o,
        items.filter((i) => i.orderId === o.id),
        codes.find((c) => c.id === o.voucherId)?.code ?? null,
        msi.get(o.id) ?? null,
      ),
    );
  return out;
}

/** The orders' card charges paid in meses sin intereses, by order id. */
export async function msiChargesOf(db: Db, orderIds: number[]) {
  const out = new Map<number, MsiCharge>();
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({ orderId: payments.orderId, months: payments.installmentMonths, amountCents: payments.amountCents })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), isNotNull(payments.installmentMonths)));
  for (const r of rows) if (r.orderId && r.months) out.set(r.orderId, { months: r.months, amountCents: r.amountCents });
  return out;
}

/** One stored order's receipt. */
export const receiptOf = async (db: Db, o: Parameters<typeof receiptsOf>[1][number]) =>
  (await receiptsOf(db, [o])).get(o.id)!;

/** The receipt as a mail's text and HTML: the lines, the total in bold, then the instalments. */
export function receiptMailParts(r: Receipt): { text: string[]; html: string } {
  const row = (l: ReceiptLine) => `${l.label}: ${l.display_amount}`;
  return {
    text: [...r.lines, r.total, ...r.instalments].map(row),
    html: [
      `<ul>${r.lines.map((l) => `<li>${escapeHtml(row(l))}</li>`).join("")}</ul>`,
      `<p><strong>${escapeHtml(row(r.total))}</strong></p>`,
      ...r.instalments.map((l) => `<p>${escapeHtml(row(l))}</p>`),
    ].join(""),
  };
}
