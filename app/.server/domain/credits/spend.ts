/**
 * The credit ledger's spending side: booking takes one class credit of the class's city, a
 * cancellation in time (or staff) gives it back, and lots past their expiry lose what is left.
 * Every change writes a `credit_movements` row with its reason and actor, inside the caller's
 * transaction; the lots read are row-locked (`FOR UPDATE`) so two bookings can never take the
 * same credit and a balance never goes below zero (the table's check backs it).
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { creditLots, creditMovements } from "../../db/schema";

export interface SpendInput {
  userId: number;
  cityId: number;
  /** The class's start: the lot must be valid then (an unlimited pass must cover it). */
  at: Date;
  reason: string;
  /** `reservation:12`. */
  ref: string;
  actorUserId: number | null;
}

export type SpendResult = { lotId: number; unlimited: boolean } | null;

/**
 * Takes one credit: an unlimited pass covering the class first (spends nothing, records a 0
 * movement), else the lot with credits left that expires first. Null when there is none. Two
 * round trips: the chosen lot read row-locked, then its decrement and the movement in one statement.
 */
export async function spendCredit(tx: Db, input: SpendInput): Promise<SpendResult> {
  const [lot] = await tx
    .select({ id: creditLots.id, quantity: creditLots.quantity })
    .from(creditLots)
    .where(
      and(
        eq(creditLots.userId, input.userId),
        eq(creditLots.scope, "in_person"),
        eq(creditLots.cityId, input.cityId),
        lte(creditLots.startsAt, input.at),
        gt(creditLots.expiresAt, input.at),
        or(isNull(creditLots.quantity), gt(creditLots.remaining, 0)),
      ),
    )
    .orderBy(sql`(${creditLots.quantity} is null) desc`, asc(creditLots.expiresAt), asc(creditLots.id))
    .limit(1)
    .for("update");
  if (!lot) return null;
  const unlimited = lot.quantity === null;
  const movement = sql`insert into ${creditMovements} (lot_id, user_id, delta, kind, reason, ref, actor_user_id)`;
  const values = (delta: number) =>
    sql`${lot.id}, ${input.userId}, ${delta}, 'spend', ${input.reason}, ${input.ref}, ${input.actorUserId}`;
  const rows = await queryRows<{ lot_id: number }>(
    tx,
    unlimited
      ? sql`${movement} values (${values(0)}) returning lot_id`
      : sql`with spent as (
          update ${creditLots} set remaining = ${creditLots.remaining} - 1
          where ${creditLots.id} = ${lot.id} and ${creditLots.remaining} > 0 returning id)
        ${movement} select ${values(-1)} from spent returning lot_id`,
  );
  if (rows.length === 0) return null;
  return { lotId: lot.id, unlimited };
}

export interface GiveBackInput {
  lotId: number;
  userId: number;
  reason: string;
  ref: string;
  actorUserId: number | null;
  /** `refund` (cancellation in time, class cancelled, staff) or `penalty_waived`. */
  kind?: "refund" | "penalty_waived";
}

/**
 * Returns one credit to the lot it came from (never above the lot's quantity); an unlimited pass
 * records a 0 movement. Returns the delta written.
 */
export async function giveBackCredit(tx: Db, input: GiveBackInput): Promise<number> {
  const [lot] = await tx
    .select({ id: creditLots.id, quantity: creditLots.quantity, remaining: creditLots.remaining })
    .from(creditLots)
    .where(and(eq(creditLots.id, input.lotId), eq(creditLots.userId, input.userId)))
    .for("update");
  if (!lot) return 0;
  let delta = 0;
  if (lot.quantity !== null && lot.remaining < lot.quantity) {
    await tx
      .update(creditLots)
      .set({ remaining: sql`${creditLots.remaining} + 1` })
      .where(eq(creditLots.id, lot.id));
    delta = 1;
  }
  await tx.insert(creditMovements).values({
    lotId: lot.id,
    userId: input.userId,
    delta,
    kind: input.kind ?? "refund",
    reason: input.reason,
    ref: input.ref,
    actorUserId: input.actorUserId,
  });
  return delta;
}

/**
 * Lots past their expiry with credits left lose them (movement `expire`). Idempotent: a lot at 0
 * is not touched again. Returns how many lots expired.
 */
export async function expireLots(db: Db, now: Date, reason: string, batch = 500): Promise<number> {
  return db.transaction(async (tx) => {
    const lots = await tx
      .select({ id: creditLots.id, userId: creditLots.userId, remaining: creditLots.remaining })
      .from(creditLots)
      .where(and(lte(creditLots.expiresAt, now), gt(creditLots.remaining, 0)))
      .orderBy(asc(creditLots.id))
      .limit(batch)
      .for("update", { skipLocked: true });
    for (const lot of lots) {
      await tx.update(creditLots).set({ remaining: 0 }).where(eq(creditLots.id, lot.id));
      await tx.insert(creditMovements).values({
        lotId: lot.id,
        userId: lot.userId,
        delta: -lot.remaining,
        kind: "expire",
        reason,
        ref: "job:credit-expiry",
        actorUserId: null,
      });
    }
    return lots.length;
  });
}
