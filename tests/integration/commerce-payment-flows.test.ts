import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  configurations,
  creditLots,
  giftCards,
  mailOutbox,
  orders,
  payments,
  refunds,
  sandboxIntents,
  webhookEvents,
} from "../../app/.server/db/schema";
import { applyWebhookEvent, WEBHOOK_JOB } from "../../app/.server/domain/commerce/checkout";
import { signWebhook } from "../../app/.server/domain/commerce/gateways/sandbox";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";
import { createStaff, sessionFor } from "../support/factories";

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

async function cardIntent(token: string, number: string, target: Record<string, number> = {}) {
  const pm = await app.request("/v2/stripe/create-payment-method", {
    method: "POST",
    token,
    json: { card: { number, exp_month: 4, exp_year: 2031, cvc: "123" }, billing_details: { name: "Ana" } },
  });
  const si = await app.request("/v2/checkout/setup-intent", {
    method: "POST",
    token,
    json: { ...target, stripe_payment_method_id: (await pm.json()).payment_method.id },
  });
  return { status: si.status, body: await si.json() };
}

const makePayment = (token: string, payment_intent_id: string) =>
  app.request("/v2/checkout/make-payment", { method: "POST", token, json: { payment_intent_id } });

describe("certification deposit: the second instalment", () => {
  it("the first pays half; the order shows what is owed; the rest is paid later once, from the profile", async () => {
    const c = await newCustomer(app);
    await cart(c.token, "addProduct", { product_id: 6 });
    const dep = await cart(c.token, "setDeposit", { deposit: true });
    expect(dep.amount_cents).toBe(925000);
    const first = await cardIntent(c.token, "4242424242424242");
    expect((await makePayment(c.token, first.body.payment_intent_id)).status).toBe(200);
    let [view] = (await (await app.request("/v2/customer/orders", { token: c.token })).json()).data;
    expect(view).toMatchObject({ deposit: true, balance_due_cents: 925000, display_balance_due: "$9,250.00" });

    // Someone else cannot pay (or see) this order's balance.
    const other = await newCustomer(app);
    expect((await cardIntent(other.token, "4242424242424242", { order_id: view.id })).status).toBe(404);

    // Declined: nothing changes.
    const declined = await cardIntent(c.token, "4000000000000002", { order_id: view.id });
    expect(declined.status).toBe(402);
    expect(declined.body.errorMessage).toBe("Tarjeta declinada");

    // Authentication required, then approved through the card action step.
    const second = await cardIntent(c.token, "4000002500003155", { order_id: view.id });
    expect(second.body.requires_action).toBe(true);
    const auth = await app.request(`/v2/sandbox/intents/${second.body.payment_intent_id}/authenticate`, {
      method: "POST",
      token: c.token,
      json: { approve: true },
    });
    expect(auth.status).toBe(200);
    const confirmed = await app.request("/v2/checkout/setup-intent", {
      method: "POST",
      token: c.token,
      json: { stripe_payment_intent_id: second.body.payment_intent_id },
    });
    expect((await confirmed.json()).requires_action).toBe(false);
    const [p1, p2] = await Promise.all([
      makePayment(c.token, second.body.payment_intent_id),
      makePayment(c.token, second.body.payment_intent_id),
    ]);
    expect([p1.status, p2.status]).toEqual([200, 200]);
    [view] = (await (await app.request("/v2/customer/orders", { token: c.token })).json()).data;
    expect(view).toMatchObject({ balance_due_cents: 0, display_balance_due: null });
    const pays = await app.deps.db.select().from(payments).where(eq(payments.orderId, view.id));
    expect(pays.map((p) => [p.instalment, p.amountCents, p.status]).sort()).toEqual([
      [1, 925000, "succeeded"],
      [2, 925000, "succeeded"],
    ]);
    // Nothing left to pay: a further attempt is refused before any charge.
    const again = await cardIntent(c.token, "4242424242424242", { order_id: view.id });
    expect(again.status).toBe(409);
    expect(again.body.errorMessage).toBe("Esta orden no tiene saldo pendiente");
  });
});

