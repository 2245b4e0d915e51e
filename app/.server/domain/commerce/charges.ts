/**
 * The charge ledger: every card charge is written down before the gateway is called, and stays
 * `open` until it is settled (an order, a refund, or nothing taken). Two rules live here:
 *
 * - one open charge per cart and instalment (a partial unique index), so a cart paid with several
 *   cards at once is charged once: the second request finds the first in flight and is refused;
 * - a payment method belongs to one customer (`payment_method_owners`), so nobody pays with a card
 *   id that is not theirs.
 *
 * Settling a charge needs checkout's fulfilment, so it lives in checkout.ts (`settleCharge`).
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { formatMoney } from "~/shared/mexico/money";
import { formatDateTimeLong } from "~/shared/mexico/time";
import type { Db } from "../../db/client";
import { checkoutCharges, paymentMethodOwners, payments, users } from "../../db/schema";
import type { Intent } from "./gateways/types";

export type ChargeRow = typeof checkoutCharges.$inferSelect;
type ChargeStatus = ChargeRow["status"];

/** A charge whose gateway answer is still awaited after this long was lost with its request. */
export const CHARGE_IN_FLIGHT_MS = 2 * 60_000;
/** A succeeded charge the browser has not turned into an order after this long is settled by the task. */
export const CHARGE_RECONCILE_AFTER_MS = 3 * 60_000;
/** Waiting this long for the bank's authentication, the charge (nothing taken) is cancelled. */
export const CHARGE_ACTION_TIMEOUT_MS = 60 * 60_000;

/**
 * Claims the payment method for this customer, or finds who has it. True when it is the customer's.
 * The first customer to use a method owns it; no one else can charge it.
 */
export async function claimPaymentMethod(db: Db, gateway: string, providerId: string, userId: number) {
  await db
    .insert(paymentMethodOwners)
    .values({ gateway, providerPaymentMethodId: providerId, userId })
    .onConflictDoNothing();
  const [owner] = await db
    .select({ userId: paymentMethodOwners.userId })
    .from(paymentMethodOwners)
    .where(and(eq(paymentMethodOwners.gateway, gateway), eq(paymentMethodOwners.providerPaymentMethodId, providerId)));
  return owner?.userId === userId;
}

export type OpenChargeInput = Pick<
  typeof checkoutCharges.$inferInsert,
  "cartId" | "orderId" | "userId" | "instalment" | "gateway" | "method" | "idempotencyKey" | "amountCents"
>;

/**
 * Writes the charge down before the gateway is called. Answers the charge to go on with (a new one,
 * or the same request's, found by its key), or `{ busy }`: the open charge of another request for
 * this cart, which must be settled before a new one may start.
 */
export async function openCharge(
  db: Db,
  input: OpenChargeInput,
  now: Date,
): Promise<{ charge: ChargeRow; busy?: undefined } | { busy: ChargeRow; charge?: undefined }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await db
      .insert(checkoutCharges)
      .values({ ...input, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    if (row) return { charge: row };
    const [same] = await db
      .select()
      .from(checkoutCharges)
      .where(eq(checkoutCharges.idempotencyKey, input.idempotencyKey));
    if (same) return { charge: same };
    const [busy] = await db
      .select()
      .from(checkoutCharges)
      .where(
        and(
          eq(checkoutCharges.cartId, input.cartId),
          eq(checkoutCharges.instalment, input.instalment ?? 1),
          eq(checkoutCharges.status, "open"),
        ),
      );
    if (busy) return { busy };
    // Settled between the insert and the read: try again.
  }
  throw new Error("checkout charge: could not be written");
}

/** The gateway answered: remember its intent, and close the charge if nothing was taken. */
export async function noteIntent(db: Db, chargeId: number, intent: Intent, now: Date) {
  const closed: ChargeStatus | null =
    intent.status === "failed" ? "failed" : intent.status === "canceled" ? "canceled" : null;
  await db
    .update(checkoutCharges)
    .set({
      providerIntentId: intent.id,
      updatedAt: now,
      ...(closed ? { status: closed, closedAt: now } : {}),
    })
    .where(and(eq(checkoutCharges.id, chargeId), eq(checkoutCharges.status, "open")));
}

