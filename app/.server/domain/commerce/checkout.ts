/**
 * Checkout: card intents, PayPal orders, and the one place a paid cart becomes an order.
 *
 * A charge is tied to one version of one cart through the gateway's idempotency key, so a retried
 * request, a double click or two tabs get the same intent, never a second charge. `fulfilPaid` locks
 * the cart row and records payment, order and fulfilment in one transaction; `payments` has a unique
 * index on the cart among live payments. If fulfilment fails half-way (stock gone, voucher used up,
 * amount changed) the transaction rolls back entirely and the charge is recorded as `failed` and
 * refunded through the gateway: never lost, never kept.
 */
import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { receiptMailParts, receiptOf } from "./receipt";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { carts, orders, payments, users, webhookEvents as webhookEventsTable } from "../../db/schema";
import { AppError } from "../errors";
import { audit } from "../audit/service";
import { checkPaymentStudio } from "../places/home-studio";
import { cartContext, readCart } from "./cart";
import {
  AlreadyFailed,
  chargeTakenStep,
  fulfilStep,
  FulfilmentError,
  settleSteps,
  type ChargedState,
  type FulfilInput,
  type OrderRow,
  type Prefetched,
  type SettlePorts,
  type SettleState,
} from "./checkout-steps";
import { FULFIL_JOB, fulfilPort, saveCard, settlePorts } from "./checkout-ports";
import { escapeHtml } from "../../lib/html";
import { queueSpeiReturn } from "./spei-returns";
import { extendHold, HOLD_TTL_MS, releaseHold, releaseHoldIn, releaseOrderHold, takeHold } from "./holds";
import { runSteps, runStepsOrThrow, type Step } from "./workflow";
import { gatewayOfPayment } from "./gateways";
import { mailPendingPayment, oxxoAmountReason } from "./pending-payments";
import { checkChosenPlan, monthlyCents, plansFor } from "./installments";
import { transientMercadoPagoError } from "./gateways/mercadopago";
import { transientPaypalError } from "./gateways/paypal";
import { GatewayError, type CardInput, type Intent, type WebhookEvent } from "./gateways/types";
import {
  CHARGE_ACTION_TIMEOUT_MS,
  CHARGE_IN_FLIGHT_MS,
  CHARGE_RECONCILE_AFTER_MS,
  chargesToSettle,
  claimPaymentMethod,
  closeCharge,
  noteIntent,
  noteSettleError,
  openCharge,
  type ChargeRow,
  type OpenChargeInput,
} from "./charges";

const DAY = 86_400_000;

/** What checkout works through: the database, the gateways, the mail, the log and the clock. */
type CheckoutDeps = Pick<AppDeps, "db" | "gateways" | "mailer" | "log" | "clock" | "config" | "jobs">;

function paymentError(message: string) {
  return new AppError(402, message, [], t("commerce.payment.providerContact"));
}

async function payableCart(deps: CheckoutDeps, userId: number, cartId: number | undefined) {
  const ctx = await readCart(deps.db, userId, deps.clock());
  if (cartId !== undefined && ctx.cart.id !== cartId) throw AppError.notFound(t("commerce.cart.notYours"));
  if (ctx.reason) throw AppError.conflict(ctx.reason);
  if (ctx.lines.length === 0) throw AppError.conflict(t("commerce.cart.empty"));
  // Nothing left to charge (gift card or voucher covers it): the order is confirmed without a card.
  if (ctx.totals.dueNowCents <= 0) throw AppError.conflict(t("commerce.payment.nothingToCharge"));
  return ctx;
}

/**
 * A cart whose gift card (or voucher) covers everything: no gateway is called, the order is
 * recorded with a payment of 0 through the same `fulfilPaid` (so the same locks, the same one
 * order per cart, and the gift card's balance is taken in that transaction). The "intent" id is
 * tied to the cart's version, so a double click gets the same order.
 */
export async function payWithBalance(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id?: number; studio_id?: number | null },
) {
  const studioId = await checkPaymentStudio(deps.db, input.studio_id);
  // A double click: the first call already paid this cart, the second gets the same order.
  const paidAlready = async () => {
    if (input.cart_id === undefined) return undefined;
    const [o] = await deps.db
      .select()
      .from(orders)
      .where(and(eq(orders.cartId, input.cart_id), eq(orders.userId, userId)));
    return o;
  };
  const before = await paidAlready();
  if (before) return { order: before, duplicate: true };
  const ctx = await readCart(deps.db, userId, deps.clock());
  const refusal =
    input.cart_id !== undefined && ctx.cart.id !== input.cart_id
      ? AppError.notFound(t("commerce.cart.notYours"))
      : ctx.reason
        ? AppError.conflict(ctx.reason)
        : ctx.lines.length === 0
          ? AppError.conflict(t("commerce.cart.empty"))
          : ctx.totals.dueNowCents > 0
            ? AppError.validation([{ field: "payment_intent_id", message: t("errors.selectPaymentMethod") }])
            : null;
  if (refusal) {
    // The other click may have committed between the check above and this read (the balance is
    // then spent and the cart paid): it is the same purchase, not a refusal.
    const after = await paidAlready();
    if (after) return { order: after, duplicate: true };
    throw refusal;
  }
  const intent: Intent = {
    id: `bal_${ctx.cart.id}_v${ctx.cart.version}`,
    status: "succeeded",
    amountCents: 0,
    clientSecret: null,
    metadata: { cart_id: String(ctx.cart.id), user_id: String(userId) },
    paymentMethodId: null,
    failureMessage: null,
  };
  return fulfilPaid(deps, { gateway: "none", method: "gift_card", intent, studioId });
}

// ---------- card ----------

/**
 * The sandbox's create-payment-method: the card is checked and kept by the gateway (brand, last4,
 * expiry, never the number), and belongs to the customer who created it from then on.
 */
export async function createCardPaymentMethod(deps: CheckoutDeps, userId: number, card: CardInput) {
  const gateway = deps.gateways.card;
  const pm = await gateway.createPaymentMethod(deps.db, card, deps.clock());
  await claimPaymentMethod(deps.db, gateway.name, pm.id, userId);
  return pm;
}

const unknownPaymentMethod = () =>
  AppError.validation([{ field: "stripe_payment_method_id", message: t("errors.selectPaymentMethod") }]);

export async function setupIntent(
  deps: CheckoutDeps,
  userId: number,
  input: {
    cart_id?: number;
    /** A deposit's second instalment: charge what this order still owes instead of the cart. */
    order_id?: number;
    stripe_payment_method_id?: string;
    stripe_payment_intent_id?: string;
    save_payment_method?: boolean;
    /** The studio the purchase counts for (kept on the intent: a webhook's order gets it too). */
    studio_id?: number | null;
    /** Meses sin intereses: one of the plans offered (`installmentOffer`); absent or 1: one payment. */
    installment_months?: number;
  },
) {
  const { card } = deps.gateways;
  const studioId = await checkPaymentStudio(deps.db, input.studio_id);
  try {
    if (input.stripe_payment_intent_id) {
      // The owner is checked before anything is asked of the gateway: another customer's intent is
      // answered as an unknown one and left as it was.
      const current = await card.retrieveIntent(deps.db, input.stripe_payment_intent_id);
      if (!current || current.metadata.user_id !== String(userId))
        throw AppError.notFound(t("commerce.payment.intentNotFound"));
      const intent = await card.confirmIntent(deps.db, current.id);
      await noteIntentOf(deps, intent);
      return intentAnswer(intent);
    }
    if (!input.stripe_payment_method_id) throw unknownPaymentMethod();
    const pm = await card.paymentMethod(deps.db, input.stripe_payment_method_id);
    // Someone else's card is answered exactly as an unknown one.
    if (!pm || !(await claimPaymentMethod(deps.db, card.name, pm.id, userId))) throw unknownPaymentMethod();
    // A charge of this cart still open (another card, another tab) is settled first (`hold`); one
    // that cannot be settled yet refuses this one, so the customer is never charged twice. One the
    // earlier charge settled without paying the cart runs the steps again, priced anew.
    for (let round = 0; ; round++) {
      const outcome = await runSteps<CardChargeState>(cardChargeSteps(deps, round), {
        userId,
        input,
        pmId: pm.id,
        studioId,
      });
      if (outcome.ok) return intentAnswer(outcome.state.intent!);
      if (outcome.cause instanceof SettledEarlier) continue;
      throw outcome.cause;
    }
  } catch (e) {
    if (e instanceof GatewayError) throw paymentError(e.message);
    throw e;
  }
}

/** The state of a new card charge's steps. */
interface CardChargeState {
  userId: number;
  input: { cart_id?: number; order_id?: number; save_payment_method?: boolean; installment_months?: number };
  pmId: string;
  studioId: number | null;
  plan?: { charge: OpenChargeInput; metadata: Record<string, string>; version?: number };
  charge?: ChargeRow;
  intent?: Intent;
}

/** The months chosen for meses sin intereses, or null for a single payment (absent, 0 or 1). */
const msiMonths = (input: { installment_months?: number }) =>
  input.installment_months && input.installment_months > 1 ? input.installment_months : null;

/**
 * The card step's choice: the plans the provider offers for this card (a payment method of the
 * customer's) and what the cart owes now, each with its monthly amount. Nothing is held or charged.
 * None below the studio's minimum or for a card that is not eligible: the customer pays at once.
 */
