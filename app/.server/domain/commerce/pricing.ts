/**
 * Prices and totals in integer cents (MXN), computed on the server only. Pure functions: the cart
 * service feeds them rows from the database; the unit tests feed them literals.
 */
import { percentOfCents } from "~/shared/mexico/money";
import type { CartScope } from "../../db/schema/commerce";

export interface PricedLine {
  scope: CartScope;
  refId: number;
  qty: number;
  unitCents: number;
}

export interface VoucherRule {
  kind: "percent" | "fixed";
  /** Percent 1-100, or cents. */
  value: number;
  scope: "all" | CartScope;
}

export interface Totals {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  giftCardCents: number;
  totalCents: number;
  /** Charged now: the whole total, or the first of two installments with a deposit. */
  dueNowCents: number;
}

const lineTotal = (l: PricedLine) => l.unitCents * l.qty;

/** The part of the subtotal a voucher may discount (never a gift card sold online). */
function eligibleCents(lines: PricedLine[], voucher: VoucherRule) {
  return lines
    .filter((l) => l.scope !== "gift_card" && (voucher.scope === "all" || voucher.scope === l.scope))
    .reduce((s, l) => s + lineTotal(l), 0);
}

/** Discount of a voucher: percent rounded half up to the cent, fixed capped at what it applies to. */
export function discountCents(lines: PricedLine[], voucher: VoucherRule | null) {
  if (!voucher) return 0;
  const base = eligibleCents(lines, voucher);
  if (base <= 0) return 0;
  if (voucher.kind === "percent") return Math.min(base, percentOfCents(base, voucher.value));
  return Math.min(base, voucher.value);
}

/** A deposit's first instalment: half the total, rounded up to the cent. */
export const depositFirstCents = (totalCents: number) => Math.ceil(totalCents / 2);

/**
 * Subtotal − voucher + shipping, then the gift-card balance pays what it can (not gift cards bought). With a deposit (two
 * installments) the first is charged now: half, rounded up to the cent.
 */
export function computeTotals(input: {
  lines: PricedLine[];
  voucher: VoucherRule | null;
  shippingCents: number;
  giftCardBalanceCents: number;
  deposit?: boolean;
}): Totals {
  const subtotalCents = input.lines.reduce((s, l) => s + lineTotal(l), 0);
  const discount = discountCents(input.lines, input.voucher);
  const beforeGift = subtotalCents - discount + input.shippingCents;
  // A gift card's balance never pays for gift cards bought in the same cart.
  const giftCardLines = input.lines.filter((l) => l.scope === "gift_card").reduce((s, l) => s + lineTotal(l), 0);
  const giftCardCents = Math.max(0, Math.min(input.giftCardBalanceCents, beforeGift - giftCardLines));
  const totalCents = beforeGift - giftCardCents;
  const dueNowCents = input.deposit ? depositFirstCents(totalCents) : totalCents;
  return {
    subtotalCents,
    discountCents: discount,
    shippingCents: input.shippingCents,
    giftCardCents,
    totalCents,
    dueNowCents,
  };
}

/** Quantity rules of spec §5: above max_purchase (when > 0) is refused; below min_purchase removes. */
export function applyQty(
  requested: number,
  rule: { min: number; max: number },
): { action: "set"; qty: number } | { action: "remove" } | { action: "tooMany"; max: number } {
  if (requested <= 0 || requested < rule.min) return { action: "remove" };
  if (rule.max > 0 && requested > rule.max) return { action: "tooMany", max: rule.max };
  return { action: "set", qty: requested };
}
