import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { giftCards, mailOutbox, payments } from "../../app/.server/db/schema";
import { customerOrdersAnswer } from "../../app/shared/schemas/commerce-answers";
import { expectAnswer } from "../support/answers";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

const app = setupTestApp();

/** "$1,150.00" → 115000, "-$100.00" → -10000. */
const cents = (s: string) => {
  const m = /(-?)\$([\d,]+)\.(\d\d)$/.exec(s.trim());
  expect(m, `an amount at the end of "${s}"`).not.toBeNull();
  return (m![1] ? -1 : 1) * (Number(m![2]!.replaceAll(",", "")) * 100 + Number(m![3]));
};

describe("receipt (issue 20, item 3)", () => {
  it("a purchase with a voucher, shipping and a gift card: page and mail list every line, and they add up to the charge", async () => {
    const c = await newCustomer(app);
    const post = (path: string, json: unknown) => app.request(path, { method: "POST", token: c.token, json });
    const cart = (action: string, action_param: Record<string, unknown> = {}) =>
      post("/v2/carts", { action, action_param });
    expect((await cart("addProduct", { product_id: 3, qty: 2 })).status).toBe(200);
    expect((await cart("setVoucher", { code: "TIENDA100" })).status).toBe(200);
    await cart("setAddress", {
      address: {
        name: "Casa",
        line_1: "Av. Vallarta 100",
        country_id: 1,
        custom_state: "Jalisco",
        custom_city: "Guadalajara",
        zip: "44100",
      },
    });
    const methods = await (await post("/v2/store/shipping/methods", {})).json();
    const shipping = methods.items[0] as { id: number; price_cents: number };
    expect(shipping.price_cents).toBeGreaterThan(0);
    await cart("setShippingMethod", { shipping_method_id: shipping.id });
    const code = `GC-R${Date.now()}`;
    await app.deps.db.insert(giftCards).values({ code, initialCents: 5000, balanceCents: 5000 });
    expect((await post("/v2/customer/giftcards/redeem", { code })).status).toBe(200);
    expect((await cart("setGiftCard", { code })).status).toBe(200);

    const pm = await (
      await post("/v2/stripe/create-payment-method", {
        type: "card",
        card: { number: "4242424242424242", exp_month: 12, exp_year: 30, cvc: "987" },
        billing_details: { name: "Ana Compras" },
      })
    ).json();
    const intent = await (
      await post("/v2/checkout/setup-intent", { stripe_payment_method_id: pm.payment_method.id })
    ).json();
    const paid = await post("/v2/checkout/make-payment", { payment_intent_id: intent.payment_intent_id });
    expect(paid.status).toBe(200);
    const orderId = (await paid.json()).data.order_id as number;

    const [pay] = await app.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, "succeeded")));
    const charged = pay!.amountCents;
    expect(charged).toBe(2 * 22000 - 10000 + shipping.price_cents - 5000);

    // The success page's data (its loader and GET /v2/customer/orders share customerOrders).
    const orders = await expectAnswer(
      customerOrdersAnswer,
      await app.request("/v2/customer/orders", { token: c.token }),
    );
    const { receipt } = orders.data.find((o) => o.id === orderId)!;
    expect(receipt.lines.map((l) => l.kind)).toEqual(["item", "discount", "shipping", "gift_card"]);
    expect(receipt.lines.map((l) => l.label)).toContain("Descuento (TIENDA100)");
    expect(receipt.lines.reduce((s, l) => s + l.amount_cents, 0)).toBe(charged);
    expect(receipt.lines.reduce((s, l) => s + cents(l.display_amount), 0)).toBe(charged);
    expect(receipt.total.amount_cents).toBe(charged);

    // The mail: every row between the intro and the total, summed from its text.
    const [mail] = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, c.email), eq(mailOutbox.template, "order-receipt")));
    const rows = mail!.text.split("\n");
    const start = rows.indexOf("Gracias por tu compra. Este es tu recibo:") + 1;
    const end = rows.findIndex((r) => r.startsWith("Total: "));
    expect(start).toBeGreaterThan(0);
    const lines = rows.slice(start, end);
    expect(lines).toEqual(receipt.lines.map((l) => `${l.label}: ${l.display_amount}`));
    expect(lines.reduce((s, r) => s + cents(r), 0)).toBe(charged);
    expect(cents(rows[end]!)).toBe(charged);
    for (const l of lines) expect(mail!.html).toContain(l.replace(/&/g, "&amp;"));
  });
});
