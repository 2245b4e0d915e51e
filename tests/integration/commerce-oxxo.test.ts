/**
 * OXXO through the sandbox gateway (issue 25, item 1): the voucher is made with the cart's hold,
 * the order waits «pendiente de pago» with nothing credited; the sandbox store's payment and its
 * signed webhook confirm it once (a duplicate credits nothing more, a forged one is refused); an
 * unpaid voucher expires: the order is canceled and the held unit goes back.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutHolds, creditLots, orders, packs, payments, products } from "../../app/.server/db/schema";
import {
  expirePendingPayments,
  handleWebhook,
  OXXO_DAYS,
  payWithOxxo,
  WEBHOOK_JOB,
} from "../../app/.server/domain/commerce/checkout";
import { sandboxGateway, signWebhook } from "../../app/.server/domain/commerce/gateways/sandbox";
import { PENDING_REMINDER_BEFORE_MS, remindPendingPayments } from "../../app/.server/domain/commerce/pending-payments";
import { anonymous } from "../../app/.server/http/api";
import { loader as voucherPage } from "../../app/routes/profile/pending-payment";
import { setupTestApp } from "../support/app";
import { customerWithLastUnit, newCustomer } from "../support/commerce";
import { mailsTo, newestMail } from "../support/mail";

const app = setupTestApp();
const DAY = 86_400_000;

const webhook = (intentId: string, eventId: string) => {
  const body = JSON.stringify({ id: eventId, type: "payment_intent.succeeded", data: { object: { id: intentId } } });
  return { body, signature: signWebhook(app.deps.config.SANDBOX_WEBHOOK_SECRET!, body) };
};

describe("OXXO (sandbox)", () => {
  it("voucher created, order pending with nothing credited; paid and confirmed by a signed webhook, once", async () => {
    const c = await newCustomer(app);
    await app.request("/v2/carts", {
      method: "POST",
      token: c.token,
      json: { action: "addPack", action_param: { pack_id: 2 } },
    });
    const { order } = await payWithOxxo(app.deps, c.id, {});
    expect(order.status).toBe("pending_payment");
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(p).toMatchObject({ method: "oxxo", status: "pending", amountCents: 125000 });
    expect(p!.pendingDetails).toMatchObject({ kind: "oxxo", amountCents: 125000 });
    expect(p!.pendingDetails!.reference).toMatch(/^\d{14}$/);
    expect(p!.expiresAt!.getTime() - Date.now()).toBeGreaterThan(OXXO_DAYS * DAY - 60_000);
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(0);
    // The cart is closed with its voucher: a second voucher for it is refused.
    expect((await payWithOxxo(app.deps, c.id, {}).catch((e: Error) => e)) instanceof Error).toBe(true);

    // A forged webhook is refused and changes nothing.
    const forged = webhook(p!.providerPaymentId!, "evt_forged_oxxo");
    await expect(handleWebhook(app.deps, forged.body, signWebhook("otro-secreto", forged.body))).rejects.toThrow();

    // The customer pays at the sandbox store; the provider's webhook arrives twice.
    const sandbox = sandboxGateway(app.deps.config.SANDBOX_WEBHOOK_SECRET!);
    expect(await sandbox.payOxxo(app.deps.db, p!.providerPaymentId!, new Date())).toMatchObject({
      status: "succeeded",
    });
    for (const id of ["evt_oxxo_1", "evt_oxxo_1", "evt_oxxo_2"]) {
      const ev = webhook(p!.providerPaymentId!, id);
      await handleWebhook(app.deps, ev.body, ev.signature);
    }
    await app.deps.jobs.runPending(WEBHOOK_JOB);
    const [paid] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.status).toBe("paid");
    expect(paid!.fulfilledAt).not.toBeNull();
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lots).toHaveLength(1);
    expect(lots[0]!.quantity).toBe(5);
    const [after] = await app.deps.db.select().from(payments).where(eq(payments.id, p!.id));
    expect(after!.status).toBe("succeeded");
  });

  it("expires unpaid: the order is canceled, the held unit goes back, and the store refuses the late payment", async () => {
    const { c, stock } = await customerWithLastUnit(app, "Pieza OXXO");
    const { order } = await payWithOxxo(app.deps, c.id, {});
    expect(await stock()).toBe(0);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, order.id));

    const later = new Date(Date.now() + OXXO_DAYS * DAY + 60_000);
    app.setNow(later);
    try {
      expect((await expirePendingPayments(app.deps)).expired).toBe(1);
    } finally {
      app.setNow(null);
    }
    const [canceled] = await app.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(canceled!.status).toBe("canceled");
    expect(await stock()).toBe(1);
    const [hold] = await app.deps.db.select().from(checkoutHolds).where(eq(checkoutHolds.orderId, order.id));
    expect(hold!.status).toBe("released");
    const [pay] = await app.deps.db.select().from(payments).where(eq(payments.id, p!.id));
    expect(pay!.status).toBe("canceled");
    const sandbox = sandboxGateway(app.deps.config.SANDBOX_WEBHOOK_SECRET!);
    expect(await sandbox.payOxxo(app.deps.db, p!.providerPaymentId!, later)).toBeNull();
  });
});

/** The voucher page's loader as the customer `userId` opens it: its data, or the status it answers. */
async function openVoucher(userId: number, orderId: number | string) {
  const user = (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
  const auth = { ...anonymous, user, session: { twoFactorAt: null } } as never;
  try {
    return await voucherPage({
      request: new Request(`http://localhost/profile/shopping-history/${orderId}/oxxo`),
      params: { orderId: String(orderId), kind: "oxxo" },
      context: { deps: app.deps, auth, cookies: {} },
    } as never);
  } catch (e) {
    return { status: (e as { init?: { status: number } }).init?.status ?? (e as Response).status };
  }
}

async function buyWithOxxo(c: { token: string }, item: Record<string, unknown>) {
  await app.request("/v2/carts", {
    method: "POST",
    token: c.token,
    json: { action: item.action, action_param: item.param },
  });
  const res = await app.request("/v2/checkout/pay-with-oxxo", { method: "POST", token: c.token, json: {} });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      data: {
        order_id: number;
        url: string;
        voucher: { reference: string; display_amount: string; display_expires: string };
      };
    }
  ).data;
}

