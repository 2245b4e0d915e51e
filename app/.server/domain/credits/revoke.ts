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
