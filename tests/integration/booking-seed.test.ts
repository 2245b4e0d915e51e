import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLots, users } from "../../app/.server/db/schema";
import { seedDemo } from "../../app/.server/seed";
import { sessionBalances } from "../../app/.server/domain/identity/current-user";
import { setupTestApp } from "../support/app";

const app = setupTestApp();

describe("booking demo data", () => {
  it("has two weeks of classes, a full class with a waitlist, consistent credits, and seeds once", async () => {
    const db = app.deps.db;
    const count = async (q: string) =>
      ((await db.execute(sql.raw(q))) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const classes = await count("select count(*)::int n from class_sessions where starts_at > now()");
    expect(classes).toBeGreaterThan(100);
    expect(await count("select count(distinct studio_id)::int n from class_sessions")).toBeGreaterThanOrEqual(5);
    expect(await count("select count(*)::int n from waitlist_entries where status = 'waiting'")).toBeGreaterThan(0);
    // Every lot's balance is what its movements say; nothing below zero.
    expect(
      await count(
        "select count(*)::int n from credit_lots l where l.remaining <> (select coalesce(sum(delta),0) from credit_movements m where m.lot_id = l.id) and l.quantity is not null",
      ),
    ).toBe(0);
    // No spot or customer twice in a class.
    expect(
      await count(
        "select count(*)::int n from (select class_session_id, spot from reservations where status <> 'cancelled' group by 1,2 having count(*) > 1) x",
      ),
    ).toBe(0);
    const [cliente] = await db.select().from(users).where(eq(users.email, "cliente@example.com"));
    const b = await sessionBalances(db, cliente!.id, new Date());
    const withCredits = Object.values(b.perCity).filter((c) => c.available > 0);
    expect(withCredits.length).toBe(2);
    expect(await count(`select count(*)::int n from reservations where user_id = ${cliente!.id}`)).toBeGreaterThan(1);

    const before = await count("select count(*)::int n from reservations");
    const lots = (await db.select().from(creditLots)).length;
    await seedDemo(db, { people: false }); // as the Vitest template was seeded
    expect(await count("select count(*)::int n from reservations")).toBe(before);
    expect((await db.select().from(creditLots)).length).toBe(lots);
  });
});
