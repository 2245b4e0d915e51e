/**
 * Checkout as named steps (see `workflow.ts`). A cart is paid in five steps:
 *
 * - **price**: the cart becomes priced lines and totals (discount, gift card, shipping); the amount
 *   must be the one charged.
 * - **hold**: before the gateway is called, the cart takes from shared stock what the order needs
 *   (product units, one use of the voucher, the gift card's balance) and the hold is committed with
 *   an expiry (`holds.ts`: `takeHold`); the buyer who finds the last unit held is told «agotado»
 *   and nothing is charged. The cart's charge slot is written down too (`openCharge`). A refused
 *   charge releases both; a hold nobody converts lapses (the release-holds task).
 * - **charge**: the gateway takes the money (`setupIntent`, PayPal's capture), or gives an OXXO
 *   voucher or SPEI transfer to pay later. Its compensation is the refund (`failAndRefund`).
 * - **record**: in one transaction under the cart's lock, the hold is converted (or, if it lapsed,
 *   taken there and then), and the order, its payment and items, the voucher redemption and the
 *   gift card movement are written; the cart is paid. A pending voucher's order waits «pendiente de
 *   pago».
 * - **fulfil**: after the commit, once per paid order (its row locked and marked): credit lots,
 *   gift cards sold, shipment, certification, saved card, receipt mail. The same function is a job
 *   sent in the record transaction, so a server that dies after the commit leaves it to the queue.
 *
 * Every step takes its dependencies as arguments (small ports), so each is unit-tested without a
 * database (tests/unit/checkout-steps.test.ts); `checkout-ports.ts` has the database's ports.
 */
import { t } from "~/lib/messages";
import type { AddressSnapshot, FulfilmentPlan, orders, payments } from "../../db/schema";
import type { GrantLotInput } from "../credits/ledger";
import type { CartContext, CartLine, CartRow } from "./cart";
import type { Intent, PaymentMethodInfo } from "./gateways/types";
import type { Step } from "./workflow";

const DAY = 86_400_000;

export type OrderRow = typeof orders.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type PaymentInsert = typeof payments.$inferInsert;

/** A rule broken while recording: the transaction is rolled back and the charge refunded. */
export class FulfilmentError extends Error {}

/** This very charge already failed and was refunded: nothing to record, nothing to refund again. */
export class AlreadyFailed extends Error {}

/** A succeeded charge to turn into an order. */
export interface FulfilInput {
  gateway: PaymentRow["gateway"];
  method: PaymentRow["method"];
  intent: Intent;
  studioId: number | null;
}

/** What the order's transaction needs but need not read under the cart lock. */
export interface Prefetched {
  pm: PaymentMethodInfo | null;
  user: { email: string; name: string } | null;
}

/** The state the steps of a paid cart share. */
export interface SettleState {
  input: FulfilInput;
  /** The cart row, locked. */
  cart: CartRow;
  now: Date;
  pre: Prefetched;
  priced?: CartContext;
  address?: AddressSnapshot | null;
  order?: OrderRow;
  items?: { line: CartLine; itemId: number }[];
}

const need = <T>(v: T | undefined, what: string): T => {
  if (v === undefined) throw new Error(`checkout: ${what} is missing (a step ran out of order)`);
  return v;
};

/** A line that takes units from stock (a store product), not credits nor a gift card. */
const isStockLine = (l: Pick<CartLine, "scope">) => l.scope !== "pack" && l.scope !== "plan" && l.scope !== "gift_card";

// ---------- price ----------

export interface PricePort {
  cartContext(cart: CartRow, now: Date): Promise<CartContext>;
  addressSnapshot(addressId: number): Promise<AddressSnapshot>;
}

/** price: the cart as it is now; refused when it cannot be paid or its amount is not the charge's. */
export function priceStep(port: PricePort): Step<SettleState> {
  return {
    name: "price",
    async run({ cart, now, input }) {
      const priced = await port.cartContext(cart, now);
      if (priced.reason) throw new FulfilmentError(priced.reason);
      if (priced.totals.dueNowCents !== input.intent.amountCents)
        throw new FulfilmentError(t("commerce.payment.amountMismatch"));
      const address = priced.requiresShipping ? await port.addressSnapshot(cart.addressId!) : null;
      return { priced, address };
    },
  };
}

// ---------- hold ----------

