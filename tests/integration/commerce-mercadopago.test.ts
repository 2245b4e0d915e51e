/**
 * The `mercadopago` gateway (Checkout Pro through the official SDK) against a local server that
 * answers like Mercado Pago's API (tests/support/fake-mercadopago.ts): the preference for the
 * cart, the buyer paying on Mercado Pago's page (card approved or rejected, an OXXO ticket that
 * waits), the return page that asks Mercado Pago and never trusts its URL, signed webhooks, refunds
 * from the back office, and the scheduled tasks that settle a payment whose webhook was lost and
 * expire an unpaid ticket.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  auditLog,
  carts,
  checkoutHolds,
  creditLots,
  orders,
  payments,
  products,
  refunds,
  webhookEvents,
} from "../../app/.server/db/schema";
import { scheduledTasks } from "../../app/.server/jobs/tasks";
import { applyWebhookEvent, WEBHOOK_JOB } from "../../app/.server/domain/commerce/checkout";
import { SPEI_RETURN_JOB } from "../../app/.server/domain/commerce/spei-returns";
import { setupTestApp } from "../support/app";
import { cartWithPack, configure, newCustomer, withFakeProvider } from "../support/commerce";
import { mailsTo } from "../support/mail";
import { createStaff, sessionFor } from "../support/factories";
import {
  ACCESS_TOKEN,
  calls,
  expireTicket,
  forgedWebhook,
  outage,
  paidAtOxxo,
  payOnMercadoPago,
  paymentsById,
  preferences,
  startFakeMercadoPago,
  webhook,
  WEBHOOK_SECRET,
} from "../support/fake-mercadopago";

const app = setupTestApp();
withFakeProvider(
  app,
  startFakeMercadoPago,
  (url) => ({
    PUBLIC_URL: "https://tienda.example.mx",
    MERCADOPAGO_ACCESS_TOKEN: ACCESS_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: url,
  }),
  { eachTest: true },
);
afterEach(() => app.setNow(null));

const DAY = 86_400_000;
const MINUTE = 60_000;
type Customer = Awaited<ReturnType<typeof newCustomer>>;

const startMp = (token: string, cartId: number) =>
  app.request("/v2/checkout/pay-with-mercadopago", {
    method: "POST",
    token,
    json: { cart_id: cartId, callback_url: "/payment/process?via=mercadopago" },
  });
/** Starts Checkout Pro for the cart: the preference it made. */
const preferenceFor = async (c: Customer, cartId: number) => {
  const r = await startMp(c.token, cartId);
  expect(r.status).toBe(200);
  const { redirect_url } = (await r.json()) as { redirect_url: string };
  return preferences.get(new URL(redirect_url).searchParams.get("pref_id")!)!;
};
const returnFromMp = (token: string, cartId: number, extra: Record<string, unknown> = {}) =>
  app.request("/v2/checkout/mercadopago-payment", { method: "POST", token, json: { cart_id: cartId, ...extra } });
const sendWebhook = (w: ReturnType<typeof webhook>) =>
  app.request(w.path, { method: "POST", body: w.body, headers: w.headers });
const runWebhookJobs = () => app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true });
const ordersOf = (userId: number) => app.deps.db.select().from(orders).where(eq(orders.userId, userId));
const paymentsOf = (userId: number) => app.deps.db.select().from(payments).where(eq(payments.userId, userId));
const creditsOf = async (userId: number) =>
  (await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, userId))).map((l) => l.quantity);
const holdsOf = (cartId: number) => app.deps.db.select().from(checkoutHolds).where(eq(checkoutHolds.cartId, cartId));
const task = (name: string) => scheduledTasks.find((x) => x.name === name)!;

/** A cart holding the only unit of a new product, and the product's stock as it is now. */
async function cartWithLastUnit(c: Customer) {
  const [prod] = await app.deps.db
    .insert(products)
    .values({ area: "barreByNucleo", name: "Pieza Mercado Pago", priceCents: 30000, stock: 1 })
    .returning();
  const r = await app.request("/v2/carts", {
    method: "POST",
    token: c.token,
    json: { action: "addProduct", action_param: { product_id: prod!.id } },
  });
  const cart = (await r.json()).data as { id: number };
  const stock = async () => (await app.deps.db.select().from(products).where(eq(products.id, prod!.id)))[0]!.stock;
  return { cart, stock };
}

