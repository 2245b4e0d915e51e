import { describe, expect, it } from "vitest";
import { cities, creditLots } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { createCustomer, createStaff, sessionFor } from "../support/factories";

/** A customer's credits in the back office: the live balances (as the counters) and every lot. */
const app = setupTestApp();
const NOW = new Date("2026-05-10T18:00:00Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

describe("GET /api/admin/users/{id}/credits", () => {
  it("shows balances per city and on-demand, and each lot with its state", async () => {
    app.setNow(NOW);
    const who = await createCustomer(app.deps.db);
    const customer = who.id;
    const [first, second] = await app.deps.db.select().from(cities).orderBy(cities.sortOrder, cities.name).limit(2);
    const lot = (v: Partial<typeof creditLots.$inferInsert>) => ({
      userId: customer,
      scope: "in_person" as const,
      cityId: first.id,
      source: "purchase" as const,
      startsAt: days(-5),
      expiresAt: days(25),
      ...v,
    });
    await app.deps.db
      .insert(creditLots)
      .values([
        lot({ quantity: 5, remaining: 3 }),
        lot({ quantity: 10, remaining: 10, expiresAt: days(-1), startsAt: days(-40) }),
        lot({ quantity: 2, remaining: 2, startsAt: days(3), source: "courtesy" }),
        lot({ quantity: 1, remaining: 0, source: "gift" }),
        lot({ cityId: second.id, quantity: null, remaining: 0 }),
        lot({ scope: "on_demand", cityId: null, quantity: 4, remaining: 4, source: "reward" }),
      ]);

    const admin = await sessionFor(app.deps.db, await createStaff(app.deps.db, "administrator"), { now: NOW });
    const res = await app.request(`/admin/users/${customer}/credits`, { token: admin });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.balances.in_person).toEqual(
      expect.arrayContaining([
        { city_id: first.id, city_name: first.name, available: 3, unlimited: false },
        { city_id: second.id, city_name: second.name, available: 0, unlimited: true },
      ]),
    );
    expect(data.balances.on_demand).toBe(4);
    const states = Object.fromEntries(
      data.lots.map((l: { source: string; quantity: number | null; state: string }) => [
        `${l.source}:${l.quantity}`,
        l.state,
      ]),
    );
    expect(states).toEqual({
      "purchase:5": "active",
      "purchase:10": "expired",
      "courtesy:2": "upcoming",
      "gift:1": "used",
      "purchase:null": "active",
      "reward:4": "active",
    });

    // The customer's own counters say the same.
    const mine = await sessionFor(app.deps.db, who, { now: NOW });
    const me = (await (await app.request("/auth/me", { method: "POST", token: mine })).json()).data;
    expect(me.available_sessions_per_city[`city_${first.id}`]).toBe(3);
    expect(me.unlimited_sessions_per_city[`city_${second.id}`]).toBe(true);
    expect(me.available_sessions_on_demand).toBe(4);
    app.setNow(null);
  });

  it("is for the back office only, and only for customers", async () => {
    const db = app.deps.db;
    const customerRow = await createCustomer(db);
    const customer = customerRow.id;
    const coach = (await createStaff(db, "coach")).id;
    for (const user of [customerRow, { id: coach }, await createStaff(db, "cashier")]) {
      const token = await sessionFor(db, user);
      expect((await app.request(`/admin/users/${customer}/credits`, { token })).status).toBe(403);
    }
    expect((await app.request(`/admin/users/${customer}/credits`)).status).toBe(401);
    const manager = await sessionFor(db, await createStaff(db, "manager"));
    expect((await app.request(`/admin/users/${customer}/credits`, { token: manager })).status).toBe(200);
    expect((await app.request(`/admin/users/${coach}/credits`, { token: manager })).status).toBe(404);
    expect((await app.request(`/admin/users/abc/credits`, { token: manager })).status).toBe(400);
  });
});
