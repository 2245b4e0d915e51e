/**
 * SPEI bank transfers through the sandbox gateway (issue 25, item 2): the customer's own CLABE (the
 * same on every order, a valid check digit), the order «pendiente de pago» with nothing credited;
 * the sandbox bank's transfer and its signed webhook confirm it once. A transfer for less keeps the
 * order pending with what is still owed, for more pays it and records the surplus; a duplicate
 * webhook credits nothing twice, a forged one is refused; unpaid at expiry the order is canceled
 * and its hold freed (what arrived partly is recorded for return); a lost webhook is caught by the job.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, checkoutHolds, creditLots, orders, payments } from "../../app/.server/db/schema";
import {
  expirePendingPayments,
  handleWebhook,
  PENDING_SYNC_AFTER_MS,
  payWithSpei,
  SPEI_DAYS,
  WEBHOOK_JOB,
} from "../../app/.server/domain/commerce/checkout";
import { sandboxGateway, signWebhook } from "../../app/.server/domain/commerce/gateways/sandbox";
import { PENDING_REMINDER_BEFORE_MS, remindPendingPayments } from "../../app/.server/domain/commerce/pending-payments";
import { anonymous } from "../../app/.server/http/api";
import { loader as pendingPage } from "../../app/routes/profile/pending-payment";
import { clabeValid } from "../../app/shared/mexico/clabe";
import { setupTestApp } from "../support/app";
import { customerWithLastUnit, newCustomer } from "../support/commerce";
import { mailsTo, newestMail } from "../support/mail";

const app = setupTestApp();
const DAY = 86_400_000;
const PACK = 125000; // pack 2: 5 classes, $1,250.00

let evt = 0;
const webhook = (intentId: string, type: string, eventId = `evt_spei_${Date.now()}_${evt++}`) => {
  const body = JSON.stringify({ id: eventId, type, data: { object: { id: intentId } } });
  return { body, signature: signWebhook(app.deps.config.SANDBOX_WEBHOOK_SECRET!, body) };
};
const sandbox = () => sandboxGateway(app.deps.config.SANDBOX_WEBHOOK_SECRET!);

/** The sandbox bank receives a transfer, then its webhook (of the type the provider sends) is delivered `times`. */
async function transfer(intentId: string, cents: number, times = 1) {
  const intent = await sandbox().receiveSpei(app.deps.db, intentId, cents, new Date());
  expect(intent).not.toBeNull();
  const ev = webhook(
    intentId,
    intent!.status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.partially_funded",
  );
  for (let i = 0; i < times; i++) await handleWebhook(app.deps, ev.body, ev.signature);
  await app.deps.jobs.runPending(WEBHOOK_JOB);
  return intent!;
}

async function addPack(c: { token: string }) {
  await app.request("/v2/carts", {
    method: "POST",
    token: c.token,
    json: { action: "addPack", action_param: { pack_id: 2 } },
  });
}