describe("Mercado Pago Checkout Pro (SDK against a local Mercado Pago)", () => {
  it("approved by card: one preference per cart version, asked on return, one order and the credits", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    expect(cart.amount_cents).toBe(125000);
    const first = await startMp(c.token, cart.id);
    expect(first.status).toBe(200);
    const { redirect_url } = (await first.json()) as { redirect_url: string };
    expect(redirect_url).toMatch(/^https:\/\/www\.mercadopago\.com\.mx\/checkout\/v1\/redirect\?pref_id=/);
    const pref = preferences.get(new URL(redirect_url).searchParams.get("pref_id")!)!;
    expect(pref.items).toEqual([
      { id: `cart-${cart.id}`, title: "Compra en Nucleo Barre", quantity: 1, currency_id: "MXN", unit_price: 1250 },
    ]);
    expect(pref.external_reference).toBe(`mp:cart:${cart.id}`);
    expect(pref.metadata).toEqual({ cart_id: String(cart.id), user_id: String(c.id) });
    expect(pref.back_urls.success).toBe(`https://tienda.example.mx/payment/process?via=mercadopago&cart_id=${cart.id}`);
    expect(pref.notification_url).toBe("https://tienda.example.mx/v2/webhooks/mercadopago");
    // A double click: the same X-Idempotency-Key, the same preference.
    expect(((await (await startMp(c.token, cart.id)).json()) as { redirect_url: string }).redirect_url).toBe(
      redirect_url,
    );
    const creates = calls.filter((x) => x.path === "/checkout/preferences/" && x.method === "POST");
    expect(new Set(creates.map((x) => x.idempotencyKey))).toEqual(new Set([creates[0]!.idempotencyKey]));
    expect(creates[0]!.idempotencyKey).toMatch(new RegExp(`^mp:cart:${cart.id}:v\\d+:125000$`));

    // Back before paying: nothing recorded.
    const early = await returnFromMp(c.token, cart.id);
    expect(early.status).toBe(402);
    expect((await early.json()).errorMessage).toBe("Aún no recibimos tu pago con Mercado Pago");
    expect(await ordersOf(c.id)).toHaveLength(0);

    const paid = payOnMercadoPago(pref.id, "approved");
    // The return page loaded twice (two tabs): one order.
    const [a, b] = await Promise.all([returnFromMp(c.token, cart.id), returnFromMp(c.token, cart.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [da, db] = [(await a.json()).data, (await b.json()).data];
    expect(da.order_id).toBe(db.order_id);
    expect(da.url).toBe(`/success-order?order=${da.order_id}`);
    const pays = await paymentsOf(c.id);
    expect(pays.map((p) => [p.gateway, p.method, p.providerPaymentId, p.amountCents, p.status])).toEqual([
      ["mercadopago", "mercadopago", String(paid.id), 125000, "succeeded"],
    ]);
    const [o] = await ordersOf(c.id);
    expect(o).toMatchObject({ status: "paid", paymentMethod: "mercadopago" });
    expect(await creditsOf(c.id)).toEqual([5]);
    expect((await holdsOf(cart.id)).map((h) => h.status)).toEqual(["converted"]);
  });

  it("rejected: no order, the hold is given back, and the customer is told in Spanish", async () => {
    const c = await newCustomer(app);
    const { cart, stock } = await cartWithLastUnit(c);
    const pref = await preferenceFor(c, cart.id);
    // The unit is held while the customer is on Mercado Pago's page.
    expect(await stock()).toBe(0);
    payOnMercadoPago(pref.id, "rejected");
    const r = await returnFromMp(c.token, cart.id);
    expect(r.status).toBe(402);
    expect((await r.json()).errorMessage).toBe("Mercado Pago rechazó el pago: prueba con otra tarjeta u otro medio");
    expect(await ordersOf(c.id)).toHaveLength(0);
    expect(await paymentsOf(c.id)).toHaveLength(0);
    expect((await holdsOf(cart.id)).map((h) => h.status)).toEqual(["released"]);
    expect(await stock()).toBe(1);
    const [row] = await app.deps.db.select().from(carts).where(eq(carts.id, cart.id));
    expect(row!.status).toBe("open");
  });

  it("an OXXO ticket: order «pendiente de pago», nothing credited; the signed webhook credits once", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    const pref = await preferenceFor(c, cart.id);
    const ticket = payOnMercadoPago(pref.id, "oxxo");
    const r = await returnFromMp(c.token, cart.id);
    expect(r.status).toBe(200);
    const { data } = await r.json();
    expect(data.Message).toBe("Tu pago con Mercado Pago está pendiente");
    expect(data.url).toBe(`/profile/shopping-history/${data.order_id}/oxxo`);
    const [o] = await ordersOf(c.id);
    expect(o).toMatchObject({ id: data.order_id, status: "pending_payment", paymentMethod: "mercadopago" });
    const [p] = await paymentsOf(c.id);
    expect(p).toMatchObject({ method: "mercadopago", status: "pending", providerPaymentId: String(ticket.id) });
    expect(p!.pendingDetails).toMatchObject({
      kind: "oxxo",
      amountCents: 125000,
      reference: ticket.transaction_details.payment_method_reference_id,
    });
    expect(p!.expiresAt!.toISOString()).toBe(new Date(ticket.date_of_expiration!).toISOString());
    expect(await creditsOf(c.id)).toEqual([]);
    // Back again (a reload): the same order.
    expect((await (await returnFromMp(c.token, cart.id)).json()).data.order_id).toBe(data.order_id);
    // The ticket is mailed once, on the first return (not again on the reload).
    const vouchers = (await mailsTo(app, c.email)).filter((m) => m.template === "oxxo-voucher");
    expect(vouchers).toHaveLength(1);

    // The notification of the ticket still pending changes nothing.
    expect((await sendWebhook(webhook(ticket.id, { action: "payment.created" }))).status).toBe(200);
    await runWebhookJobs();
    expect((await ordersOf(c.id))[0]!.status).toBe("pending_payment");
    expect(await creditsOf(c.id)).toEqual([]);

    // Paid at the store; the notification arrives twice (a resend keeps its id), then another one.
    paidAtOxxo(ticket.id);
    const paidEvent = webhook(ticket.id, { notificationId: 777_000_001 });
    expect((await sendWebhook(paidEvent)).status).toBe(200);
    expect((await sendWebhook(paidEvent)).status).toBe(200);
    expect((await sendWebhook(webhook(ticket.id))).status).toBe(200);
    const stored = await app.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, "mp:777000001"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ gateway: "mercadopago", intentId: String(ticket.id) });
    expect((await runWebhookJobs()).failed).toBe(0);
    const [after] = await ordersOf(c.id);
    expect(after!.status).toBe("paid");
    expect(after!.fulfilledAt).not.toBeNull();
    expect(await creditsOf(c.id)).toEqual([5]);
    expect((await paymentsOf(c.id)).map((x) => x.status)).toEqual(["succeeded"]);
    // A later notification of the same payment credits nothing more.
    expect((await sendWebhook(webhook(ticket.id))).status).toBe(200);
    await runWebhookJobs();
    expect(await creditsOf(c.id)).toEqual([5]);
    expect(await ordersOf(c.id)).toHaveLength(1);
  });

  it("an OXXO ticket paid for another amount: less is refunded and the order canceled; more credits once and the surplus goes back once", async () => {
    const pendingTicket = async () => {
      const c = await newCustomer(app);
      const cart = await cartWithPack(app, c.token);
      const ticket = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "oxxo");
      expect((await returnFromMp(c.token, cart.id)).status).toBe(200);
      return { c, cart, ticket };
    };
    const auditOf = (paymentId: number) =>
      app.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "payment"), eq(auditLog.entityId, String(paymentId))));

    // Less than the order ($1,000.00 of $1,250.00): never credited; refunded whole, the order canceled.
    const short = await pendingTicket();
    paidAtOxxo(short.ticket.id, 1000);
    await sendWebhook(webhook(short.ticket.id));
    expect((await runWebhookJobs()).failed).toBe(0);
    expect((await ordersOf(short.c.id))[0]!.status).toBe("canceled");
    expect(await creditsOf(short.c.id)).toEqual([]);
    const [ps] = await paymentsOf(short.c.id);
    expect(ps).toMatchObject({ status: "canceled", refundedCents: 100000 });
    expect(ps!.failure).toContain("1,000.00");
    expect(paymentsById.get(String(short.ticket.id))!.refunds.map((r) => r.amount)).toEqual([1000]);
    expect((await holdsOf(short.cart.id)).map((h) => h.status)).not.toContain("converted");
    expect((await auditOf(ps!.id)).map((a) => a.action)).toEqual(["payment.refunded_short"]);
    // Told again: nothing more refunded.
    await sendWebhook(webhook(short.ticket.id));
    await runWebhookJobs();
    expect(paymentsById.get(String(short.ticket.id))!.refunds).toHaveLength(1);

    // More than the order ($1,300.00): paid and credited once, the surplus recorded and returned.
    const over = await pendingTicket();
    paidAtOxxo(over.ticket.id, 1300);
    await sendWebhook(webhook(over.ticket.id));
    await sendWebhook(webhook(over.ticket.id));
    expect((await runWebhookJobs()).failed).toBe(0);
    expect((await ordersOf(over.c.id))[0]!.status).toBe("paid");
    expect(await creditsOf(over.c.id)).toEqual([5]);
    const [po] = await paymentsOf(over.c.id);
    expect(po).toMatchObject({ status: "succeeded", amountCents: 125000, refundedCents: 0 });
    expect(po!.pendingDetails).toMatchObject({ receivedCents: 130000, surplusCents: 5000 });
    expect((await auditOf(po!.id)).map((a) => a.action)).toEqual(["payment.surplus"]);
    // The difference goes back on the payment by the returns job, once however often it runs.
    await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
    await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
    expect(paymentsById.get(String(over.ticket.id))!.refunds.map((r) => r.amount)).toEqual([50]);
    const [returned] = await app.deps.db.select().from(refunds).where(eq(refunds.paymentId, po!.id));
    expect(returned).toMatchObject({ amountCents: 5000, destination: "Medio de pago del cliente" });
    expect((await auditOf(po!.id)).map((a) => a.action).sort()).toEqual(["payment.spei_returned", "payment.surplus"]);
    expect((await paymentsOf(over.c.id))[0]).toMatchObject({ status: "succeeded", refundedCents: 0 });
  });

  it("forged or unsigned webhooks: 401, nothing stored, nothing changes", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    const pref = await preferenceFor(c, cart.id);
    const paid = payOnMercadoPago(pref.id, "approved");
    const forged = forgedWebhook(paid.id, { notificationId: 888_000_001 });
    const genuine = webhook(paid.id, { notificationId: 888_000_002 });
    const attempts = [
      forged,
      { ...genuine, headers: { "content-type": "application/json" } },
      { ...genuine, headers: { ...genuine.headers, "x-signature": "ts=1,v1=zz" } },
      // The signature of another payment's notification, moved onto this one.
      { ...genuine, path: genuine.path.replace(String(paid.id), "1") },
      { ...genuine, headers: { ...genuine.headers, "x-request-id": "otra-peticion" } },
    ];
    for (const w of attempts) {
      const r = await app.request(w.path, { method: "POST", body: w.body, headers: w.headers });
      expect(r.status).toBe(401);
    }
    expect(
      await app.deps.db
        .select()
        .from(webhookEvents)
        .where(and(eq(webhookEvents.gateway, "mercadopago"), eq(webhookEvents.intentId, String(paid.id)))),
    ).toEqual([]);
    await runWebhookJobs();
    expect(await ordersOf(c.id)).toHaveLength(0);
    expect(await creditsOf(c.id)).toEqual([]);
  });

  it("an approved card payment whose buyer never came back becomes its order by the webhook, once", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token, 1);
    const pref = await preferenceFor(c, cart.id);
    const paid = payOnMercadoPago(pref.id, "approved");
    const w = webhook(paid.id, { notificationId: 999_000_001 });
    expect((await sendWebhook(w)).status).toBe(200);
    expect((await sendWebhook(w)).status).toBe(200);
    expect(await runWebhookJobs()).toEqual({ completed: 1, failed: 0 });
    const os = await ordersOf(c.id);
    expect(os).toHaveLength(1);
    expect(await creditsOf(c.id)).toEqual([1]);
    // The buyer's return page comes late: the same order.
    const late = await returnFromMp(c.token, cart.id);
    expect(late.status).toBe(200);
    expect((await late.json()).data.order_id).toBe(os[0]!.id);
    expect(await paymentsOf(c.id)).toHaveLength(1);
  });

  it("Mercado Pago down: the webhook's job throws (the queue retries it); once it is back, one order", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token, 1);
    const paid = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "approved");
    expect((await sendWebhook(webhook(paid.id, { notificationId: 999_000_002 }))).status).toBe(200);
    outage.on = true;
    try {
      await expect(applyWebhookEvent(app.deps, "mp:999000002")).rejects.toThrow();
    } finally {
      outage.on = false;
    }
    expect(await ordersOf(c.id)).toHaveLength(0);
    expect((await runWebhookJobs()).failed).toBe(0);
    expect(await ordersOf(c.id)).toHaveLength(1);
  });

  it("the return URL is never trusted: a forged status or another cart's payment records nothing", async () => {
    const other = await newCustomer(app);
    const otherCart = await cartWithPack(app, other.token);
    const otherPaid = payOnMercadoPago((await preferenceFor(other, otherCart.id)).id, "approved");

    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    await preferenceFor(c, cart.id);
    // What Mercado Pago's redirect carries, forged: approved, and another cart's approved payment.
    const forged = {
      status: "approved",
      collection_status: "approved",
      payment_id: String(otherPaid.id),
      collection_id: String(otherPaid.id),
      external_reference: `mp:cart:${otherCart.id}`,
    };
    const r = await returnFromMp(c.token, cart.id, forged);
    expect([400, 402]).toContain(r.status);
    // The other customer's cart, from this customer's session: not theirs.
    expect((await returnFromMp(c.token, otherCart.id)).status).toBe(404);
    expect(await ordersOf(c.id)).toHaveLength(0);
    expect(await ordersOf(other.id)).toHaveLength(0);
    expect(await paymentsOf(c.id)).toHaveLength(0);
    // A payment of another amount under this cart's reference (tampered with) is not this cart's order.
    const wrong = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "approved", { amount: 1 });
    const r2 = await returnFromMp(c.token, cart.id);
    expect(r2.status).toBe(409);
    expect(await ordersOf(c.id)).toHaveLength(0);
    const [failed] = await paymentsOf(c.id);
    expect(failed).toMatchObject({ status: "failed", providerPaymentId: String(wrong.id), refundedCents: 100 });
    expect(paymentsById.get(String(wrong.id))!.status).toBe("refunded");
  });

  it("staff refund through Mercado Pago: part, then the rest, never more than paid", async () => {
    const staff = await createStaff(app.deps.db, "administrator");
    const admin = await sessionFor(app.deps.db, staff);
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    const paid = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "approved");
    expect((await returnFromMp(c.token, cart.id)).status).toBe(200);
    const [pay] = await paymentsOf(c.id);
    const refund = (json: Record<string, unknown>) =>
      app.request(`/admin/payments/${pay!.id}/refund`, { method: "POST", token: admin, json });

    expect((await refund({ amount: "250" })).status).toBe(200);
    expect(paymentsById.get(String(paid.id))!.refunds.map((r) => r.amount)).toEqual([250]);
    expect((await refund({})).status).toBe(200);
    const mp = paymentsById.get(String(paid.id))!;
    expect(mp.refunds.map((r) => r.amount)).toEqual([250, 1000]);
    expect(mp.status).toBe("refunded");
    const keys = calls.filter((x) => x.path === `/v1/payments/${paid.id}/refunds`).map((x) => x.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    const [after] = await app.deps.db.select().from(payments).where(eq(payments.id, pay!.id));
    expect(after).toMatchObject({ status: "refunded", refundedCents: 125000 });
    expect((await refund({})).status).toBe(409);
    expect(mp.refunds).toHaveLength(2);
  });
});