export async function installmentOffer(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id?: number; stripe_payment_method_id: string },
) {
  const { card } = deps.gateways;
  const pm = await card.paymentMethod(deps.db, input.stripe_payment_method_id);
  if (!pm || !(await claimPaymentMethod(deps.db, card.name, pm.id, userId))) throw unknownPaymentMethod();
  const ctx = await payableCart(deps, userId, input.cart_id);
  const amountCents = ctx.totals.dueNowCents;
  try {
    const { minimumCents, months } = await plansFor(deps.db, card, { amountCents, paymentMethodId: pm.id });
    return {
      amount_cents: amountCents,
      minimum_cents: minimumCents,
      plans: months.map((n) => ({ months: n, monthly_cents: monthlyCents(amountCents, n) })),
    };
  } catch (e) {
    if (e instanceof GatewayError) throw paymentError(e.message);
    throw e;
  }
}

/** An earlier charge of this cart was settled and closed: the steps run again from `price`. */
class SettledEarlier extends Error {}

/**
 * A new card charge: `price` (what is owed now: the cart, or a deposit's balance), `hold` (the
 * cart's charge slot, written down with its idempotency key before the gateway is called; an
 * earlier open charge is settled first), `charge` (the gateway's intent). The hold's compensation
 * closes the slot when the gateway refused the charge (nothing taken); any other failure leaves it
 * open for the reconciliation task, which asks the gateway what became of it.
 */
function cardChargeSteps(deps: CheckoutDeps, round: number): Step<CardChargeState>[] {
  const { card } = deps.gateways;
  return [
    {
      name: "price",
      async run(s) {
        const plan = await chargePlan(deps, s.userId, s.input, s.pmId);
        const months = msiMonths(s.input);
        if (months) {
          // Checked before anything is held or charged: the minimum, and a plan the provider offers.
          if (plan.charge.instalment !== 1)
            throw AppError.validation([{ field: "installment_months", message: t("commerce.msi.notForBalance") }]);
          await checkChosenPlan(deps.db, card, {
            amountCents: plan.charge.amountCents,
            paymentMethodId: s.pmId,
            months,
          });
          // Another choice is another charge: its own idempotency key.
          plan.charge.idempotencyKey = `${plan.charge.idempotencyKey}:msi${months}`;
        }
        return { plan };
      },
    },
    {
      name: "hold",
      async run(s) {
        const plan = s.plan!;
        // The cart's stock, voucher use and gift card part, committed before the gateway is called:
        // the buyer who finds the last unit held is told «agotado» and nothing is charged.
        if (plan.charge.instalment === 1)
          await holdCart(
            deps,
            s.userId,
            { cartId: plan.charge.cartId, version: plan.version!, amountCents: plan.charge.amountCents },
            HOLD_TTL_MS,
          );
        let opened = await openCharge(deps.db, plan.charge, deps.clock());
        // The same card was tried on this cart before and that charge was cancelled (the bank's step
        // abandoned), never reached the gateway, or was refunded because its order could not be
        // recorded: a new attempt gets a key of its own.
        if (opened.charge && ["canceled", "abandoned", "refunded"].includes(opened.charge.status)) {
          plan.charge.idempotencyKey = `${plan.charge.idempotencyKey}:${opened.charge.id}`;
          opened = await openCharge(deps.db, plan.charge, deps.clock());
        }
        if (opened.busy) {
          const settled = round < 2 ? await settleCharge(deps, opened.busy, { inline: true }) : false;
          // The earlier charge took the money and is now this cart's order: nothing more to charge.
          if (settled === "fulfilled") throw AppError.conflict(t("commerce.payment.paidByEarlierCharge"));
          if (settled) throw new SettledEarlier();
          throw AppError.conflict(t("commerce.payment.inFlight"));
        }
        return { charge: opened.charge };
      },
      async compensate(s, cause) {
        // Refused by the gateway (a declined card): nothing was taken, the slot and the hold are released.
        if (cause instanceof GatewayError) {
          if (s.charge) await closeCharge(deps.db, { chargeId: s.charge.id }, "failed", deps.clock());
          if (s.plan!.charge.instalment === 1) await releaseHold(deps.db, s.plan!.charge.cartId, deps.clock());
        }
      },
    },
    {
      name: "charge",
      async run(s) {
        const { charge, metadata } = s.plan!;
        const intent = await card.createCardIntent(deps.db, {
          amountCents: charge.amountCents,
          paymentMethodId: s.pmId,
          idempotencyKey: charge.idempotencyKey,
          metadata: {
            ...metadata,
            charge_key: charge.idempotencyKey,
            ...(s.studioId ? { studio_id: String(s.studioId) } : {}),
          },
          installmentMonths: msiMonths(s.input) ?? undefined,
        });
        await noteIntent(deps.db, s.charge!.id, intent, deps.clock());
        await afterIntent(deps, charge.instalment === 1 ? charge.cartId : null, intent);
        return { intent };
      },
    },
  ];
}

/** What a new card charge is for: the cart as it is now, or the balance a deposit still owes. */
async function chargePlan(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id?: number; order_id?: number; save_payment_method?: boolean },
  pmId: string,
): Promise<{ charge: OpenChargeInput; metadata: Record<string, string>; version?: number }> {
  const gateway = deps.gateways.card.name;
  const save = input.save_payment_method ? "1" : "0";
  if (input.order_id !== undefined) {
    const order = await owedOrder(deps.db, userId, input.order_id);
    const amount = order.balanceDueCents;
    return {
      charge: {
        cartId: order.cartId,
        orderId: order.id,
        userId,
        instalment: 2,
        gateway,
        method: "card",
        idempotencyKey: `order:${order.id}:balance:${pmId}:${amount}`,
        amountCents: amount,
      },
      metadata: {
        cart_id: String(order.cartId),
        order_id: String(order.id),
        instalment: "2",
        user_id: String(userId),
        save_card: save,
      },
    };
  }
  const ctx = await payableCart(deps, userId, input.cart_id);
  const amount = ctx.totals.dueNowCents;
  return {
    charge: {
      cartId: ctx.cart.id,
      userId,
      instalment: 1,
      gateway,
      method: "card",
      idempotencyKey: `cart:${ctx.cart.id}:v${ctx.cart.version}:${pmId}:${amount}`,
      amountCents: amount,
    },
    metadata: { cart_id: String(ctx.cart.id), user_id: String(userId), save_card: save },
    version: ctx.cart.version,
  };
}

/**
 * The hold of the cart's current version, taken (and committed) before a charge: the cart row
 * locked, priced again, and refused if it changed since it was priced for the charge.
 */
function holdCart(
  deps: CheckoutDeps,
  userId: number,
  want: { cartId: number; version: number; amountCents: number },
  ttlMs: number,
) {
  // A double click or many tabs in this server share one hold instead of queueing behind the cart
  // lock (other servers are kept out by that lock and the one-active-hold index).
  const key = `${userId}:${want.cartId}:v${want.version}:${want.amountCents}`;
  const running = holdsInFlight.get(key);
  if (running) return running;
  const p = takeCartHold(deps, userId, want, ttlMs).finally(() => holdsInFlight.delete(key));
  holdsInFlight.set(key, p);
  return p;
}

const holdsInFlight = new Map<string, Promise<unknown>>();

async function takeCartHold(
  deps: CheckoutDeps,
  userId: number,
  want: { cartId: number; version: number; amountCents: number },
  ttlMs: number,
) {
  const now = deps.clock();
  const { cartId, version } = want;
  return takeHold(
    deps.db,
    want,
    async (tx) => {
      const [cart] = await tx
        .select()
        .from(carts)
        .where(and(eq(carts.id, cartId), eq(carts.userId, userId)))
        .for("update");
      if (!cart || cart.status !== "open") throw AppError.conflict(t("commerce.cart.alreadyPaid"));
      if (cart.version !== version) throw AppError.conflict(t("commerce.cart.changed"));
      const ctx = await cartContext(tx, cart, now);
      if (ctx.reason) throw AppError.conflict(ctx.reason);
      return ctx;
    },
    { now, ttlMs },
  );
}

/**
 * What the gateway's answer means for the cart's hold: refused or cancelled gives it back; one
 * waiting for the bank's authentication keeps it as long as the charge may wait.
 */
async function afterIntent(deps: CheckoutDeps, cartId: number | null, intent: Intent) {
  if (cartId === null) return;
  const now = deps.clock();
  if (intent.status === "failed" || intent.status === "canceled") await releaseHold(deps.db, cartId, now);
  else if (intent.status === "requires_action" && intent.pending)
    await extendHold(deps.db, cartId, new Date(new Date(intent.pending.expiresAt).getTime() + HOLD_TTL_MS), now);
  else if (intent.status === "requires_action")
    await extendHold(deps.db, cartId, new Date(now.getTime() + CHARGE_ACTION_TIMEOUT_MS), now);
}

/** After a confirmation: a declined or cancelled intent closes its charge and gives back its hold. */
async function noteIntentOf(deps: CheckoutDeps, intent: Intent) {
  if (intent.status === "failed" || intent.status === "canceled") {
    await closeCharge(deps.db, { intentId: intent.id }, intent.status, deps.clock());
    if (intent.metadata.instalment !== "2" && intent.metadata.cart_id)
      await releaseHold(deps.db, Number(intent.metadata.cart_id), deps.clock());
  }
}

function intentAnswer(intent: Intent) {
  if (intent.status === "failed" || intent.status === "canceled")
    throw paymentError(intent.failureMessage ?? t("errors.paymentFailed"));
  return {
    error: null,
    requires_action: intent.status === "requires_action",
    payment_intent_client_secret: intent.clientSecret,
    payment_intent_id: intent.id,
  };
}

