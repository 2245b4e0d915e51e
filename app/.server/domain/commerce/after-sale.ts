/**
 * After the sale: refunds through the gateway (reversing unused credits), payments list for staff,
 * shipments and their status mail, customers' orders, gift cards.
 */
import { and, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { formatDateTimeLong } from "~/shared/mexico/time";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import {
  addresses,
  certificateEntitlements,
  giftCardMovements,
  giftCards,
  orderItems,
  orders,
  payments,
  products,
  refunds,
  savedCards,
  shipments,
  studios,
  users,
} from "../../db/schema";
import { AppError } from "../errors";
import { revokeShareOfCredits, revokeUnusedCredits } from "../credits/revoke";
import { audit } from "../audit/service";
import { gatewayOfPayment, gatewaysFor } from "./gateways";
import { receiptsOf } from "./receipt";

/**
 * Refunds a payment, in full or in part (`amountCents` <= what is left of it). One transaction with
 * the payment row locked, so two staff refunding at once are serialised and never exceed it: the
 * gateway is called inside it with an idempotency key tied to the amount already refunded, so a
 * retry after a failure here asks the provider for the same refund, never a second one.
 *
 * When the order's payments are all refunded, everything is reversed: credits still unused are
 * revoked, stock of unshipped products returns, certification PDFs are withdrawn, gift-card money
 * goes back. A partial refund takes back the same share of the order's credits (rounded up, from
 * the unused ones; an unlimited pass loses that share of its days) and nothing else.
 */
export async function refundPayment(deps: AppDeps, paymentId: number, actorUserId: number, amountCents?: number) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!p || !p.orderId) throw AppError.notFound();
    if (p.status !== "succeeded" && p.status !== "partially_refunded")
      throw AppError.conflict(t("commerce.payment.alreadyRefunded"));
    const remaining = p.amountCents - p.refundedCents;
    if (amountCents !== undefined && (amountCents <= 0 || amountCents > remaining))
      throw AppError.validation([
        { field: "amount", message: t("commerce.refund.amountRange", { max: formatMoney(remaining) }) },
      ]);
    const amount = amountCents ?? remaining;
    let providerRefundId: string | null = null;
    if (amount > 0 && p.providerPaymentId && p.gateway !== "none") {
      const gw = gatewayOfPayment(deps.config, p);
      if (!gw) throw AppError.conflict(t("commerce.refund.otherGateway"));
      const key = `admin-refund:${p.id}:${p.refundedCents}:${amount}`;
      try {
        providerRefundId = (await gw.refund(tx, p.providerPaymentId, amount, key)).id;
      } catch (e) {
        deps.log.error({ err: e, paymentId }, "gateway refund failed");
        throw AppError.conflict(t("errors.paymentFailed"));
      }
    }
    const full = p.refundedCents + amount >= p.amountCents;
    const status: "refunded" | "partially_refunded" = full ? "refunded" : "partially_refunded";
    await tx
      .update(payments)
      .set({ status, refundedCents: p.refundedCents + amount, updatedAt: now })
      .where(eq(payments.id, p.id));
    const orderId = p.orderId;
    const orderPays = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), ne(payments.status, "failed")));
    const wholeOrder = orderPays.every((x) => (x.id === p.id ? full : x.status === "refunded"));
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const creditRefs = items.filter((i) => i.scope !== "product").map((i) => `order_item:${i.id}`);
    const reason = t("commerce.payment.revokeReason", { id: orderId });
    let revoked: number;
    if (wholeOrder) {
      revoked = await revokeUnusedCredits(tx, { sourceRefs: creditRefs, actorUserId, reason, now });
      await reverseOrder(tx, orderId, items, actorUserId, now);
    } else {
      const paid = orderPays.reduce((sum, x) => sum + x.amountCents, 0);
      revoked = await revokeShareOfCredits(tx, {
        sourceRefs: creditRefs,
        share: paid > 0 ? amount / paid : 0,
        actorUserId,
        reason,
        now,
      });
    }
    await tx
      .update(orders)
      .set({
        status: wholeOrder ? "refunded" : "partially_refunded",
        ...(wholeOrder ? { balanceDueCents: 0 } : {}),
        updatedAt: now,
      })
      .where(eq(orders.id, orderId));
    await tx.insert(refunds).values({
      paymentId: p.id,
      amountCents: amount,
      providerRefundId,
      reason: t("commerce.payment.refundReason", { id: orderId }),
      creditsRevoked: revoked,
      actorUserId,
    });
    await audit(tx, {
      actorUserId,
      action: full ? "payment.refunded" : "payment.partially_refunded",
      entity: "payment",
      entityId: p.id,
      data: {
        order_id: orderId,
        amount_cents: amount,
        refunded_cents: p.refundedCents + amount,
        credits_revoked: revoked,
      },
    });
    await mailRefund(deps, tx, { userId: p.userId, orderId, amount, revoked, full: wholeOrder });
    return { revoked, amountCents: amount, status };
  });
}

