/**
 * Taking back credits that were never used (a refunded purchase). Runs inside the caller's
 * transaction: each lot is row-locked, its unused balance set to 0 with a `revoke` movement; an
 * unlimited pass ends now (a movement of 0). Classes already booked or taken stay spent.
 */
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { creditLots, creditMovements } from "../../db/schema";

interface RevokeInput {
  sourceRefs: string[];
  actorUserId: number | null;
  reason: string;
  now: Date;
}
type Lot = typeof creditLots.$inferSelect;

/**
 * Revokes from each live lot of the purchases (row-locked) what `cut` says: a new end for an
 * unlimited pass (a movement of 0), or how many unused classes to take from a counted lot (none:
 * the lot is left alone). Returns the classes taken.
 */
async function revokeLots(
  tx: Db,
  input: RevokeInput,
  cut: { pass: (lot: Lot) => Date; classes: (lot: Lot & { quantity: number }) => number },
): Promise<number> {
  const lots = await tx
    .select()
    .from(creditLots)
    .where(and(inArray(creditLots.sourceRef, input.sourceRefs), gt(creditLots.expiresAt, input.now)))
    .for("update");
  const movement = (lot: Lot, delta: number) =>
    tx.insert(creditMovements).values({
      lotId: lot.id,
      userId: lot.userId,
      delta,
      kind: "revoke",
      reason: input.reason,
      ref: lot.sourceRef,
      actorUserId: input.actorUserId,
    });
  let revoked = 0;
  for (const lot of lots) {
    if (lot.quantity === null) {
      await tx
        .update(creditLots)
        .set({ expiresAt: cut.pass(lot) })
        .where(eq(creditLots.id, lot.id));
      await movement(lot, 0);
      continue;
    }
    const take = cut.classes({ ...lot, quantity: lot.quantity });
    if (take <= 0) continue;
    await tx
      .update(creditLots)
      .set({ remaining: lot.remaining - take })
      .where(eq(creditLots.id, lot.id));
    await movement(lot, -take);
    revoked += take;
  }
  return revoked;
}

export async function revokeUnusedCredits(tx: Db, input: RevokeInput): Promise<number> {
  if (input.sourceRefs.length === 0) return 0;
  return revokeLots(tx, input, { pass: () => input.now, classes: (lot) => lot.remaining });
}

/**
 * A partial refund: takes back `share` (0-1) of each lot, rounded up to whole classes and never
 * more than is unused; an unlimited pass loses that share of its days (not before now). Classes
 * already booked or taken stay spent.
 */
export async function revokeShareOfCredits(tx: Db, input: RevokeInput & { share: number }): Promise<number> {
  if (input.sourceRefs.length === 0 || input.share <= 0) return 0;
  return revokeLots(tx, input, {
    pass: (lot) => {
      const cut = Math.round((lot.expiresAt.getTime() - lot.startsAt.getTime()) * Math.min(1, input.share));
      return new Date(Math.max(input.now.getTime(), lot.expiresAt.getTime() - cut));
    },
    classes: (lot) => Math.min(lot.remaining, Math.ceil(lot.quantity * input.share - 1e-9)),
  });
}