describe("where Mercado Pago is offered", () => {
  it("the cart says so when it is configured; the sandbox without a token neither offers nor takes it", async () => {
    const c = await newCustomer(app);
    await cartWithPack(app, c.token);
    const offered = (await (await app.request("/v2/carts", { token: c.token })).json()).data;
    expect(offered.mercadopago).toEqual({ reason: null });

    configure(app);
    expect(app.deps.config.PAYMENT_GATEWAY).toBe("sandbox");
    const cart = (await (await app.request("/v2/carts", { token: c.token })).json()).data;
    expect(cart.mercadopago).toBeNull();
    const before = calls.length;
    const r = await startMp(c.token, cart.id);
    expect(r.status).toBe(409);
    expect((await r.json()).errorMessage).toBe("El pago con Mercado Pago no está disponible en este momento");
    expect(calls.length).toBe(before);
  });

  it("the back office's payments list labels it «Mercado Pago»", async () => {
    const admin = await sessionFor(app.deps.db, await createStaff(app.deps.db, "administrator"));
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token, 1);
    payOnMercadoPago((await preferenceFor(c, cart.id)).id, "approved");
    const { data } = await (await returnFromMp(c.token, cart.id)).json();
    const r = await app.request("/admin/payments?method=mercadopago", { token: admin });
    expect(r.status).toBe(200);
    const rows = (await r.json()) as unknown;
    expect(JSON.stringify(rows)).toContain("Mercado Pago");
    expect(JSON.stringify(rows)).toContain(`${data.order_id}`);
  });
});