export async function makePayment(
  deps: CheckoutDeps,
  userId: number,
  input: { payment_intent_id: string; cart_id?: number; studio_id?: number | null },
) {
  const studioId = await checkPaymentStudio(deps.db, input.studio_id);
  const { card } = deps.gateways;
  const intent = await card.retrieveIntent(deps.db, input.payment_intent_id);
  if (!intent || intent.metadata.user_id !== String(userId))
    throw AppError.notFound(t("commerce.payment.intentNotFound"));
  if (input.cart_id !== undefined && intent.metadata.cart_id !== String(input.cart_id))
    throw AppError.notFound(t("commerce.cart.notYours"));
  if (intent.status === "failed") throw paymentError(intent.failureMessage ?? t("errors.paymentDeclined"));
  if (intent.status !== "succeeded") throw AppError.conflict(t("commerce.payment.notCompleted"));
  return applySucceededIntent(deps, { gateway: card.name, method: "card", intent, studioId });
}

/** A succeeded card charge: a cart's order, or a deposit's second instalment. Idempotent. */
export function applySucceededIntent(deps: CheckoutDeps, input: FulfilInput, opts: SettleOptions = {}) {
  return input.intent.metadata.instalment === "2" ? fulfilBalance(deps, input) : fulfilPaid(deps, input, opts);
}

/** The customer's order that still owes its second instalment. */
async function owedOrder(db: Db, userId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!order) throw AppError.notFound(t("commerce.deposit.orderNotFound"));
  if (order.status !== "paid" || order.balanceDueCents <= 0) throw AppError.conflict(t("commerce.deposit.nothingOwed"));
  return order;
}

// ---------- OXXO and SPEI: paid later ----------

/** An OXXO voucher is good for this many days (Stripe's default `expires_after_days`). */
export const OXXO_DAYS = 3;
/** A SPEI transfer is awaited this many days (Stripe's bank transfers: set by the merchant). */
export const SPEI_DAYS = 3;

/**
 * Pay at OXXO: the cart's hold is taken for as long as the voucher lives, the gateway makes the
 * voucher, and the order is recorded at once as «pendiente de pago» with a pending payment that
 * shows the voucher (reference, amount, expiry). Nothing is credited until the provider's webhook
 * confirms the payment (`confirmPendingPayment`); unpaid at expiry the order is canceled and the
 * hold given back (`expirePendingPayments`). A retried request gets the same voucher and order.
 */
export function payWithOxxo(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id?: number; studio_id?: number | null },
) {
  return payLater(deps, userId, input, "oxxo");
}

/**
 * Pay by SPEI transfer, the same way: the instructions are the customer's own CLABE (the same on
 * every order), bank, beneficiary, reference and amount. A transfer for less leaves the order
 * pending with what is still owed (`notePartialFunding`); for more, it is paid and the surplus is
 * recorded and flagged for return (docs/decisions.md).
 */
export function payWithSpei(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id?: number; studio_id?: number | null },
) {
  return payLater(deps, userId, input, "spei");
}

async function payLater(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id?: number; studio_id?: number | null },
  kind: "oxxo" | "spei",
) {
  const { card } = deps.gateways;
  const create = kind === "oxxo" ? card.createOxxoIntent?.bind(card) : card.createSpeiIntent?.bind(card);
  if (!create) throw AppError.conflict(t(`commerce.${kind}.unavailable`));
  const days = kind === "oxxo" ? OXXO_DAYS : SPEI_DAYS;
  const studioId = await checkPaymentStudio(deps.db, input.studio_id);
  const ctx = await payableCart(deps, userId, input.cart_id);
  const amount = ctx.totals.dueNowCents;
  // OXXO takes a voucher between its limits only: refused before anything is held or asked.
  const outOfRange = kind === "oxxo" ? oxxoAmountReason(amount) : null;
  if (outOfRange) throw AppError.validation([], outOfRange);
  const now = deps.clock();
  const expiresAt = new Date(now.getTime() + days * DAY);
  const want = { cartId: ctx.cart.id, version: ctx.cart.version, amountCents: amount };
  await holdCart(deps, userId, want, days * DAY + HOLD_TTL_MS);
  let intent: Intent;
  try {
    const [u] = await deps.db
      .select({ name: users.name, lastName: users.lastName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    intent = await create(deps.db, {
      amountCents: amount,
      idempotencyKey: `${kind}:cart:${ctx.cart.id}:v${ctx.cart.version}:${amount}`,
      metadata: { cart_id: String(ctx.cart.id), user_id: String(userId) },
      expiresAt,
      billing: { name: [u?.name, u?.lastName].filter(Boolean).join(" "), email: u?.email ?? "" },
      customerKey: `user:${userId}`,
    });
  } catch (e) {
    await releaseHold(deps.db, ctx.cart.id, deps.clock());
    if (e instanceof GatewayError) throw paymentError(e.message);
    throw e;
  }
  const r = await fulfilPaid(deps, { gateway: card.name, method: kind, intent, studioId });
  // The voucher is mailed once, with the order that records it (a retried request finds the order).
  if (!r.duplicate) await mailPendingPayment(deps, r.order.id);
  return r;
}

/**
 * A SPEI transfer for less than owed (the provider says `partially_funded`): the payment keeps what
 * was received, the order stays pending and the customer sees what is still owed. Idempotent: the
 * provider's total is written, and only when it grew (a duplicate or stale event changes nothing).
 */
async function notePartialFunding(db: Db, intent: Intent, now: Date) {
  const received = intent.pending?.receivedCents ?? 0;
  if (received <= 0) return;
  await db
    .update(payments)
    .set({
      pendingDetails: sql`${payments.pendingDetails} || jsonb_build_object('receivedCents', ${received}::int)`,
      updatedAt: now,
    })
    .where(
      and(
        eq(payments.providerPaymentId, intent.id),
        eq(payments.instalment, 1),
        eq(payments.status, "pending"),
        sql`coalesce((${payments.pendingDetails}->>'receivedCents')::int, 0) < ${received}::int`,
      ),
    );
}

/**
 * The provider says a pending voucher (or transfer) was paid: its payment succeeds and its order
 * becomes paid, then is fulfilled (credits, receipt), once, whatever number of webhooks. Paid after
 * the order was canceled (expired), the money is refunded and the payment keeps why.
 */
async function confirmPendingPayment(deps: CheckoutDeps, intent: Intent) {
  const now = deps.clock();
  const outcome = await deps.db.transaction(async (tx) => {
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.providerPaymentId, intent.id), eq(payments.instalment, 1)))
      .for("update");
    if (!p) return null;
    if (p.status === "canceled" && p.refundedCents === 0) return { kind: "late" as const, payment: p };
    if (p.status !== "pending") return null; // already confirmed: a duplicate
    // Paid for less than the order (a Mercado Pago ticket of another amount: it cannot be topped
    // up as a transfer can): nothing is credited, the order is canceled and the money goes back.
    if (intent.amountCents < p.amountCents) return { kind: "short" as const, payment: p };
    // Beyond the amount, the surplus is recorded, audited and returned by a job (spei-returns.ts):
    // SPEI, what the provider keeps as the customer's balance; another provider's payment for more,
    // the difference.
    const surplus = (intent.pending?.surplusCents ?? 0) + intent.amountCents - p.amountCents;
    const details =
      p.pendingDetails && (intent.pending?.kind === "spei" || surplus > 0)
        ? {
            ...p.pendingDetails,
            receivedCents: intent.pending?.receivedCents ?? intent.amountCents,
            surplusCents: surplus,
          }
        : p.pendingDetails;
    await tx
      .update(payments)
      .set({ status: "succeeded", expiresAt: null, pendingDetails: details, updatedAt: now })
      .where(eq(payments.id, p.id));
    if (surplus > 0)
      await audit(tx, {
        actorUserId: null,
        action: intent.pending?.kind === "spei" ? "payment.spei_surplus" : "payment.surplus",
        entity: "payment",
        entityId: p.id,
        data: { provider_payment_id: intent.id, surplus_cents: surplus },
      });
    // …and returned by a job, once (spei-returns.ts).
    if (surplus > 0) await queueSpeiReturn(deps, tx, p.id);
    await tx
      .update(orders)
      .set({ status: "paid", updatedAt: now })
      .where(and(eq(orders.id, p.orderId!), eq(orders.status, "pending_payment")));
    await deps.jobs.send(tx, FULFIL_JOB, { orderId: p.orderId });
    return { kind: "confirmed" as const, orderId: p.orderId! };
  });
  if (outcome?.kind === "confirmed") await fulfilAfterCommit(deps, outcome.orderId);
  if (outcome?.kind === "late") await refundLatePayment(deps, outcome.payment, intent);
  if (outcome?.kind === "short" && (await cancelPendingPayment(deps, outcome.payment.id)))
    await refundLatePayment(deps, outcome.payment, intent, "short");
  return outcome;
}

/**
 * A voucher paid after its order was canceled (`late`), or paid for less than its order (`short`,
 * the order canceled first): the money goes back, the payment says why. One refund per payment
 * whatever the reason (its key is the payment's).
 */