/** Closes the open charge of this intent (or this charge), whatever path settled it. Idempotent. */
export async function closeCharge(
  db: Db,
  by: { intentId: string } | { chargeId: number },
  status: Exclude<ChargeStatus, "open">,
  now: Date,
) {
  await db
    .update(checkoutCharges)
    .set({ status, closedAt: now, updatedAt: now, lastError: null })
    .where(
      and(
        "intentId" in by ? eq(checkoutCharges.providerIntentId, by.intentId) : eq(checkoutCharges.id, by.chargeId),
        eq(checkoutCharges.status, "open"),
      ),
    );
}

/** Open charges old enough for the reconciliation task, oldest first. */
export function chargesToSettle(db: Db, now: Date, limit = 100) {
  return db
    .select()
    .from(checkoutCharges)
    .where(
      and(
        eq(checkoutCharges.status, "open"),
        lt(
          checkoutCharges.createdAt,
          new Date(now.getTime() - Math.min(CHARGE_IN_FLIGHT_MS, CHARGE_RECONCILE_AFTER_MS)),
        ),
      ),
    )
    .orderBy(asc(checkoutCharges.createdAt))
    .limit(limit);
}

export async function noteSettleError(db: Db, chargeId: number, message: string, now: Date) {
  await db
    .update(checkoutCharges)
    .set({ lastError: message.slice(0, 500), updatedAt: now })
    .where(eq(checkoutCharges.id, chargeId));
}

/**
 * What the back office must look at: charges still open past the reconciliation interval (the task
 * could not settle them: gateway down, configuration changed) and charges that could not become an
 * order and whose refund has not gone through yet.
 */
export async function unreconciledCharges(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - CHARGE_RECONCILE_AFTER_MS);
  const [open, unrefunded] = await Promise.all([
    db
      .select({ charge: checkoutCharges, email: users.email, name: users.name })
      .from(checkoutCharges)
      .innerJoin(users, eq(users.id, checkoutCharges.userId))
      .where(and(eq(checkoutCharges.status, "open"), lt(checkoutCharges.createdAt, cutoff)))
      .orderBy(asc(checkoutCharges.createdAt))
      .limit(200),
    db
      .select({ payment: payments, email: users.email, name: users.name })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.userId))
      .where(
        and(
          eq(payments.status, "failed"),
          sql`${payments.refundedCents} < ${payments.amountCents}`,
          sql`${payments.gateway} <> 'none'`,
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(200),
  ]);
  return [
    ...open.map((r) => ({
      kind: "open_charge" as const,
      id: r.charge.id,
      cart_id: r.charge.cartId,
      customer: { name: r.name, email: r.email },
      gateway: r.charge.gateway,
      provider_intent_id: r.charge.providerIntentId,
      amount_cents: r.charge.amountCents,
      display_amount: formatMoney(r.charge.amountCents),
      created_at: r.charge.createdAt.toISOString(),
      display_date: formatDateTimeLong(r.charge.createdAt),
      last_error: r.charge.lastError,
    })),
    ...unrefunded.map((r) => ({
      kind: "refund_pending" as const,
      id: r.payment.id,
      cart_id: r.payment.cartId,
      customer: { name: r.name, email: r.email },
      gateway: r.payment.gateway,
      provider_intent_id: r.payment.providerPaymentId,
      amount_cents: r.payment.amountCents - r.payment.refundedCents,
      display_amount: formatMoney(r.payment.amountCents - r.payment.refundedCents),
      created_at: r.payment.createdAt.toISOString(),
      display_date: formatDateTimeLong(r.payment.createdAt),
      last_error: r.payment.failure,
    })),
  ];
}