const paymentOf = async (orderId: number) =>
  (await app.deps.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!;
const orderOf = async (orderId: number) => (await app.deps.db.select().from(orders).where(eq(orders.id, orderId)))[0]!;
const lotsOf = (userId: number) => app.deps.db.select().from(creditLots).where(eq(creditLots.userId, userId));

describe("SPEI (sandbox)", () => {
  it("created: the customer's CLABE (valid, the same on every order, not another's), order pending, nothing credited", async () => {
    const c = await newCustomer(app);
    await addPack(c);
    const { order } = await payWithSpei(app.deps, c.id, {});
    expect(order.status).toBe("pending_payment");
    const p = await paymentOf(order.id);
    expect(p).toMatchObject({ method: "spei", status: "pending", amountCents: PACK });
    const d = p.pendingDetails!;
    expect(d).toMatchObject({ kind: "spei", amountCents: PACK, receivedCents: 0, bank: "STP" });
    expect(d.beneficiary).toBeTruthy();
    expect(d.reference).toMatch(/^\d{7}$/);
    expect(clabeValid(d.clabe!)).toBe(true);
    expect(p.expiresAt!.getTime() - Date.now()).toBeGreaterThan(SPEI_DAYS * DAY - 60_000);
    expect(await lotsOf(c.id)).toHaveLength(0);
    // What the cart held is kept by the pending order (converted), as with an OXXO voucher.
    const [hold] = await app.deps.db.select().from(checkoutHolds).where(eq(checkoutHolds.orderId, order.id));
    expect(hold!.status).toBe("converted");

    // A second order of the same customer: the same CLABE; another customer: another one.
    await transfer(p.providerPaymentId!, PACK);
    await addPack(c);
    const second = await payWithSpei(app.deps, c.id, {});
    expect((await paymentOf(second.order.id)).pendingDetails!.clabe).toBe(d.clabe);
    const other = await newCustomer(app);
    await addPack(other);
    const theirs = await payWithSpei(app.deps, other.id, {});
    const theirClabe = (await paymentOf(theirs.order.id)).pendingDetails!.clabe!;
    expect(clabeValid(theirClabe)).toBe(true);
    expect(theirClabe).not.toBe(d.clabe);
  });

  it("confirmed exactly: paid and fulfilled once, however often the webhook comes; a forged one is refused", async () => {
    const c = await newCustomer(app);
    await addPack(c);
    const { order } = await payWithSpei(app.deps, c.id, {});
    const p = await paymentOf(order.id);
    const forged = webhook(p.providerPaymentId!, "payment_intent.succeeded");
    await expect(handleWebhook(app.deps, forged.body, signWebhook("otro-secreto", forged.body))).rejects.toThrow(
      /firma/i,
    );
    expect((await orderOf(order.id)).status).toBe("pending_payment");

    await transfer(p.providerPaymentId!, PACK, 3);
    // Another event id for the same payment (a resend): nothing more.
    const again = webhook(p.providerPaymentId!, "payment_intent.succeeded");
    await handleWebhook(app.deps, again.body, again.signature);
    await app.deps.jobs.runPending(WEBHOOK_JOB);
    const o = await orderOf(order.id);
    expect(o.status).toBe("paid");
    expect(o.fulfilledAt).not.toBeNull();
    expect((await lotsOf(c.id)).map((l) => l.quantity)).toEqual([5]);
    const after = await paymentOf(order.id);
    expect(after.status).toBe("succeeded");
    expect(after.pendingDetails).toMatchObject({ receivedCents: PACK, surplusCents: 0 });
  });

  it("partial then completed: pending with what is still owed, then paid once the rest arrives", async () => {
    const c = await newCustomer(app);
    await addPack(c);
    const { order } = await payWithSpei(app.deps, c.id, {});
    const p = await paymentOf(order.id);
    await transfer(p.providerPaymentId!, 50000, 2);
    expect((await orderOf(order.id)).status).toBe("pending_payment");
    expect((await paymentOf(order.id)).pendingDetails!.receivedCents).toBe(50000);
    expect(await lotsOf(c.id)).toHaveLength(0);
    // The customer's page and history say what was received and what is still owed.
    const page = (await openPage(c.id, order.id, "spei")) as { voucher: { spei: Record<string, string | null> } };
    expect(page.voucher.spei.display_received).toContain("500.00");
    expect(page.voucher.spei.display_owed).toContain("750.00");

    await transfer(p.providerPaymentId!, 75000);
    expect((await orderOf(order.id)).status).toBe("paid");
    expect((await lotsOf(c.id)).map((l) => l.quantity)).toEqual([5]);
    expect((await paymentOf(order.id)).pendingDetails).toMatchObject({ receivedCents: PACK, surplusCents: 0 });
  });

  it("over-paid: paid once, the surplus recorded on the payment and flagged for return", async () => {
    const c = await newCustomer(app);
    await addPack(c);
    const { order } = await payWithSpei(app.deps, c.id, {});
    const p = await paymentOf(order.id);
    await transfer(p.providerPaymentId!, PACK + 20000, 2);
    expect((await orderOf(order.id)).status).toBe("paid");
    expect((await lotsOf(c.id)).map((l) => l.quantity)).toEqual([5]);
    const after = await paymentOf(order.id);
    expect(after).toMatchObject({ status: "succeeded", amountCents: PACK, refundedCents: 0 });
    expect(after.pendingDetails).toMatchObject({ receivedCents: PACK + 20000, surplusCents: 20000 });
    const flags = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.spei_surplus"), eq(auditLog.entityId, String(p.id))));
    expect(flags).toHaveLength(1);
    expect(flags[0]!.data).toMatchObject({ surplus_cents: 20000 });
    const page = (await openPage(c.id, order.id, "spei")) as { voucher: { spei: Record<string, string | null> } };
    expect(page.voucher.spei.display_surplus).toContain("200.00");
  });

  it("expired: canceled, the held unit back; partly funded, what arrived is recorded for return; the bank refuses later transfers", async () => {
    const { c, stock } = await customerWithLastUnit(app, "Pieza SPEI");
    const { order } = await payWithSpei(app.deps, c.id, {});
    expect(await stock()).toBe(0);
    const p = await paymentOf(order.id);
    await transfer(p.providerPaymentId!, 10000);

    const later = new Date(Date.now() + SPEI_DAYS * DAY + 60_000);
    app.setNow(later);
    try {
      expect((await expirePendingPayments(app.deps)).expired).toBeGreaterThanOrEqual(1);
    } finally {
      app.setNow(null);
    }
    expect((await orderOf(order.id)).status).toBe("canceled");
    expect(await stock()).toBe(1);
    const [hold] = await app.deps.db.select().from(checkoutHolds).where(eq(checkoutHolds.orderId, order.id));
    expect(hold!.status).toBe("released");
    const pay = await paymentOf(order.id);
    expect(pay.status).toBe("canceled");
    expect(pay.pendingDetails!.receivedCents).toBe(10000);
    expect(pay.failure).toContain("100.00");
    const flags = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.spei_partial_returned"), eq(auditLog.entityId, String(p.id))));
    expect(flags).toHaveLength(1);
    expect(await sandbox().receiveSpei(app.deps.db, p.providerPaymentId!, 20000, later)).toBeNull();
  });

  it("reminded once in its last day, with what is still owed; a paid transfer is not reminded", async () => {
    const c = await newCustomer(app);
    await addPack(c);
    const { order } = await payWithSpei(app.deps, c.id, {});
    const p = await paymentOf(order.id);
    await transfer(p.providerPaymentId!, 50000);
    const reminders = async () => (await mailsTo(app, c.email)).filter((m) => m.template === "spei-reminder");
    await remindPendingPayments(app.deps, new Date());
    expect(await reminders()).toHaveLength(0);
    const dayBefore = new Date(p.expiresAt!.getTime() - PENDING_REMINDER_BEFORE_MS + 60_000);
    await remindPendingPayments(app.deps, dayBefore);
    await remindPendingPayments(app.deps, new Date(dayBefore.getTime() + 3_600_000));
    expect(await reminders()).toHaveLength(1);
    const { row, real } = await newestMail(app, c.email);
    expect(row.subject).toContain("SPEI");
    expect(real.text).toContain(p.pendingDetails!.clabe);
    expect(real.text).toContain("500.00");
    expect(real.text).toContain("750.00");
    expect(real.text).not.toContain("OXXO");

    const d = await newCustomer(app);
    await addPack(d);
    const paid = await payWithSpei(app.deps, d.id, {});
    const q = await paymentOf(paid.order.id);
    await transfer(q.providerPaymentId!, PACK);
    await remindPendingPayments(app.deps, new Date(q.expiresAt!.getTime() - 3_600_000));
    expect((await mailsTo(app, d.email)).filter((m) => m.template === "spei-reminder")).toHaveLength(0);
  });

  it("a lost webhook: the job asks the gateway about a pending transfer and confirms it", async () => {
    const c = await newCustomer(app);
    await addPack(c);
    const { order } = await payWithSpei(app.deps, c.id, {});
    const p = await paymentOf(order.id);
    // Paid at the bank, but no webhook arrives.
    await sandbox().receiveSpei(app.deps.db, p.providerPaymentId!, PACK, new Date());
    app.setNow(new Date(Date.now() + PENDING_SYNC_AFTER_MS + 60_000));
    try {
      await expirePendingPayments(app.deps);
    } finally {
      app.setNow(null);
    }
    expect((await orderOf(order.id)).status).toBe("paid");
    expect((await lotsOf(c.id)).map((l) => l.quantity)).toEqual([5]);
  });
});

/** The pending payment's page loader as the customer `userId` opens it: its data, or the status it answers. */
async function openPage(userId: number, orderId: number, kind: string) {
  const user = (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
  const auth = { ...anonymous, user, session: { twoFactorAt: null } } as never;
  try {
    return await pendingPage({
      request: new Request(`http://localhost/profile/shopping-history/${orderId}/${kind}`),
      params: { orderId: String(orderId), kind },
      context: { deps: app.deps, auth, cookies: {} },
    } as never);
  } catch (e) {
    return { status: (e as { init?: { status: number } }).init?.status ?? (e as Response).status };
  }
}

describe("SPEI through the checkout API and the customer's pages", () => {
  it("pay-with-spei: instructions answered, mailed, in the history and on their page; the transfer credits the pack", async () => {
    const c = await newCustomer(app);
    await addPack(c);
    const res = await app.request("/v2/checkout/pay-with-spei", { method: "POST", token: c.token, json: {} });
    expect(res.status).toBe(200);
    const v = (
      (await res.json()) as {
        data: { order_id: number; url: string; transfer: Record<string, string | null> };
      }
    ).data;
    expect(clabeValid(v.transfer.clabe!)).toBe(true);
    expect(v.transfer.display_amount).toContain("1,250.00");
    expect(v.url).toBe(`/profile/shopping-history/${v.order_id}/spei`);

    const mails = await mailsTo(app, c.email);
    expect(mails.filter((m) => m.template === "spei-instructions")).toHaveLength(1);
    const { real } = await newestMail(app, c.email);
    expect(real.text).toContain(v.transfer.clabe);
    expect(real.text).toContain(v.url);

    const hist = await app.request("/v2/customer/orders", { token: c.token });
    const [o] = ((await hist.json()) as { data: { id: number; status: string; spei: { url: string } | null }[] }).data;
    expect(o).toMatchObject({ id: v.order_id, status: "pending_payment", spei: { url: v.url } });

    const page = (await openPage(c.id, v.order_id, "spei")) as { voucher: { spei: { clabe: string }; status: string } };
    expect(page.voucher).toMatchObject({ status: "pending_payment", spei: { clabe: v.transfer.clabe } });
    // Nobody else's, and not as an OXXO voucher.
    const other = await newCustomer(app);
    expect(await openPage(other.id, v.order_id, "spei")).toEqual({ status: 404 });
    expect(await openPage(c.id, v.order_id, "oxxo")).toEqual({ status: 404 });

    const p = await paymentOf(v.order_id);
    await sandbox().receiveSpei(app.deps.db, p.providerPaymentId!, PACK, new Date());
    const ev = webhook(p.providerPaymentId!, "payment_intent.succeeded");
    const hook = await app.request("/v2/webhooks/payments", {
      method: "POST",
      body: ev.body,
      headers: { "content-type": "application/json", "x-sandbox-signature": ev.signature },
    });
    expect(hook.status).toBe(200);
    await app.deps.jobs.runPending(WEBHOOK_JOB);
    expect((await lotsOf(c.id)).map((l) => l.quantity)).toEqual([5]);
    const after = await app.request("/v2/customer/orders", { token: c.token });
    const [paid] = ((await after.json()) as { data: { status: string; spei: unknown }[] }).data;
    expect(paid).toMatchObject({ status: "paid", spei: null });
  });
});
