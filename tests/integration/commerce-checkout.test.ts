import { inflateSync } from "node:zlib";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  certificateEntitlements,
  creditLots,
  giftCards,
  orders,
  payments,
  products,
  sandboxIntents,
  sandboxPaymentMethods,
  shipments,
  voucherRedemptions,
  vouchers,
} from "../../app/.server/db/schema";
import {
  addressesAnswer,
  addressSavedAnswer,
  cartAnswer,
  giftCardRedeemedAnswer,
  orderPaidAnswer,
  paymentMethodAnswer,
  paypalRedirectAnswer,
  sandboxAuthAnswer,
  savedCardsAnswer,
  setupIntentAnswer,
  shippingMethodsAnswer,
  successUrlAnswer,
} from "../../app/shared/schemas/commerce-answers";
import { HOLD_TTL_MS, releaseExpiredHolds } from "../../app/.server/domain/commerce/holds";
import { expectAnswer } from "../support/answers";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";
import { staffToken } from "../support/factories";

const app = setupTestApp();
let seq = 0;

const cart = (token: string, action: string, action_param: Record<string, unknown> = {}) =>
  app.request("/v2/carts", { method: "POST", token, json: { action, action_param } });

/** A valid shipping address (spec §5). */
const GUADALAJARA = {
  name: "Casa",
  line_1: "Av. Vallarta 100",
  country_id: 1,
  custom_state: "Jalisco",
  custom_city: "Guadalajara",
  zip: "44100",
};

async function payWithCard(token: string, number: string, cartId?: number) {
  const pm = await app.request("/v2/stripe/create-payment-method", {
    method: "POST",
    token,
    json: {
      type: "card",
      card: { number, exp_month: 12, exp_year: 30, cvc: "987" },
      billing_details: { name: "Ana Compras" },
      metadata: { iin: number.replace(/\s/g, "").slice(0, 8) },
    },
  });
  expect(pm.status).toBe(200);
  const { payment_method } = await pm.json();
  const si = await app.request("/v2/checkout/setup-intent", {
    method: "POST",
    token,
    json: { stripe_payment_method_id: payment_method.id, cart_id: cartId, save_payment_method: true },
  });
  return { pm: payment_method, setup: si, body: await si.json() };
}

/** A PDF's page text as pdf-lib writes it (deflated content streams, WinAnsi text as hex strings). */
function pdfText(pdf: Buffer) {
  const out: string[] = [];
  const bin = pdf.toString("latin1");
  for (const m of bin.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      out.push(inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1"));
    } catch {
      out.push(m[1]!);
    }
  }
  return out.join("\n").toUpperCase();
}
const pdfHex = (s: string) => Buffer.from(s, "latin1").toString("hex").toUpperCase();

describe("catalogue", () => {
  it("lists packs per city with display prices, plans and products by area", async () => {
    const res = await app.request("/v2/packs?city_id=1");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.length).toBeGreaterThanOrEqual(5);
    expect(data.every((p: { city_id: number }) => p.city_id === 1)).toBe(true);
    const five = data.find((p: { sessions: number }) => p.sessions === 5);
    expect(five).toMatchObject({ validity_days: 60, price_cents: 125000, display_price: "$1,250" });
    expect(data.some((p: { unlimited: boolean }) => p.unlimited)).toBe(true);
    const plans = (await (await app.request("/v2/plans")).json()).data;
    expect(plans.length).toBeGreaterThan(0);
    const juice = (await (await app.request("/v2/products?area=juiceBar")).json()).data;
    expect(juice.every((p: { store_area: string }) => p.store_area === "juiceBar")).toBe(true);
    expect((await app.request("/v2/products?area=nada")).status).toBe(422);
    expect((await app.request("/v2/packs?city_id=abc")).status).toBe(422);
  });
});

