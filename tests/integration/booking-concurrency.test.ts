import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLots, creditMovements, reservations, users } from "../../app/.server/db/schema";
import { createSession as createAuthSession } from "../../app/.server/domain/identity/sessions";
import { setupTestApp } from "../support/app";
import { giveCredits, makeClass, makeCustomer, makeRoom } from "../support/booking";

const app = setupTestApp();
const DAY = 86_400_000;

/**
 * Real connections in parallel on a real PostgreSQL (the embedded one or `TEST_DATABASE_URL`: both
 * are PostgreSQL, so the test runs on both).
 */
describe("booking under concurrency", { retry: 0 }, () => {
  it(
    "books exactly the capacity of a 20-spot class: no spot twice, no credit twice, no negative balance",
    { timeout: 60_000 },
    async () => {
      const place = await makeRoom(app.deps.db, 20);
      const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
      const N = 300;
      const inserted = await app.deps.db
        .insert(users)
        .values(
          Array.from({ length: N }, (_, i) => ({
            name: "Carrera",
            lastName: String(i),
            email: `race-${i}-${cls.id}@prueba.mx`,
            passwordHash: "x",
            roleId: 2,
          })),
        )
        .returning({ id: users.id });
      // Set up 20 at a time (900 statements one after another took most of the time on a loaded machine).
      const racers: { id: number; token: string }[] = [];
      for (let i = 0; i < inserted.length; i += 20) {
        const batch = await Promise.all(
          inserted.slice(i, i + 20).map(async (u) => {
            const { token } = await createAuthSession(app.deps.db, u.id, {
              remember: true,
              now: new Date(),
              policy: { sessionHours: 12, rememberDays: 30 },
            });
            await giveCredits(app.deps.db, u.id, place.city.id, 1, new Date(Date.now() - DAY));
            return { id: u.id, token };
          }),
        );
        racers.push(...batch);
      }
      // One customer with 5 credits racing herself from 8 tabs, on different spots.
      const self = await makeCustomer(app.deps.db, "tabs");
      await giveCredits(app.deps.db, self.id, place.city.id, 5, new Date(Date.now() - DAY));

      const attempt = (token: string, spot: number) =>
        app
          .request("/v2/reservations", { method: "POST", token, json: { class_session_id: cls.id, spot } })
          .then((r) => r.status);
      const statuses = await Promise.all([
        ...racers.map((r, i) => attempt(r.token, (i % 20) + 1)),
        ...Array.from({ length: 8 }, (_, i) => attempt(self.token, ((i * 3) % 20) + 1)),
      ]);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      expect(statuses.filter((s) => s === 201)).toHaveLength(20);

      const active = await app.deps.db
        .select()
        .from(reservations)
        .where(and(eq(reservations.classSessionId, cls.id), ne(reservations.status, "cancelled")));
      expect(active).toHaveLength(20);
      expect(new Set(active.map((r) => r.spot)).size).toBe(20);
      expect(new Set(active.map((r) => r.userId)).size).toBe(20);
      expect(active.filter((r) => r.userId === self.id).length).toBeLessThanOrEqual(1);

      // Credits: one spent per reservation, none for a refused attempt, never below zero.
      const everyone = [...racers.map((r) => r.id), self.id];
      const spends = await app.deps.db
        .select({ userId: creditMovements.userId, n: sql<number>`count(*)::int` })
        .from(creditMovements)
        .where(and(inArray(creditMovements.userId, everyone), eq(creditMovements.kind, "spend")))
        .groupBy(creditMovements.userId);
      expect(spends.reduce((a, s) => a + s.n, 0)).toBe(20);
      expect(spends.every((s) => s.n === 1)).toBe(true);
      const booked = new Set(active.map((r) => r.userId));
      const lots = await app.deps.db.select().from(creditLots).where(inArray(creditLots.userId, everyone));
      for (const lot of lots) {
        expect(lot.remaining).toBeGreaterThanOrEqual(0);
        const expected = (lot.quantity ?? 0) - (booked.has(lot.userId) ? 1 : 0);
        expect(lot.remaining).toBe(expected);
      }
    },
  );
});
