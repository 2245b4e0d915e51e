/**
 * Money that must reach the customer without a card (issue 25, items 6 and 2).
 *
 * OXXO refunds: cash cannot go back on a card, so staff enter the customer's CLABE and its holder in
 * the refund dialog; a bad CLABE (length, check digit) or a missing holder is refused in
 * Spanish and changes nothing; a good one refunds by transfer (sandbox: to the CLABE; Stripe: a
 * refund with `instructions_email`), keeping only its last four digits, audited and mailed.
 *
 * SPEI returns: a transfer's surplus, and what a partial transfer received when its order expired,
 * go back by a job through the gateway (sandbox; Stripe: a Refund from the customer balance), once
 * however often the webhook or the job runs, retried when the gateway is down.
 */
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/.server/config/env";
import { auditLog, creditLots, orders, payments, refunds, sandboxIntents } from "../../app/.server/db/schema";
import {
  expirePendingPayments,
  handleWebhook,
  payWithOxxo,
  payWithSpei,
  SPEI_DAYS,
  WEBHOOK_JOB,
} from "../../app/.server/domain/commerce/checkout";
import { gatewaysFor } from "../../app/.server/domain/commerce/gateways";
import { sandboxGateway, signWebhook } from "../../app/.server/domain/commerce/gateways/sandbox";
import { GatewayError } from "../../app/.server/domain/commerce/gateways/types";
import { returnSpeiBalance, SPEI_RETURN_JOB } from "../../app/.server/domain/commerce/spei-returns";
import { clabeCheckDigit } from "../../app/shared/mexico/clabe";
import { setupTestApp } from "../support/app";
import { checkoutAs, newCustomer } from "../support/commerce";
import { staffToken } from "../support/factories";
import {
  cashBalance,
  calls,
  intents,
  payOxxo,
  refundsByKey,
  refundsDown,
  startFakeStripe,
  transferSpei,
} from "../support/fake-stripe";
import { mailsTo, newestMail } from "../support/mail";

const app = setupTestApp();
const DAY = 86_400_000;
const PACK = 125000; // pack 2: 5 classes, $1,250.00

let stripeApi: Awaited<ReturnType<typeof startFakeStripe>>;
/** The app's own (sandbox) gateways, put back after each Stripe test. */
let sandboxDeps: Pick<typeof app.deps, "config" | "gateways">;
beforeAll(async () => {
  stripeApi = await startFakeStripe();
  sandboxDeps = { config: app.deps.config, gateways: app.deps.gateways };
});
afterAll(() => stripeApi.close());

const useSandbox = () => {
  app.deps.config = sandboxDeps.config;
  app.deps.gateways = sandboxDeps.gateways;
};
const useStripe = () => {
  app.deps.config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: ".tmp/unused",
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: "sk_test_local123",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local123",
    STRIPE_WEBHOOK_SECRET: "whsec_local_secret",
    STRIPE_API_URL: stripeApi.url,
  });
  app.deps.gateways = gatewaysFor(app.deps.config);
};

/** A real-looking CLABE at BBVA (012), Mexico City (180): 11 account digits and the check digit. */
const clabeOf = (account: string) => {
  const first17 = `012180${account.padStart(11, "0")}`;
  return first17 + clabeCheckDigit(first17);
};
const GOOD = clabeOf("01234567891");

const sandbox = () => sandboxGateway(sandboxDeps.config.SANDBOX_WEBHOOK_SECRET!);
let evt = 0;
/** The sandbox's signed webhook for an intent, delivered `times`, then the webhook job runs. */
async function sandboxEvent(intentId: string, type: string, times = 1) {
  const body = JSON.stringify({ id: `evt_rt_${Date.now()}_${evt++}`, type, data: { object: { id: intentId } } });
  const signature = signWebhook(sandboxDeps.config.SANDBOX_WEBHOOK_SECRET!, body);
  for (let i = 0; i < times; i++) await handleWebhook(app.deps, body, signature);
  await app.deps.jobs.runPending(WEBHOOK_JOB);
}
/** Stripe's signed webhook for an intent, then the webhook job runs. */
async function stripeEvent(type: string, intentId: string) {
  const payload = JSON.stringify({
    id: `evt_rt_${intentId}_${evt++}`,
    object: "event",
    type,
    data: { object: { id: intentId, object: "payment_intent" } },
  });
  const res = await app.request("/v2/webhooks/payments", {
    method: "POST",
    body: payload,
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_local_secret" }),
    },
  });
  expect(res.status).toBe(200);
  await app.deps.jobs.runPending(WEBHOOK_JOB, { ignoreStartAfter: true });
}

