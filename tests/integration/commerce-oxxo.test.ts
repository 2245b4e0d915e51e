/**
 * OXXO through the sandbox gateway (issue 25, item 1): the voucher is made with the cart's hold,
 * the order waits «pendiente de pago» with nothing credited; the sandbox store's payment and its
 * signed webhook confirm it once (a duplicate credits nothing more, a forged one is refused); an
 * unpaid voucher expires: the order is canceled and the held unit goes back.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { checkoutHolds, creditLots, orders, payments, products } from "../../app/.server/db/schema";
import {
  expirePendingPayments,
  handleWebhook,
  OXXO_DAYS,
  payWithOxxo,
  WEBHOOK_JOB,
} from "../../app/.server/domain/commerce/checkout";
import { sandboxGateway, signWebhook } from "../../app/.server/domain/commerce/gateways/sandbox";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

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
    const [prod] = await app.deps.db
      .insert(products)
      .values({ area: "barreByNucleo", name: "Pieza OXXO", priceCents: 30000, stock: 1 })
      .returning();
    const c = await newCustomer(app);
    await app.request("/v2/carts", {
      method: "POST",
      token: c.token,
      json: { action: "addProduct", action_param: { product_id: prod!.id } },
    });
    const { order } = await payWithOxxo(app.deps, c.id, {});
    const stock = async () => (await app.deps.db.select().from(products).where(eq(products.id, prod!.id)))[0]!.stock;
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
