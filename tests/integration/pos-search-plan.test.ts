/**
 * `npm run bench:pos` explains the point of sale's customer search as the domain builds it
 * (`customerSearchQuery`, the query `searchCustomers` runs), never a copy of its SQL, and names the
 * indexes the plan uses (the trigram index of `users.search_text` when the planner takes it).
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../app/.server/db/client";
import { customerSearchQuery, searchCustomers } from "../../app/.server/domain/pos/service";
import { posSearchPlan } from "../../scripts/lib/pos-search-plan";
import { setupTestApp } from "../support/app";
import { createCustomer } from "../support/factories";

const app = setupTestApp();

describe("the point of sale's search plan", () => {
  it("explains the very statement the search runs and names the indexes it reads", async () => {
    const db = app.deps.db;
    const c = await createCustomer(db, { name: "Plan", lastName: `Trigrama${process.pid}` });
    const q = `plan trigrama${process.pid}`;
    expect((await searchCustomers(db, q)).customers.map((r) => r.id)).toEqual([c.id]);
    const built = customerSearchQuery(db, q).toSQL();
    const plan = await db.transaction(async (tx) => {
      // A tiny table is read sequentially; here the planner is made to take an index.
      await tx.execute(sql`set local enable_seqscan = off`);
      return posSearchPlan(tx, q);
    });
    expect(plan.statement).toBe(built.sql);
    expect(plan.params).toEqual(built.params);
    expect(plan.lines.join("\n")).toMatch(/Limit/);
    // Which index the planner takes on a tiny table is its choice; what is named must be an index of users.
    expect(plan.indexes.length).toBeGreaterThan(0);
    const ofUsers = await queryRows<{ indexname: string }>(
      db,
      sql`select indexname from pg_indexes where tablename = 'users'`,
    );
    for (const name of plan.indexes) expect(ofUsers.map((r) => r.indexname)).toContain(name);
  });
});
