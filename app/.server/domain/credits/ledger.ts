/**
 * The credit ledger's writing side. Every grant, spend, give-back and expiry goes through here, inside
 * the caller's transaction, so the lot's balance and its movement row are written together.
 *
 * Commerce (packs bought) and courtesies grant; booking spends and gives back (see `spend.ts` when it
 * lands). Callers pass the transaction: these functions never open one of their own.
 */
import type { Db } from "../../db/client";
import { creditLots, creditMovements } from "../../db/schema";

export interface GrantLotInput {
  userId: number;
  scope: "in_person" | "on_demand";
  /** Required for in_person, null for on_demand. */
  cityId: number | null;
  /** Number of classes; null for an unlimited pass over [startsAt, expiresAt). */
  quantity: number | null;
  startsAt: Date;
  expiresAt: Date;
  source: "purchase" | "courtesy" | "gift" | "adjustment" | "reward";
  /** `order_item:12`, `courtesy:4`… */
  sourceRef: string | null;
  /** Who granted it: staff for a courtesy, the customer for a purchase, null for the system. */
  actorUserId: number | null;
  /** Shown in the ledger, Spanish. */
  reason: string;
}

/** Adds a lot and its `grant` movement; returns the lot id. */
export async function grantLot(tx: Db, input: GrantLotInput): Promise<number> {
  if (input.quantity !== null && (!Number.isInteger(input.quantity) || input.quantity <= 0)) {
    throw new RangeError("grantLot: quantity must be a positive integer or null");
  }
  if ((input.scope === "in_person") !== (input.cityId !== null)) {
    throw new RangeError("grantLot: in_person lots need a city, on_demand lots none");
  }
  const [lot] = await tx
    .insert(creditLots)
    .values({
      userId: input.userId,
      scope: input.scope,
      cityId: input.cityId,
      quantity: input.quantity,
      remaining: input.quantity ?? 0,
      startsAt: input.startsAt,
      expiresAt: input.expiresAt,
      source: input.source,
      sourceRef: input.sourceRef,
      createdByUserId: input.actorUserId,
    })
    .returning({ id: creditLots.id });
  await tx.insert(creditMovements).values({
    lotId: lot!.id,
    userId: input.userId,
    delta: input.quantity ?? 0,
    kind: "grant",
    reason: input.reason,
    ref: input.sourceRef,
    actorUserId: input.actorUserId,
  });
  return lot!.id;
}