describe("Mercado Pago and the scheduled tasks", () => {
  it("reconciliation: an approved payment whose webhook was lost and whose buyer never came back", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    const paid = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "approved");
    const reconcile = task("commerce-reconcile-charges");
    // Too soon: the buyer may still be on the way back.
    await reconcile.run(app.deps);
    expect(await ordersOf(c.id)).toHaveLength(0);
    app.setNow(new Date(Date.now() + 5 * MINUTE));
    await reconcile.run(app.deps);
    const os = await ordersOf(c.id);
    expect(os).toHaveLength(1);
    expect(os[0]).toMatchObject({ status: "paid", paymentMethod: "mercadopago" });
    expect((await paymentsOf(c.id)).map((p) => p.providerPaymentId)).toEqual([String(paid.id)]);
    expect(await creditsOf(c.id)).toEqual([5]);
    // Run again: nothing more.
    await reconcile.run(app.deps);
    expect(await ordersOf(c.id)).toHaveLength(1);
    expect(await creditsOf(c.id)).toEqual([5]);
  });

  it("reconciliation: an OXXO ticket paid at the store whose webhook was lost is confirmed", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    const ticket = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "oxxo");
    expect((await returnFromMp(c.token, cart.id)).status).toBe(200);
    paidAtOxxo(ticket.id);
    app.setNow(new Date(Date.now() + DAY));
    await task("commerce-expire-pending").run(app.deps);
    const [o] = await ordersOf(c.id);
    expect(o!.status).toBe("paid");
    expect(await creditsOf(c.id)).toEqual([5]);
  });

  it("reconciliation: a ticket printed on Mercado Pago's page whose buyer never came back waits as a pending order", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(app, c.token);
    const ticket = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "oxxo");
    app.setNow(new Date(Date.now() + 5 * MINUTE));
    await task("commerce-reconcile-charges").run(app.deps);
    const [o] = await ordersOf(c.id);
    expect(o!.status).toBe("pending_payment");
    const [p] = await paymentsOf(c.id);
    expect(p).toMatchObject({ status: "pending", providerPaymentId: String(ticket.id) });
    expect(await creditsOf(c.id)).toEqual([]);
  });

  it("an unpaid ticket expires: the order is canceled, the hold and the unit go back, the ticket is cancelled", async () => {
    const c = await newCustomer(app);
    const { cart, stock } = await cartWithLastUnit(c);
    const ticket = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "oxxo");
    expect((await returnFromMp(c.token, cart.id)).status).toBe(200);
    const [o] = await ordersOf(c.id);
    expect(o!.status).toBe("pending_payment");
    expect(await stock()).toBe(0);
    // Not yet due: the task leaves it alone.
    app.setNow(new Date(Date.now() + DAY));
    await task("commerce-expire-pending").run(app.deps);
    expect((await ordersOf(c.id))[0]!.status).toBe("pending_payment");

    app.setNow(new Date(Date.now() + 3 * DAY + MINUTE));
    // (Other tests' tickets in this database may expire in the same run.)
    expect(((await task("commerce-expire-pending").run(app.deps)) as { expired: number }).expired).toBeGreaterThan(0);
    expect((await ordersOf(c.id))[0]!.status).toBe("canceled");
    expect((await paymentsOf(c.id))[0]!.status).toBe("canceled");
    expect(await stock()).toBe(1);
    const holds = await app.deps.db
      .select()
      .from(checkoutHolds)
      .where(and(eq(checkoutHolds.cartId, cart.id), eq(checkoutHolds.orderId, o!.id)));
    expect(holds.map((h) => h.status)).toEqual(["released"]);
    expect(paymentsById.get(String(ticket.id))!.status).toBe("cancelled");
    expect(await creditsOf(c.id)).toEqual([]);
  });

  it("a ticket Mercado Pago says expired (its webhook) cancels the order at once", async () => {
    const c = await newCustomer(app);
    const { cart, stock } = await cartWithLastUnit(c);
    const ticket = payOnMercadoPago((await preferenceFor(c, cart.id)).id, "oxxo");
    expect((await returnFromMp(c.token, cart.id)).status).toBe(200);
    expireTicket(ticket.id);
    expect((await sendWebhook(webhook(ticket.id))).status).toBe(200);
    await runWebhookJobs();
    expect((await ordersOf(c.id))[0]!.status).toBe("canceled");
    expect(await stock()).toBe(1);
  });
});
