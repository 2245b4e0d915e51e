import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLots, users } from "../../app/.server/db/schema";
import { seedDemo } from "../../app/.server/seed";
import { DEMO_USERS } from "../../app/.server/seed/data";
import { setupTestApp } from "../support/app";

/**
 * Issue 12, usability 9: demo data that looks alive. The Vitest template is seeded without these
 * people (other tests count rows); here the full demo seed runs on top of it, twice.
 */
const app = setupTestApp();
const ROLE_PUNS = /^(administrador|administradora|gerente|caja|cajera|puerta|cliente|tester|coach)\b/i;

async function customerCount() {
  const [r] = await app.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.roleId, 2));
  return r.n;
}

describe("the demo seed's people", () => {
  it("adds a few dozen customers with Mexican names, varied phones and histories, once", async () => {
    const before = await customerCount();
    await seedDemo(app.deps.db);
    const after = await customerCount();
    expect(after - before).toBeGreaterThanOrEqual(30);
    await seedDemo(app.deps.db);
    expect(await customerCount()).toBe(after);

    const customers = await app.deps.db.select().from(users).where(eq(users.roleId, 2));
    const areaCodes = new Set(customers.map((c) => c.phone?.slice(0, 2)).filter(Boolean));
    expect(areaCodes.size).toBeGreaterThanOrEqual(3);
    expect(customers.some((c) => /[áéíóúñ]/i.test(`${c.name} ${c.lastName}`))).toBe(true);
    expect(customers.filter((c) => c.phone === null).length).toBeGreaterThan(0);
    const signUps = customers.map((c) => c.createdAt.getTime());
    expect(Math.max(...signUps) - Math.min(...signUps)).toBeGreaterThan(300 * 86_400_000);
    const withPacks = await app.deps.db
      .select({ n: sql<number>`count(distinct ${creditLots.userId})::int` })
      .from(creditLots);
    expect(withPacks[0].n).toBeGreaterThanOrEqual(15);
  });

  it("staff have real surnames, and every demo login still works with demo1234", async () => {
    const staff = await app.deps.db
      .select()
      .from(users)
      .where(sql`${users.roleId} <> 2`);
    for (const s of staff) expect(s.lastName, s.email).not.toMatch(ROLE_PUNS);
    for (const u of DEMO_USERS) {
      expect(u.lastName, u.email).not.toMatch(ROLE_PUNS);
      await expect(app.login(u.email)).resolves.toEqual(expect.any(String));
    }
  });

  it("the dashboard shows recent activity", async () => {
    const token = await app.login("admin@example.com");
    const { data } = await (await app.request("/admin/dashboard", { token })).json();
    expect(data.recent.length).toBeGreaterThanOrEqual(5);
    expect(data.counts.customers).toBeGreaterThanOrEqual(30);
    const newest = new Date(data.recent[0].created_at).getTime();
    expect(Date.now() - newest).toBeLessThan(7 * 86_400_000);
  });
});
