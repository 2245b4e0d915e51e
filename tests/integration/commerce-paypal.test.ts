import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { carts, creditLots, orders, payments, webhookEvents } from "../../app/.server/db/schema";
import { applyWebhookEvent, WEBHOOK_JOB } from "../../app/.server/domain/commerce/checkout";
import { centsToPaypal, paypalToCents } from "../../app/.server/domain/commerce/gateways/paypal";
import { setupTestApp } from "../support/app";
import { cartWithPack, configure, newCustomer, withFakeProvider } from "../support/commerce";
import { createStaff, sessionFor } from "../support/factories";
import {
  approveOnPaypal,
  calls,
  CLIENT,
  ordersById,
  outage,
  refundsDone,
  SECRET,
  startFakePaypal,
  WEBHOOK_ID,
} from "../support/fake-paypal";

/**
 * The `paypal` gateway (REST, Orders v2) against a local server that answers like PayPal's API
 * (tests/support/fake-paypal.ts):
 * OAuth token, orders in MXN, approval, capture, refunds of a capture, webhook verification, and
 * PayPal-Request-Id as the idempotency key of every call that creates or moves money.
 */
const app = setupTestApp();
const paypal = withFakeProvider(
  app,
  startFakePaypal,
  (url) => ({
    PUBLIC_URL: "https://tienda.example.mx",
    PAYPAL_CLIENT_ID: CLIENT,
    PAYPAL_CLIENT_SECRET: SECRET,
    PAYPAL_WEBHOOK_ID: WEBHOOK_ID,
    PAYPAL_API_URL: url,
  }),
  { eachTest: true },
);

const startPaypal = (token: string, cartId: number) =>
  app.request("/v2/checkout/pay-with-paypal", {
    method: "POST",
    token,
    json: { cart_id: cartId, callback_url: "/payment/process" },
  });
const returnFromPaypal = (token: string, cartId: number) =>
  app.request("/v2/checkout/paypal-payment", { method: "POST", token, json: { cart_id: cartId } });
const orderIdOf = (redirect: string) => new URL(redirect).searchParams.get("token")!;