export interface HoldPort {
  /** Takes the line's units (conditional update); false when there are not enough. */
  takeStock(line: { refId: number; variantId: number | null; qty: number }): Promise<boolean>;
  /** One use of the voucher (conditional on its limit); false when used up. */
  useVoucher(voucherId: number): Promise<boolean>;
  /** Takes `cents` from the gift card's balance (conditional); false when it has less. */
  spendGiftCard(giftCardId: number, cents: number, now: Date): Promise<boolean>;
  /**
   * The cart's hold, taken and committed before the charge (`holds.ts`), becomes the order's: true
   * when it covers this version of the cart and this amount. Absent or false: the step takes the
   * items itself (no hold was taken, or it lapsed).
   */
  convertHeld?(cart: { id: number; version: number }, amountCents: number, orderId: null, now: Date): Promise<boolean>;
}

/**
 * hold, in the order's transaction: converts the hold taken before the charge; when there is none
 * (a gift card paying it all, a hold that lapsed) takes from shared stock what the order needs,
 * each a conditional update (two buyers of the last unit: the second finds none, and its charge is
 * refunded by the charge's compensation).
 */
export function holdStep(port: HoldPort): Step<SettleState> {
  return {
    name: "hold",
    async run({ priced, now, cart, input }) {
      const ctx = need(priced, "price");
      if (port.convertHeld && (await port.convertHeld(cart, input.intent.amountCents, null, now))) return;
      for (const line of ctx.lines.filter(isStockLine))
        if (!(await port.takeStock(line))) throw new FulfilmentError(t("commerce.cart.outOfStock", { n: 0 }));
      if (ctx.totals.discountCents > 0 && !(await port.useVoucher(ctx.voucher!.id)))
        throw new FulfilmentError(t("commerce.voucher.exhausted"));
      if (ctx.totals.giftCardCents > 0 && !(await port.spendGiftCard(ctx.giftCard!.id, ctx.totals.giftCardCents, now)))
        throw new FulfilmentError(t("commerce.giftCard.empty"));
    },
  };
}

// ---------- charge ----------

export interface ChargePort {
  /**
   * The compensation: the charge is recorded as failed and refunded through its gateway (once),
   * unless another call already made it this cart's order: then that order.
   */
  refund(input: FulfilInput, cause: unknown): Promise<{ order: OrderRow } | null>;
  /** The compensation of a voucher awaited (nothing taken yet): cancelled at the gateway, its hold given back. */
  cancelPending?(input: FulfilInput): Promise<void>;
}

/** State of a charge's workflow: the answer of its compensation when another call recorded it. */
export interface ChargedState extends Partial<SettleState> {
  input: FulfilInput;
  recordedElsewhere?: OrderRow;
  duplicate?: boolean;
}

/**
 * charge, taken: the money is with the gateway (a succeeded intent, a captured PayPal order, or 0
 * with a gift card). Nothing left to ask of it; its compensation gives the money back.
 */
export function chargeTakenStep(port: ChargePort): Step<ChargedState> {
  return {
    name: "charge",
    async run({ input }) {
      if (input.intent.status !== "succeeded" && !pendingOf(input))
        throw new FulfilmentError(t("commerce.payment.notCompleted"));
    },
    async compensate(state, cause) {
      // Already refunded by an earlier call: nothing more to give back.
      if (cause instanceof AlreadyFailed) return;
      if (pendingOf(state.input)) {
        await port.cancelPending?.(state.input);
        return;
      }
      const elsewhere = await port.refund(state.input, cause);
      if (elsewhere) state.recordedElsewhere = elsewhere.order;
    },
  };
}

// ---------- record ----------

export interface OrderWriter {
  /** The studio the checkout named, else the one kept on the charge, else the customer's home studio. */
  studioFor(cart: CartRow, input: FulfilInput): Promise<number | null>;
  insertOrder(values: ReturnType<typeof orderValues>): Promise<OrderRow>;
  insertPayment(values: PaymentInsert): Promise<void>;
  insertItem(orderId: number, line: CartLine): Promise<number>;
  redeemVoucher(voucherId: number, userId: number, orderId: number, amountCents: number): Promise<void>;
  noteGiftCardSpend(giftCardId: number, cents: number, orderId: number, userId: number): Promise<void>;
  markCartPaid(cartId: number, now: Date): Promise<void>;
  closeCharge(intentId: string, now: Date): Promise<void>;
  /** Keeps on the order what its fulfilment will do (written once its items have their ids). */
  setFulfilment(orderId: number, plan: FulfilmentPlan): Promise<void>;
  /** After commit, `fulfilOrder` runs the order's fulfilment; this job is its retry (sent in the transaction). */
  queueFulfilment(orderId: number): Promise<void>;
}