async function ordersOf(c: { token: string }) {
  const res = await app.request("/v2/customer/orders", { token: c.token });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      data: { id: number; status: string; status_label: string; oxxo: { reference: string; url: string } | null }[];
    }
  ).data;
}

describe("OXXO through the checkout API and the customer's pages", () => {
  it("pay-with-oxxo: the voucher is answered, mailed, shown in the history and on its page; the webhook credits the pack", async () => {
    const c = await newCustomer(app);
    const v = await buyWithOxxo(c, { action: "addPack", param: { pack_id: 2 } });
    expect(v.voucher.reference).toMatch(/^\d{14}$/);
    expect(v.voucher.display_amount).toContain("1,250.00");
    expect(v.url).toBe(`/profile/shopping-history/${v.order_id}/oxxo`);

    // Mailed once, with the reference and the voucher's page.
    const mails = await mailsTo(app, c.email);
    expect(mails.filter((m) => m.template === "oxxo-voucher")).toHaveLength(1);
    const { real } = await newestMail(app, c.email);
    expect(real.text).toContain(v.voucher.reference);
    expect(real.text).toContain(v.url);
    // The barcode in the mail: a PNG attached inline, shown by the HTML under its cid, with its text alternative.
    const [row] = await mailsTo(app, c.email);
    expect(row!.attachments).toEqual([
      expect.objectContaining({
        contentType: "image/png",
        cid: "oxxo-barcode",
        filename: `oxxo-${v.voucher.reference}.png`,
      }),
    ]);
    expect(Buffer.from(row!.attachments![0]!.content, "base64").subarray(1, 4).toString()).toBe("PNG");
    expect(real.html).toContain(
      `src="cid:oxxo-barcode" alt="Código de barras de la referencia ${v.voucher.reference}"`,
    );

    // The history: «Pendiente de pago» with the voucher; nothing credited.
    const [o] = await ordersOf(c);
    expect(o).toMatchObject({ id: v.order_id, status: "pending_payment", status_label: "Pendiente de pago" });
    expect(o!.oxxo).toMatchObject({ reference: v.voucher.reference, url: v.url });
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(0);

    // The page: reference, amount, expiry, a Code 128 barcode; nobody else's.
    const page = (await openVoucher(c.id, v.order_id)) as unknown as { voucher: Record<string, string> };
    expect(page.voucher).toMatchObject({ reference: v.voucher.reference, status: "pending_payment" });
    expect(page.voucher.display_expires).toBe(v.voucher.display_expires);
    expect(page.voucher.barcode_svg).toMatch(/^<svg [^>]*viewBox/);
    const other = await newCustomer(app);
    expect(await openVoucher(other.id, v.order_id)).toEqual({ status: 404 });

    // Paid at the sandbox's store; its signed webhook reaches the API and credits the pack.
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, v.order_id));
    const sandbox = sandboxGateway(app.deps.config.SANDBOX_WEBHOOK_SECRET!);
    await sandbox.payOxxo(app.deps.db, p!.providerPaymentId!, new Date());
    const ev = webhook(p!.providerPaymentId!, "evt_api_oxxo");
    const res = await app.request("/v2/webhooks/payments", {
      method: "POST",
      body: ev.body,
      headers: { "content-type": "application/json", "x-sandbox-signature": ev.signature },
    });
    expect(res.status).toBe(200);
    await app.deps.jobs.runPending(WEBHOOK_JOB);
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lots.map((l) => l.quantity)).toEqual([5]);
    const [paid] = await ordersOf(c);
    expect(paid).toMatchObject({ status: "paid", oxxo: null });
    expect(((await openVoucher(c.id, v.order_id)) as { voucher: { status: string } }).voucher.status).toBe("paid");
  });

  it("expired: the history says canceled, the held piece is back on sale and the page shows no barcode", async () => {
    const [prod] = await app.deps.db
      .insert(products)
      .values({ area: "barreByNucleo", name: "Pieza OXXO API", priceCents: 30000, stock: 1 })
      .returning();
    const c = await newCustomer(app);
    const v = await buyWithOxxo(c, { action: "addProduct", param: { product_id: prod!.id } });
    app.setNow(new Date(Date.now() + OXXO_DAYS * DAY + 60_000));
    try {
      expect((await expirePendingPayments(app.deps)).expired).toBe(1);
    } finally {
      app.setNow(null);
    }
    const [o] = await ordersOf(c);
    expect(o).toMatchObject({ id: v.order_id, status: "canceled", oxxo: null });
    expect((await app.deps.db.select().from(products).where(eq(products.id, prod!.id)))[0]!.stock).toBe(1);
    const page = (await openVoucher(c.id, v.order_id)) as { voucher: { status: string } };
    expect(page.voucher.status).toBe("canceled");
  });

  it("reminds an unpaid voucher once, a day before it lapses; a paid one is not reminded", async () => {
    const c = await newCustomer(app);
    const v = await buyWithOxxo(c, { action: "addPack", param: { pack_id: 2 } });
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, v.order_id));
    const reminders = async () => (await mailsTo(app, c.email)).filter((m) => m.template === "oxxo-reminder");
    // Too early: nothing.
    await remindPendingPayments(app.deps, new Date());
    expect(await reminders()).toHaveLength(0);
    // Within the last day: once, however often the task runs.
    const dayBefore = new Date(p!.expiresAt!.getTime() - PENDING_REMINDER_BEFORE_MS + 60_000);
    await remindPendingPayments(app.deps, dayBefore);
    await remindPendingPayments(app.deps, new Date(dayBefore.getTime() + 3_600_000));
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    const { real } = await newestMail(app, c.email);
    expect(real.text).toContain(v.voucher.reference);
    expect(sent[0]!.attachments?.[0]).toMatchObject({ contentType: "image/png", cid: "oxxo-barcode" });

    // Another voucher, paid before its last day: no reminder.
    const d = await newCustomer(app);
    const w = await buyWithOxxo(d, { action: "addPack", param: { pack_id: 2 } });
    const [q] = await app.deps.db.select().from(payments).where(eq(payments.orderId, w.order_id));
    const sandbox = sandboxGateway(app.deps.config.SANDBOX_WEBHOOK_SECRET!);
    await sandbox.payOxxo(app.deps.db, q!.providerPaymentId!, new Date());
    const ev = webhook(q!.providerPaymentId!, "evt_oxxo_before_reminder");
    await handleWebhook(app.deps, ev.body, ev.signature);
    await app.deps.jobs.runPending(WEBHOOK_JOB);
    await remindPendingPayments(app.deps, new Date(q!.expiresAt!.getTime() - 3_600_000));
    expect((await mailsTo(app, d.email)).filter((m) => m.template === "oxxo-reminder")).toHaveLength(0);
  });

  it("OXXO takes $10.00 to $10,000.00: beyond, not offered (said why) and refused with a 422, nothing written", async () => {
    const [pack] = await app.deps.db.select().from(packs).where(eq(packs.id, 3));
    await app.deps.db.update(packs).set({ priceCents: 1_000_100 }).where(eq(packs.id, 3));
    try {
      const c = await newCustomer(app);
      await app.request("/v2/carts", {
        method: "POST",
        token: c.token,
        json: { action: "addPack", action_param: { pack_id: 3 } },
      });
      const cart = (await (await app.request("/v2/carts", { token: c.token })).json()).data;
      expect(cart.amount_cents).toBe(1_000_100);
      expect(cart.pay_later.oxxo.reason).toContain("10,000.00");
      expect(cart.pay_later.spei).toEqual({ reason: null });
      const res = await app.request("/v2/checkout/pay-with-oxxo", { method: "POST", token: c.token, json: {} });
      expect(res.status).toBe(422);
      expect((await res.json()).message).toContain("OXXO solo acepta pagos de hasta");
      expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
      expect(await app.deps.db.select().from(checkoutHolds).where(eq(checkoutHolds.cartId, cart.id))).toHaveLength(0);
    } finally {
      await app.deps.db.update(packs).set({ priceCents: pack!.priceCents }).where(eq(packs.id, 3));
    }
  });

  it("a gateway without OXXO or SPEI: the checkout does not offer them", async () => {
    const card = app.deps.gateways.card;
    app.deps.gateways.card = { ...card, createOxxoIntent: undefined, createSpeiIntent: undefined };
    try {
      const c = await newCustomer(app);
      await app.request("/v2/carts", {
        method: "POST",
        token: c.token,
        json: { action: "addPack", action_param: { pack_id: 2 } },
      });
      const cart = (await (await app.request("/v2/carts", { token: c.token })).json()).data;
      expect(cart.pay_later).toEqual({ oxxo: null, spei: null });
    } finally {
      app.deps.gateways.card = card;
    }
    const d = await newCustomer(app);
    await app.request("/v2/carts", {
      method: "POST",
      token: d.token,
      json: { action: "addPack", action_param: { pack_id: 2 } },
    });
    const offered = (await (await app.request("/v2/carts", { token: d.token })).json()).data;
    expect(offered.pay_later).toEqual({ oxxo: { reason: null }, spei: { reason: null } });
  });
});