describe("paypal gateway (REST Orders v2 against a local PayPal)", () => {
  it("money in cents and PayPal's decimal strings convert exactly", () => {
    expect(centsToPaypal(125000)).toBe("1250.00");
    expect(centsToPaypal(5)).toBe("0.05");
    expect(centsToPaypal(199999)).toBe("1999.99");
    expect(paypalToCents("1250.00")).toBe(125000);
    expect(paypalToCents("0.5")).toBe(50);
    expect(paypalToCents("19.99")).toBe(1999);
    expect(() => paypalToCents("1.234")).toThrow();
  });

  it("an MXN order for the cart, approved on PayPal, captured on return: one charge, one order, the credits", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    expect(cart.amount_cents).toBe(125000);
    const first = await startPaypal(c.token, cart.id);
    expect(first.status).toBe(200);
    const { redirect_url } = await first.json();
    expect(redirect_url).toMatch(/^https:\/\/www\.sandbox\.paypal\.com\/checkoutnow\?token=5O/);
    const id = orderIdOf(redirect_url);
    const order = ordersById.get(id)!;
    expect(order.intent).toBe("CAPTURE");
    expect(order.purchase_units[0]!.amount).toEqual({ currency_code: "MXN", value: "1250.00" });
    expect(JSON.parse(order.purchase_units[0]!.custom_id)).toEqual({ cart_id: String(cart.id), user_id: String(c.id) });
    expect(order.return_url).toBe(`https://tienda.example.mx/payment/process?cart_id=${cart.id}`);
    expect(order.cancel_url).toBe(`https://tienda.example.mx/payment/process?cart_id=${cart.id}&cancelled=1`);
    // A double click: the same PayPal-Request-Id, the same order.
    expect((await (await startPaypal(c.token, cart.id)).json()).redirect_url).toBe(redirect_url);
    const creates = calls.filter((x) => x.path === "/v2/checkout/orders" && x.method === "POST");
    expect(new Set(creates.map((x) => x.requestId)).size).toBe(1);
    expect(creates[0]!.requestId).toBe(`paypal:cart:${cart.id}:v${await cartVersion(cart.id)}:125000`);

    // Back before approving: nothing captured, nothing recorded.
    const early = await returnFromPaypal(c.token, cart.id);
    expect(early.status).toBe(402);
    expect((await early.json()).errorMessage).toBe("El pago con PayPal no fue aprobado");

    approveOnPaypal(id);
    // The return page loaded twice (two tabs): one capture, one order.
    const [a, b] = await Promise.all([returnFromPaypal(c.token, cart.id), returnFromPaypal(c.token, cart.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [da, db] = [(await a.json()).data, (await b.json()).data];
    expect(da.order_id).toBe(db.order_id);
    expect(da.url).toBe(`/success-order?order=${da.order_id}`);
    expect(ordersById.get(id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
    const captures = calls.filter((x) => x.path === `/v2/checkout/orders/${id}/capture`);
    expect(captures.length).toBeGreaterThan(0);
    expect(captures.every((x) => x.requestId === `capture:${id}`)).toBe(true);
    const pays = await app.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(pays.map((p) => [p.gateway, p.method, p.providerPaymentId, p.amountCents, p.status])).toEqual([
      ["paypal", "paypal", id, 125000, "succeeded"],
    ]);
    const [lot] = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lot!.quantity).toBe(5);
  });

  it("staff refund part, then the rest, through the capture: never more than paid, a retry is the same refund", async () => {
    const staff = await createStaff(app.deps.db, "administrator");
    const admin = await sessionFor(app.deps.db, staff);
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    const id = orderIdOf((await (await startPaypal(c.token, cart.id)).json()).redirect_url);
    approveOnPaypal(id);
    expect((await returnFromPaypal(c.token, cart.id)).status).toBe(200);
    const [pay] = await app.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    const captureId = ordersById.get(id)!.purchase_units[0]!.payments!.captures[0]!.id;
    const refund = (json: Record<string, unknown>) =>
      app.request(`/admin/payments/${pay!.id}/refund`, { method: "POST", token: admin, json });

    expect((await refund({ amount: "250" })).status).toBe(200);
    expect(refundsDone.filter((r) => r.captureId === captureId).map((r) => r.value)).toEqual(["250.00"]);
    expect((await refund({})).status).toBe(200);
    const mine = refundsDone.filter((r) => r.captureId === captureId);
    expect(mine.map((r) => r.value)).toEqual(["250.00", "1000.00"]);
    expect(new Set(mine.map((r) => r.requestId)).size).toBe(2);
    const [after] = await app.deps.db.select().from(payments).where(eq(payments.id, pay!.id));
    expect(after).toMatchObject({ status: "refunded", refundedCents: 125000 });
    expect((await refund({})).status).toBe(409);
    // The gateway asked again with a key it already used answers that refund, not a second one.
    const again = await app.deps.gateways.paypal.refund(app.deps.db, id, 25000, mine[0]!.requestId);
    expect(again.id).toBe(mine[0]!.id);
    expect(refundsDone.filter((r) => r.captureId === captureId)).toHaveLength(2);
  });

  it("a declined capture records nothing and says 'No se pudo procesar el pago'", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token, 1);
    const id = orderIdOf((await (await startPaypal(c.token, cart.id)).json()).redirect_url);
    approveOnPaypal(id, true);
    const r = await returnFromPaypal(c.token, cart.id);
    expect(r.status).toBe(402);
    expect((await r.json()).errorMessage).toBe("No se pudo procesar el pago");
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(payments).where(eq(payments.userId, c.id))).toHaveLength(0);
  });

  it("webhooks: verified by PayPal; an approved order whose buyer never came back is captured by the job, once", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    const id = orderIdOf((await (await startPaypal(c.token, cart.id)).json()).redirect_url);
    approveOnPaypal(id);
    const event = JSON.stringify({
      id: `WH-EVT-${id}`,
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id, status: "APPROVED" },
    });
    const headers = (sig: string) => ({
      "content-type": "application/json",
      "paypal-auth-algo": "SHA256withRSA",
      "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
      "paypal-transmission-id": `T-${id}`,
      "paypal-transmission-sig": sig,
      "paypal-transmission-time": new Date().toISOString(),
    });
    const bad = await app.request("/v2/webhooks/paypal", { method: "POST", body: event, headers: headers("falsa") });
    expect(bad.status).toBe(400);
    const unsigned = await app.request("/v2/webhooks/paypal", {
      method: "POST",
      body: event,
      headers: { "content-type": "application/json" },
    });
    expect(unsigned.status).toBe(400);
    expect(
      await app.deps.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, `WH-EVT-${id}`)),
    ).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      const ok = await app.request("/v2/webhooks/paypal", {
        method: "POST",
        body: event,
        headers: headers("firma-buena"),
      });
      expect(ok.status).toBe(200);
    }
    const [stored] = await app.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `WH-EVT-${id}`));
    expect(stored).toMatchObject({ gateway: "paypal", type: "CHECKOUT.ORDER.APPROVED", intentId: id });
    expect(await app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true })).toEqual({
      completed: 1,
      failed: 0,
    });
    const os = await app.deps.db.select().from(orders).where(eq(orders.userId, c.id));
    expect(os).toHaveLength(1);
    expect(ordersById.get(id)!.status).toBe("COMPLETED");
    // The buyer's return page comes late: the same order, no second capture.
    const late = await returnFromPaypal(c.token, cart.id);
    expect(late.status).toBe(200);
    expect((await late.json()).data.order_id).toBe(os[0]!.id);
    expect(ordersById.get(id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);

    // PAYMENT.CAPTURE.COMPLETED for the same order names it among its related ids: nothing new.
    const capture = JSON.stringify({
      id: `WH-CAP-${id}`,
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { id: "CAPX", status: "COMPLETED", supplementary_data: { related_ids: { order_id: id } } },
    });
    expect(
      (await app.request("/v2/webhooks/paypal", { method: "POST", body: capture, headers: headers("firma-buena") }))
        .status,
    ).toBe(200);
    const [cap] = await app.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `WH-CAP-${id}`));
    expect(cap!.intentId).toBe(id);
    expect(await app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true })).toEqual({
      completed: 1,
      failed: 0,
    });
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    expect(await app.deps.db.select().from(payments).where(eq(payments.userId, c.id))).toHaveLength(1);
  });
});

