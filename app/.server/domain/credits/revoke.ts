/**
 * Taking back credits that were never used (a refunded purchase). Runs inside the caller's
 * transaction: each lot is row-locked, its unused balance set to 0 with a `revoke` movement; an
 * unlimited pass ends now (a movement of 0). Classes already booked or taken stay spent.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creditLots, creditMovements } from "../../db/schema";

export async function revokeUnusedCredits(
  tx: Db,
  input: { sourceRefs: string[]; actorUserId: number | null; reason: string; now: Date },
): Promise<number> {
  if (input.sourceRefs.length === 0) return 0;
  const lots = await tx
    .select()
    .from(creditLots)
    .where(and(inArray(creditLots.sourceRef, input.sourceRefs), gt(creditLots.expiresAt, input.now)))
    .for("update");
  let revoked = 0;
  for (const lot of lots) {
    if (lot.quantity === null) {
      await tx.update(creditLots).set({ expiresAt: input.now }).where(eq(creditLots.id, lot.id));
      await tx.insert(creditMovements).values({
        lotId: lot.id,
        userId: lot.userId,
        delta: 0,
        kind: "revoke",
        reason: input.reason,
        ref: lot.sourceRef,
        actorUserId: input.actorUserId,
      });
      continue;
    }
    if (lot.remaining <= 0) continue;
    await tx.update(creditLots).set({ remaining: 0 }).where(eq(creditLots.id, lot.id));
    await tx.insert(creditMovements).values({
      lotId: lot.id,
      userId: lot.userId,
      delta: -lot.remaining,
      kind: "revoke",
      reason: input.reason,
      ref: lot.sourceRef,
      actorUserId: input.actorUserId,
    });
    revoked += lot.remaining;
  }
  return revoked;
}

/**
 * A partial refund: takes back `share` (0-1) of each lot, rounded up to whole classes and never
 * more than is unused; an unlimited pass loses that share of its days (not before now). Classes
 * already booked or taken stay spent.
 */
export async function revokeShareOfCredits(
  tx: Db,
  input: { sourceRefs: string[]; share: number; actorUserId: number | null; reason: string; now: Date },
): Promise<number> {
  if (input.sourceRefs.length === 0 || input.share <= 0) return 0;
  const lots = await tx
    .select()
    .from(creditLots)
    .where(and(inArray(creditLots.sourceRef, input.sourceRefs), gt(creditLots.expiresAt, input.now)))
    .for("update");
  let revoked = 0;
  for (const lot of lots) {
    if (lot.quantity === null) {
      const cut = Math.round((lot.expiresAt.getTime() - lot.startsAt.getTime()) * Math.min(1, input.share));
      const expiresAt = new Date(Math.max(input.now.getTime(), lot.expiresAt.getTime() - cut));
      await tx.update(creditLots).set({ expiresAt }).where(eq(creditLots.id, lot.id));
      await tx.insert(creditMovements).values({
        lotId: lot.id,
        userId: lot.userId,
        delta: 0,
        kind: "revoke",
        reason: input.reason,
        ref: lot.sourceRef,
        actorUserId: input.actorUserId,
      });
      continue;
    }
    const take = Math.min(lot.remaining, Math.ceil(lot.quantity * input.share - 1e-9));
    if (take <= 0) continue;
    await tx
      .update(creditLots)
      .set({ remaining: lot.remaining - take })
      .where(eq(creditLots.id, lot.id));
    await tx.insert(creditMovements).values({
      lotId: lot.id,
      userId: lot.userId,
      delta: -take,
      kind: "revoke",
      reason: input.reason,
      ref: lot.sourceRef,
      actorUserId: input.actorUserId,
    });
    revoked += take;
  }
  return revoked;
}