async function refundLatePayment(
  deps: CheckoutDeps,
  p: typeof payments.$inferSelect,
  intent: Intent,
  why: "late" | "short" = "late",
) {
  const gateway = gatewayOfPayment(deps.gateways, p);
  if (!gateway) return;
  await gateway.refund(deps.db, intent.id, intent.amountCents, `late:${intent.id}`);
  const failure =
    why === "late"
      ? t("commerce.oxxo.paidAfterExpiry")
      : t("commerce.payment.paidShort", {
          paid: formatMoney(intent.amountCents),
          total: formatMoney(p.amountCents),
        });
  await deps.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ refundedCents: intent.amountCents, failure, updatedAt: deps.clock() })
      .where(eq(payments.id, p.id));
    await audit(tx, {
      actorUserId: null,
      action: why === "late" ? "payment.refunded_after_expiry" : "payment.refunded_short",
      entity: "payment",
      entityId: p.id,
      data: { provider_payment_id: intent.id, amount_cents: intent.amountCents, order_cents: p.amountCents },
    });
  });
}

/** A pending payment not heard of for this long is asked about at the gateway (a lost webhook). */
export const PENDING_SYNC_AFTER_MS = 30 * 60_000;

/**
 * Scheduled: pending vouchers and transfers. Past their expiry, the gateway is asked first (a
 * payment whose webhook was lost is confirmed); one still unpaid is cancelled at the gateway, its
 * order canceled and what it held given back (stock, voucher use, gift card part). Not yet due but
 * not heard of for a while, the gateway is asked too: paid (its webhook lost) it is confirmed, a
 * transfer partly funded has its amount received noted.
 */
export async function expirePendingPayments(deps: CheckoutDeps) {
  const now = deps.clock();
  const due = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, "pending"), lt(payments.expiresAt, now)))
    .limit(100);
  let expired = 0;
  for (const p of due) {
    const provider = pendingProvider(deps, p);
    if (!provider || !p.providerPaymentId) continue;
    try {
      let intent = await provider.retrieve(p.providerPaymentId);
      if (intent?.status === "succeeded") {
        await confirmPendingPayment(deps, intent);
        continue;
      }
      if (intent?.status === "requires_action") intent = await provider.cancel(intent.id);
      if (intent?.status === "succeeded") {
        await confirmPendingPayment(deps, intent);
        continue;
      }
      if (await cancelPendingPayment(deps, p.id, intent?.pending?.receivedCents ?? 0)) expired++;
    } catch (err) {
      deps.log.error({ err, paymentId: p.id }, "pending payment could not be expired");
    }
  }
  const stale = await deps.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        gt(payments.expiresAt, now),
        lt(payments.updatedAt, new Date(now.getTime() - PENDING_SYNC_AFTER_MS)),
      ),
    )
    .limit(100);
  let confirmed = 0;
  for (const p of stale) {
    const provider = pendingProvider(deps, p);
    if (!provider || !p.providerPaymentId) continue;
    try {
      const intent = await provider.retrieve(p.providerPaymentId);
      if (intent?.status === "succeeded" && intent.pending) {
        if ((await confirmPendingPayment(deps, intent))?.kind === "confirmed") confirmed++;
        continue;
      }
      // Refused or cancelled at the provider (its webhook lost): the order is canceled now.
      if (intent?.pending && (intent.status === "failed" || intent.status === "canceled")) {
        await failPendingPayment(deps, intent);
        continue;
      }
      if (intent?.status === "requires_action") await notePartialFunding(deps.db, intent, now);
      // Asked: not again before PENDING_SYNC_AFTER_MS.
      await deps.db
        .update(payments)
        .set({ updatedAt: now })
        .where(and(eq(payments.id, p.id), eq(payments.status, "pending")));
    } catch (err) {
      deps.log.error({ err, paymentId: p.id }, "pending payment could not be checked");
    }
  }
  return { expired, confirmed };
}

/**
 * How a pending payment is read and cancelled at the provider that took it: the card provider's
 * intents (OXXO, SPEI), or Mercado Pago's payments (its OXXO tickets). Null: not configured now.
 */
function pendingProvider(deps: CheckoutDeps, p: { gateway: string; method: string }) {
  const gateway = gatewayOfPayment(deps.gateways, p);
  if (gateway?.name === "mercadopago")
    return {
      retrieve: (id: string) => gateway.retrieve(deps.db, id),
      cancel: (id: string) => gateway.cancel(deps.db, id),
    };
  if (gateway && "cancelIntent" in gateway)
    return {
      retrieve: (id: string) => gateway.retrieveIntent(deps.db, id),
      cancel: (id: string) => gateway.cancelIntent(deps.db, id),
    };
  return null;
}

/**
 * A pending voucher or transfer that will not be paid: its payment and order are canceled, its hold
 * given back. A transfer partly funded (`receivedCents`): the provider returns what was received to
 * the customer's balance; the payment says so, it is audited and a job returns it (spei-returns.ts).
 */
async function cancelPendingPayment(deps: CheckoutDeps, paymentId: number, receivedCents = 0) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (locked?.status !== "pending" || !locked.orderId) return false;
    const partly = receivedCents > 0 && locked.pendingDetails;
    await tx
      .update(payments)
      .set({
        status: "canceled",
        updatedAt: now,
        ...(partly
          ? {
              pendingDetails: { ...locked.pendingDetails!, receivedCents },
              failure: t("commerce.spei.partialReturned", { amount: formatMoney(receivedCents) }),
            }
          : {}),
      })
      .where(eq(payments.id, paymentId));
    if (partly)
      await audit(tx, {
        actorUserId: null,
        action: "payment.spei_partial_returned",
        entity: "payment",
        entityId: paymentId,
        data: { provider_payment_id: locked.providerPaymentId, received_cents: receivedCents },
      });
    if (partly) await queueSpeiReturn(deps, tx, paymentId);
    await tx
      .update(orders)
      .set({ status: "canceled", updatedAt: now })
      .where(and(eq(orders.id, locked.orderId), eq(orders.status, "pending_payment")));
    await releaseOrderHold(tx, locked.orderId, now);
    return true;
  });
}

/** The provider says a pending voucher failed (Stripe: it lapsed unpaid) or was canceled. */
async function failPendingPayment(deps: CheckoutDeps, intent: Intent) {
  const [p] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.providerPaymentId, intent.id), eq(payments.instalment, 1), eq(payments.status, "pending")));
  if (p) await cancelPendingPayment(deps, p.id, intent.pending?.receivedCents ?? 0);
}

// ---------- PayPal ----------

/** Only our own pages may be PayPal's way back (no open redirect). */
function safeReturnPath(callbackUrl: string | undefined, publicUrl: string) {
  const fallback = "/payment/process";
  if (!callbackUrl) return fallback;
  try {
    const base = new URL(publicUrl);
    const u = new URL(callbackUrl, base);
    if (u.origin !== base.origin) return fallback;
    return `${u.pathname}${u.search}`;
  } catch {
    return fallback;
  }
}

export async function payWithPaypal(
  deps: CheckoutDeps & Pick<AppDeps, "config">,
  userId: number,
  input: { cart_id?: number; callback_url?: string },
) {
  const { paypal } = deps.gateways;
  const ctx = await payableCart(deps, userId, input.cart_id);
  const amount = ctx.totals.dueNowCents;
  await holdCart(deps, userId, { cartId: ctx.cart.id, version: ctx.cart.version, amountCents: amount }, HOLD_TTL_MS);
  const returnUrl = safeReturnPath(input.callback_url, deps.config.publicUrl);
  const order = await paypal.createOrder(deps.db, {
    amountCents: amount,
    idempotencyKey: `paypal:cart:${ctx.cart.id}:v${ctx.cart.version}:${amount}`,
    returnUrl,
    metadata: { cart_id: String(ctx.cart.id), user_id: String(userId) },
  });
  await deps.db.update(carts).set({ paypalOrderId: order.id }).where(eq(carts.id, ctx.cart.id));
  return { redirect_url: order.approveUrl! };
}

/**
 * The customer is back from a provider's page (PayPal, Mercado Pago), for `cart_id`: the cart must be
 * theirs (and, with `sent`, have gone to the provider). Already paid (a reload, a second tab): its
 * order, once. Else the provider is asked for the cart's payment (`ask`; its errors become the
 * Spanish payment error), `accept` keeps what may become the order (or throws why not), and the order
 * is recorded once as this cart's, whatever the provider echoes back. `pending`: an awaited payment.
 */
async function paymentOnReturn<G extends { name: FulfilInput["gateway"] }>(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id: number; studio_id?: number | null },
  p: {
    method: "paypal" | "mercadopago";
    /** The provider's gateway (throws when it is not configured). */
    gateway: () => G;
    sent?: (cart: typeof carts.$inferSelect) => boolean;
    ask: (g: G, cart: typeof carts.$inferSelect) => Promise<Intent | null>;
    accept: (intent: Intent | null, cart: typeof carts.$inferSelect) => Promise<Intent>;
  },
): Promise<{ order: OrderRow; duplicate: boolean; pending?: boolean }> {
  const studioId = await checkPaymentStudio(deps.db, input.studio_id);
  const gateway = p.gateway();
  const [cart] = await deps.db
    .select()
    .from(carts)
    .where(and(eq(carts.id, input.cart_id), eq(carts.userId, userId)));
  if (!cart || (p.sent && !p.sent(cart))) throw AppError.notFound(t("commerce.cart.notYours"));
  if (cart.status === "paid") {
    const [o] = await deps.db.select().from(orders).where(eq(orders.cartId, cart.id));
    if (o) return { order: o, duplicate: true };
  }
  let asked: Intent | null;
  try {
    asked = await p.ask(gateway, cart);
  } catch (e) {
    if (e instanceof GatewayError) throw paymentError(e.message);
    throw e;
  }
  const intent = await p.accept(asked, cart);
  const metadata = { ...intent.metadata, cart_id: String(cart.id), user_id: String(userId) };
  const r = await fulfilPaid(deps, {
    gateway: gateway.name,
    method: p.method,
    intent: { ...intent, metadata },
    studioId,
  });
  return { ...r, pending: intent.status !== "succeeded" };
}

