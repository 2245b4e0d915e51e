import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { creditLots, gatewayCustomers, orders, payments, savedCards, webhookEvents } from "../../app/.server/db/schema";
import { expirePendingPayments, PENDING_SYNC_AFTER_MS, WEBHOOK_JOB } from "../../app/.server/domain/commerce/checkout";
import { messageAnswer } from "../../app/shared/schemas/answers";
import { setupTestApp } from "../support/app";
import { expectAnswer } from "../support/answers";
import { checkoutAs, newCustomer, withFakeProvider } from "../support/commerce";
import { createStaff, sessionFor } from "../support/factories";
import { clabeValid } from "../../app/shared/mexico/clabe";
import { speiSurplus } from "../../app/.server/domain/commerce/gateways/stripe";
import {
  attachedTo,
  authenticate,
  calls,
  cashBalance,
  deleteCustomer,
  expireOxxo,
  intents,
  payOxxo,
  refundsByKey,
  startFakeStripe,
  transferSpei,
} from "../support/fake-stripe";

/**
 * The `stripe` gateway through the official SDK, against a local server that answers like the
 * provider's API (tests/support/fake-stripe.ts): payment methods, intents (declines, authentication),
 * refunds, idempotency keys.
 */
const app = setupTestApp();
const { use: useStripe } = withFakeProvider(app, startFakeStripe, (url) => ({
  PAYMENT_GATEWAY: "stripe",
  STRIPE_SECRET_KEY: "sk_test_local123",
  STRIPE_PUBLISHABLE_KEY: "pk_test_local123",
  STRIPE_WEBHOOK_SECRET: "whsec_local_secret",
  STRIPE_API_URL: url,
}));
/** A provider's webhook to our endpoint, with its signature header. */
const webhook = (payload: string, signature: string) =>
  app.request("/v2/webhooks/payments", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", "stripe-signature": signature },
  });