describe("payment webhooks through the job queue", () => {
  const signed = (body: string) => ({
    "content-type": "application/json",
    "x-sandbox-signature": signWebhook(app.deps.config.SANDBOX_WEBHOOK_SECRET!, body),
  });

  it("the call stores the event and enqueues it once; the job applies it once; the page then finds the order", async () => {
    const c = await newCustomer(app);
    await cart(c.token, "addPack", { pack_id: 2 });
    const { body: si } = await cardIntent(c.token, "4242424242424242");
    const body = JSON.stringify({
      id: `evt_q_${si.payment_intent_id}`,
      type: "payment_intent.succeeded",
      data: { object: { id: si.payment_intent_id } },
    });
    for (let i = 0; i < 3; i++) {
      const r = await app.request("/v2/webhooks/payments", { method: "POST", body, headers: signed(body) });
      expect(r.status).toBe(200);
    }
    // Stored, not yet applied: the answer did not wait for fulfilment.
    const [ev] = await app.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `evt_q_${si.payment_intent_id}`));
    expect(ev).toMatchObject({ intentId: si.payment_intent_id, processedAt: null });
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
    const run = await app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true });
    expect(run).toEqual({ completed: 1, failed: 0 });
    expect((await app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true })).completed).toBe(0);
    // Applying the same event again (a retried job) changes nothing.
    expect(await applyWebhookEvent(app.deps, ev!.id)).toEqual({ applied: false });
    const os = await app.deps.db.select().from(orders).where(eq(orders.userId, c.id));
    expect(os).toHaveLength(1);
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(1);
    const page = await makePayment(c.token, si.payment_intent_id);
    expect((await page.json()).data.order_id).toBe(os[0]!.id);
    expect(await app.deps.db.select().from(payments).where(eq(payments.userId, c.id))).toHaveLength(1);
  });

  it("a bad signature is refused and stores nothing", async () => {
    const body = JSON.stringify({ id: "evt_bad_sig", type: "payment_intent.succeeded", data: { object: { id: "x" } } });
    const r = await app.request("/v2/webhooks/payments", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "x-sandbox-signature": signWebhook("otro-secreto-123", body) },
    });
    expect(r.status).toBe(400);
    expect(await app.deps.db.select().from(webhookEvents).where(eq(webhookEvents.id, "evt_bad_sig"))).toHaveLength(0);
  });
});

describe("partial refunds", () => {
  it("refund part, then the rest: credits taken back in proportion, ledger, audit, gateway; never more than paid", async () => {
    const staff = await createStaff(app.deps.db, "administrator");
    const admin = await sessionFor(app.deps.db, staff);
    const c = await newCustomer(app);
    await cart(c.token, "addPack", { pack_id: 2 });
    const { body: si } = await cardIntent(c.token, "4242424242424242");
    const order = (await (await makePayment(c.token, si.payment_intent_id)).json()).data;
    const [pay] = await app.deps.db.select().from(payments).where(eq(payments.orderId, order.order_id));
    expect(pay!.amountCents).toBe(125000);
    const refund = (json: Record<string, unknown>) =>
      app.request(`/admin/payments/${pay!.id}/refund`, { method: "POST", token: admin, json });

    // More than paid, zero, or not money: 422 and nothing changes.
    for (const amount of ["1250.01", "0", "12.345", "abc"]) {
      const bad = await refund({ amount });
      expect(bad.status).toBe(422);
    }
    expect((await app.deps.db.select().from(payments).where(eq(payments.id, pay!.id)))[0]!.refundedCents).toBe(0);

    // 20 % of the payment: one of the five classes (rounded up) goes back.
    const part = await refund({ amount: "250" });
    expect(part.status).toBe(200);
    expect((await part.json()).data).toMatchObject({
      Message: "Reembolso parcial realizado; se retiró 1 clase sin usar",
      status: "partially_refunded",
      amountCents: 25000,
    });
    let [lot] = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lot!.remaining).toBe(4);
    const [o] = await app.deps.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(o!.status).toBe("partially_refunded");
    const [intent] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, si.payment_intent_id));
    expect(intent!.refundedCents).toBe(25000);
    const trail = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "payment"), eq(auditLog.entityId, String(pay!.id))));
    expect(trail.map((a) => [a.action, a.actorUserId, (a.data as { amount_cents: number }).amount_cents])).toEqual([
      ["payment.partially_refunded", staff.id, 25000],
    ]);
    // Above what is left: refused.
    expect((await refund({ amount: "1000.01" })).status).toBe(422);

    // Two staff refunding the rest at once: serialised, the second finds nothing left.
    const [a, b] = await Promise.all([refund({}), refund({})]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    [lot] = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lot!.remaining).toBe(0);
    const [after] = await app.deps.db.select().from(payments).where(eq(payments.id, pay!.id));
    expect(after).toMatchObject({ status: "refunded", refundedCents: 125000 });
    const [i2] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, si.payment_intent_id));
    expect(i2!.refundedCents).toBe(125000);
    const rows = await app.deps.db.select().from(refunds).where(eq(refunds.paymentId, pay!.id)).orderBy(refunds.id);
    expect(rows.map((r) => [r.amountCents, r.creditsRevoked])).toEqual([
      [25000, 1],
      [100000, 4],
    ]);
    const [done] = await app.deps.db.select().from(orders).where(eq(orders.id, order.order_id));
    expect(done!.status).toBe("refunded");
  });
});