const paymentOf = async (orderId: number) =>
  (await app.deps.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const refundsOf = (paymentId: number) => app.deps.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
const auditsOf = (action: string, paymentId: number) =>
  app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(paymentId))));
const lotsOf = (userId: number) => app.deps.db.select().from(creditLots).where(eq(creditLots.userId, userId));
const refundAs = (token: string, paymentId: number, json: Record<string, unknown>) =>
  app.request(`/admin/payments/${paymentId}/refund`, { method: "POST", token, json });

/** A customer who bought pack 2 with an OXXO voucher, paid at the store: the order paid, 5 classes. */
async function paidOxxo(gateway: "sandbox" | "stripe") {
  const c = await newCustomer(app);
  await checkoutAs(app, c.token).addPack(2);
  if (gateway === "sandbox") {
    const { order } = await payWithOxxo(app.deps, c.id, {});
    const p = await paymentOf(order.id);
    expect(await sandbox().payOxxo(app.deps.db, p.providerPaymentId!, new Date())).not.toBeNull();
    await sandboxEvent(p.providerPaymentId!, "payment_intent.succeeded");
  } else {
    const res = await app.request("/v2/checkout/pay-with-oxxo", { method: "POST", token: c.token, json: {} });
    expect(res.status).toBe(200);
    const p = await paymentOf((await res.json()).data.order_id);
    expect(payOxxo(p.providerPaymentId!)).toBe(true);
    await stripeEvent("payment_intent.succeeded", p.providerPaymentId!);
  }
  const [o] = await app.deps.db.select().from(orders).where(eq(orders.userId, c.id));
  expect(o!.status).toBe("paid");
  return { c, p: await paymentOf(o!.id), order: o! };
}

describe("OXXO refund by bank transfer", () => {
  it("sandbox: a bad CLABE or no holder is refused in Spanish and changes nothing; a good one refunds by transfer", async () => {
    useSandbox();
    const { c, p } = await paidOxxo("sandbox");
    const admin = await staffToken(app.deps.db);
    const lotsBefore = await lotsOf(c.id);
    const mailsBefore = (await mailsTo(app, c.email)).length;
    const refused = async (json: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await refundAs(admin, p.id, json);
      expect(res.status).toBe(422);
      const body = JSON.stringify(await res.json());
      expect(body).toContain(field);
      expect(body).toMatch(message);
    };
    await refused({}, "clabe", /escriba la CLABE del cliente/);
    await refused({ clabe: "0121801234", holder: "Ana Compras" }, "clabe", /debe tener 18 dígitos/);
    const wrongCheck = GOOD.slice(0, 17) + String((Number(GOOD[17]) + 1) % 10);
    await refused({ clabe: wrongCheck, holder: "Ana Compras" }, "clabe", /dígito|dígitos/);
    await refused({ clabe: GOOD, holder: "  " }, "holder", /nombre del titular/);
    // Nothing changed: the payment, its refunds, the credits, the gateway, the mails.
    expect(await paymentOf(p.orderId!)).toMatchObject({ status: "succeeded", refundedCents: 0 });
    expect(await refundsOf(p.id)).toHaveLength(0);
    expect(await lotsOf(c.id)).toEqual(lotsBefore);
    const [intent] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, p.providerPaymentId!));
    expect(intent!.refundedCents).toBe(0);
    expect((await mailsTo(app, c.email)).length).toBe(mailsBefore);

    // Typed with spaces, as people do.
    const typed = `${GOOD.slice(0, 3)} ${GOOD.slice(3, 6)} ${GOOD.slice(6)}`;
    const res = await refundAs(admin, p.id, { clabe: typed, holder: "Ana Compras" });
    expect(res.status).toBe(200);
    expect(await paymentOf(p.orderId!)).toMatchObject({ status: "refunded", refundedCents: PACK });
    const [r] = await refundsOf(p.id);
    expect(r).toMatchObject({ amountCents: PACK, destination: `CLABE •••• ${GOOD.slice(-4)}` });
    const [after] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, p.providerPaymentId!));
    expect(after!.refundedCents).toBe(PACK);
    expect(Object.values(after!.metadata)).toContain(GOOD.slice(-4));
    const [entry] = await auditsOf("payment.refund_transfer", p.id);
    expect(entry!.data).toMatchObject({ clabe_last4: GOOD.slice(-4), holder: "Ana Compras", amount_cents: PACK });
    // The whole CLABE is kept nowhere: not the refund, the audit, the sandbox, the mail.
    expect(JSON.stringify([r, entry, after])).not.toContain(GOOD);
    const { row, real } = await newestMail(app, c.email);
    expect(row.template).toBe("order-refund");
    expect(real.text).toContain(`terminada en ${GOOD.slice(-4)}`);
    expect(real.text).not.toContain(GOOD);
    // Staff see where it went in the payments list; the domain says which refunds go by transfer.
    const list = await app.request(`/admin/payments?method=oxxo`, { token: admin });
    const items = (await list.json()).data.items as {
      id: number;
      refund_by_transfer: boolean;
      transfers: { destination: string }[];
    }[];
    expect(items.find((i) => i.id === p.id)!.transfers).toEqual([
      { display_amount: "$1,250.00", destination: `CLABE •••• ${GOOD.slice(-4)}` },
    ]);
    expect(items.find((i) => i.id === p.id)!.refund_by_transfer).toBe(true);
  });

  it("Stripe: the refund asks Stripe to e-mail the customer for their bank details; a bad CLABE calls nothing", async () => {
    useStripe();
    try {
      const { c, p } = await paidOxxo("stripe");
      const admin = await staffToken(app.deps.db);
      const refundCalls = () => calls.filter((x) => x.path === "/v1/refunds").length;
      const before = refundCalls();
      const bad = await refundAs(admin, p.id, { clabe: "123456789012345678", holder: "Ana Compras" });
      expect(bad.status).toBe(422);
      expect(refundCalls()).toBe(before);
      expect(await refundsOf(p.id)).toHaveLength(0);

      const res = await refundAs(admin, p.id, { clabe: GOOD, holder: "Ana Compras", amount: "250" });
      expect(res.status).toBe(200);
      const sent = calls.filter((x) => x.path === "/v1/refunds").at(-1)!;
      expect(sent.body).toMatchObject({
        payment_intent: p.providerPaymentId,
        amount: "25000",
        instructions_email: c.email,
        "metadata[clabe_last4]": GOOD.slice(-4),
      });
      expect(JSON.stringify(sent.body)).not.toContain(GOOD);
      expect([...refundsByKey.values()].filter((r) => r.payment_intent === p.providerPaymentId)).toHaveLength(1);
      expect(await paymentOf(p.orderId!)).toMatchObject({ status: "partially_refunded", refundedCents: 25000 });
      expect((await refundsOf(p.id))[0]).toMatchObject({ destination: `CLABE •••• ${GOOD.slice(-4)}` });
    } finally {
      useSandbox();
    }
  });
});