/** The customer is told what was refunded, on which order, and how many unused classes were withdrawn. */
async function mailRefund(
  deps: AppDeps,
  tx: Db,
  r: { userId: number; orderId: number; amount: number; revoked: number; full: boolean },
) {
  const [u] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, r.userId));
  if (!u) return;
  const lines = [
    t("mail.greeting", { name: u.name }),
    t(r.full ? "commerce.refund.mailWhole" : "commerce.refund.mailPartial", {
      id: r.orderId,
      amount: formatMoney(r.amount),
    }),
    t("commerce.refund.mailClasses", { n: r.revoked }),
    t("commerce.refund.mailDelay"),
  ];
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  await deps.mailer.send(tx, {
    to: u.email,
    subject: t("commerce.refund.mailSubject", { id: r.orderId }),
    template: "order-refund",
    text: lines.join("\n"),
    html: lines.map((l) => `<p>${esc(l)}</p>`).join(""),
  });
}

/** The whole order is refunded: unshipped stock returns, PDFs are withdrawn, gift-card money goes back. */
async function reverseOrder(
  tx: Db,
  orderId: number,
  items: (typeof orderItems.$inferSelect)[],
  actorUserId: number,
  now: Date,
) {
  const [ship] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId));
  if (!ship || ship.status === "pending")
    for (const i of items.filter((x) => x.scope === "product"))
      await tx
        .update(products)
        .set({ stock: sql`case when ${products.stock} is null then null else ${products.stock} + ${i.qty} end` })
        .where(eq(products.id, i.refId));
  if (ship && ship.status === "pending")
    await tx.update(shipments).set({ status: "cancelled", updatedAt: now }).where(eq(shipments.id, ship.id));
  await tx
    .update(certificateEntitlements)
    .set({ revokedAt: now })
    .where(and(eq(certificateEntitlements.orderId, orderId), isNull(certificateEntitlements.revokedAt)));
  const spent = await tx
    .select()
    .from(giftCardMovements)
    .where(and(eq(giftCardMovements.orderId, orderId), eq(giftCardMovements.kind, "spend")));
  for (const m of spent) {
    await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} - ${m.deltaCents}` })
      .where(eq(giftCards.id, m.giftCardId));
    await tx.insert(giftCardMovements).values({
      giftCardId: m.giftCardId,
      deltaCents: -m.deltaCents,
      kind: "refund",
      orderId,
      actorUserId,
    });
  }
}

export interface PaymentFilters {
  from?: Date;
  to?: Date;
  studioId?: number;
  method?: "card" | "paypal" | "gift_card";
  status?: "succeeded" | "refunded" | "partially_refunded" | "failed";
}

export async function listPayments(db: Db, f: PaymentFilters, limit = 200) {
  const where: SQL[] = [];
  if (f.from) where.push(gte(payments.createdAt, f.from));
  if (f.to) where.push(lt(payments.createdAt, f.to));
  if (f.studioId) where.push(eq(payments.studioId, f.studioId));
  if (f.method) where.push(eq(payments.method, f.method));
  if (f.status) where.push(eq(payments.status, f.status));
  const cond = where.length ? and(...where) : undefined;
  const rows = await db
    .select({
      p: payments,
      email: users.email,
      name: sql<string>`${users.name} || ' ' || ${users.lastName}`,
      studio: studios.name,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(studios, eq(studios.id, payments.studioId))
    .where(cond)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(limit);
  const [tot] = await db
    .select({
      count: sql<number>`count(*)::int`,
      gross: sql<number>`coalesce(sum(case when ${payments.status} <> 'failed' then ${payments.amountCents} else 0 end), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int`,
    })
    .from(payments)
    .where(cond);
  return {
    items: rows.map((r) => ({
      id: r.p.id,
      order_id: r.p.orderId,
      customer: r.name,
      email: r.email,
      studio: r.studio,
      method: r.p.method,
      gateway: r.p.gateway,
      status: r.p.status,
      card: r.p.cardLast4 ? `${r.p.cardBrand} •••• ${r.p.cardLast4}` : null,
      amount_cents: r.p.amountCents,
      display_amount: formatMoney(r.p.amountCents),
      refunded_cents: r.p.refundedCents,
      display_refunded: formatMoney(r.p.refundedCents),
      display_left: formatMoney(r.p.amountCents - r.p.refundedCents),
      failure: r.p.failure,
      created_at: r.p.createdAt.toISOString(),
      display_date: formatDateTimeLong(r.p.createdAt),
    })),
    totals: {
      count: tot?.count ?? 0,
      gross_cents: tot?.gross ?? 0,
      refunded_cents: tot?.refunded ?? 0,
      net_cents: (tot?.gross ?? 0) - (tot?.refunded ?? 0),
      display_gross: formatMoney(tot?.gross ?? 0),
      display_refunded: formatMoney(tot?.refunded ?? 0),
      display_net: formatMoney((tot?.gross ?? 0) - (tot?.refunded ?? 0)),
    },
  };
}

/** A customer's orders with items, payment and shipment (shopping history). */
export async function customerOrders(db: Db, userId: number) {
  const os = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(100);
  if (os.length === 0) return [];
  const ids = os.map((o) => o.id);
  const [items, pays, ships, receipts] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
    db.select().from(payments).where(inArray(payments.orderId, ids)),
    db.select().from(shipments).where(inArray(shipments.orderId, ids)),
    receiptsOf(db, os),
  ]);
  return os.map((o) => {
    const pay = pays.find((p) => p.orderId === o.id);
    const ship = ships.find((s) => s.orderId === o.id);
    return {
      id: o.id,
      created_at: o.createdAt.toISOString(),
      display_date: formatDateTimeLong(o.createdAt),
      status: o.status,
      status_label: t(`commerce.orders.statuses.${o.status}`),
      display_total: formatMoney(o.totalCents),
      display_subtotal: formatMoney(o.subtotalCents),
      display_discount: o.discountCents ? formatMoney(o.discountCents) : null,
      display_shipping: o.shippingCents ? formatMoney(o.shippingCents) : null,
      display_gift_card: o.giftCardCents ? formatMoney(o.giftCardCents) : null,
      payment_method: o.paymentMethod,
      deposit: o.deposit,
      balance_due_cents: o.status === "paid" ? o.balanceDueCents : 0,
      display_balance_due: o.status === "paid" && o.balanceDueCents > 0 ? formatMoney(o.balanceDueCents) : null,
      card: pay?.cardLast4 ? { brand: pay.cardBrand, last4: pay.cardLast4 } : null,
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          name: i.name,
          scope: i.scope,
          ref_id: i.refId,
          qty: i.qty,
          display_total: formatMoney(i.totalCents),
        })),
      shipment: ship ? shipmentView(ship) : null,
      /** Every line that makes the total: what the success page and the receipt mail show. */
      receipt: receipts.get(o.id)!,
    };
  });
}

function shipmentView(s: typeof shipments.$inferSelect) {
  return {
    id: s.id,
    order_id: s.orderId,
    code: s.trackingNumber ?? s.publicCode,
    public_code: s.publicCode,
    status: s.status,
    status_label: t(`commerce.shipping.statuses.${s.status}`),
    carrier: s.carrier,
    tracking_number: s.trackingNumber,
    address: s.address.display_address,
    updated_at: s.updatedAt.toISOString(),
    display_updated: formatDateTimeLong(s.updatedAt),
  };
}

export async function findShipment(db: Db, code: string) {
  const c = code.trim().toUpperCase();
  const [s] = await db
    .select()
    .from(shipments)
    .where(sql`${shipments.publicCode} = ${c} or upper(${shipments.trackingNumber}) = ${c}`)
    .limit(1);
  return s ? shipmentView(s) : null;
}

/** Staff change a shipment's status (and tracking number); the customer is mailed in the same transaction. */
export async function updateShipment(
  deps: AppDeps,
  id: number,
  input: {
    status: "pending" | "shipped" | "delivered" | "cancelled";
    carrier?: string | null;
    tracking_number?: string | null;
  },
) {
  return deps.db.transaction(async (tx) => {
    const [s] = await tx
      .update(shipments)
      .set({
        status: input.status,
        carrier: input.carrier ?? undefined,
        trackingNumber: input.tracking_number ?? undefined,
        updatedAt: deps.clock(),
      })
      .where(eq(shipments.id, id))
      .returning();
    if (!s) throw AppError.notFound(t("commerce.shipping.notFound"));
    const [u] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, s.userId));
    const status = t(`commerce.shipping.statuses.${s.status}`);
    const lines = [
      t("mail.greeting", { name: u!.name }),
      t("commerce.shipping.mailBody", { order: s.orderId, status }),
      ...(s.trackingNumber
        ? [t("commerce.shipping.mailTracking", { tracking: s.trackingNumber, carrier: s.carrier ?? "" })]
        : []),
      `${deps.config.publicUrl}/shippings/${encodeURIComponent(s.trackingNumber ?? s.publicCode)}`,
    ];
    const esc = (x: string) => x.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
    await deps.mailer.send(tx, {
      to: u!.email,
      subject: t("commerce.shipping.mailSubject", { status }),
      template: "shipment-status",
      text: lines.join("\n"),
      html: lines.map((l) => `<p>${esc(l)}</p>`).join(""),
    });
    return shipmentView(s);
  });
}

/** Redeems a gift card into the customer's account (then usable as payment in the cart). */
export async function redeemGiftCard(db: Db, userId: number, code: string, now: Date) {
  return db.transaction(async (tx) => {
    const [g] = await tx
      .select()
      .from(giftCards)
      .where(sql`upper(${giftCards.code}) = upper(${code.trim()})`)
      .for("update");
    if (!g || !g.active) throw AppError.validation([{ field: "code", message: t("commerce.giftCard.invalid") }]);
    if (g.expiresAt && g.expiresAt <= now)
      throw AppError.validation([{ field: "code", message: t("commerce.giftCard.expired") }]);
    if (g.userId !== null && g.userId !== userId)
      throw AppError.validation([{ field: "code", message: t("commerce.giftCard.used") }]);
    if (g.userId === null) {
      await tx.update(giftCards).set({ userId, updatedAt: now }).where(eq(giftCards.id, g.id));
      await tx
        .insert(giftCardMovements)
        .values({ giftCardId: g.id, deltaCents: 0, kind: "redeem", actorUserId: userId });
    }
    return { code: g.code, balance_cents: g.balanceCents, display_balance: formatMoney(g.balanceCents) };
  });
}

export async function customerGiftCards(db: Db, userId: number) {
  const rows = await db.select().from(giftCards).where(eq(giftCards.userId, userId)).orderBy(desc(giftCards.id));
  return rows.map((g) => ({
    id: g.id,
    code: g.code,
    balance_cents: g.balanceCents,
    display_balance: formatMoney(g.balanceCents),
    display_initial: formatMoney(g.initialCents),
    expires_at: g.expiresAt?.toISOString() ?? null,
  }));
}

export async function customerCards(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), isNull(savedCards.deletedAt)))
    .orderBy(desc(savedCards.id));
  return rows.map((c) => ({ id: c.id, brand: c.brand, last4: c.last4, exp_month: c.expMonth, exp_year: c.expYear }));
}

/**
 * The customer removes a saved card: hidden at once (404 when it is not theirs or already gone),
 * then the card provider is asked to forget it; a provider that fails to is logged, not retried.
 */
export async function removeSavedCard(deps: AppDeps, userId: number, id: number) {
  const [row] = await deps.db
    .update(savedCards)
    .set({ deletedAt: deps.clock() })
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), isNull(savedCards.deletedAt)))
    .returning({ id: savedCards.id, gateway: savedCards.gateway, pm: savedCards.providerPaymentMethodId });
  if (!row) throw AppError.notFound();
  const { card } = gatewaysFor(deps.config);
  if (row.gateway === card.name) {
    await card.forgetPaymentMethod(deps.db, row.pm).catch((err: unknown) => {
      deps.log.warn({ err, cardId: row.id }, "the provider did not forget a removed card");
    });
  }
}

export async function customerShipments(db: Db, userId: number) {
  const rows = await db.select().from(shipments).where(eq(shipments.userId, userId)).orderBy(desc(shipments.createdAt));
  return rows.map(shipmentView);
}

export async function customerAddresses(db: Db, userId: number) {
  return db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .orderBy(desc(addresses.id));
}

export async function customerCertifications(db: Db, userId: number) {
  return db
    .select({
      productId: products.id,
      name: products.name,
      image: products.images,
      since: certificateEntitlements.createdAt,
    })
    .from(certificateEntitlements)
    .innerJoin(products, eq(products.id, certificateEntitlements.productId))
    .where(and(eq(certificateEntitlements.userId, userId), isNull(certificateEntitlements.revokedAt)))
    .orderBy(desc(certificateEntitlements.id));
}

export async function listShipments(db: Db) {
  const rows = await db
    .select()
    .from(shipments)
    .orderBy(
      sql`case ${shipments.status} when 'pending' then 0 when 'shipped' then 1 else 2 end`,
      desc(shipments.createdAt),
    )
    .limit(500);
  return rows.map(shipmentView);
}
