/**
 * Checkout's hold (issue 21 leftover): what a cart buys from shared stock is taken and committed
 * before the charge, with an expiry. A lapsed hold gives the unit back (the release-holds task);
 * a declined card gives it back at once; a charge whose hold lapsed and whose unit was sold
 * meanwhile is refunded (the old guarantee is the fallback).
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutHolds, products, sandboxIntents } from "../../app/.server/db/schema";
import { HOLD_TTL_MS, releaseExpiredHolds } from "../../app/.server/domain/commerce/holds";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

const app = setupTestApp();

async function buyerOf(productId: number, card = "4242424242424242") {
  const c = await newCustomer(app);
  const post = (path: string, json: unknown) => app.request(path, { method: "POST", token: c.token, json });
  await post("/v2/carts", { action: "addProduct", action_param: { product_id: productId } });
  const pm = (
    await (
      await post("/v2/stripe/create-payment-method", {
        card: { number: card, exp_month: 1, exp_year: 31, cvc: "123" },
        billing_details: { name: "Ana" },
      })
    ).json()
  ).payment_method;
  return {
    ...c,
    setup: () => post("/v2/checkout/setup-intent", { stripe_payment_method_id: pm.id }),
    pay: (id: string) => post("/v2/checkout/make-payment", { payment_intent_id: id }),
  };
}

const stockOf = async (id: number) => (await app.deps.db.select().from(products).where(eq(products.id, id)))[0]!.stock;

async function lastUnit() {
  const [p] = await app.deps.db
    .insert(products)
    .values({ area: "barreByNucleo", name: "Última pieza", priceCents: 20000, stock: 1 })
    .returning();
  return p!.id;
}

describe("the hold before the charge", () => {
  it("is committed before the charge: the unit is taken while the buyer pays, and the order converts it", async () => {
    const id = await lastUnit();
    const a = await buyerOf(id);
    const si = await a.setup();
    expect(si.status).toBe(200);
    expect(await stockOf(id)).toBe(0);
    const [hold] = await app.deps.db.select().from(checkoutHolds).where(eq(checkoutHolds.userId, a.id));
    expect(hold).toMatchObject({ status: "active", items: { stock: [{ refId: id, qty: 1 }] } });
    expect(hold!.expiresAt.getTime() - Date.now()).toBeGreaterThan(HOLD_TTL_MS - 60_000);
    const paid = await a.pay((await si.json()).payment_intent_id);
    expect(paid.status).toBe(200);
    const orderId = (await paid.json()).data.order_id;
    const [after] = await app.deps.db.select().from(checkoutHolds).where(eq(checkoutHolds.id, hold!.id));
    expect(after).toMatchObject({ status: "converted", orderId });
    expect(await stockOf(id)).toBe(0);
  });

  it("a second buyer of the last unit is told «agotado» before any charge", async () => {
    const id = await lastUnit();
    const a = await buyerOf(id);
    const b = await buyerOf(id);
    expect((await a.setup()).status).toBe(200);
    const refused = await b.setup();
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toMatch(/agotado/i);
    const [charged] = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxIntents)
      .where(sql`${sandboxIntents.metadata}->>'user_id' = ${String(b.id)}`);
    expect(charged!.n).toBe(0);
  });

  it("lapses: the release task gives the unit back, another buyer pays it, and the first charge is refunded", async () => {
    const id = await lastUnit();
    const a = await buyerOf(id);
    const si = await a.setup();
    const intentA = (await si.json()).payment_intent_id as string;
    expect(await stockOf(id)).toBe(0);
    // Not yet lapsed: nothing released.
    expect((await releaseExpiredHolds(app.deps.db, new Date(Date.now() + HOLD_TTL_MS - 60_000))).released).toBe(0);
    expect(await stockOf(id)).toBe(1 - 1);
    await releaseExpiredHolds(app.deps.db, new Date(Date.now() + HOLD_TTL_MS + 60_000));
    expect(await stockOf(id)).toBe(1);
    const [hold] = await app.deps.db.select().from(checkoutHolds).where(eq(checkoutHolds.userId, a.id));
    expect(hold!.status).toBe("expired");
    // Another buyer takes it and pays.
    const b = await buyerOf(id);
    const sb = await b.setup();
    expect(sb.status).toBe(200);
    expect((await b.pay((await sb.json()).payment_intent_id)).status).toBe(200);
    // The first buyer comes back: the unit is gone, the charge is refunded, no second sale.
    const late = await a.pay(intentA);
    expect(late.status).toBe(409);
    const [refunded] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentA));
    expect(refunded!.refundedCents).toBe(refunded!.amountCents);
    expect(await stockOf(id)).toBe(0);
  });

  it("a declined card gives the hold back at once", async () => {
    const id = await lastUnit();
    const a = await buyerOf(id, "4000000000000002");
    const si = await a.setup();
    expect(si.status).toBe(402);
    expect(await stockOf(id)).toBe(1);
    const holds = await app.deps.db
      .select()
      .from(checkoutHolds)
      .where(and(eq(checkoutHolds.userId, a.id), eq(checkoutHolds.status, "active")));
    expect(holds).toHaveLength(0);
  });
});