describe("cart rules", () => {
  it("is for customers only", async () => {
    const admin = await staffToken(app.deps.db);
    const res = await app.request("/v2/carts", { token: admin });
    expect(res.status).toBe(403);
    expect((await res.json()).errorMessage).toBe("Solo los clientes pueden utilizar el carrito");
    expect((await app.request("/v2/carts")).status).toBe(401);
  });

  it("adds once, updates and removes by quantity, respects max_purchase, clears", async () => {
    const c = await newCustomer(app);
    let res = await cart(c.token, "addProduct", { product_id: 1, qty: 2 });
    expect(res.status).toBe(200);
    let data = (await res.json()).data;
    expect(data.products).toEqual([{ product_id: 1, qty: 2 }]);
    // Already in the list: ignored.
    data = (await (await cart(c.token, "addProduct", { product_id: 1, qty: 5 })).json()).data;
    expect(data.products).toEqual([{ product_id: 1, qty: 2 }]);
    // Form-encoded with brackets, update_qty.
    res = await app.request("/v2/carts", {
      method: "POST",
      token: c.token,
      form: {
        action: "addProduct",
        "action_param[product_id]": "1",
        "action_param[qty]": "4",
        "action_param[update_qty]": "1",
      },
    });
    data = (await res.json()).data;
    expect(data.products).toEqual([{ product_id: 1, qty: 4 }]);
    expect(data.amount_cents).toBe(4 * 8500);
    expect(data.display_amount).toBe("$340.00");
    // Above max_purchase (6).
    res = await cart(c.token, "addProduct", { product_id: 1, qty: 7, update_qty: true });
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages[0]).toEqual({
      field: "action_param.qty",
      message: "La cantidad máxima por compra es 6",
    });
    // 0 removes.
    data = (await (await cart(c.token, "addProduct", { product_id: 1, qty: 0, update_qty: true })).json()).data;
    expect(data.items).toEqual([]);
    await cart(c.token, "addPack", { pack_id: 2 });
    await cart(c.token, "addPlan", { plan_id: 1 });
    data = (await (await cart(c.token, "addProduct", { product_id: 3 })).json()).data;
    expect(data.items.map((i: { scope: string }) => i.scope)).toEqual(["pack", "plan", "product"]);
    expect(data.requires_shipping).toBe(true);
    data = (await (await cart(c.token, "clear")).json()).data;
    expect(data).toMatchObject({ items: [], packs: [], plans: [], products: [], amount_cents: 0 });
    expect((await cart(c.token, "addPack", { pack_id: 99999 })).status).toBe(422);
    expect((await cart(c.token, "nada")).status).toBe(422);
  });

  it("vouchers: percent, scope, per-customer limit; intro offer once per customer", async () => {
    const c = await newCustomer(app);
    await cart(c.token, "addPack", { pack_id: 2 });
    let res = await cart(c.token, "setVoucher", { code: "bienvenida10" });
    let data = (await res.json()).data;
    expect(data.amount_cents).toBe(125000 - 12500);
    expect(data.totals.map((r: { label: string }) => r.label)).toEqual([
      "Subtotal",
      "Descuento (BIENVENIDA10)",
      "Total",
    ]);
    res = await cart(c.token, "setVoucher", { code: "TIENDA100" });
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages[0].message).toBe("El cupón no aplica a los artículos de su carrito");
    expect((await (await cart(c.token, "setVoucher", { code: "NOEXISTE" })).json()).errorMessage).toBe(
      "El cupón no es válido",
    );
    const { body } = await payWithCard(c.token, "4242 4242 4242 4242");
    const paid = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: body.payment_intent_id, payment_method: 4, studio_id: 1 },
    });
    expect(paid.status).toBe(200);
    const [r] = await app.deps.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.userId, c.id));
    expect(r!.amountCents).toBe(12500);
    await cart(c.token, "addPack", { pack_id: 3 });
    res = await cart(c.token, "setVoucher", { code: "BIENVENIDA10" });
    expect((await res.json()).errorMessage).toBe("Ya utilizó este cupón el máximo de veces permitido");

    // Intro offer: one per customer.
    data = (await (await cart(c.token, "addPack", { pack_id: 5, qty: 1 })).json()).data;
    expect(data.packs).toContainEqual({ pack_id: 5, qty: 1 });
    expect((await cart(c.token, "addPack", { pack_id: 5, qty: 2, update_qty: true })).status).toBe(422);
    await cart(c.token, "addPack", { pack_id: 3, qty: 0, update_qty: true });
    const again = await payWithCard(c.token, "4242424242424242");
    await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: again.body.payment_intent_id },
    });
    res = await cart(c.token, "addPack", { pack_id: 5 });
    expect((await res.json()).errorMessage).toBe("La oferta de introducción es solo una por cliente");
  });
});