/** Back from PayPal: the cart's approved PayPal order is captured, and becomes its order once. */
export async function paypalPayment(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id: number; studio_id?: number | null },
) {
  return paymentOnReturn(deps, userId, input, {
    method: "paypal",
    gateway: () => deps.gateways.paypal,
    sent: (cart) => !!cart.paypalOrderId,
    ask: (paypal, cart) => paypal.capture(deps.db, cart.paypalOrderId!, `capture:${cart.paypalOrderId}`),
    async accept(intent) {
      if (intent?.status !== "succeeded") throw paymentError(t("commerce.payment.paypalNotApproved"));
      return intent;
    },
  });
}

// ---------- Mercado Pago (Checkout Pro) ----------

/** The charge key of a cart's Mercado Pago payments (their `external_reference`): how they are found. */
const mpReference = (cartId: number) => `mp:cart:${cartId}`;

/**
 * Pay through Mercado Pago: the cart is held, a preference is created for its amount (the same
 * X-Idempotency-Key for the same cart version and amount: a double click gets the same one) and
 * the customer is sent to Mercado Pago's page (`init_point`) to pay by card or at OXXO.
 */
export async function payWithMercadoPago(
  deps: CheckoutDeps & Pick<AppDeps, "config">,
  userId: number,
  input: { cart_id?: number; callback_url?: string },
) {
  const mp = deps.gateways.mercadopago;
  if (!mp) throw AppError.conflict(t("commerce.mercadopago.unavailable"));
  const ctx = await payableCart(deps, userId, input.cart_id);
  const amount = ctx.totals.dueNowCents;
  await holdCart(deps, userId, { cartId: ctx.cart.id, version: ctx.cart.version, amountCents: amount }, HOLD_TTL_MS);
  try {
    const pref = await mp.createPreference(deps.db, {
      amountCents: amount,
      idempotencyKey: `mp:cart:${ctx.cart.id}:v${ctx.cart.version}:${amount}`,
      externalReference: mpReference(ctx.cart.id),
      returnUrl: safeReturnPath(input.callback_url, deps.config.publicUrl),
      title: t("commerce.mercadopago.itemTitle"),
      metadata: { cart_id: String(ctx.cart.id), user_id: String(userId) },
    });
    // The reconciliation task looks at this cart from now on (a payment whose buyer and webhook never came).
    await deps.db
      .update(carts)
      .set({ mercadopagoPreferenceId: pref.id, updatedAt: deps.clock() })
      .where(eq(carts.id, ctx.cart.id));
    return { redirect_url: pref.initPoint };
  } catch (e) {
    await releaseHold(deps.db, ctx.cart.id, deps.clock());
    if (e instanceof GatewayError) throw paymentError(e.message);
    throw e;
  }
}

/**
 * The customer is back from Mercado Pago: whatever the return URL says, the cart's payment is read
 * from Mercado Pago (by its charge key). Approved: the order, once. An OXXO ticket awaited: the
 * order waits «pendiente de pago» (its webhook confirms it). Refused: a Spanish message, nothing
 * recorded.
 */
export async function mercadoPagoPayment(
  deps: CheckoutDeps,
  userId: number,
  input: { cart_id: number; studio_id?: number | null },
) {
  const r = await paymentOnReturn(deps, userId, input, {
    method: "mercadopago",
    gateway() {
      const mp = deps.gateways.mercadopago;
      if (!mp) throw AppError.conflict(t("commerce.mercadopago.unavailable"));
      return mp;
    },
    ask: (mp, cart) => mp.findByReference(deps.db, mpReference(cart.id)),
    async accept(intent, cart) {
      if (intent?.status === "failed" || intent?.status === "canceled") {
        // Refused: what the cart held while the customer was on Mercado Pago's page goes back.
        await releaseHold(deps.db, cart.id, deps.clock());
        throw paymentError(t("commerce.mercadopago.declined"));
      }
      if (!intent || (intent.status !== "succeeded" && !intent.pending))
        throw paymentError(t("commerce.mercadopago.notPaid"));
      return intent;
    },
  });
  if (!r.duplicate && r.pending) await mailPendingPayment(deps, r.order.id);
  return r;
}

/** Mercado Pago's webhook: `x-signature` checked (a forged or unsigned call: 401, nothing stored). */
export async function handleMercadoPagoWebhook(
  deps: Pick<AppDeps, "db" | "jobs" | "gateways">,
  rawBody: string,
  header: (name: string) => string | undefined,
  query: (name: string) => string | undefined,
) {
  const ev = deps.gateways.mercadopago?.verifyWebhook(rawBody, header, query) ?? null;
  if (!ev) throw AppError.unauthorized(t("commerce.payment.webhookSignature"));
  return storeWebhookEvent(deps, "mercadopago", ev);
}

/**
 * A stored Mercado Pago event: the payment read from the API (never from the notification), then
 * settled as any Mercado Pago payment (`settleMercadoPago`). Mercado Pago down: the job is retried.
 */
async function mercadoPagoEvent(deps: CheckoutDeps, paymentId: string): Promise<FulfilInput | null> {
  const mp = deps.gateways.mercadopago;
  if (!mp) return null;
  const intent = await mp.retrieve(deps.db, paymentId).catch((e: unknown) => {
    if (!(e instanceof GatewayError) || transientMercadoPagoError(e)) throw e;
    deps.log.warn({ err: e, paymentId }, "Mercado Pago webhook: the payment cannot be read");
    return null;
  });
  if (intent) await settleMercadoPago(deps, intent);
  return null;
}

/**
 * A Mercado Pago payment as Mercado Pago reports it (webhook, reconciliation). Approved: its awaited
 * OXXO ticket is confirmed, or (a card, or a customer who never came back) its order recorded, once.
 * An OXXO ticket printed by a customer who never came back: its order waits «pendiente de pago».
 * Refused or cancelled: an awaited ticket's order is canceled and its hold given back. The cart is
 * the one of the payment's `external_reference` (our charge key), its customer that cart's.
 */
async function settleMercadoPago(deps: CheckoutDeps, intent: Intent) {
  const mp = deps.gateways.mercadopago!;
  if (intent.pending && (intent.status === "failed" || intent.status === "canceled"))
    return void (await failPendingPayment(deps, intent));
  if (intent.status === "succeeded" && intent.pending && (await confirmPendingPayment(deps, intent))) return;
  if (intent.status !== "succeeded" && !(intent.status === "requires_action" && intent.pending)) return;
  const cartId = Number(/^mp:cart:(\d+)$/.exec(intent.reference ?? "")?.[1] ?? intent.metadata.cart_id);
  if (!Number.isSafeInteger(cartId) || cartId <= 0) return;
  const [cart] = await deps.db.select({ userId: carts.userId }).from(carts).where(eq(carts.id, cartId));
  if (!cart) return;
  const metadata = { ...intent.metadata, cart_id: String(cartId), user_id: String(cart.userId) };
  const succeeded = intent.status === "succeeded";
  try {
    const r = await fulfilPaid(deps, {
      gateway: mp.name,
      method: "mercadopago",
      intent: { ...intent, metadata, pending: succeeded ? null : intent.pending },
      studioId: null,
    });
    if (!r.duplicate && !succeeded) await mailPendingPayment(deps, r.order.id);
  } catch (e) {
    // A charge that could not become an order was recorded and refunded: nothing to retry.
    if (!(e instanceof AppError)) throw e;
  }
}

// ---------- the order ----------

export interface SettleOptions {
  /** The steps of the order's transaction (tests replace one to make it fail). */
  steps?: (ports: SettlePorts) => Step<SettleState>[];
}

/**
 * Turns a succeeded charge into exactly one order. Safe to call any number of times, from the
 * page, a retry or a webhook: the cart row lock serialises them and the first one wins.
 */
function fulfilPaid(
  deps: CheckoutDeps,
  input: FulfilInput,
  opts: SettleOptions = {},
): Promise<{ order: OrderRow; duplicate: boolean }> {
  // A double click or two tabs in this server share one fulfilment instead of queueing a second
  // transaction (and a pooled connection) behind the cart lock; other servers are still kept out
  // by that lock and the unique index.
  const key = `${input.gateway}:${input.intent.id}`;
  const running = inflight.get(key);
  if (running) return running.then((r) => ({ ...r, duplicate: true }));
  const p = fulfilOnce(deps, input, opts).finally(() => inflight.delete(key));
  inflight.set(key, p);
  return p;
}

const inflight = new Map<string, Promise<{ order: OrderRow; duplicate: boolean }>>();

/**
 * The workflow of a succeeded charge: `charge` (taken; its compensation refunds it), then the
 * order's transaction (price, hold, record, fulfil: `checkout-steps.ts`). A failure there rolls
 * the transaction back and the charge is refunded, recorded as failed, audited and mailed.
 */
