import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  carts,
  checkoutCharges as charges,
  invoiceRequests,
  orders,
  payments,
  users,
} from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { checkoutAs, newCustomer } from "../support/commerce";
import { createStudio, staffToken } from "../support/factories";

/**
 * Issue 20, items 14 and 15: online payments carry a studio (the checkout's `studio_id`, checked,
 * else the customer's home studio), the back office splits revenue by studio, the home studio is
 * kept on the account and adopted at login, and facturación names one of the customer's own orders.
 */
const app = setupTestApp();
const post = (path: string, token: string | undefined, json: unknown, headers: Record<string, string> = {}) =>
  app.request(path, { method: "POST", token, json, headers });

/** A 5-class pack bought with a card that pays; `studio` goes to setup-intent and make-payment as the page sends it. */
async function buyPack(token: string, studio?: unknown) {
  const c = checkoutAs(app, token);
  await c.addPack(2);
  const pm = await (
    await post("/v2/stripe/create-payment-method", token, {
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
      billing_details: { name: "Ana Compras" },
    })
  ).json();
  const si = await post("/v2/checkout/setup-intent", token, {
    stripe_payment_method_id: pm.payment_method.id,
    ...(studio === undefined ? {} : { studio_id: studio }),
  });
  const intent = await si.json();
  return {
    si,
    intent,
    pay: () =>
      post("/v2/checkout/make-payment", token, {
        payment_intent_id: intent.payment_intent_id,
        ...(studio === undefined ? {} : { studio_id: studio }),
      }),
  };
}

