import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLots, creditMovements } from "../../app/.server/db/schema";
import { revokeShareOfCredits, revokeUnusedCredits } from "../../app/.server/domain/credits/revoke";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

const app = setupTestApp();
const DAY = 86_400_000;
const now = new Date("2026-11-24T12:00:00Z");

/** A customer with a counted lot (10 classes, `remaining` unused) and an unlimited on-demand pass of 30 days. */
async function lots(ref: string, remaining: number, passStartsIn = -10) {
  const c = await newCustomer(app);
  const starts = new Date(now.getTime() + passStartsIn * DAY);
  const [counted] = await app.deps.db
    .insert(creditLots)
    .values({
      userId: c.id,
      scope: "on_demand",
      quantity: 10,
      remaining,
      expiresAt: new Date(now.getTime() + 20 * DAY),
      source: "purchase",
      sourceRef: ref,
    })
    .returning();
  const [pass] = await app.deps.db
    .insert(creditLots)
    .values({
      userId: c.id,
      scope: "on_demand",
      quantity: null,
      startsAt: starts,
      expiresAt: new Date(starts.getTime() + 30 * DAY),
      source: "purchase",
      sourceRef: ref,
    })
    .returning();
  return { userId: c.id, counted: counted!, pass: pass! };
}
const lot = async (id: number) => (await app.deps.db.select().from(creditLots).where(eq(creditLots.id, id)))[0]!;
const movements = (userId: number) =>
  app.deps.db
    .select({ lotId: creditMovements.lotId, delta: creditMovements.delta, kind: creditMovements.kind })
    .from(creditMovements)
    .where(eq(creditMovements.userId, userId));

describe("revoking a refunded purchase's credits", () => {
  it("takes back every unused class and ends an unlimited pass now", async () => {
    const ref = `revoke-all-${Date.now()}`;
    const l = await lots(ref, 7);
    const taken = await revokeUnusedCredits(app.deps.db, { sourceRefs: [ref], actorUserId: null, reason: "r", now });
    expect(taken).toBe(7);
    expect((await lot(l.counted.id)).remaining).toBe(0);
    expect((await lot(l.pass.id)).expiresAt.getTime()).toBe(now.getTime());
    expect(await movements(l.userId)).toEqual(
      expect.arrayContaining([
        { lotId: l.counted.id, delta: -7, kind: "revoke" },
        { lotId: l.pass.id, delta: 0, kind: "revoke" },
      ]),
    );
  });

  it("takes back a share: rounded up, never more than unused; the pass loses that share of its days", async () => {
    const ref = `revoke-share-${Date.now()}`;
    const l = await lots(ref, 2);
    const taken = await revokeShareOfCredits(app.deps.db, {
      sourceRefs: [ref],
      share: 0.25,
      actorUserId: null,
      reason: "r",
      now,
    });
    // 10 × 0.25 = 2.5 → 3, but only 2 are unused.
    expect(taken).toBe(2);
    expect((await lot(l.counted.id)).remaining).toBe(0);
    // 30 days × 0.25 = 7.5 days off the end (20 days left: still after now).
    expect((await lot(l.pass.id)).expiresAt.getTime()).toBe(l.pass.expiresAt.getTime() - 7.5 * DAY);
    expect(await movements(l.userId)).toHaveLength(2);
  });

  it("a share never ends a pass before now, and leaves nothing to take alone", async () => {
    const ref = `revoke-share-late-${Date.now()}`;
    const l = await lots(ref, 0, -28);
    const taken = await revokeShareOfCredits(app.deps.db, {
      sourceRefs: [ref],
      share: 0.5,
      actorUserId: null,
      reason: "r",
      now,
    });
    expect(taken).toBe(0);
    expect((await lot(l.pass.id)).expiresAt.getTime()).toBe(now.getTime());
    expect(await movements(l.userId)).toEqual([{ lotId: l.pass.id, delta: 0, kind: "revoke" }]);
  });
});