async function fulfilOnce(
  deps: CheckoutDeps,
  input: FulfilInput,
  opts: SettleOptions,
): Promise<{ order: OrderRow; duplicate: boolean }> {
  const { intent } = input;
  const cartId = Number(intent.metadata.cart_id);
  const now = deps.clock();
  // Read together, outside the lock: a retry after the order was recorded answers from here without
  // a transaction; the card's brand and the receipt's addressee need not be read under the lock.
  const [[done], pm, [user]] = await Promise.all([
    deps.db
      .select({ order: orders })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(eq(payments.providerPaymentId, intent.id), eq(payments.cartId, cartId), ne(payments.status, "failed")),
      ),
    intent.paymentMethodId ? deps.gateways.card.paymentMethod(deps.db, intent.paymentMethodId) : null,
    deps.db
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, Number(intent.metadata.user_id))),
  ]);
  if (done) return { order: done.order, duplicate: true };
  const pre: Prefetched = { pm, user: user ?? null };
  const steps = opts.steps ?? settleSteps;
  const outcome = await runSteps<ChargedState>(
    [
      chargeTakenStep({
        refund: (paid, cause) => failAndRefund(deps, paid, cartId, cause),
        cancelPending: async (pending) => {
          // The voucher (or Mercado Pago ticket) whose order could not be recorded is not to be paid.
          if (pending.method !== "mercadopago") await deps.gateways.card.cancelIntent(deps.db, pending.intent.id);
          else await deps.gateways.mercadopago?.cancel(deps.db, pending.intent.id);
          await releaseHold(deps.db, cartId, deps.clock());
        },
      }),
      { name: "order", run: () => recordInTransaction(deps, input, cartId, now, pre, steps) },
    ],
    { input },
    {
      onCompensationError: (step, err) =>
        deps.log.error({ err, step, cartId }, "checkout compensation failed: left to the reconciliation task"),
    },
  );
  if (outcome.ok) {
    const order = outcome.state.order!;
    if (!outcome.state.duplicate) await fulfilAfterCommit(deps, order.id);
    return { order, duplicate: outcome.state.duplicate ?? false };
  }
  const { cause, state } = outcome;
  if (state.recordedElsewhere) return { order: state.recordedElsewhere, duplicate: true };
  if (cause instanceof AlreadyFailed) throw AppError.conflict(t("commerce.payment.refundedAfterFailure"));
  // The refund could not be recorded (the database is down): the open charge is settled later.
  if (!outcome.compensated.includes("charge"))
    throw new Error("checkout: the charge could not be compensated", { cause });
  const message = cause instanceof FulfilmentError ? cause.message : t("errors.paymentFailed");
  throw AppError.conflict(`${message}. ${t("commerce.payment.refundedAfterFailure")}`);
}

/**
 * The order's transaction: the cart row locked, this charge checked against what the cart already
 * has (the same charge's order answers as a duplicate; another live payment or an earlier failure
 * refuses it), then price, hold, record and fulfil.
 */
async function recordInTransaction(
  deps: CheckoutDeps,
  input: FulfilInput,
  cartId: number,
  now: Date,
  pre: Prefetched,
  steps: (ports: SettlePorts) => Step<SettleState>[],
): Promise<Partial<ChargedState>> {
  const { intent } = input;
  return deps.db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
    if (!cart) throw new FulfilmentError(t("commerce.cart.notYours"));
    // This cart's live first payment, and whether this very charge already failed, in one read.
    const seen = await tx
      .select()
      .from(payments)
      .where(
        or(
          and(eq(payments.cartId, cart.id), eq(payments.instalment, 1), ne(payments.status, "failed")),
          and(eq(payments.providerPaymentId, intent.id), eq(payments.status, "failed")),
        ),
      );
    const live = seen.find((x) => x.status !== "failed");
    if (live) {
      if (live.providerPaymentId === intent.id) {
        const [order] = await tx.select().from(orders).where(eq(orders.id, live.orderId!));
        return { order: order!, duplicate: true };
      }
      // Another charge already paid this cart (e.g. a second card in another tab): give this one back.
      throw new FulfilmentError(t("commerce.cart.alreadyPaid"));
    }
    if (seen.length > 0) throw new AlreadyFailed();
    if (cart.status !== "open") throw new FulfilmentError(t("commerce.cart.alreadyPaid"));
    const done = await runStepsOrThrow(steps(settlePorts(deps, tx)), { input, cart, now, pre });
    return { order: done.order!, duplicate: false };
  });
}

/**
 * The fulfil step after the order's commit: run at once so the customer sees the credits in the
 * answer; a failure here is logged and left to the job sent with the order (retried), never undoes
 * the order nor refunds the money.
 */
async function fulfilAfterCommit(deps: CheckoutDeps, orderId: number) {
  try {
    await fulfilOrder(deps, orderId);
  } catch (err) {
    deps.log.error({ err, orderId }, "order fulfilment failed after commit: left to its job");
  }
}

/**
 * fulfil, once per paid order: the order row locked, its plan carried out (credit lots, gift cards
 * sold, shipment, certification, saved card, receipt) and the order marked fulfilled, in one
 * transaction. Called after the order's commit, by its job, and when a pending voucher is paid;
 * any number of calls fulfil it once. A pending or canceled order is left alone.
 */
export async function fulfilOrder(deps: Pick<AppDeps, "db" | "mailer" | "clock" | "config">, orderId: number) {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order?.fulfilment || order.fulfilledAt || order.status === "pending_payment" || order.status === "canceled")
      return { fulfilled: false };
    const now = deps.clock();
    const [user] = await tx
      .select({ email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, order.userId));
    await runStepsOrThrow([fulfilStep(fulfilPort(deps, tx))], {
      order,
      plan: order.fulfilment,
      user: user ?? null,
      now,
    });
    await tx.update(orders).set({ fulfilledAt: now }).where(eq(orders.id, order.id));
    return { fulfilled: true };
  });
}

/**
 * A deposit's second instalment: the order row is locked, one live instalment-2 payment per cart
 * (unique index), and the amount must be exactly what is owed; otherwise the charge is recorded as
 * failed and refunded, as for a first payment.
 */
async function fulfilBalance(deps: CheckoutDeps, input: FulfilInput): Promise<{ order: OrderRow; duplicate: boolean }> {
  const cartId = Number(input.intent.metadata.cart_id);
  const outcome = await runSteps<ChargedState>(
    [
      chargeTakenStep({ refund: (paid, cause) => failAndRefund(deps, paid, cartId, cause) }),
      { name: "record", run: () => recordBalance(deps, input) },
    ],
    { input },
    {
      onCompensationError: (step, err) =>
        deps.log.error({ err, step, cartId }, "checkout compensation failed: left to the reconciliation task"),
    },
  );
  if (outcome.ok) return { order: outcome.state.order!, duplicate: outcome.state.duplicate ?? false };
  const { cause, state } = outcome;
  if (state.recordedElsewhere) return { order: state.recordedElsewhere, duplicate: true };
  if (cause instanceof AlreadyFailed) throw AppError.conflict(t("commerce.payment.refundedAfterFailure"));
  if (!outcome.compensated.includes("charge"))
    throw new Error("checkout: the charge could not be compensated", { cause });
  const message = cause instanceof FulfilmentError ? cause.message : t("errors.paymentFailed");
  throw AppError.conflict(`${message}. ${t("commerce.payment.refundedAfterFailure")}`);
}

/** The second instalment's payment on its order, in one transaction with the order row locked. */
async function recordBalance(deps: CheckoutDeps, input: FulfilInput): Promise<Partial<ChargedState>> {
  const { intent } = input;
  const orderId = Number(intent.metadata.order_id);
  const cartId = Number(intent.metadata.cart_id);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order || order.cartId !== cartId) throw new FulfilmentError(t("commerce.deposit.orderNotFound"));
    const [live] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.cartId, order.cartId), eq(payments.instalment, 2), ne(payments.status, "failed")));
    if (live) {
      if (live.providerPaymentId === intent.id) return { order, duplicate: true };
      throw new FulfilmentError(t("commerce.deposit.nothingOwed"));
    }
    const [failed] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.providerPaymentId, intent.id), eq(payments.status, "failed")));
    if (failed) throw new AlreadyFailed();
    if (order.status !== "paid" || order.balanceDueCents <= 0)
      throw new FulfilmentError(t("commerce.deposit.nothingOwed"));
    if (order.balanceDueCents !== intent.amountCents) throw new FulfilmentError(t("commerce.payment.amountMismatch"));
    const pm = intent.paymentMethodId ? await deps.gateways.card.paymentMethod(tx, intent.paymentMethodId) : null;
    await tx.insert(payments).values({
      cartId: order.cartId,
      orderId: order.id,
      userId: order.userId,
      studioId: input.studioId ?? order.studioId,
      gateway: input.gateway,
      method: input.method,
      providerPaymentId: intent.id,
      idempotencyKey: `order:${order.cartId}:2`,
      amountCents: intent.amountCents,
      status: "succeeded",
      instalment: 2,
      cardBrand: pm?.brand ?? null,
      cardLast4: pm?.last4 ?? null,
      createdAt: now,
      updatedAt: now,
    });
    const [updated] = await tx
      .update(orders)
      .set({ balanceDueCents: 0, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    if (intent.metadata.save_card === "1" && pm) await saveCard(tx, order.userId, input.gateway, pm);
    await closeCharge(tx, { intentId: intent.id }, "fulfilled", now);
    const [u] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, order.userId));
    if (u) {
      const line = t("commerce.deposit.receiptLine", { id: order.id, amount: formatMoney(intent.amountCents) });
      const receipt = receiptMailParts(await receiptOf(tx, updated!));
      await deps.mailer.send(tx, {
        to: u.email,
        subject: t("commerce.orders.receiptSubject", { id: order.id }),
        template: "order-receipt",
        text: [t("mail.greeting", { name: u.name }), line, ...receipt.text].join("\n"),
        html: `<p>${escapeHtml(t("mail.greeting", { name: u.name }))}</p><p>${escapeHtml(line)}</p>${receipt.html}`,
      });
    }
    return { order: updated!, duplicate: false };
  });
}