async function orderOf(userId: number) {
  const [o] = await app.deps.db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.id))
    .limit(1);
  return o;
}
const paymentOf = async (orderId: number) =>
  (await app.deps.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

describe("online payments carry a studio", () => {
  it("records the checkout's studio_id on the order and its payment", async () => {
    const c = await newCustomer(app);
    const buy = await buyPack(c.token, 2);
    expect(buy.si.status).toBe(200);
    const paid = await buy.pay();
    expect(paid.status).toBe(200);
    const order = await orderOf(c.id);
    expect(order?.studioId).toBe(2);
    expect((await paymentOf(order!.id))?.studioId).toBe(2);
  });

  it("without studio_id, the order counts for the customer's home studio", async () => {
    const c = await newCustomer(app);
    const saved = await post("/profile/home-studio", c.token, { studio_id: 3 });
    expect(saved.status).toBe(200);
    expect((await saved.json()).data).toMatchObject({ home_studio_id: 3, city_id: 1 });
    const buy = await buyPack(c.token);
    expect((await buy.pay()).status).toBe(200);
    const order = await orderOf(c.id);
    expect(order?.studioId).toBe(3);
    expect((await paymentOf(order!.id))?.studioId).toBe(3);
  });

  it("refuses an unknown or inactive studio with the spec's error and writes nothing", async () => {
    const c = await newCustomer(app);
    const inactive = await createStudio(app.deps.db, { active: false });
    const chargesBefore = (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(charges))[0]!.n;
    for (const bad of [999999, inactive.id]) {
      // At setup-intent: no charge is opened, nothing is asked of the gateway.
      const buy = await buyPack(c.token, bad);
      expect(buy.si.status).toBe(422);
      const body = buy.intent;
      expect(body.errorMessage).toBe("El estudio no existe o no está activo");
      expect(body.error.messages).toEqual([{ field: "studio_id", message: "El estudio no existe o no está activo" }]);
    }
    expect((await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(charges))[0]!.n).toBe(chargesBefore);
    // At make-payment (a charge that succeeded without a studio): refused, no order, the cart stays open.
    const ok = await buyPack(c.token);
    expect(ok.si.status).toBe(200);
    const refused = await post("/v2/checkout/make-payment", c.token, {
      payment_intent_id: ok.intent.payment_intent_id,
      studio_id: inactive.id,
    });
    expect(refused.status).toBe(422);
    expect((await refused.json()).error.messages[0]).toEqual({
      field: "studio_id",
      message: "El estudio no existe o no está activo",
    });
    expect(await orderOf(c.id)).toBeUndefined();
    expect((await app.deps.db.select().from(payments).where(eq(payments.userId, c.id))).length, "no payment row").toBe(
      0,
    );
    const [cart] = await app.deps.db.select().from(carts).where(eq(carts.userId, c.id)).orderBy(desc(carts.id));
    expect(cart?.status).toBe("open");
  });

  it("the back office totals revenue by studio, with the same filters, and 'Sin estudio' for none", async () => {
    const admin = await staffToken(app.deps.db);
    const studio = await createStudio(app.deps.db);
    for (let i = 0; i < 2; i++) {
      const c = await newCustomer(app);
      expect((await (await buyPack(c.token, studio.id)).pay()).status).toBe(200);
    }
    const noStudio = await newCustomer(app);
    expect((await (await buyPack(noStudio.token)).pay()).status).toBe(200);
    expect((await orderOf(noStudio.id))?.studioId).toBeNull();

    const all = (await (await app.request("/admin/payments", { token: admin })).json()).data;
    const mine = all.by_studio.find((s: { studio_id: number | null }) => s.studio_id === studio.id);
    expect(mine).toMatchObject({
      studio: studio.name,
      count: 2,
      gross_cents: 250000,
      refunded_cents: 0,
      net_cents: 250000,
    });
    expect(mine.display_net).toBe("$2,500.00");
    const none = all.by_studio.find((s: { studio_id: number | null }) => s.studio_id === null);
    expect(none?.studio).toBe("Sin estudio");
    // The split adds up to the totals.
    const sum = (k: string) => all.by_studio.reduce((n: number, s: Record<string, number>) => n + s[k]!, 0);
    expect(sum("gross_cents")).toBe(all.totals.gross_cents);
    expect(sum("net_cents")).toBe(all.totals.net_cents);
    expect(sum("count")).toBe(all.totals.count);

    const one = (await (await app.request(`/admin/payments?studio_id=${studio.id}`, { token: admin })).json()).data;
    expect(one.totals).toMatchObject({ count: 2, gross_cents: 250000 });
    expect(one.by_studio).toHaveLength(1);
    expect(one.items.every((p: { studio: string }) => p.studio === studio.name)).toBe(true);
    const without = (await (await app.request("/admin/payments?studio_id=none", { token: admin })).json()).data;
    expect(without.items.length).toBeGreaterThan(0);
    expect(without.items.every((p: { studio: string }) => p.studio === "Sin estudio")).toBe(true);
  });
});

describe("the home studio", () => {
  it("is refused when unknown, inactive or external, and nothing changes", async () => {
    const c = await newCustomer(app);
    const inactive = await createStudio(app.deps.db, { active: false });
    for (const bad of [999999, inactive.id, 4]) {
      const res = await post("/profile/home-studio", c.token, { studio_id: bad });
      expect(res.status).toBe(422);
      expect((await res.json()).error.messages[0].field).toBe("studio_id");
    }
    const [u] = await app.deps.db.select().from(users).where(eq(users.id, c.id));
    expect(u?.homeStudioId).toBeNull();
    expect((await post("/profile/home-studio", undefined, { studio_id: 1 })).status).toBe(401);
  });

  it("adopts the studio chosen before login, and is given back to the browser at the next login", async () => {
    const c = await newCustomer(app);
    // Logged out, the visitor chose Nucleo San Pedro (city 2): the login keeps it on the account.
    const first = await app.request("/login", {
      method: "POST",
      form: { email: c.email, password: "demo1234" },
      headers: { cookie: "city=2; studio=5" },
    });
    expect(first.status).toBe(200);
    const [u] = await app.deps.db.select().from(users).where(eq(users.id, c.id));
    expect(u?.homeStudioId).toBe(5);
    // Another device, another choice: the account's studio wins and becomes the browser's.
    const second = await app.request("/login", {
      method: "POST",
      form: { email: c.email, password: "demo1234" },
      headers: { cookie: "city=1; studio=1" },
    });
    const cookies = second.headers.getSetCookie().join("\n");
    expect(cookies).toMatch(/(^|\n)city=2;/);
    expect(cookies).toMatch(/(^|\n)studio=5;/);
    expect((await second.json()).data.user.home_studio_id).toBe(5);
  });
});

describe("facturación names one of the customer's orders", () => {
  const fiscal = {
    rfc: "GOMR850315AB1",
    business_name: "Regina Gómez",
    tax_regime: "612",
    postal_code: "06700",
    cfdi_use: "G03",
    email: "regina@example.com",
  };
  const count = async () => (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(invoiceRequests))[0]!.n;

  it("accepts the customer's own paid order and refuses another's, a missing one, with nothing written", async () => {
    const ana = await newCustomer(app);
    const eva = await newCustomer(app);
    expect((await (await buyPack(ana.token, 1)).pay()).status).toBe(200);
    expect((await (await buyPack(eva.token, 1)).pay()).status).toBe(200);
    const anaOrder = (await orderOf(ana.id))!;
    const evaOrder = (await orderOf(eva.id))!;

    const before = await count();
    for (const [body, message] of [
      [{ ...fiscal, order_id: String(evaOrder.id) }, "Esa compra no está entre tus compras pagadas"],
      [{ ...fiscal, order_id: "999999" }, "Esa compra no está entre tus compras pagadas"],
      [{ ...fiscal, purchase_reference: "NB-1" }, "Elige la compra que quieres facturar"],
    ] as const) {
      const res = await app.request("/v2/invoice-requests", { method: "POST", token: ana.token, form: body });
      expect(res.status).toBe(422);
      expect((await res.json()).error.messages).toContainEqual({ field: "order_id", message });
    }
    expect(await count()).toBe(before);

    const ok = await app.request("/v2/invoice-requests", {
      method: "POST",
      token: ana.token,
      form: { ...fiscal, order_id: String(anaOrder.id) },
    });
    expect(ok.status).toBe(201);
    const [row] = await app.deps.db
      .select()
      .from(invoiceRequests)
      .where(and(eq(invoiceRequests.userId, ana.id)));
    expect(row).toMatchObject({ orderId: anaOrder.id, purchaseReference: String(anaOrder.id) });
  });

  it("a visitor (logged out) still names the purchase by its reference", async () => {
    const res = await app.request("/v2/invoice-requests", {
      method: "POST",
      form: { ...fiscal, purchase_reference: "NB-777" },
    });
    expect(res.status).toBe(201);
    const missing = await app.request("/v2/invoice-requests", { method: "POST", form: fiscal });
    expect(missing.status).toBe(422);
    expect((await missing.json()).error.messages).toContainEqual({
      field: "purchase_reference",
      message: "La referencia de la compra es requerida",
    });
  });
});
