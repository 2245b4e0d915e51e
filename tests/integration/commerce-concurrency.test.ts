import { and, eq, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLots, orders, payments, sandboxIntents } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

const app = setupTestApp();

/**
 * Paying twice for one cart charges once, on a real PostgreSQL server (the embedded cluster by
 * default, TEST_DATABASE_URL in the second suite): the calls really race on separate connections.
 */
describe("one cart, many simultaneous payments (PostgreSQL)", { retry: 0 }, () => {
  it("50 simultaneous setup-intent and make-payment calls: one charge, one order, one credit lot", async () => {
    const c = await newCustomer(app);
    const cart = (
      await (
        await app.request("/v2/carts", {
          method: "POST",
          token: c.token,
          json: { action: "addPack", action_param: { pack_id: 2 } },
        })
      ).json()
    ).data;
    const pm = (
      await (
        await app.request("/v2/stripe/create-payment-method", {
          method: "POST",
          token: c.token,
          json: {
            card: { number: "4242424242424242", exp_month: 1, exp_year: 31, cvc: "123" },
            billing_details: { name: "A" },
          },
        })
      ).json()
    ).payment_method;
    const setups = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.request("/v2/checkout/setup-intent", {
          method: "POST",
          token: c.token,
          json: { stripe_payment_method_id: pm.id, cart_id: cart.id },
        }),
      ),
    );
    const ids = new Set(await Promise.all(setups.map(async (r) => (await r.json()).payment_intent_id)));
    expect(ids.size).toBe(1);
    const [intentId] = [...ids];
    const charges = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxIntents)
      .where(sql`${sandboxIntents.metadata}->>'cart_id' = ${String(cart.id)}`);
    expect(charges[0]!.n).toBe(1);

    const pays = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.request("/v2/checkout/make-payment", {
          method: "POST",
          token: c.token,
          json: { payment_intent_id: intentId, payment_method: 4, studio_id: 1, cart_id: cart.id },
        }),
      ),
    );
    const statuses = pays.map((r) => r.status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const orderIds = new Set(await Promise.all(pays.map(async (r) => (await r.json()).data.order_id)));
    expect(orderIds.size).toBe(1);
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    expect(
      await app.deps.db
        .select()
        .from(payments)
        .where(and(eq(payments.cartId, cart.id), ne(payments.status, "failed"))),
    ).toHaveLength(1);
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lots).toHaveLength(1);
    expect(lots[0]!.quantity).toBe(5);
  });

  it("the last unit of stock: two customers paying at once, one holds it and is charged, the other is told «agotado» before any charge", async () => {
    const { products } = await import("../../app/.server/db/schema");
    const [p] = await app.deps.db
      .insert(products)
      .values({ area: "barreByNucleo", name: "Pieza única", priceCents: 10000, stock: 1 })
      .returning();
    const buyers = await Promise.all([newCustomer(app), newCustomer(app)]);
    const pms: string[] = [];
    for (const b of buyers) {
      await app.request("/v2/carts", {
        method: "POST",
        token: b.token,
        json: { action: "addProduct", action_param: { product_id: p!.id } },
      });
      const pm = (
        await (
          await app.request("/v2/stripe/create-payment-method", {
            method: "POST",
            token: b.token,
            json: {
              card: { number: "4242424242424242", exp_month: 1, exp_year: 31, cvc: "123" },
              billing_details: { name: "A" },
            },
          })
        ).json()
      ).payment_method;
      pms.push(pm.id);
    }
    const setups = await Promise.all(
      buyers.map((b, i) =>
        app.request("/v2/checkout/setup-intent", {
          method: "POST",
          token: b.token,
          json: { stripe_payment_method_id: pms[i] },
        }),
      ),
    );
    expect(setups.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = await setups.find((r) => r.status === 409)!.json();
    expect(JSON.stringify(refused)).toMatch(/agotado/i);
    // Only the buyer who holds the unit was charged: one intent for this product's two carts.
    const winner = buyers[setups.findIndex((r) => r.status === 200)]!;
    const intentId = (await setups.find((r) => r.status === 200)!.json()).payment_intent_id;
    const charged = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxIntents)
      .where(sql`${sandboxIntents.metadata}->>'user_id' in (${String(buyers[0]!.id)}, ${String(buyers[1]!.id)})`);
    expect(charged[0]!.n).toBe(1);
    const paid = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: winner.token,
      json: { payment_intent_id: intentId },
    });
    expect(paid.status).toBe(200);
    const [left] = await app.deps.db.select().from(products).where(eq(products.id, p!.id));
    expect(left!.stock).toBe(0);
  });
});