describe("paypal webhook jobs when PayPal refuses or is down", () => {
  const headers = (id: string) => ({
    "content-type": "application/json",
    "paypal-auth-algo": "SHA256withRSA",
    "paypal-cert-url": "https://api.sandbox.paypal.com/v1/notifications/certs/CERT-1",
    "paypal-transmission-id": `T-${id}`,
    "paypal-transmission-sig": "firma-buena",
    "paypal-transmission-time": new Date().toISOString(),
  });
  const approvedEvent = async (id: string) => {
    const body = JSON.stringify({
      id: `WH-APR-${id}`,
      event_type: "CHECKOUT.ORDER.APPROVED",
      resource: { id, status: "APPROVED" },
    });
    expect((await app.request("/v2/webhooks/paypal", { method: "POST", body, headers: headers(id) })).status).toBe(200);
  };
  const runJobs = () => app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true });

  it("a declined capture ends the job (no endless retries) and records nothing", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token, 1);
    const id = orderIdOf((await (await startPaypal(c.token, cart.id)).json()).redirect_url);
    approveOnPaypal(id, true);
    await approvedEvent(id);
    expect(await runJobs()).toEqual({ completed: 1, failed: 0 });
    const [ev] = await app.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `WH-APR-${id}`));
    expect(ev!.processedAt).not.toBeNull();
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
  });

  it("PayPal down: the job throws (the queue retries it); once PayPal is back, one order", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token, 1);
    const id = orderIdOf((await (await startPaypal(c.token, cart.id)).json()).redirect_url);
    approveOnPaypal(id);
    await approvedEvent(id);
    // The job's run while PayPal is down throws, which is what makes the queue retry it later.
    outage.on = true;
    try {
      await expect(applyWebhookEvent(app.deps, `WH-APR-${id}`)).rejects.toThrow();
    } finally {
      outage.on = false;
    }
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
    const [ev] = await app.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `WH-APR-${id}`));
    expect(ev!.processedAt).toBeNull();
    expect(await runJobs()).toEqual({ completed: 1, failed: 0 });
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    expect(ordersById.get(id)!.purchase_units[0]!.payments!.captures).toHaveLength(1);
  });
});

describe("a payment taken by a gateway no longer configured", () => {
  it("is not refunded through another provider: 409, nothing changes", async () => {
    // PayPal without credentials: the built-in sandbox approval page takes this payment.
    configure(app);
    const staff = await createStaff(app.deps.db, "administrator");
    const admin = await sessionFor(app.deps.db, staff);
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token, 1);
    const { redirect_url } = await (await startPaypal(c.token, cart.id)).json();
    expect(redirect_url).toMatch(/^\/api\/v2\/sandbox\/paypal\/pp_sbx_/);
    expect((await app.request(`${redirect_url.replace(/^\/api/, "")}/decide?decision=approve`)).status).toBe(303);
    expect((await returnFromPaypal(c.token, cart.id)).status).toBe(200);
    const [pay] = await app.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(pay).toMatchObject({ gateway: "sandbox", method: "paypal" });

    // Then PayPal REST is configured: that sandbox payment cannot be sent to PayPal.
    paypal.use();
    const before = calls.length;
    const r = await app.request(`/admin/payments/${pay!.id}/refund`, { method: "POST", token: admin, json: {} });
    expect(r.status).toBe(409);
    expect((await r.json()).errorMessage).toBe(
      "Este pago se cobró con otro proveedor de pagos; reembólselo desde ese proveedor",
    );
    expect(calls.length).toBe(before);
    const [after] = await app.deps.db.select().from(payments).where(eq(payments.id, pay!.id));
    expect(after).toMatchObject({ status: "succeeded", refundedCents: 0 });
  });
});

async function cartVersion(cartId: number) {
  const [row] = await app.deps.db.select({ version: carts.version }).from(carts).where(eq(carts.id, cartId));
  return row!.version;
}