/**
 * The charge's compensation. The charge went through but the order could not be recorded: keep the
 * charge as `failed` (audited, the customer mailed), then refund it (idempotently; a refund that
 * does not go through is retried by `retryFailedRefunds`). Unless, meanwhile, another call recorded
 * the order with this very charge: then that order is the answer.
 */
async function failAndRefund(
  deps: CheckoutDeps,
  input: FulfilInput,
  cartId: number,
  cause: unknown,
): Promise<{ order: OrderRow } | null> {
  const message = cause instanceof FulfilmentError ? cause.message : t("errors.paymentFailed");
  if (!(cause instanceof FulfilmentError)) deps.log.error({ err: cause, cartId }, "checkout fulfilment failed");
  const recorded = await deps.db.transaction(async (tx) => {
    const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for("update");
    if (!cart) return null;
    const [live] = await tx
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.cartId, cartId),
          eq(payments.providerPaymentId, input.intent.id),
          ne(payments.status, "failed"),
        ),
      );
    if (live) {
      const [order] = await tx.select().from(orders).where(eq(orders.id, live.orderId!));
      return { order: order! };
    }
    const [already] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.providerPaymentId, input.intent.id), eq(payments.status, "failed")));
    if (!already) {
      const [failed] = await tx
        .insert(payments)
        .values({
          cartId,
          userId: cart.userId,
          studioId: input.studioId,
          gateway: input.gateway,
          method: input.method,
          providerPaymentId: input.intent.id,
          idempotencyKey: `failed:${input.intent.id}`,
          amountCents: input.intent.amountCents,
          status: "failed",
          failure: message,
        })
        .returning({ id: payments.id });
      // The back office's log says which charge was given back and why (no staff actor: checkout did).
      await audit(tx, {
        actorUserId: null,
        action: "payment.refunded_after_failure",
        entity: "payment",
        entityId: failed!.id,
        data: {
          cart_id: cartId,
          provider_payment_id: input.intent.id,
          amount_cents: input.intent.amountCents,
          reason: message,
        },
      });
      // The customer may not be on the page any more (the reconciliation task, a webhook): the
      // mail says what happened to their money.
      if (input.intent.amountCents > 0) await mailRefundAfterFailure(deps, tx, cart.userId, input.intent, message);
    }
    await closeCharge(tx, { intentId: input.intent.id }, "refunded", deps.clock());
    // What the cart held for this charge goes back to the store (another charge may hold it anew).
    if (input.intent.metadata.instalment !== "2") await releaseHoldIn(tx, cartId, deps.clock());
    return null;
  });
  if (recorded) return recorded;
  await refundFailedCharge(deps, input.intent.id);
  return null;
}

async function mailRefundAfterFailure(
  deps: Pick<AppDeps, "mailer">,
  tx: Db,
  userId: number,
  intent: Intent,
  reason: string,
) {
  const [u] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  if (!u) return;
  const amount = formatMoney(intent.amountCents);
  const body = t("commerce.payment.refundMailBody", { amount, reason });
  await deps.mailer.send(tx, {
    to: u.email,
    subject: t("commerce.payment.refundMailSubject", { amount }),
    template: "payment-refunded",
    text: [t("mail.greeting", { name: u.name }), body].join("\n"),
    html: `<p>${escapeHtml(t("mail.greeting", { name: u.name }))}</p><p>${escapeHtml(body)}</p>`,
  });
}

/** Refunds a `failed` charge not yet refunded; a scheduled retry can call it again safely. */
async function refundFailedCharge(deps: Pick<AppDeps, "db" | "gateways" | "log" | "clock">, providerPaymentId: string) {
  const [p] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.status, "failed")));
  if (!p || p.refundedCents >= p.amountCents || p.gateway === "none") return;
  const gateway = gatewayOfPayment(deps.gateways, p);
  if (!gateway) {
    deps.log.error({ paymentId: p.id, gateway: p.gateway }, "failed charge of a gateway no longer configured");
    return;
  }
  try {
    await gateway.refund(deps.db, providerPaymentId, p.amountCents, `failed:${providerPaymentId}`);
    await deps.db
      .update(payments)
      .set({ refundedCents: p.amountCents, updatedAt: deps.clock() })
      .where(eq(payments.id, p.id));
  } catch (err) {
    // Left with refunded_cents 0: the back office shows it and the retry task refunds it later.
    deps.log.error({ err, paymentId: p.id }, "refund of a failed checkout did not go through");
  }
}

/** Where to go after paying: the order just paid (spec §4 success-url). */
export async function successUrl(db: Db, userId: number, now: Date) {
  const [o] = await db
    .select({ id: orders.id, createdAt: orders.createdAt })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.id))
    .limit(1);
  if (!o || now.getTime() - o.createdAt.getTime() > DAY) return { url: null };
  return { url: `/success-order?order=${o.id}` };
}

// ---------- webhooks ----------

/** The job that applies a stored provider event (runtime.ts registers it). */
export const WEBHOOK_JOB = "commerce-webhook";

/**
 * The provider's webhook call: verify the signature, store the event once (its id is the key) and
 * enqueue its job in the same transaction, then answer at once. A resent event finds its row and
 * enqueues nothing; the job does the work, with the queue's retries if the gateway is down.
 */
export async function handleWebhook(
  deps: Pick<AppDeps, "db" | "jobs" | "gateways">,
  rawBody: string,
  signature: string | null,
) {
  const { card } = deps.gateways;
  const ev = card.parseWebhook(rawBody, signature);
  if (!ev) throw AppError.badRequest(t("commerce.payment.webhookSignature"));
  return storeWebhookEvent(deps, card.name, ev);
}

/** PayPal's webhook call: verified by PayPal's own API (the transmission headers), then as above. */
export async function handlePaypalWebhook(
  deps: Pick<AppDeps, "db" | "jobs" | "gateways">,
  rawBody: string,
  header: (name: string) => string | undefined,
) {
  const { paypal } = deps.gateways;
  const ev = await paypal.verifyWebhook(rawBody, header);
  if (!ev) throw AppError.badRequest(t("commerce.payment.webhookSignature"));
  return storeWebhookEvent(deps, paypal.name, ev);
}

async function storeWebhookEvent(deps: Pick<AppDeps, "db" | "jobs">, gateway: string, ev: WebhookEvent) {
  await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(webhookEventsTable)
      .values({ id: ev.id, gateway, type: ev.type, intentId: ev.intentId })
      .onConflictDoNothing()
      .returning({ id: webhookEventsTable.id });
    if (stored) await deps.jobs.send(tx, WEBHOOK_JOB, { id: ev.id });
  });
  return { received: true };
}

/**
 * The job: applies one stored event, once. A succeeded payment becomes its order (or its second
 * instalment) through the same idempotent path as the page, so whichever arrives first wins and the
 * other finds the order. A gateway error throws, and the queue retries later.
 */
export async function applyWebhookEvent(deps: CheckoutDeps, eventId: string) {
  const [ev] = await deps.db.select().from(webhookEventsTable).where(eq(webhookEventsTable.id, eventId));
  if (!ev || ev.processedAt) return { applied: false };
  const { card, paypal } = deps.gateways;
  let paid: FulfilInput | null = null;
  if (ev.gateway === "paypal" && ev.intentId) {
    // Approved but the customer never came back to our page: capture it here (the same key as the
    // page's, so whichever runs first captures and the other gets that capture). A completed capture
    // (also one that was pending) is read from the order.
    // PayPal down: the queue retries; a refusal (declined, not approved) is final and ends here.
    const intent = await (
      ev.type === "CHECKOUT.ORDER.APPROVED"
        ? paypal.capture(deps.db, ev.intentId, `capture:${ev.intentId}`)
        : ev.type === "PAYMENT.CAPTURE.COMPLETED"
          ? paypal.retrieve(deps.db, ev.intentId)
          : Promise.resolve(null)
    ).catch((e: unknown) => {
      if (!(e instanceof GatewayError) || transientPaypalError(e)) throw e;
      deps.log.warn({ err: e, eventId }, "PayPal webhook: the order cannot be captured");
      return null;
    });
    if (intent) paid = { gateway: paypal.name, method: "paypal", intent, studioId: null };
  } else if (ev.gateway === "mercadopago" && ev.intentId) {
    paid = await mercadoPagoEvent(deps, ev.intentId);
  } else if (ev.type === "payment_intent.succeeded" && ev.intentId) {
    const intent = await card.retrieveIntent(deps.db, ev.intentId);
    // An OXXO voucher (or SPEI transfer) paid: its pending order is confirmed and fulfilled.
    if (intent?.pending) {
      if (intent.status === "succeeded") await confirmPendingPayment(deps, intent);
    } else if (intent) paid = { gateway: card.name, method: "card", intent, studioId: null };
  } else if (ev.type === "payment_intent.partially_funded" && ev.intentId) {
    // A SPEI transfer for less than owed: what was received is noted, the order stays pending.
    const intent = await card.retrieveIntent(deps.db, ev.intentId);
    if (intent?.pending && intent.status === "requires_action") await notePartialFunding(deps.db, intent, deps.clock());
  } else if ((ev.type === "payment_intent.payment_failed" || ev.type === "payment_intent.canceled") && ev.intentId) {
    // An OXXO voucher that lapsed unpaid (Stripe says so with payment_failed): the order is canceled.
    const intent = await card.retrieveIntent(deps.db, ev.intentId);
    if (intent?.pending && (intent.status === "failed" || intent.status === "canceled"))
      await failPendingPayment(deps, intent);
  }
  if (paid?.intent.status === "succeeded" && paid.intent.metadata.user_id) {
    try {
      await applySucceededIntent(deps, paid);
    } catch (e) {
      // A charge that could not become an order was recorded and refunded: nothing to retry.
      if (!(e instanceof AppError)) throw e;
    }
  }
  await deps.db
    .update(webhookEventsTable)
    .set({ processedAt: deps.clock() })
    .where(and(eq(webhookEventsTable.id, eventId), isNull(webhookEventsTable.processedAt)));
  return { applied: true };
}