describe("card checkout (sandbox gateway)", () => {
  it("4242 pays a 5-class pack once and credits the city's ledger", async () => {
    const c = await newCustomer(app);
    const added = (await (await cart(c.token, "addPack", { pack_id: 2 })).json()).data;
    const { body, pm } = await payWithCard(c.token, "4242 4242 4242 4242", added.id);
    expect(pm.card).toEqual({ brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 });
    expect(body).toMatchObject({ requires_action: false, error: null });
    const pay = () =>
      app.request("/v2/checkout/make-payment", {
        method: "POST",
        token: c.token,
        json: { payment_intent_id: body.payment_intent_id, payment_method: 4, studio_id: 1, cart_id: added.id },
      });
    const first = await pay();
    expect(first.status).toBe(200);
    const { data } = await first.json();
    expect(data.Message).toBe("Pago exitoso");
    // A retry answers the same order.
    expect((await (await pay()).json()).data.order_id).toBe(data.order_id);
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lots).toHaveLength(1);
    expect(lots[0]).toMatchObject({ scope: "in_person", cityId: 1, quantity: 5, remaining: 5, source: "purchase" });
    const me = await (await app.request("/auth/me", { method: "POST", token: c.token })).json();
    expect(JSON.stringify(me)).toContain('"available_sessions":5');
    const url = await (await app.request("/v2/checkout/success-url", { token: c.token })).json();
    expect(url.url).toBe(`/success-order?order=${data.order_id}`);
    const cards = await (await app.request("/v2/customer/cards", { token: c.token })).json();
    expect(cards.data.cards).toEqual([expect.objectContaining({ brand: "visa", last4: "4242" })]);
    // The next cart is a new, empty one.
    const next = (await (await app.request("/v2/carts", { token: c.token })).json()).data;
    expect(next.id).not.toBe(added.id);
    expect(next.items).toEqual([]);
  });

  it("3155 requires authentication, completed through the card-action step", async () => {
    const c = await newCustomer(app);
    await cart(c.token, "addPlan", { plan_id: 1 });
    const { body } = await payWithCard(c.token, "4000 0025 0000 3155");
    expect(body.requires_action).toBe(true);
    let res = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: body.payment_intent_id },
    });
    expect(res.status).toBe(409);
    res = await app.request(`/v2/sandbox/intents/${body.payment_intent_id}/authenticate`, {
      method: "POST",
      token: c.token,
      json: { approve: true },
    });
    expect((await res.json()).data.status).toBe("succeeded");
    const confirm = await app.request("/v2/checkout/setup-intent", {
      method: "POST",
      token: c.token,
      json: { stripe_payment_intent_id: body.payment_intent_id },
    });
    expect((await confirm.json()).requires_action).toBe(false);
    res = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: body.payment_intent_id },
    });
    expect(res.status).toBe(200);
    const me = await (await app.request("/auth/me", { method: "POST", token: c.token })).json();
    expect(JSON.stringify(me)).toContain('"available_sessions_on_demand":"UNLIMITED"');
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
  });

  it("0002 is declined ('Tarjeta declinada') and 9995 fails for insufficient funds; nothing is recorded", async () => {
    const c = await newCustomer(app);
    await cart(c.token, "addPack", { pack_id: 1 });
    const declined = await payWithCard(c.token, "4000 0000 0000 0002");
    expect(declined.setup.status).toBe(402);
    expect(declined.body.errorMessage).toBe("Tarjeta declinada");
    const poor = await payWithCard(c.token, "4000 0000 0000 9995");
    expect(poor.body.errorMessage).toBe("Fondos insuficientes");
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(0);
    const bad = await app.request("/v2/stripe/create-payment-method", {
      method: "POST",
      token: c.token,
      json: {
        card: { number: "4242 4242 4242 4241", exp_month: 1, exp_year: 30, cvc: "12" },
        billing_details: { name: "" },
      },
    });
    expect(bad.status).toBe(422);
    const fields = (await bad.json()).error.messages.map((m: { field: string }) => m.field);
    expect(fields).toEqual(expect.arrayContaining(["card.cvc", "billing_details.name"]));
  });

  it("a card the provider refuses answers under its field (spec §5: number, name, expiry, cvc); nothing is kept", async () => {
    const c = await newCustomer(app);
    app.setNow(new Date("2026-11-27T18:00:00Z"));
    try {
      const errorsOf = async (card: Record<string, unknown>, name = "Ana Compras") => {
        const res = await app.request("/v2/stripe/create-payment-method", {
          method: "POST",
          token: c.token,
          json: {
            type: "card",
            card: { number: "4242 4242 4242 4242", exp_month: 12, exp_year: 30, cvc: "987", ...card },
            billing_details: { name },
          },
        });
        expect(res.status).toBe(422);
        return (await res.json()).error.messages;
      };
      expect(await errorsOf({ number: "4242 4242 4242 4241" })).toEqual([
        { field: "card.number", message: "El número de tarjeta no es válido" },
      ]);
      // Expired: October 2026 is over in Mexico City; November 2026 is still good (below).
      expect(await errorsOf({ exp_month: 10, exp_year: 26 })).toEqual([
        { field: "card.exp_year", message: "La tarjeta está vencida" },
      ]);
      expect(await errorsOf({ exp_month: 1, exp_year: 2026 })).toEqual([
        { field: "card.exp_year", message: "La tarjeta está vencida" },
      ]);
      expect(await errorsOf({ exp_month: 13 })).toEqual([
        { field: "card.exp_month", message: "La fecha de vencimiento no es válida" },
      ]);
      expect(await errorsOf({ exp_year: 2199 })).toEqual([
        { field: "card.exp_year", message: "La fecha de vencimiento no es válida" },
      ]);
      // American Express asks for 4 digits.
      expect(await errorsOf({ number: "3782 822463 10005", cvc: "123" })).toEqual([
        { field: "card.cvc", message: "El código de seguridad no es válido" },
      ]);
      expect(await errorsOf({ cvc: "12" })).toEqual([
        { field: "card.cvc", message: "El código de seguridad no es válido" },
      ]);
      expect(await errorsOf({}, "   ")).toEqual([
        { field: "billing_details.name", message: "El nombre del titular es requerido" },
      ]);
      const before = (await app.deps.db.select().from(sandboxPaymentMethods)).length;
      await errorsOf({ exp_month: 10, exp_year: 2026 });
      expect(await app.deps.db.select().from(sandboxPaymentMethods)).toHaveLength(before);
      const good = await app.request("/v2/stripe/create-payment-method", {
        method: "POST",
        token: c.token,
        json: {
          card: { number: "4242424242424242", exp_month: 11, exp_year: 26, cvc: "987" },
          billing_details: { name: "Ana Compras" },
        },
      });
      expect(good.status).toBe(200);
    } finally {
      app.setNow(null);
    }
  });

  it("a store product with shipping to a new address: stock reserved and a shipment created", async () => {
    const c = await newCustomer(app);
    await cart(c.token, "addProduct", { product_id: 3, qty: 2 });
    let res = await cart(c.token, "setAddress", {
      address: {
        name: "",
        line_1: "Calle 1",
        country_id: 1,
        custom_state: "Jalisco",
        custom_city: "Guadalajara",
        zip: "44a",
      },
    });
    expect(res.status).toBe(422);
    const msgs = (await res.json()).error.messages.map((m: { message: string }) => m.message);
    expect(msgs).toEqual(
      expect.arrayContaining(["El Alias de la dirección es requerido", "El código postal debe ser numérico"]),
    );
    res = await cart(c.token, "setAddress", {
      address: GUADALAJARA,
    });
    expect((await res.json()).data.reason).toBe("Seleccione una dirección y un método de envío");
    const methods = await (
      await app.request("/v2/store/shipping/methods", { method: "POST", token: c.token, json: {} })
    ).json();
    expect(methods.items.length).toBeGreaterThan(0);
    const data = (await (await cart(c.token, "setShippingMethod", { shipping_method_id: methods.items[0].id })).json())
      .data;
    expect(data.amount_cents).toBe(2 * 22000 + methods.items[0].price_cents);
    const [before] = await app.deps.db.select().from(products).where(eq(products.id, 3));
    const { body } = await payWithCard(c.token, "4242424242424242");
    res = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: body.payment_intent_id },
    });
    expect(res.status).toBe(200);
    const [after] = await app.deps.db.select().from(products).where(eq(products.id, 3));
    expect(after!.stock).toBe(before!.stock! - 2);
    const [ship] = await app.deps.db.select().from(shipments).where(eq(shipments.userId, c.id));
    expect(ship).toMatchObject({ status: "pending" });
    expect(ship!.address.display_address).toContain("Guadalajara");
    const saved = await (await app.request("/v2/customer/addresses", { token: c.token })).json();
    expect(saved.items[0]).toMatchObject({ name: "Casa", zip: "44100" });
  });

  it("a certification grants its PDF to the buyer only", async () => {
    const c = await newCustomer(app);
    await cart(c.token, "addProduct", { product_id: 6 });
    const dep = (await (await cart(c.token, "setDeposit", { deposit: true })).json()).data;
    expect(dep.amount_cents).toBe(1850000 / 2);
    const { body } = await payWithCard(c.token, "4242424242424242");
    await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: body.payment_intent_id },
    });
    const pdf = await app.request("/pdf-content/6", { token: c.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const other = await newCustomer(app);
    expect((await app.request("/pdf-content/6", { token: other.token })).status).toBe(403);
    expect(
      await app.deps.db.select().from(certificateEntitlements).where(eq(certificateEntitlements.userId, c.id)),
    ).toHaveLength(1);
  });

  it("a certification cart downloads the programme's PDF; its paid content only once bought", async () => {
    const c = await newCustomer(app);
    expect((await app.request("/pdf-content/6", { token: c.token })).status).toBe(403);
    await cart(c.token, "addProduct", { product_id: 6 });
    const pdf = await app.request("/pdf-content/6", { token: c.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="certificacion-nivel-1.pdf"');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(pdfHex("Certifícate como instructora"));
    // The programme (modules and their summaries), not the manual's text of each module.
    expect(text).toContain(pdfHex("Fundamentos de la técnica"));
    expect(text).not.toContain(pdfHex("La base de toda clase Nucleo"));
    // Not another product of the cart's (a pack is no certification), nor someone else's cart.
    await cart(c.token, "addPack", { pack_id: 1 });
    expect((await app.request("/pdf-content/1", { token: c.token })).status).toBe(403);
    const other = await newCustomer(app);
    expect((await app.request("/pdf-content/6", { token: other.token })).status).toBe(403);
    // Bought: the full content.
    const { body } = await payWithCard(c.token, "4242424242424242");
    await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: body.payment_intent_id },
    });
    const bought = pdfText(Buffer.from(await (await app.request("/pdf-content/6", { token: c.token })).arrayBuffer()));
    expect(bought).toContain(pdfHex("La base de toda clase Nucleo"));
  });

  it("PayPal through the sandbox approval page", async () => {
    const c = await newCustomer(app);
    const added = (await (await cart(c.token, "addPack", { pack_id: 3 })).json()).data;
    const res = await app.request("/v2/checkout/pay-with-paypal", {
      method: "POST",
      token: c.token,
      json: { cart_id: added.id, callback_url: "https://evil.example/steal" },
    });
    const { redirect_url } = await res.json();
    expect(redirect_url).toMatch(/^\/api\/v2\/sandbox\/paypal\/pp_sbx_/);
    const id = redirect_url.split("/").pop();
    // Not approved yet.
    let pay = await app.request("/v2/checkout/paypal-payment", {
      method: "POST",
      token: c.token,
      json: { cart_id: added.id },
    });
    expect(pay.status).toBe(402);
    const page = await app.request(redirect_url.replace(/^\/api/, ""));
    expect(await page.text()).toContain("Aprobar pago");
    const approve = await app.request(`${redirect_url.replace(/^\/api/, "")}/decide?decision=approve`);
    expect(approve.status).toBe(303);
    expect(approve.headers.get("location")).toBe(`/payment/process?cart_id=${added.id}&token=${id}`);
    pay = await app.request("/v2/checkout/paypal-payment", {
      method: "POST",
      token: c.token,
      json: { cart_id: added.id },
    });
    expect(pay.status).toBe(200);
    pay = await app.request("/v2/checkout/paypal-payment", {
      method: "POST",
      token: c.token,
      json: { cart_id: added.id },
    });
    expect(pay.status).toBe(200);
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lots).toHaveLength(1);
    const [intent] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    expect(intent!.status).toBe("succeeded");
  });

  it("a payment whose fulfilment fails half-way leaves no order, credit or stock change, and is refunded", async () => {
    const c = await newCustomer(app);
    const [p] = await app.deps.db
      .insert(products)
      .values({ area: "juiceBar", name: "Último jugo", priceCents: 5000, stock: 1 })
      .returning();
    await cart(c.token, "addPack", { pack_id: 2 });
    await cart(c.token, "addProduct", { product_id: p!.id });
    const { body } = await payWithCard(c.token, "4242424242424242");
    // The hold taken before the charge lapses, and someone else takes the last unit before the order.
    await releaseExpiredHolds(app.deps.db, new Date(Date.now() + HOLD_TTL_MS + 60_000));
    await app.deps.db.update(products).set({ stock: 0 }).where(eq(products.id, p!.id));
    const res = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: body.payment_intent_id },
    });
    expect(res.status).toBe(409);
    expect((await res.json()).errorMessage).toContain("el cargo fue reembolsado");
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(0);
    const [after] = await app.deps.db.select().from(products).where(eq(products.id, p!.id));
    expect(after!.stock).toBe(0);
    const [pay] = await app.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(pay).toMatchObject({ status: "failed", refundedCents: 125000 + 5000 });
    const [intent] = await app.deps.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, body.payment_intent_id));
    expect(intent!.refundedCents).toBe(intent!.amountCents);
    // A retry does not turn the refunded charge into an order.
    const retry = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: body.payment_intent_id },
    });
    expect(retry.status).toBe(409);
  });

  it("voucher usage limit overall is enforced at payment time", async () => {
    const [v] = await app.deps.db
      .insert(vouchers)
      .values({ code: `UNO${seq++}`, kind: "fixed", value: 1000, maxUses: 1 })
      .returning();
    const c = await newCustomer(app);
    await cart(c.token, "addPack", { pack_id: 1 });
    await cart(c.token, "setVoucher", { code: v!.code });
    await app.deps.db.update(vouchers).set({ usedCount: 1 }).where(eq(vouchers.id, v!.id));
    const data = (await (await app.request("/v2/carts", { token: c.token })).json()).data;
    expect(data.voucher).toMatchObject({ applied: false, reason: "El cupón ya alcanzó su límite de usos" });
    expect(data.amount_cents).toBe(28000);
    const n = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(voucherRedemptions)
      .where(and(eq(voucherRedemptions.voucherId, v!.id)));
    expect(n[0]!.n).toBe(0);
  });
});