describe("meses sin intereses through the sandbox", () => {
  const MSI_CARD = "4000004840000008";
  const pmOf = async (token: string, number: string) =>
    (
      await (
        await app.request("/v2/stripe/create-payment-method", {
          method: "POST",
          token,
          json: { card: { number, exp_month: 4, exp_year: 2031, cvc: "123" }, billing_details: { name: "Ana" } },
        })
      ).json()
    ).payment_method.id as string;
  const post = (token: string, path: string, json: unknown) => app.request(path, { method: "POST", token, json });

  it("offers the provider's months for an eligible card, charges 6 months once and records them on the payment", async () => {
    const c = await newCustomer(app);
    const view = await cart(c.token, "addPack", { pack_id: 2 });
    const pm = await pmOf(c.token, MSI_CARD);
    const offerRes = await post(c.token, "/v2/checkout/installment-plans", {
      cart_id: view.id,
      stripe_payment_method_id: pm,
    });
    expect(offerRes.status).toBe(200);
    const offer = (await offerRes.json()).data;
    expect(offer.amount_cents).toBeGreaterThanOrEqual(60000);
    expect(offer.plans.map((p: { months: number }) => p.months)).toContain(6);
    const six = offer.plans.find((p: { months: number }) => p.months === 6);
    expect(six.monthly_cents).toBe(Math.round(offer.amount_cents / 6));
    // An ordinary card is not eligible: no plans, the customer pays at once.
    const plain = await pmOf(c.token, "4242424242424242");
    const none = await (
      await post(c.token, "/v2/checkout/installment-plans", { stripe_payment_method_id: plain })
    ).json();
    expect(none.data.plans).toEqual([]);

    const pay = () =>
      post(c.token, "/v2/checkout/setup-intent", { stripe_payment_method_id: pm, installment_months: 6 });
    const a = await (await pay()).json();
    const b = await (await pay()).json();
    expect(a.payment_intent_id).toBe(b.payment_intent_id);
    const paid = await makePayment(c.token, a.payment_intent_id);
    expect(paid.status).toBe(200);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.providerPaymentId, a.payment_intent_id));
    expect(p!.installmentMonths).toBe(6);
    const intentsOfCart = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.paymentMethodId, pm));
    expect(intentsOfCart).toHaveLength(1);
    // Her shopping history says so.
    const history = await (await app.request("/v2/customer/orders", { token: c.token })).json();
    expect(JSON.stringify(history)).toContain('"installment_months":6');
    // Her receipt (history and mail) says what each month costs; the back office's list names the plan.
    const monthly = (
      history.data as {
        id: number;
        receipt: { instalments: { kind: string; label: string; display_amount: string }[] };
      }[]
    ).find((o) => o.id === p!.orderId)!.receipt.instalments;
    const amount = new Intl.NumberFormat("es-MX", { style: "currency", currency: "MXN" }).format(
      p!.amountCents / 6 / 100,
    );
    expect(monthly).toEqual([
      expect.objectContaining({
        kind: "msi_monthly",
        label: "6 meses sin intereses, cada mes",
        display_amount: amount,
      }),
    ]);
    const [mail] = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, c.email), eq(mailOutbox.template, "order-receipt")));
    expect(mail!.text).toContain(`6 meses sin intereses, cada mes: ${amount}`);
    const admin = await sessionFor(app.deps.db, await createStaff(app.deps.db, "administrator"));
    const list = await (await app.request("/admin/payments", { token: admin })).json();
    expect((list.data.items as { id: number; method_label: string }[]).find((i) => i.id === p!.id)!.method_label).toBe(
      "Tarjeta · 6 MSI",
    );
  });

  it("refuses a plan the provider did not offer, an ordinary card, and an amount below the minimum: 422, nothing charged", async () => {
    const c = await newCustomer(app);
    await cart(c.token, "addPack", { pack_id: 2 });
    const pm = await pmOf(c.token, MSI_CARD);
    const plain = await pmOf(c.token, "4242424242424242");
    for (const [card, months] of [
      [pm, 5],
      [plain, 6],
    ] as const) {
      const res = await post(c.token, "/v2/checkout/setup-intent", {
        stripe_payment_method_id: card,
        installment_months: months,
      });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toMatch(/meses sin intereses/);
    }
    // The studio raises its minimum above this cart: refused with the minimum in the message.
    await app.deps.db.insert(configurations).values({ key: "msi_min_amount", group: "store", value: "100000" });
    try {
      const res = await post(c.token, "/v2/checkout/setup-intent", {
        stripe_payment_method_id: pm,
        installment_months: 3,
      });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toContain("$100,000.00");
      const offer = await (
        await post(c.token, "/v2/checkout/installment-plans", { stripe_payment_method_id: pm })
      ).json();
      expect(offer.data.plans).toEqual([]);
    } finally {
      await app.deps.db.delete(configurations).where(eq(configurations.key, "msi_min_amount"));
    }
    const charged = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.paymentMethodId, pm));
    expect(charged).toHaveLength(0);
    // A single payment with the same card still works.
    const single = await (await post(c.token, "/v2/checkout/setup-intent", { stripe_payment_method_id: pm })).json();
    expect((await makePayment(c.token, single.payment_intent_id)).status).toBe(200);
    const [p] = await app.deps.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, single.payment_intent_id));
    expect(p!.installmentMonths).toBeNull();
  });
});