describe("SPEI surplus and partial transfers returned (sandbox)", () => {
  async function speiOrder() {
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const { order } = await payWithSpei(app.deps, c.id, {});
    return { c, order, p: await paymentOf(order.id) };
  }
  async function receive(intentId: string, cents: number, times = 1) {
    const intent = await sandbox().receiveSpei(app.deps.db, intentId, cents, new Date());
    expect(intent).not.toBeNull();
    const type = intent!.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.partially_funded";
    await sandboxEvent(intentId, type, times);
  }
  const sandboxReturned = async (intentId: string) =>
    Number(
      (await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, intentId)))[0]!.metadata
        .returned_cents ?? 0,
    );

  it("a surplus is returned once, however often the webhook comes or the job runs", async () => {
    useSandbox();
    const { c, p } = await speiOrder();
    await receive(p.providerPaymentId!, PACK + 20000, 3);
    await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
    await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
    // Run again by hand (a job sent twice, a retry after a lost answer): nothing more.
    expect(await returnSpeiBalance(app.deps, p.id)).toEqual({ returned: 0 });
    const rs = await refundsOf(p.id);
    expect(rs).toHaveLength(1);
    expect(rs[0]).toMatchObject({ amountCents: 20000, destination: "Saldo SPEI del cliente", creditsRevoked: 0 });
    expect(await sandboxReturned(p.providerPaymentId!)).toBe(20000);
    const after = await paymentOf(p.orderId!);
    expect(after).toMatchObject({ status: "succeeded", refundedCents: 0 });
    expect(after.pendingDetails!.returnedRefundId).toBe(rs[0]!.providerRefundId);
    expect(await auditsOf("payment.spei_returned", p.id)).toHaveLength(1);
    const returns = (await mailsTo(app, c.email)).filter((m) => m.template === "spei-return");
    expect(returns).toHaveLength(1);
    expect(returns[0]!.subject).toContain("200.00");
    expect((await lotsOf(c.id)).map((l) => l.quantity)).toEqual([5]);
    // A transfer's refund is not one to a CLABE staff type: the payments list says so.
    const list = await app.request(`/admin/payments?method=spei`, { token: await staffToken(app.deps.db) });
    const items = (await list.json()).data.items as { id: number; refund_by_transfer: boolean }[];
    expect(items.find((i) => i.id === p.id)!.refund_by_transfer).toBe(false);
  });

  it("a partial transfer is returned once when its order expires", async () => {
    useSandbox();
    const { c, p } = await speiOrder();
    await receive(p.providerPaymentId!, 10000);
    app.setNow(new Date(Date.now() + SPEI_DAYS * DAY + 60_000));
    try {
      await expirePendingPayments(app.deps);
      await expirePendingPayments(app.deps);
    } finally {
      app.setNow(null);
    }
    expect((await paymentOf(p.orderId!)).status).toBe("canceled");
    await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
    await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
    expect(await returnSpeiBalance(app.deps, p.id)).toEqual({ returned: 0 });
    const rs = await refundsOf(p.id);
    expect(rs).toHaveLength(1);
    expect(rs[0]).toMatchObject({ amountCents: 10000, destination: "Saldo SPEI del cliente" });
    expect(await sandboxReturned(p.providerPaymentId!)).toBe(10000);
    expect(await auditsOf("payment.spei_returned", p.id)).toHaveLength(1);
    const { row, real } = await newestMail(app, c.email);
    expect(row.template).toBe("spei-return");
    expect(real.text).toContain("100.00");
    expect(real.text).toContain("se canceló");
  });

  it("the gateway down: the job fails and changes nothing, then the retry returns it once", async () => {
    useSandbox();
    const { p } = await speiOrder();
    const card = app.deps.gateways.card;
    const real = card.returnCashBalance!;
    card.returnCashBalance = async () => {
      throw new GatewayError("caído", "api_error");
    };
    try {
      await receive(p.providerPaymentId!, PACK + 5000);
      // Due now, it fails once and waits for its retry (back-off): not run again in this pass.
      expect(await app.deps.jobs.runPending(SPEI_RETURN_JOB)).toEqual({ completed: 0, failed: 1 });
      expect(await refundsOf(p.id)).toHaveLength(0);
      expect((await paymentOf(p.orderId!)).pendingDetails!.returnedRefundId).toBeUndefined();
    } finally {
      card.returnCashBalance = real;
    }
    const again = await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
    expect(again.completed).toBeGreaterThan(0);
    expect(await refundsOf(p.id)).toHaveLength(1);
    expect(await sandboxReturned(p.providerPaymentId!)).toBe(5000);
  });
});