/**
 * Scheduled: charges that failed to become an order and whose refund did not go through (gateway
 * down at the time) are refunded again. Idempotent: the refund's key is the charge's.
 */
export async function retryFailedRefunds(deps: CheckoutDeps) {
  const pending = await deps.db
    .select({ id: payments.providerPaymentId })
    .from(payments)
    .where(and(eq(payments.status, "failed"), sql`${payments.refundedCents} < ${payments.amountCents}`))
    .limit(100);
  for (const p of pending) if (p.id) await refundFailedCharge(deps, p.id);
  return { retried: pending.length };
}

// ---------- reconciliation ----------

/**
 * Settles one open charge, whatever left it open: the gateway is asked what became of it, then a
 * succeeded charge goes the one way every payment goes (`applySucceededIntent`: the order when the
 * cart still matches what was paid, a recorded refund and a mail otherwise), a declined or
 * cancelled one is closed, one still awaiting the bank's authentication is cancelled (`inline`: the
 * customer is paying with another card now; otherwise after an hour), and one whose request never
 * reached the gateway is closed as abandoned. What the charge became, or false while it stays open.
 */
async function settleCharge(
  deps: CheckoutDeps,
  charge: ChargeRow,
  opts: { inline?: boolean } = {},
): Promise<false | "closed" | "fulfilled"> {
  const now = deps.clock();
  const age = now.getTime() - charge.createdAt.getTime();
  const gateway = gatewayOfPayment(deps.gateways, charge);
  if (!gateway || !("cancelIntent" in gateway)) {
    if (!opts.inline) await noteSettleError(deps.db, charge.id, "gateway not configured", now);
    return false;
  }
  let intent = charge.providerIntentId
    ? await gateway.retrieveIntent(deps.db, charge.providerIntentId)
    : age < CHARGE_IN_FLIGHT_MS
      ? undefined // the request that opened it may still be talking to the gateway
      : await gateway.findIntentByKey(deps.db, charge.idempotencyKey);
  if (intent === undefined) return false;
  if (!intent) {
    await closeCharge(deps.db, { chargeId: charge.id }, "abandoned", now);
    if (charge.instalment === 1) await releaseHold(deps.db, charge.cartId, now);
    return "closed";
  }
  if (!charge.providerIntentId) await noteIntent(deps.db, charge.id, intent, now);
  if (intent.status === "requires_action" && (opts.inline || age > CHARGE_ACTION_TIMEOUT_MS))
    intent = await gateway.cancelIntent(deps.db, intent.id);
  if (intent.status === "failed" || intent.status === "canceled") {
    await closeCharge(deps.db, { chargeId: charge.id }, intent.status, now);
    if (charge.instalment === 1) await releaseHold(deps.db, charge.cartId, now);
    return "closed";
  }
  if (intent.status !== "succeeded") return false;
  if (!opts.inline && age < CHARGE_RECONCILE_AFTER_MS) return false; // the browser is about to record it
  let fulfilled = false;
  try {
    await applySucceededIntent(deps, { gateway: gateway.name, method: "card", intent, studioId: null });
    fulfilled = true;
  } catch (e) {
    if (!(e instanceof AppError)) throw e; // the gateway or the database is down: the task tries again
  }
  // Whichever path recorded it (this one, the page, the webhook): close it as what it became.
  const [live] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.providerPaymentId, intent.id), ne(payments.status, "failed")));
  const became = live || fulfilled ? "fulfilled" : "refunded";
  await closeCharge(deps.db, { chargeId: charge.id }, became, now);
  return became === "fulfilled" ? "fulfilled" : "closed";
}

/**
 * Scheduled every minute: every charge left open past its interval is settled, so no money stays
 * taken without an order or a refund. A charge that cannot be settled now (gateway down) keeps its
 * error for the back office and is tried again on the next run.
 */
export async function reconcileCharges(deps: CheckoutDeps) {
  const open = await chargesToSettle(deps.db, deps.clock());
  let settled = (await reconcilePaypalCaptures(deps)) + (await reconcileMercadoPago(deps));
  for (const charge of open) {
    try {
      if (await settleCharge(deps, charge)) settled++;
    } catch (err) {
      deps.log.error({ err, chargeId: charge.id }, "checkout charge could not be reconciled");
      await noteSettleError(deps.db, charge.id, err instanceof Error ? err.message : String(err), deps.clock());
    }
  }
  return { open: open.length, settled };
}

/**
 * Open carts sent to a provider's page (`ref` set: the PayPal order, the Mercado Pago preference)
 * in the last day and untouched for the reconciliation interval: the ones whose payment may have
 * been taken while its answer was lost.
 */
function cartsAtProvider(deps: CheckoutDeps, ref: typeof carts.paypalOrderId | typeof carts.mercadopagoPreferenceId) {
  const now = deps.clock();
  return deps.db
    .select({ id: carts.id, userId: carts.userId, providerRef: ref })
    .from(carts)
    .where(
      and(
        eq(carts.status, "open"),
        isNotNull(ref),
        lt(carts.updatedAt, new Date(now.getTime() - CHARGE_RECONCILE_AFTER_MS)),
        gt(carts.updatedAt, new Date(now.getTime() - DAY)),
      ),
    )
    .limit(100);
}

/**
 * PayPal takes the money at our capture, which goes straight on to the order; a server that died
 * between the two left a captured PayPal order on an open cart. Each run looks at the open carts
 * with a PayPal order from the last day, untouched for the reconciliation interval: a captured one
 * becomes its order (or a refund, as any charge); one still awaiting approval is left alone.
 */
async function reconcilePaypalCaptures(deps: CheckoutDeps) {
  const { paypal } = deps.gateways;
  const open = await cartsAtProvider(deps, carts.paypalOrderId);
  let settled = 0;
  for (const cart of open) {
    try {
      const intent = await paypal.retrieve(deps.db, cart.providerRef!);
      if (intent?.status !== "succeeded") continue;
      const metadata = { ...intent.metadata, cart_id: String(cart.id), user_id: String(cart.userId) };
      await applySucceededIntent(deps, {
        gateway: paypal.name,
        method: "paypal",
        intent: { ...intent, metadata },
        studioId: null,
      }).catch((e: unknown) => {
        if (!(e instanceof AppError)) throw e; // recorded and refunded: settled all the same
      });
      // Settled (an order, or a recorded refund): not looked at again.
      await deps.db
        .update(carts)
        .set({ paypalOrderId: null })
        .where(and(eq(carts.id, cart.id), eq(carts.status, "open")));
      settled++;
    } catch (err) {
      deps.log.error({ err, cartId: cart.id }, "PayPal capture could not be reconciled");
    }
  }
  return settled;
}

/**
 * Mercado Pago takes the money on its own page; the customer's return and its webhook tell us. When
 * both were lost, each run looks at the open carts sent to Mercado Pago in the last day and
 * untouched for the reconciliation interval, and asks Mercado Pago for the cart's payments (by its
 * charge key): an approved one becomes its order (or a refund, as any charge), an OXXO ticket its
 * order «pendiente de pago»; a cart with no payment, or only refused ones, is left alone (the
 * customer may still pay on Mercado Pago's page).
 */
async function reconcileMercadoPago(deps: CheckoutDeps) {
  const mp = deps.gateways.mercadopago;
  if (!mp) return 0;
  const open = await cartsAtProvider(deps, carts.mercadopagoPreferenceId);
  let settled = 0;
  for (const cart of open) {
    try {
      const intent = await mp.findByReference(deps.db, mpReference(cart.id));
      if (intent?.status !== "succeeded" && !(intent?.status === "requires_action" && intent.pending)) continue;
      await settleMercadoPago(deps, intent);
      // Settled (an order, pending or paid, or a recorded refund): not looked at again.
      await deps.db.update(carts).set({ mercadopagoPreferenceId: null }).where(eq(carts.id, cart.id));
      settled++;
    } catch (err) {
      deps.log.error({ err, cartId: cart.id }, "Mercado Pago payment could not be reconciled");
    }
  }
  return settled;
}

/** The back office's "reconcile now": the same two tasks the scheduler runs. */
export async function reconcileNow(deps: CheckoutDeps) {
  const charges = await reconcileCharges(deps);
  const refunds = await retryFailedRefunds(deps);
  return { ...charges, refunds_retried: refunds.retried };
}
