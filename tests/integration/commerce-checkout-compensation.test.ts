/**
 * Money never stays captured without an order, and one cart is never charged twice (issue 21,
 * item 3): a failure injected in checkout's `record` step after a successful `charge` rolls the
 * order's transaction back and the charge's compensation refunds it; nothing of the order is left
 * (order, payment, credit lot, ledger movement, stock), the failure is audited, and the same cart
 * can then be paid once.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  carts,
  checkoutCharges,
  creditLots,
  creditMovements,
  orders,
  payments,
  products,
  sandboxIntents,
} from "../../app/.server/db/schema";
import { applySucceededIntent } from "../../app/.server/domain/commerce/checkout";
import { settleSteps, type SettleState } from "../../app/.server/domain/commerce/checkout-steps";
import type { Step } from "../../app/.server/domain/commerce/workflow";
import { AppError } from "../../app/.server/http/errors";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

const app = setupTestApp();

const post = (token: string, path: string, json: unknown) => app.request(path, { method: "POST", token, json });

/** The record step as it is, then a failure (a disk full, a lost connection): what it wrote must go. */
const failingAfter = (step: Step<SettleState>): Step<SettleState> => ({
  name: step.name,
  async run(state) {
    const out = await step.run(state);
    expect(out && "order" in out && out.order?.id).toBeTruthy();
    throw new Error("fallo inyectado después de registrar el pedido");
  },
});

async function chargeCart(token: string, cartId: number, pmId: string) {
  const si = await post(token, "/v2/checkout/setup-intent", { stripe_payment_method_id: pmId, cart_id: cartId });
  expect(si.status).toBe(200);
  const body = await si.json();
  expect(body.requires_action).toBe(false);
  return body.payment_intent_id as string;
}

describe("a failure in record after a successful charge", () => {
  it("refunds the charge, leaves no order, credit, ledger entry or stock change, and the cart pays again once", async () => {
    const c = await newCustomer(app);
    const [p] = await app.deps.db
      .insert(products)
      .values({ area: "juiceBar", name: "Jugo verde", priceCents: 5000, stock: 3 })
      .returning();
    const added = (await (await post(c.token, "/v2/carts", { action: "addPack", action_param: { pack_id: 2 } })).json())
      .data;
    await post(c.token, "/v2/carts", { action: "addProduct", action_param: { product_id: p!.id } });
    const pm = await post(c.token, "/v2/stripe/create-payment-method", {
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: 30, cvc: "123" },
      billing_details: { name: "Ana Compras" },
    });
    const pmId = (await pm.json()).payment_method.id as string;

    // charge: the gateway took the money.
    const first = await chargeCart(c.token, added.id, pmId);
    const intent = (await app.deps.gateways.card.retrieveIntent(app.deps.db, first))!;
    expect(intent).toMatchObject({ status: "succeeded", amountCents: 125000 + 5000 });

    // record fails after writing the order: the answer says the money was given back.
    const failed = await applySucceededIntent(
      app.deps,
      { gateway: "sandbox", method: "card", intent, studioId: null },
      { steps: (ports) => settleSteps(ports).map((s) => (s.name === "record" ? failingAfter(s) : s)) },
    ).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).status).toBe(409);
    expect((failed as AppError).message).toContain("el cargo fue reembolsado");

    // The gateway refunded the whole charge.
    const [refunded] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, first));
    expect(refunded!.refundedCents).toBe(refunded!.amountCents);
    // Nothing of the order is left: no order, no credit lot, no ledger movement, the stock intact.
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(0);
    expect(await app.deps.db.select().from(creditMovements).where(eq(creditMovements.userId, c.id))).toHaveLength(0);
    const [stock] = await app.deps.db.select().from(products).where(eq(products.id, p!.id));
    expect(stock!.stock).toBe(3);
    // The charge is written down as failed and refunded, its charge row closed, the refund audited.
    const pays = await app.deps.db.select().from(payments).where(eq(payments.userId, c.id));
    expect(pays).toEqual([expect.objectContaining({ status: "failed", refundedCents: 130000, orderId: null })]);
    const [charge] = await app.deps.db
      .select()
      .from(checkoutCharges)
      .where(eq(checkoutCharges.providerIntentId, first));
    expect(charge!.status).toBe("refunded");
    const entries = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "payment.refunded_after_failure"), eq(auditLog.entityId, String(pays[0]!.id))));
    expect(entries).toHaveLength(1);
    const [cart] = await app.deps.db.select().from(carts).where(eq(carts.id, added.id));
    expect(cart!.status).toBe("open");

    // The same cart with the same card pays again: a new charge, one order.
    const second = await chargeCart(c.token, added.id, pmId);
    expect(second).not.toBe(first);
    const pay = () => post(c.token, "/v2/checkout/make-payment", { payment_intent_id: second, cart_id: added.id });
    const paid = await pay();
    expect(paid.status).toBe(200);
    const orderId = (await paid.json()).data.order_id;
    // Once: a retry answers the same order, and the cart cannot be charged a third time.
    expect((await (await pay()).json()).data.order_id).toBe(orderId);
    const again = await post(c.token, "/v2/checkout/setup-intent", {
      stripe_payment_method_id: pmId,
      cart_id: added.id,
    });
    expect(again.status).not.toBe(200);
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    expect(await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id))).toHaveLength(1);
    const [taken] = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sandboxIntents)
      .where(and(sql`${sandboxIntents.metadata}->>'user_id' = ${String(c.id)}`, eq(sandboxIntents.refundedCents, 0)));
    expect(taken!.n).toBe(1);
  });
});