/**
 * How a charge records: `paid` (the money is taken) or `pending` (an OXXO voucher or a SPEI
 * transfer the provider will confirm by webhook: the order waits as «pendiente de pago»).
 */
function pendingOf(input: FulfilInput) {
  return (
    input.intent.status === "requires_action" &&
    (input.method === "oxxo" || input.method === "spei" || (input.method === "mercadopago" && !!input.intent.pending))
  );
}

/** The order row of a priced cart. */
function orderValues(
  s: Pick<SettleState, "cart" | "input" | "now">,
  ctx: CartContext,
  studioId: number | null,
  address: AddressSnapshot | null,
  fulfilment: FulfilmentPlan,
) {
  const { totals } = ctx;
  return {
    userId: s.cart.userId,
    cartId: s.cart.id,
    studioId,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    shippingCents: totals.shippingCents,
    giftCardCents: totals.giftCardCents,
    totalCents: totals.totalCents,
    voucherId: totals.discountCents > 0 ? ctx.voucher!.id : null,
    paymentMethod: s.input.method,
    status: pendingOf(s.input) ? ("pending_payment" as const) : ("paid" as const),
    deposit: s.cart.deposit,
    balanceDueCents: totals.totalCents - totals.dueNowCents,
    shippingAddress: address,
    fulfilment,
    createdAt: s.now,
    updatedAt: s.now,
  };
}

/** The first payment of an order (the charge that paid it, or the voucher/transfer awaited). */
function paymentValues(s: Pick<SettleState, "cart" | "input" | "now" | "pre">, order: OrderRow): PaymentInsert {
  const pending = pendingOf(s.input);
  return {
    cartId: s.cart.id,
    orderId: order.id,
    userId: s.cart.userId,
    studioId: order.studioId,
    gateway: s.input.gateway,
    method: s.input.method,
    providerPaymentId: s.input.intent.id,
    idempotencyKey: `order:${s.cart.id}`,
    amountCents: s.input.intent.amountCents,
    status: pending ? "pending" : "succeeded",
    cardBrand: s.pre.pm?.brand ?? null,
    cardLast4: s.pre.pm?.last4 ?? null,
    installmentMonths: s.input.intent.installmentMonths ?? null,
    pendingDetails: pending ? (s.input.intent.pending ?? null) : null,
    expiresAt: pending && s.input.intent.pending ? new Date(s.input.intent.pending.expiresAt) : null,
    createdAt: s.now,
    updatedAt: s.now,
  };
}

/** The credit lot a pack (in person, in its city) or a plan (on demand) grants, or null. */
export function lotFor(
  line: Pick<CartLine, "scope" | "cityId" | "sessions" | "days" | "qty" | "name">,
  userId: number,
  orderId: number,
  itemId: number,
  now: Date,
): GrantLotInput | null {
  if (line.scope !== "pack" && line.scope !== "plan") return null;
  return {
    userId,
    scope: line.scope === "pack" ? "in_person" : "on_demand",
    cityId: line.scope === "pack" ? line.cityId : null,
    quantity: line.sessions === null ? null : line.sessions * line.qty,
    startsAt: now,
    expiresAt: new Date(now.getTime() + line.days! * line.qty * DAY),
    source: "purchase",
    sourceRef: `order_item:${itemId}`,
    actorUserId: userId,
    reason: t("commerce.payment.grantReason", { name: line.name, id: orderId }),
  };
}

/** What fulfilment will do for this order, kept on it (the cart may change or go after the commit). */
function fulfilmentPlan(s: SettleState, ctx: CartContext, items: { line: CartLine; itemId: number }[]): FulfilmentPlan {
  const pm = s.pre.pm;
  return {
    lines: items.map(({ line, itemId }) => ({
      itemId,
      scope: line.scope,
      refId: line.refId,
      area: line.area as FulfilmentPlan["lines"][number]["area"],
      cityId: line.cityId,
      sessions: line.sessions,
      days: line.days,
      qty: line.qty,
      name: line.name,
      variantLabel: line.variantLabel,
      unitCents: line.unitCents,
    })),
    address: s.address ?? null,
    shippingMethodId: s.cart.shippingMethodId,
    voucherCode: ctx.voucher?.code ?? null,
    saveCard: s.input.intent.metadata.save_card === "1" && pm ? { gateway: s.input.gateway, ...pm } : null,
  };
}