describe("stripe gateway (official SDK against a local provider)", () => {
  it("pays with a browser-made payment method, idempotently, and records one order", async () => {
    useStripe();
    const c = await newCustomer(app);
    const checkout = checkoutAs(app, c.token);
    await checkout.addPack(2);
    const cart = (await (await app.request("/v2/carts", { token: c.token })).json()).data;
    expect(cart.stripePublicKey).toBe("pk_test_local123");
    // No card numbers on our server with Stripe.
    const pmRes = await app.request("/v2/stripe/create-payment-method", {
      method: "POST",
      token: c.token,
      json: {
        card: { number: "4242424242424242", exp_month: 1, exp_year: 31, cvc: "123" },
        billing_details: { name: "A" },
      },
    });
    expect(pmRes.status).toBe(422);
    const setup = () => checkout.setupIntent({ stripe_payment_method_id: `pm_card_visa_${c.id}` });
    const a = await (await setup()).json();
    const b = await (await setup()).json();
    expect(a.payment_intent_id).toBe(b.payment_intent_id);
    const creates = calls.filter((x) => x.path === "/v1/payment_intents");
    expect(creates.every((x) => x.key?.startsWith(`cart:${cart.id}:`))).toBe(true);
    expect(creates[0]!.body).toMatchObject({
      amount: "125000",
      currency: "mxn",
      payment_method: `pm_card_visa_${c.id}`,
      confirmation_method: "manual",
      confirm: "true",
      use_stripe_sdk: "true",
      "metadata[cart_id]": String(cart.id),
    });
    const res = await checkout.makePayment(a.payment_intent_id);
    expect(res.status).toBe(200);
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    const [lot] = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lot!.quantity).toBe(5);
  });

  it("a decline is 'Tarjeta declinada'; authentication required is requires_action", async () => {
    useStripe();
    const c = await newCustomer(app);
    const checkout = checkoutAs(app, c.token);
    await checkout.addPack(1);
    const declined = await checkout.setupIntent({ stripe_payment_method_id: `pm_card_chargeDeclined_${c.id}` });
    expect(declined.status).toBe(402);
    expect((await declined.json()).errorMessage).toBe("Tarjeta declinada");
    const auth = await (
      await checkout.setupIntent({ stripe_payment_method_id: `pm_card_authenticationRequired_${c.id}` })
    ).json();
    expect(auth).toMatchObject({ requires_action: true });
    expect(auth.payment_intent_client_secret).toMatch(/_secret_/);
  });

  it("webhooks are verified with the provider's signature scheme", async () => {
    useStripe();
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "charge.updated",
      data: { object: { id: "ch_1" } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_local_secret" });
    const ok = await webhook(payload, header);
    expect(ok.status).toBe(200);
    const bad = await webhook(payload, "t=1,v1=deadbeef");
    expect(bad.status).toBe(400);
  });

  it("another customer cannot confirm someone's authenticated intent: nothing is asked of the provider", async () => {
    useStripe();
    const c = await newCustomer(app);
    const checkout = checkoutAs(app, c.token);
    await checkout.addPack(2);
    const first = await (
      await checkout.setupIntent({ stripe_payment_method_id: `pm_card_authenticationRequired_${c.id}` })
    ).json();
    expect(authenticate(first.payment_intent_id)).toBe(true);
    const other = await newCustomer(app);
    const stolen = await checkoutAs(app, other.token).setupIntent({
      stripe_payment_intent_id: first.payment_intent_id,
    });
    expect(stolen.status).toBe(404);
    expect(calls.filter((x) => x.path === `/v1/payment_intents/${first.payment_intent_id}/confirm`)).toEqual([]);
    expect(intents.get(first.payment_intent_id)!.status).toBe("requires_confirmation");
  });

  it("3-D Secure: the browser's next action, then our confirm; the page and the webhook record one order", async () => {
    useStripe();
    const c = await newCustomer(app);
    const checkout = checkoutAs(app, c.token);
    await checkout.addPack(2);
    const si = checkout.setupIntent;
    const first = await (await si({ stripe_payment_method_id: `pm_card_authenticationRequired_${c.id}` })).json();
    expect(first.requires_action).toBe(true);
    // Not yet authenticated: make-payment records nothing.
    const early = await checkout.makePayment(first.payment_intent_id);
    expect(early.status).toBe(409);
    // stripe.handleNextAction in the browser: the bank approved, the intent awaits our confirmation.
    expect(authenticate(first.payment_intent_id)).toBe(true);
    const confirmed = await (await si({ stripe_payment_intent_id: first.payment_intent_id })).json();
    expect(confirmed).toMatchObject({ requires_action: false, payment_intent_id: first.payment_intent_id });
    const confirms = calls.filter((x) => x.path === `/v1/payment_intents/${first.payment_intent_id}/confirm`);
    expect(confirms.map((x) => x.key)).toEqual([`confirm:${first.payment_intent_id}`]);
    // Someone else's intent is not confirmed for this customer.
    const other = await newCustomer(app);
    const stolen = await checkoutAs(app, other.token).setupIntent({
      stripe_payment_intent_id: first.payment_intent_id,
    });
    expect(stolen.status).toBe(404);

    // The customer closed the tab: the provider's payment_intent.succeeded webhook records the order.
    const payload = JSON.stringify({
      id: `evt_${first.payment_intent_id}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: first.payment_intent_id, object: "payment_intent" } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_local_secret" });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_otro_secreto" });
    const post = (sig: string) => webhook(payload, sig);
    expect((await post(forged)).status).toBe(400);
    expect(
      await app.deps.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, `evt_${first.payment_intent_id}`)),
    ).toHaveLength(0);
    expect((await post(header)).status).toBe(200);
    expect((await post(header)).status).toBe(200);
    // (The earlier test's charge.updated event is still queued too: it changes nothing.)
    expect((await app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true })).failed).toBe(0);
    const [ev] = await app.deps.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, `evt_${first.payment_intent_id}`));
    expect(ev!.processedAt).not.toBeNull();
    const os = await app.deps.db.select().from(orders).where(eq(orders.userId, c.id));
    expect(os).toHaveLength(1);
    // The page's make-payment comes after: the same order, one payment.
    const late = await checkout.makePayment(first.payment_intent_id);
    expect((await late.json()).data.order_id).toBe(os[0]!.id);
    const pays = await app.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(pays.map((p) => [p.gateway, p.providerPaymentId, p.amountCents])).toEqual([
      ["stripe", first.payment_intent_id, 125000],
    ]);
  });

  it("refunds, partial then the rest, carry idempotency keys; a retry with the same key is the same refund", async () => {
    useStripe();
    const staff = await createStaff(app.deps.db, "administrator");
    const admin = await sessionFor(app.deps.db, staff);
    const c = await newCustomer(app);
    const si = await checkoutAs(app, c.token).payPack(2, { stripe_payment_method_id: `pm_card_visa_${c.id}` });
    const [pay] = await app.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    const refund = (json: Record<string, unknown>) =>
      app.request(`/admin/payments/${pay!.id}/refund`, { method: "POST", token: admin, json });
    expect((await refund({ amount: "250" })).status).toBe(200);
    expect((await refund({})).status).toBe(200);
    const mine = [...refundsByKey.entries()].filter(([, r]) => r.payment_intent === si.payment_intent_id);
    expect(mine.map(([key, r]) => [key, r.amount])).toEqual([
      [`admin-refund:${pay!.id}:0:25000`, 25000],
      [`admin-refund:${pay!.id}:25000:100000`, 100000],
    ]);
    const [after] = await app.deps.db.select().from(payments).where(eq(payments.id, pay!.id));
    expect(after).toMatchObject({ status: "refunded", refundedCents: 125000 });
    const [lot] = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lot!.remaining).toBe(0);
    expect((await refund({})).status).toBe(409);
    // The gateway asked again with a used key (a retry after a lost answer) gets that refund back.
    const again = await app.deps.gateways.card.refund(app.deps.db, si.payment_intent_id, 25000, mine[0]![0]);
    expect(again.id).toBe(mine[0]![1].id);
    expect([...refundsByKey.values()].filter((r) => r.payment_intent === si.payment_intent_id)).toHaveLength(2);
  });

  it("a saved card: attached to a Customer when first paid, charged with it later, detached when removed", async () => {
    useStripe();
    const c = await newCustomer(app);
    const pm = `pm_card_visa_saved${c.id}`;
    const buy = async (packId: number, json: Record<string, unknown>) => {
      await checkoutAs(app, c.token).payPack(packId, json);
      return calls.filter((x) => x.path === "/v1/payment_intents" && x.body.payment_method === pm).at(-1)!;
    };
    const first = await buy(1, { stripe_payment_method_id: pm, save_payment_method: true });
    expect(first.body).toMatchObject({ setup_future_usage: "off_session", customer: expect.stringMatching(/^cus_/) });
    expect(attachedTo.get(pm)).toBe(first.body.customer);
    // A sandbox card saved earlier is not offered with Stripe.
    await app.deps.db.insert(savedCards).values({
      userId: c.id,
      gateway: "sandbox",
      providerPaymentMethodId: "pm_sbx_old",
      brand: "visa",
      last4: "1111",
      expMonth: 1,
      expYear: 2030,
    });
    const list = (await (await app.request("/v2/customer/cards", { token: c.token })).json()).data.cards;
    expect(list.map((x: { id: string; last4: string }) => [x.id, x.last4])).toEqual([[pm, "4242"]]);

    const second = await buy(2, { stripe_payment_method_id: pm });
    expect(second.body.customer).toBe(first.body.customer);
    expect(second.body.setup_future_usage).toBeUndefined();

    const removed = await app.request(`/v2/customer/cards/${list[0].card_id}`, { method: "DELETE", token: c.token });
    await expectAnswer(messageAnswer, removed);
    expect(attachedTo.has(pm)).toBe(false);
    expect((await (await app.request("/v2/customer/cards", { token: c.token })).json()).data.cards).toEqual([]);
  });

  it("20 tabs paying one cart at once: one PaymentIntent, one order, one payment", async () => {
    useStripe();
    const c = await newCustomer(app);
    const checkout = checkoutAs(app, c.token);
    await checkout.addPack(2);
    const before = intents.size;
    const setups = await Promise.all(
      Array.from({ length: 20 }, () =>
        checkout.setupIntent({ stripe_payment_method_id: `pm_card_visa_${c.id}` }).then((r) => r.json()),
      ),
    );
    expect(new Set(setups.map((x) => x.payment_intent_id)).size).toBe(1);
    expect(intents.size).toBe(before + 1);
    const paid = await Promise.all(Array.from({ length: 20 }, () => checkout.makePayment(setups[0].payment_intent_id)));
    expect(paid.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(new Set(await Promise.all(paid.map(async (r) => (await r.json()).data.order_id))).size).toBe(1);
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    expect(await app.deps.db.select().from(payments).where(eq(payments.userId, c.id))).toHaveLength(1);
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(1);
  });
});

describe("OXXO through Stripe (payment_method oxxo, next_action.oxxo_display_details)", () => {
  const event = async (type: string, intentId: string, eventId: string) => {
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      type,
      data: { object: { id: intentId, object: "payment_intent" } },
    });
    const res = await webhook(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_local_secret" }),
    );
    expect(res.status).toBe(200);
    expect((await app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true })).failed).toBe(0);
  };
  const payOxxoCart = async (token: string) => {
    const res = await app.request("/v2/checkout/pay-with-oxxo", { method: "POST", token, json: {} });
    expect(res.status).toBe(200);
    return (await res.json()).data as { order_id: number; voucher: { reference: string } };
  };

  it("the voucher is Stripe's; payment_intent.succeeded credits the pack once", async () => {
    useStripe();
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const v = await payOxxoCart(c.token);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, v.order_id));
    expect(p).toMatchObject({ gateway: "stripe", method: "oxxo", status: "pending", amountCents: 125000 });
    const pi = intents.get(p!.providerPaymentId!)!;
    const od = pi.next_action?.type === "oxxo_display_details" ? pi.next_action.oxxo_display_details : null;
    // What our server asked Stripe for: an OXXO intent confirmed at once, with who pays and 3 days.
    const sent = calls.filter((x) => x.path === "/v1/payment_intents" && x.method === "POST").at(-1)!.body;
    expect(sent).toMatchObject({
      "allowed_payment_method_types[0]": "oxxo",
      currency: "mxn",
      confirm: "true",
      "payment_method_options[oxxo][expires_after_days]": "3",
      "payment_method_data[billing_details][email]": c.email,
    });
    expect(v.voucher.reference).toBe(od!.number);
    expect(p!.pendingDetails).toMatchObject({
      kind: "oxxo",
      reference: od!.number,
      hostedVoucherUrl: od!.hosted_voucher_url,
    });
    expect(p!.expiresAt!.getTime()).toBe(od!.expires_after * 1000);
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(0);

    // Not paid yet: a succeeded event that lies changes nothing.
    await event("payment_intent.succeeded", pi.id, `evt_early_${pi.id}`);
    expect((await app.deps.db.select().from(orders).where(eq(orders.id, v.order_id)))[0]!.status).toBe(
      "pending_payment",
    );
    expect(payOxxo(pi.id)).toBe(true);
    await event("payment_intent.succeeded", pi.id, `evt_paid_${pi.id}`);
    await event("payment_intent.succeeded", pi.id, `evt_paid_again_${pi.id}`);
    expect((await app.deps.db.select().from(orders).where(eq(orders.id, v.order_id)))[0]!.status).toBe("paid");
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lots.map((l) => l.quantity)).toEqual([5]);
  });

  it("payment_intent.payment_failed (the voucher lapsed at Stripe) cancels the order", async () => {
    useStripe();
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const v = await payOxxoCart(c.token);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, v.order_id));
    expect(expireOxxo(p!.providerPaymentId!)).toBe(true);
    await event("payment_intent.payment_failed", p!.providerPaymentId!, `evt_failed_${p!.providerPaymentId}`);
    expect((await app.deps.db.select().from(orders).where(eq(orders.id, v.order_id)))[0]!.status).toBe("canceled");
    expect((await app.deps.db.select().from(payments).where(eq(payments.id, p!.id)))[0]!.status).toBe("canceled");
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(0);
  });
});

describe("SPEI through Stripe (customer_balance funded by mx_bank_transfer)", () => {
  const PACK = 125000;
  /** Stripe's webhook for an intent: signed, stored, applied by the job. */
  const event = async (type: string, intentId: string, eventId: string) => {
    const payload = JSON.stringify({ id: eventId, object: "event", type, data: { object: { id: intentId } } });
    const res = await webhook(
      payload,
      Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_local_secret" }),
    );
    expect(res.status).toBe(200);
    expect((await app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true })).failed).toBe(0);
  };
  let n = 0;
  /** A transfer reaches the customer's CLABE; Stripe's webhook (as it names it) comes `times` times. */
  const transfer = async (intentId: string, cents: number, times = 1) => {
    const type = transferSpei(intentId, cents);
    expect(type).not.toBeNull();
    for (let i = 0; i < times; i++) await event(type!, intentId, `evt_spei_${intentId}_${n}`);
    n++;
  };
  const paySpei = async (token: string) => {
    const res = await app.request("/v2/checkout/pay-with-spei", { method: "POST", token, json: {} });
    expect(res.status).toBe(200);
    return (await res.json()).data as { order_id: number; transfer: Record<string, string | null> };
  };
  const paymentOf = async (orderId: number) =>
    (await app.deps.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
  const statusOf = async (orderId: number) =>
    (await app.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status;
  const lotsOf = async (userId: number) =>
    (await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, userId))).map((l) => l.quantity);

  it("one Stripe Customer per customer, kept: the same CLABE on two orders, another customer's differs", async () => {
    useStripe();
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const first = await paySpei(c.token);
    const p = await paymentOf(first.order_id);
    expect(p).toMatchObject({ gateway: "stripe", method: "spei", status: "pending", amountCents: PACK });
    const pi = intents.get(p.providerPaymentId!)!;
    const sent = calls.filter((x) => x.path === "/v1/payment_intents" && x.method === "POST").at(-1)!.body;
    expect(sent).toMatchObject({
      "allowed_payment_method_types[0]": "customer_balance",
      "payment_method_data[type]": "customer_balance",
      "payment_method_options[customer_balance][funding_type]": "bank_transfer",
      "payment_method_options[customer_balance][bank_transfer][type]": "mx_bank_transfer",
      confirm: "true",
      currency: "mxn",
      customer: pi.customer,
    });
    const ins = pi.next_action!.type === "display_bank_transfer_instructions" ? pi.next_action! : null;
    const spei = ins!.display_bank_transfer_instructions.financial_addresses[0]!.spei;
    expect(clabeValid(first.transfer.clabe!)).toBe(true);
    expect(first.transfer.clabe).toBe(spei.clabe);
    expect(p.pendingDetails).toMatchObject({
      kind: "spei",
      clabe: spei.clabe,
      bank: "STP",
      bankCode: "646",
      beneficiary: spei.account_holder_name,
      reference: ins!.display_bank_transfer_instructions.reference,
      hostedInstructionsUrl: ins!.display_bank_transfer_instructions.hosted_instructions_url,
      amountCents: PACK,
      receivedCents: 0,
    });
    expect(p.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    const [kept] = await app.deps.db
      .select()
      .from(gatewayCustomers)
      .where(eq(gatewayCustomers.customerKey, `user:${c.id}`));
    expect(kept).toMatchObject({ gateway: "stripe", providerCustomerId: pi.customer });

    // A second order, days later (Stripe's idempotency keys long gone): the same Customer and CLABE.
    const made = calls.filter((x) => x.path === "/v1/customers" && x.method === "POST").length;
    await checkoutAs(app, c.token).addPack(1);
    const second = await paySpei(c.token);
    expect(second.order_id).not.toBe(first.order_id);
    expect(second.transfer.clabe).toBe(first.transfer.clabe);
    expect(calls.filter((x) => x.path === "/v1/customers" && x.method === "POST")).toHaveLength(made);

    const other = await newCustomer(app);
    await checkoutAs(app, other.token).addPack(2);
    expect((await paySpei(other.token)).transfer.clabe).not.toBe(first.transfer.clabe);
  });

  it("a Customer deleted at Stripe: a new one is made once and kept, the order goes on with one intent", async () => {
    useStripe();
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const first = await paySpei(c.token);
    const firstPi = (await paymentOf(first.order_id)).providerPaymentId!;
    const gone = intents.get(firstPi)!.customer!;
    await transfer(firstPi, PACK);
    // Deleted in Stripe's dashboard: Stripe refuses an intent for it (resource_missing on `customer`).
    expect(deleteCustomer(gone)).toBe(true);
    const customersMade = () => calls.filter((x) => x.path === "/v1/customers" && x.method === "POST").length;
    const made = customersMade();

    await checkoutAs(app, c.token).addPack(1);
    const second = await paySpei(c.token);
    const p = await paymentOf(second.order_id);
    expect(p).toMatchObject({ gateway: "stripe", method: "spei", status: "pending" });
    const fresh = intents.get(p.providerPaymentId!)!.customer!;
    expect(fresh).not.toBe(gone);
    expect(clabeValid(second.transfer.clabe!)).toBe(true);
    expect(second.transfer.clabe).not.toBe(first.transfer.clabe);
    const [kept] = await app.deps.db
      .select()
      .from(gatewayCustomers)
      .where(eq(gatewayCustomers.customerKey, `user:${c.id}`));
    expect(kept!.providerCustomerId).toBe(fresh);
    expect(customersMade()).toBe(made + 1);
    // One intent for the order: the refused one made nothing.
    const cartId = intents.get(p.providerPaymentId!)!.metadata.cart_id;
    expect([...intents.values()].filter((pi) => pi.metadata.cart_id === cartId)).toHaveLength(1);

    // The same request again (a retry, or two at once): the same intent and Customer, nothing more made.
    const expiresAt = new Date(Date.now() + 86_400_000);
    const again = () =>
      app.deps.gateways.card.createSpeiIntent!(app.deps.db, {
        amountCents: 1000,
        idempotencyKey: `spei:test:${c.id}`,
        metadata: { user_id: String(c.id) },
        expiresAt,
        billing: { name: "A", email: c.email },
        customerKey: `user:${c.id}`,
      });
    expect(deleteCustomer(fresh)).toBe(true);
    const [x, y] = await Promise.all([again(), again()]);
    const before = customersMade();
    const z = await again();
    expect(new Set([x.id, y.id, z.id]).size).toBe(1);
    expect(intents.get(x.id)!.customer).not.toBe(fresh);
    expect(customersMade()).toBe(before);
    const [now] = await app.deps.db
      .select()
      .from(gatewayCustomers)
      .where(eq(gatewayCustomers.customerKey, `user:${c.id}`));
    expect(now!.providerCustomerId).toBe(intents.get(x.id)!.customer);

    // The paid order's intent is still read from Stripe, its Customer (and cash balance) gone.
    expect(await statusOf(first.order_id)).toBe("paid");
    expect(await app.deps.gateways.card.retrieveIntent(app.deps.db, firstPi)).toMatchObject({
      status: "succeeded",
      pending: { kind: "spei", receivedCents: PACK, surplusCents: 0 },
    });
  });

  it("paid exactly: payment_intent.succeeded credits the pack once, however often it comes", async () => {
    useStripe();
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const v = await paySpei(c.token);
    const p = await paymentOf(v.order_id);
    // Not funded yet: an event that lies changes nothing.
    await event("payment_intent.succeeded", p.providerPaymentId!, `evt_early_${p.providerPaymentId}`);
    expect(await statusOf(v.order_id)).toBe("pending_payment");
    await transfer(p.providerPaymentId!, PACK, 2);
    expect(await statusOf(v.order_id)).toBe("paid");
    expect(await lotsOf(c.id)).toEqual([5]);
    expect((await paymentOf(v.order_id)).pendingDetails).toMatchObject({
      clabe: v.transfer.clabe,
      receivedCents: PACK,
      surplusCents: 0,
    });
  });

  it("partly funded (payment_intent.partially_funded), then the rest: pending with what arrived, then paid", async () => {
    useStripe();
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const v = await paySpei(c.token);
    const p = await paymentOf(v.order_id);
    await transfer(p.providerPaymentId!, 50000, 2);
    expect(await statusOf(v.order_id)).toBe("pending_payment");
    expect((await paymentOf(v.order_id)).pendingDetails!.receivedCents).toBe(50000);
    expect(await lotsOf(c.id)).toEqual([]);
    await transfer(p.providerPaymentId!, 75000);
    expect(await statusOf(v.order_id)).toBe("paid");
    expect(await lotsOf(c.id)).toEqual([5]);
    expect((await paymentOf(v.order_id)).pendingDetails).toMatchObject({ receivedCents: PACK, surplusCents: 0 });
  });

  it("over-paid: paid once; what stays in the customer's Stripe cash balance is the surplus, recorded", async () => {
    useStripe();
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const v = await paySpei(c.token);
    const p = await paymentOf(v.order_id);
    await transfer(p.providerPaymentId!, PACK + 20000);
    expect(cashBalance.get(intents.get(p.providerPaymentId!)!.customer!)).toBe(20000);
    expect(await statusOf(v.order_id)).toBe("paid");
    expect(await lotsOf(c.id)).toEqual([5]);
    expect((await paymentOf(v.order_id)).pendingDetails).toMatchObject({
      receivedCents: PACK + 20000,
      surplusCents: 20000,
    });
  });

  it("the surplus is the intent's own, read from the cash balance history, never other payments' money", () => {
    type Movement = Parameters<typeof speiSurplus>[1][number];
    // `at`: when Stripe wrote it (the intents one transfer pays are paid at its moment).
    const funded = (cents: number, at = 0): Movement => ({ type: "funded", net_amount: cents, created: at });
    const applied = (pi: string, cents: number, at = 0) =>
      ({
        type: "applied_to_payment",
        net_amount: -cents,
        created: at,
        applied_to_payment: { payment_intent: pi },
      }) as Movement;
    const unapplied = (pi: string, cents: number) =>
      ({
        type: "unapplied_from_payment",
        net_amount: cents,
        created: 0,
        unapplied_from_payment: { payment_intent: pi },
      }) as Movement;
    const returned = (cents: number): Movement => ({ type: "return_initiated", net_amount: -cents, created: 0 });
    // Two transfers of its own, the second for more.
    const own = [funded(400), applied("pi_x", 400), funded(900), applied("pi_x", 600)];
    expect(speiSurplus("pi_x", own)).toBe(300);
    // Whatever happens after (its return, other orders), read again it is the same.
    expect(speiSurplus("pi_x", [...own, returned(300), funded(5000), applied("pi_y", 1000)])).toBe(300);
    // An earlier order's surplus (A: 300) still in the balance, and a cancelled partial transfer's
    // money back in it (C: 500): neither is this order's.
    const earlier = [funded(1300), applied("pi_a", 1000), funded(500), applied("pi_c", 500), unapplied("pi_c", 500)];
    expect(speiSurplus("pi_a", earlier)).toBe(300);
    expect(speiSurplus("pi_x", [...earlier, funded(1250), applied("pi_x", 1000)])).toBe(250);
    expect(speiSurplus("pi_x", [...earlier, funded(1000), applied("pi_x", 1000)])).toBe(0);
    // Stripe applied A's 300 when X was confirmed, then the customer sent X's whole amount: the 300
    // left is A's money paid back, not X's surplus (one return of 300, A's).
    const atConfirm = [...earlier, applied("pi_x", 300, 1)];
    expect(speiSurplus("pi_x", [...atConfirm, funded(1000, 2), applied("pi_x", 700, 2)])).toBe(0);
    expect(speiSurplus("pi_x", [...atConfirm, funded(1100, 2), applied("pi_x", 700, 2)])).toBe(100);
    expect(speiSurplus("pi_a", [...atConfirm, funded(1000, 2), applied("pi_x", 700, 2)])).toBe(300);
    // One transfer for two open orders: what is left is the last one's, once.
    const both = [funded(2300), applied("pi_y", 1000), applied("pi_x", 1000)];
    expect([speiSurplus("pi_y", both), speiSurplus("pi_x", both)]).toEqual([0, 300]);
    // Never funded: nothing.
    expect(speiSurplus("pi_z", both)).toBe(0);
  });

  it("webhooks lost: the sync pass asks Stripe, records a partial funding, then confirms", async () => {
    useStripe();
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const v = await paySpei(c.token);
    const p = await paymentOf(v.order_id);
    // Each pass later than the last by more than the sync interval (a noted payment is heard of).
    const sync = async (passes: number) => {
      app.setNow(new Date(Date.now() + passes * (PENDING_SYNC_AFTER_MS + 60_000)));
      try {
        await expirePendingPayments(app.deps);
      } finally {
        app.setNow(null);
      }
    };
    expect(transferSpei(p.providerPaymentId!, 30000)).toBe("payment_intent.partially_funded");
    await sync(1);
    expect(await statusOf(v.order_id)).toBe("pending_payment");
    expect((await paymentOf(v.order_id)).pendingDetails!.receivedCents).toBe(30000);
    expect(transferSpei(p.providerPaymentId!, PACK - 30000)).toBe("payment_intent.succeeded");
    await sync(2);
    expect(await statusOf(v.order_id)).toBe("paid");
    expect(await lotsOf(c.id)).toEqual([5]);
  });
});

describe("meses sin intereses with stripe (card installments)", () => {
  const post = (token: string, path: string, json: unknown) => app.request(path, { method: "POST", token, json });

  it("reads the card's available plans, confirms the chosen one, and keeps the months on the payment", async () => {
    useStripe();
    const c = await newCustomer(app);
    const checkout = checkoutAs(app, c.token);
    await checkout.addPack(2);
    const pm = `pm_card_mx_${c.id}`;
    const offer = (
      await (await post(c.token, "/v2/checkout/installment-plans", { stripe_payment_method_id: pm })).json()
    ).data;
    expect(offer.plans.map((p: { months: number }) => p.months)).toEqual([3, 6, 9, 12]);
    // The intent that told the plans is not a charge: cancelled, never confirmed.
    const asked = [...intents.values()].filter(
      (pi) => pi.metadata.purpose === "installment_plans" && pi.payment_method === pm,
    );
    expect(asked.map((pi) => pi.status)).toEqual(["canceled"]);
    // An ordinary card has none.
    const none = await (
      await post(c.token, "/v2/checkout/installment-plans", { stripe_payment_method_id: `pm_card_visa_${c.id}` })
    ).json();
    expect(none.data.plans).toEqual([]);

    const a = await (await checkout.setupIntent({ stripe_payment_method_id: pm, installment_months: 6 })).json();
    const b = await (await checkout.setupIntent({ stripe_payment_method_id: pm, installment_months: 6 })).json();
    expect(a.payment_intent_id).toBe(b.payment_intent_id);
    const sent = calls.filter((x) => x.path === "/v1/payment_intents" && x.key?.endsWith(":msi6"));
    expect(sent[0]!.body["payment_method_options[card][installments][plan][count]"]).toBe("6");
    expect(sent[0]!.body["payment_method_options[card][installments][plan][type]"]).toBe("fixed_count");
    expect((await checkout.makePayment(a.payment_intent_id)).status).toBe(200);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.providerPaymentId, a.payment_intent_id));
    expect(p!.installmentMonths).toBe(6);
    expect(p!.gateway).toBe("stripe");
  });

  it("refuses a plan Stripe does not offer for the card: 422, nothing charged", async () => {
    useStripe();
    const c = await newCustomer(app);
    const checkout = checkoutAs(app, c.token);
    await checkout.addPack(2);
    const before = intents.size;
    for (const [pm, months] of [
      [`pm_card_mx_${c.id}`, 4],
      [`pm_card_visa_${c.id}`, 3],
    ] as const) {
      const res = await checkout.setupIntent({ stripe_payment_method_id: pm, installment_months: months });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toMatch(/meses sin intereses/);
    }
    const charged = [...intents.values()].slice(before).filter((pi) => pi.metadata.purpose !== "installment_plans");
    expect(charged).toHaveLength(0);
  });
});