describe("typed answers (issue 7)", () => {
  it("every call the checkout pages make answers exactly its route's response schema", async () => {
    const c = await newCustomer(app);
    const post = (path: string, json: unknown) => app.request(path, { method: "POST", token: c.token, json });
    const address = GUADALAJARA;
    await expectAnswer(cartAnswer, await app.request("/v2/carts", { token: c.token }));
    await expectAnswer(cartAnswer, await cart(c.token, "addProduct", { product_id: 3, qty: 1 }));
    const withPack = await expectAnswer(cartAnswer, await cart(c.token, "addPack", { pack_id: 2 }));
    expect(withPack.data.items.map((i) => i.scope).sort()).toEqual(["pack", "product"]);
    const saved = await expectAnswer(addressSavedAnswer, await post("/v2/customer/addresses", address));
    const listed = await expectAnswer(addressesAnswer, await app.request("/v2/customer/addresses", { token: c.token }));
    expect(listed.data.map((a) => a.id)).toEqual([saved.data.id]);
    await expectAnswer(cartAnswer, await cart(c.token, "setAddress", { address }));
    const methods = await expectAnswer(shippingMethodsAnswer, await post("/v2/store/shipping/methods", {}));
    const shipped = await expectAnswer(
      cartAnswer,
      await cart(c.token, "setShippingMethod", { shipping_method_id: methods.data[0]!.id }),
    );
    expect(shipped.data.totals.length).toBeGreaterThan(2);

    const code = `GC-T${Date.now()}`;
    await app.deps.db.insert(giftCards).values({ code, initialCents: 5000, balanceCents: 5000 });
    await expectAnswer(giftCardRedeemedAnswer, await post("/v2/customer/giftcards/redeem", { code }));
    const withGift = await expectAnswer(cartAnswer, await cart(c.token, "setGiftCard", { code }));
    expect(withGift.data.gift_card).toMatchObject({ code, balance_cents: 5000 });

    const pm = await expectAnswer(
      paymentMethodAnswer,
      await post("/v2/stripe/create-payment-method", {
        type: "card",
        card: { number: "4000 0025 0000 3155", exp_month: 12, exp_year: 30, cvc: "987" },
        billing_details: { name: "Ana Compras" },
      }),
    );
    const asked = await expectAnswer(
      setupIntentAnswer,
      await post("/v2/checkout/setup-intent", {
        stripe_payment_method_id: pm.payment_method.id,
        save_payment_method: true,
      }),
    );
    expect(asked.requires_action).toBe(true);
    await expectAnswer(
      sandboxAuthAnswer,
      await post(`/v2/sandbox/intents/${asked.payment_intent_id}/authenticate`, { approve: true }),
    );
    await expectAnswer(
      setupIntentAnswer,
      await post("/v2/checkout/setup-intent", { stripe_payment_intent_id: asked.payment_intent_id }),
    );
    const paid = await expectAnswer(
      orderPaidAnswer,
      await post("/v2/checkout/make-payment", { payment_intent_id: asked.payment_intent_id }),
    );
    const next = await expectAnswer(
      successUrlAnswer,
      await app.request("/v2/checkout/success-url", { token: c.token }),
    );
    expect(next.url).toBe(paid.data.url);
    const cards = await expectAnswer(savedCardsAnswer, await app.request("/v2/customer/cards", { token: c.token }));
    expect(cards.data.cards).toHaveLength(1);

    const added = await expectAnswer(cartAnswer, await cart(c.token, "addPack", { pack_id: 3 }));
    const { redirect_url } = await expectAnswer(
      paypalRedirectAnswer,
      await post("/v2/checkout/pay-with-paypal", { cart_id: added.data.id }),
    );
    await app.request(`${redirect_url.replace(/^\/api/, "")}/decide?decision=approve`);
    await expectAnswer(orderPaidAnswer, await post("/v2/checkout/paypal-payment", { cart_id: added.data.id }));
  });
});