/**
 * record: the order and its payment, its items, the voucher's redemption and the gift card's
 * movement, the cart paid and the charge closed, in one transaction (the hold converted by the
 * step before). What follows from a paid order (credits, gift cards sold, shipment, receipt) is
 * kept on it as its fulfilment plan and carried out after the commit (`fulfilOrder`).
 */
export function recordStep(w: OrderWriter): Step<SettleState> {
  return {
    name: "record",
    async run(s) {
      const ctx = need(s.priced, "price");
      const { cart, input, now } = s;
      const studioId = await w.studioFor(cart, input);
      const order = await w.insertOrder(
        orderValues(s, ctx, studioId, s.address ?? null, { ...fulfilmentPlan(s, ctx, []), lines: [] }),
      );
      await w.insertPayment(paymentValues(s, order));
      const items: { line: CartLine; itemId: number }[] = [];
      for (const line of ctx.lines) items.push({ line, itemId: await w.insertItem(order.id, line) });
      order.fulfilment = fulfilmentPlan(s, ctx, items);
      await w.setFulfilment(order.id, order.fulfilment);
      if (order.voucherId) await w.redeemVoucher(order.voucherId, cart.userId, order.id, ctx.totals.discountCents);
      if (ctx.totals.giftCardCents > 0)
        await w.noteGiftCardSpend(ctx.giftCard!.id, ctx.totals.giftCardCents, order.id, cart.userId);
      await w.markCartPaid(cart.id, now);
      await w.closeCharge(input.intent.id, now);
      if (order.status === "paid") await w.queueFulfilment(order.id);
      return { order, items };
    },
  };
}

// ---------- fulfil ----------

export interface ReceiptLine {
  name: string;
  variantLabel: string | null;
  qty: number;
  unitCents: number;
}

/** What fulfilment works on: a paid order and its plan, once (`fulfilOrder` locks and marks it). */
export interface FulfilState {
  order: OrderRow;
  plan: FulfilmentPlan;
  user: { email: string; name: string } | null;
  now: Date;
}

export interface FulfilPort {
  grantLot(input: GrantLotInput): Promise<unknown>;
  issueSoldCard(saleId: number, buyerUserId: number, orderId: number, now: Date): Promise<unknown>;
  createShipment(order: OrderRow, shippingMethodId: number | null, address: AddressSnapshot, now: Date): Promise<void>;
  enrolCertification(userId: number, productId: number, orderId: number): Promise<void>;
  saveCard(userId: number, gateway: string, pm: PaymentMethodInfo): Promise<void>;
  sendReceipt(
    to: { email: string; name: string },
    order: OrderRow,
    lines: ReceiptLine[],
    voucherCode: string | null,
  ): Promise<void>;
}

/**
 * fulfil: what follows from a paid order: the credit lots of its packs and plans (with their
 * ledger movements), the gift cards it sold, the shipment, the certification, the saved card and
 * the receipt mail. Run after the order's commit, once (the order row locked and marked).
 */
export function fulfilStep(port: FulfilPort): Step<FulfilState> {
  return {
    name: "fulfil",
    async run({ order, plan, user, now }) {
      for (const line of plan.lines) {
        const lot = lotFor(line, order.userId, order.id, line.itemId, now);
        if (lot) await port.grantLot(lot);
        else if (line.scope === "gift_card") await port.issueSoldCard(line.refId, order.userId, order.id, now);
      }
      if (plan.address) await port.createShipment(order, plan.shippingMethodId, plan.address, now);
      for (const line of plan.lines)
        if (isStockLine(line) && line.area === "certificate")
          await port.enrolCertification(order.userId, line.refId, order.id);
      if (plan.saveCard) {
        const { gateway, ...pm } = plan.saveCard;
        await port.saveCard(order.userId, gateway, pm);
      }
      if (user) await port.sendReceipt(user, order, plan.lines, plan.voucherCode);
    },
  };
}

/** The ports of the steps run in the order's transaction. */
export interface SettlePorts {
  price: PricePort;
  hold: HoldPort;
  record: OrderWriter;
}

/** The steps of a succeeded (or pending) charge's transaction, in order; fulfil follows the commit. */
export function settleSteps(ports: SettlePorts): Step<SettleState>[] {
  return [priceStep(ports.price), holdStep(ports.hold), recordStep(ports.record)];
}