describe("SPEI returns through Stripe (Refund with origin customer_balance)", () => {
  async function speiOrder() {
    const c = await newCustomer(app);
    await checkoutAs(app, c.token).addPack(2);
    const res = await app.request("/v2/checkout/pay-with-spei", { method: "POST", token: c.token, json: {} });
    expect(res.status).toBe(200);
    const p = await paymentOf((await res.json()).data.order_id);
    return { c, p, customer: intents.get(p.providerPaymentId!)!.customer! };
  }
  /** A new customer's SPEI order, then their transfer of `cents` and Stripe's webhook for it. */
  async function transferredOrder(cents: number) {
    const order = await speiOrder();
    await stripeEvent(transferSpei(order.p.providerPaymentId!, cents)!, order.p.providerPaymentId!);
    return order;
  }
  /** The expiry pass, once the transfers' time is up. */
  async function expireSpeiOrders() {
    app.setNow(new Date(Date.now() + SPEI_DAYS * DAY + 60_000));
    try {
      await expirePendingPayments(app.deps);
    } finally {
      app.setNow(null);
    }
  }
  const balanceRefunds = (customer: string) =>
    calls.filter(
      (x) => x.path === "/v1/refunds" && x.body.origin === "customer_balance" && x.body.customer === customer,
    );

  it("the surplus leaves the cash balance once; Stripe down first, retried", async () => {
    useStripe();
    try {
      const { p, customer } = await speiOrder();
      refundsDown.on = true;
      try {
        const type = transferSpei(p.providerPaymentId!, PACK + 20000);
        await stripeEvent(type!, p.providerPaymentId!);
        await stripeEvent(type!, p.providerPaymentId!);
        expect(cashBalance.get(customer)).toBe(20000);
        // Due now, it fails once and waits for its retry (back-off): not run again in this pass.
        expect(await app.deps.jobs.runPending(SPEI_RETURN_JOB)).toEqual({ completed: 0, failed: 1 });
        expect(await refundsOf(p.id)).toHaveLength(0);
      } finally {
        refundsDown.on = false;
      }
      await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
      await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
      expect(await returnSpeiBalance(app.deps, p.id)).toEqual({ returned: 0 });
      expect(cashBalance.get(customer)).toBe(0);
      const made = balanceRefunds(customer);
      expect(made.at(-1)!.body).toMatchObject({ amount: "20000", currency: "mxn" });
      // Every attempt used the same key: Stripe made one refund.
      expect(new Set(made.map((x) => x.key)).size).toBe(1);
      const rs = await refundsOf(p.id);
      expect(rs).toHaveLength(1);
      expect(rs[0]).toMatchObject({ amountCents: 20000, providerRefundId: refundsByKey.get(made[0]!.key!)!.id });
    } finally {
      useSandbox();
    }
  });

  it("two over-paid orders of one customer, the first not yet returned: each surplus is its own, returned once", async () => {
    useStripe();
    try {
      const first = await transferredOrder(PACK + 20000);
      expect((await paymentOf(first.p.orderId!)).pendingDetails!.surplusCents).toBe(20000);
      // The same customer's second order, paid with $50.00 more, before the first return has run:
      // their cash balance at Stripe holds both surpluses.
      await checkoutAs(app, first.c.token).addPack(2);
      const res = await app.request("/v2/checkout/pay-with-spei", { method: "POST", token: first.c.token, json: {} });
      const second = await paymentOf((await res.json()).data.order_id);
      expect(intents.get(second.providerPaymentId!)!.customer).toBe(first.customer);
      await stripeEvent(transferSpei(second.providerPaymentId!, PACK + 5000)!, second.providerPaymentId!);
      expect(cashBalance.get(first.customer)).toBe(25000);
      expect((await paymentOf(second.orderId!)).pendingDetails).toMatchObject({
        receivedCents: PACK + 5000,
        surplusCents: 5000,
      });
      // Read again from Stripe (a repeated webhook, the sync pass): still its own.
      expect(
        (await app.deps.gateways.card.retrieveIntent(app.deps.db, first.p.providerPaymentId!))!.pending,
      ).toMatchObject({ surplusCents: 20000 });

      expect(await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true })).toEqual({
        completed: 2,
        failed: 0,
      });
      await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
      expect(cashBalance.get(first.customer)).toBe(0);
      expect(
        balanceRefunds(first.customer)
          .map((x) => x.body.amount)
          .sort(),
      ).toEqual(["20000", "5000"]);
      expect((await refundsOf(first.p.id)).map((r) => r.amountCents)).toEqual([20000]);
      expect((await refundsOf(second.id)).map((r) => r.amountCents)).toEqual([5000]);
      // After both returns, Stripe still tells each intent's own surplus.
      expect(
        (await app.deps.gateways.card.retrieveIntent(app.deps.db, second.providerPaymentId!))!.pending,
      ).toMatchObject({ surplusCents: 5000 });
    } finally {
      useSandbox();
    }
  });

  it("a cancelled partial transfer awaiting its return is not the next order's surplus", async () => {
    useStripe();
    try {
      const first = await transferredOrder(50000);
      await expireSpeiOrders();
      expect(cashBalance.get(first.customer)).toBe(50000);
      await checkoutAs(app, first.c.token).addPack(2);
      const res = await app.request("/v2/checkout/pay-with-spei", { method: "POST", token: first.c.token, json: {} });
      const second = await paymentOf((await res.json()).data.order_id);
      // Paid exactly: the $500.00 the balance still holds is the first order's, not a surplus of this one.
      expect(transferSpei(second.providerPaymentId!, PACK)).toBe("payment_intent.succeeded");
      await stripeEvent("payment_intent.succeeded", second.providerPaymentId!);
      expect((await paymentOf(second.orderId!)).pendingDetails).toMatchObject({ surplusCents: 0 });
      await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
      expect(cashBalance.get(first.customer)).toBe(0);
      expect((await refundsOf(first.p.id)).map((r) => r.amountCents)).toEqual([50000]);
      expect(await refundsOf(second.id)).toHaveLength(0);
    } finally {
      useSandbox();
    }
  });

  it("a partial transfer is returned from the cash balance when its order expires", async () => {
    useStripe();
    try {
      const { p, customer } = await transferredOrder(50000);
      expect(cashBalance.get(customer) ?? 0).toBe(0);
      await expireSpeiOrders();
      expect((await paymentOf(p.orderId!)).status).toBe("canceled");
      expect(cashBalance.get(customer)).toBe(50000);
      await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
      await app.deps.jobs.runPending(SPEI_RETURN_JOB, { ignoreStartAfter: true });
      expect(cashBalance.get(customer)).toBe(0);
      expect(balanceRefunds(customer)).toHaveLength(1);
      expect(await refundsOf(p.id)).toHaveLength(1);
    } finally {
      useSandbox();
    }
  });
});
