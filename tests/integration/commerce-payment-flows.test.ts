import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { creditLots, giftCards, orders, payments, sandboxIntents } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

const app = setupTestApp();
let seq = 0;

const cart = async (token: string, action: string, action_param: Record<string, unknown> = {}) =>
  (await (await app.request("/v2/carts", { method: "POST", token, json: { action, action_param } })).json()).data;

async function giftCard(token: string, cents: number) {
  const code = `GCF-${Date.now()}-${seq++}`;
  await app.deps.db.insert(giftCards).values({ code, initialCents: cents, balanceCents: cents });
  const res = await app.request("/v2/customer/giftcards/redeem", { method: "POST", token, json: { code } });
  expect(res.status).toBe(200);
  return code;
}

describe("paying entirely with a gift card (amount 0)", () => {
  it("confirms the order with no card: credits granted, balance taken once, a double click gets the same order", async () => {
    const c = await newCustomer(app);
    const code = await giftCard(c.token, 200000);
    await cart(c.token, "addPack", { pack_id: 2 });
    const covered = await cart(c.token, "setGiftCard", { code });
    expect(covered.amount_cents).toBe(0);
    // The card path explains itself instead of a misleading 'Su carrito está vacío'.
    const pm = await app.request("/v2/stripe/create-payment-method", {
      method: "POST",
      token: c.token,
      json: {
        card: { number: "4242424242424242", exp_month: 4, exp_year: 2031, cvc: "123" },
        billing_details: { name: "Ana" },
      },
    });
    const si = await app.request("/v2/checkout/setup-intent", {
      method: "POST",
      token: c.token,
      json: { stripe_payment_method_id: (await pm.json()).payment_method.id },
    });
    expect(si.status).toBe(409);
    expect((await si.json()).errorMessage).toBe("Su saldo cubre el total: confirme la compra sin tarjeta");

    const pay = () =>
      app.request("/v2/checkout/make-payment", {
        method: "POST",
        token: c.token,
        json: { payment_method: 4, cart_id: covered.id, studio_id: 1 },
      });
    const [a, b] = await Promise.all([pay(), pay()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [ja, jb] = [await a.json(), await b.json()];
    expect(ja.data.Message).toBe("Pago exitoso");
    expect(jb.data.order_id).toBe(ja.data.order_id);
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.userId, c.id));
    expect(order).toMatchObject({ paymentMethod: "gift_card", totalCents: 0, status: "paid" });
    const pays = await app.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({ gateway: "none", method: "gift_card", amountCents: 0, status: "succeeded" });
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ quantity: 5, cityId: 1 });
    const [g] = await app.deps.db.select().from(giftCards).where(eq(giftCards.code, code));
    expect(g!.balanceCents).toBe(200000 - order!.giftCardCents);
    expect(order!.giftCardCents).toBeGreaterThan(0);
    // No gateway was called.
    expect(
      (await app.deps.db.select().from(sandboxIntents)).filter((i) => i.metadata.user_id === String(c.id)),
    ).toHaveLength(0);
  });

  it("without a payment intent, a cart that still owes money is refused with a field error and nothing changes", async () => {
    const c = await newCustomer(app);
    const code = await giftCard(c.token, 1000);
    await cart(c.token, "addPack", { pack_id: 2 });
    const partial = await cart(c.token, "setGiftCard", { code });
    expect(partial.amount_cents).toBeGreaterThan(0);
    const res = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { cart_id: partial.id },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages[0]).toMatchObject({ field: "payment_intent_id" });
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
  });
});
