/**
 * The database's side of checkout's steps (`checkout-steps.ts`): the record ports write inside the
 * order's transaction, so a failure of any later step rolls all of it back; the fulfil ports inside
 * `fulfilOrder`'s (after that commit). The hold's port is in `holds.ts`.
 */
import { invoiceAtCheckout } from "../invoicing/service";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import {
  addresses,
  certificateEntitlements,
  giftCardMovements,
  orderItems,
  orders,
  payments,
  savedCards,
  shipments,
  voucherRedemptions,
  carts,
} from "../../db/schema";
import { grantLot } from "../credits/ledger";
import { homeStudioOf } from "../places/home-studio";
import { cartContext, displayAddress } from "./cart";
import { closeCharge } from "./charges";
import type { FulfilPort, OrderWriter, PricePort, ReceiptLine, SettlePorts } from "./checkout-steps";
import { holdPort, noteHoldOrder } from "./holds";
import { issueSoldCard } from "./gift-card-sales";
import type { PaymentMethodInfo } from "./gateways/types";
import { msiChargesOf, orderReceipt, receiptMailParts } from "./receipt";
import { escapeHtml } from "../../lib/html";

function pricePort(tx: Db): PricePort {
  return {
    cartContext: (cart, now) => cartContext(tx, cart, now),
    async addressSnapshot(addressId) {
      const [a] = await tx.select().from(addresses).where(eq(addresses.id, addressId));
      return {
        name: a!.name,
        line_1: a!.line1,
        line_2: a!.line2,
        custom_state: a!.customState,
        custom_city: a!.customCity,
        zip: a!.zip,
        display_address: displayAddress(a!),
      };
    },
  };
}

function orderWriter(deps: Pick<AppDeps, "jobs">, tx: Db): OrderWriter {
  return {
    async studioFor(cart, input) {
      return (
        input.studioId ?? (Number(input.intent.metadata.studio_id) || null) ?? (await homeStudioOf(tx, cart.userId))
      );
    },
    async insertOrder(values) {
      const [order] = await tx.insert(orders).values(values).returning();
      await noteHoldOrder(tx, values.cartId, order!.id);
      return order!;
    },
    async insertPayment(values) {
      await tx.insert(payments).values(values);
    },
    async insertItem(orderId, line) {
      const [item] = await tx
        .insert(orderItems)
        .values({
          orderId,
          scope: line.scope,
          refId: line.refId,
          name: line.name,
          variantId: line.variantId,
          variantLabel: line.variantLabel,
          sku: line.sku,
          qty: line.qty,
          unitCents: line.unitCents,
          totalCents: line.unitCents * line.qty,
        })
        .returning({ id: orderItems.id });
      return item!.id;
    },
    async redeemVoucher(voucherId, userId, orderId, amountCents) {
      await tx.insert(voucherRedemptions).values({ voucherId, userId, orderId, amountCents });
    },
    async noteGiftCardSpend(giftCardId, cents, orderId, userId) {
      await tx
        .insert(giftCardMovements)
        .values({ giftCardId, deltaCents: -cents, kind: "spend", orderId, actorUserId: userId });
    },
    async markCartPaid(cartId, now) {
      await tx.update(carts).set({ status: "paid", updatedAt: now }).where(eq(carts.id, cartId));
    },
    async closeCharge(intentId, now) {
      await closeCharge(tx, { intentId }, "fulfilled", now);
    },
    async setFulfilment(orderId, plan) {
      await tx.update(orders).set({ fulfilment: plan }).where(eq(orders.id, orderId));
    },
    async queueFulfilment(orderId) {
      await deps.jobs.send(tx, FULFIL_JOB, { orderId });
    },
  };
}

export async function saveCard(tx: Db, userId: number, gateway: string, pm: PaymentMethodInfo) {
  await tx
    .insert(savedCards)
    .values({
      userId,
      gateway,
      providerPaymentMethodId: pm.id,
      brand: pm.brand,
      last4: pm.last4,
      expMonth: pm.expMonth,
      expYear: pm.expYear,
    })
    .onConflictDoNothing();
}

async function sendReceipt(
  deps: Pick<AppDeps, "mailer">,
  tx: Db,
  u: { email: string; name: string },
  order: typeof orders.$inferSelect,
  lines: ReceiptLine[],
  voucherCode: string | null,
) {
  const items = lines.map((l) => ({
    name: l.name,
    variantLabel: l.variantLabel,
    qty: l.qty,
    totalCents: l.unitCents * l.qty,
  }));
  const msi = (await msiChargesOf(tx, [order.id])).get(order.id) ?? null;
  const receipt = receiptMailParts(orderReceipt(order, items, voucherCode, msi));
  await deps.mailer.send(tx, {
    to: u.email,
    subject: t("commerce.orders.receiptSubject", { id: order.id }),
    template: "order-receipt",
    text: [t("mail.greeting", { name: u.name }), t("commerce.orders.receiptIntro"), ...receipt.text].join("\n"),
    html: `<p>${escapeHtml(t("mail.greeting", { name: u.name }))}</p><p>${escapeHtml(t("commerce.orders.receiptIntro"))}</p>${receipt.html}`,
  });
}

/** The job that fulfils a paid order after its commit (runtime.ts registers it). */
export const FULFIL_JOB = "commerce-fulfil-order";

/** The ports of fulfilment, inside `fulfilOrder`'s transaction. */
export function fulfilPort(deps: Pick<AppDeps, "mailer" | "config" | "clock">, tx: Db): FulfilPort {
  return {
    grantLot: (input) => grantLot(tx, input),
    issueSoldCard: (saleId, buyer, orderId, now) => issueSoldCard(tx, saleId, buyer, orderId, now),
    async createShipment(order, shippingMethodId, address, now) {
      await tx.insert(shipments).values({
        orderId: order.id,
        userId: order.userId,
        publicCode: `NB${crypto.randomBytes(5).toString("hex").toUpperCase()}`,
        shippingMethodId,
        address,
        createdAt: now,
        updatedAt: now,
      });
    },
    async enrolCertification(userId, productId, orderId) {
      await tx.insert(certificateEntitlements).values({ userId, productId, orderId });
    },
    saveCard: (userId, gateway, pm) => saveCard(tx, userId, gateway, pm),
    async sendReceipt(to, order, lines, code) {
      await sendReceipt(deps, tx, to, order, lines, code);
      // The customer chose to have their purchases invoiced (CFDI): recorded with the order.
      await invoiceAtCheckout(tx, deps, order.userId, order.id);
    },
  };
}

/** Every port of a succeeded charge's transaction, on the database. */
export function settlePorts(deps: Pick<AppDeps, "jobs">, tx: Db): SettlePorts {
  return { price: pricePort(tx), hold: holdPort(tx), record: orderWriter(deps, tx) };
}
