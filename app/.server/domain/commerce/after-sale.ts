/**
 * After the sale: refunds through the gateway (reversing unused credits), payments list for staff,
 * shipments and their status mail, customers' orders, gift cards.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { clabeProblem, normalClabe } from "~/shared/mexico/clabe";
import { formatDateTimeLong } from "~/shared/mexico/time";
import { pendingPaymentPath, speiView, voucherView } from "./pending-payments";
import type { PAYMENT_METHODS, PAYMENT_STATUSES } from "~/shared/schemas/commerce";
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
  productVariants,
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
import { escapeHtml } from "../../lib/html";
import { gatewayOfPayment } from "./gateways";
import { receiptsOf } from "./receipt";
import { cancelOrderCards, orderCardsView, spentOfOrderCards } from "./gift-card-sales";
import { restock } from "./variants";
import { layout, siteBrand } from "../../mail/templates";
import { trackingUrl } from "~/shared/carriers";

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
export async function refundPayment(
  deps: Pick<AppDeps, "db" | "clock" | "gateways" | "mailer" | "log">,
  paymentId: number,
  actorUserId: number,
  amountCents?: number,
  bank?: BankInput,
) {
  return deps.db.transaction((tx) => refundPaymentIn(deps, tx, paymentId, actorUserId, amountCents, bank));
}

/** The customer's account an OXXO refund is transferred to, as staff typed it in the refund dialog. */
interface BankInput {
  clabe?: string | null;
  holder?: string | null;
}

/**
 * An OXXO payment was cash: the refund goes by transfer to the customer's CLABE (docs/decisions.md),
 * which must be a real one (18 digits, check digit, a SPEI bank), with its holder's name. Refused
 * with the field's message before anything is written or asked of the gateway.
 */
function bankTarget(bank: BankInput | undefined) {
  const clabe = normalClabe(bank?.clabe ?? "");
  const holder = (bank?.holder ?? "").trim().replace(/\s+/g, " ");
  const problems: { field: string; message: string }[] = [];
  const problem = clabe ? clabeProblem(clabe) : "required";
  if (problem)
    problems.push({
      field: "clabe",
      message: t(
        problem === "required"
          ? "commerce.refund.clabeRequired"
          : problem === "length"
            ? "commerce.refund.clabeLength"
            : "commerce.refund.clabeCheck",
      ),
    });
  if (!holder || holder.length > 120) problems.push({ field: "holder", message: t("commerce.refund.holderRequired") });
  if (problems.length) throw AppError.validation(problems);
  return { clabe, holder };
}

/**
 * Whether a payment's refund goes by bank transfer to a CLABE staff enter: an OXXO payment was cash,
 * with no card to put it back on. The one rule of the refund and of the payments list's dialog.
 */
const refundByTransfer = (p: Pick<typeof payments.$inferSelect, "method">) => p.method === "oxxo";

/** Whether a payment can still be refunded (some or all of it): the one rule of both refunds. */
export const refundable = (p: Pick<typeof payments.$inferSelect, "status">) =>
  p.status === "succeeded" || p.status === "partially_refunded";

/**
 * `refundPayment` inside the caller's transaction (the desk's refund adds its shift movement to
 * the same one): the same checks, reversal, refund row, audit entry and mail.
 */
export async function refundPaymentIn(
  deps: Pick<AppDeps, "clock" | "gateways" | "mailer" | "log">,
  tx: Db,
  paymentId: number,
  actorUserId: number,
  amountCents?: number,
  bank?: BankInput,
) {
  const now = deps.clock();
  {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!p || !p.orderId) throw AppError.notFound();
    if (!refundable(p)) throw AppError.conflict(t("commerce.payment.alreadyRefunded"));
    // What its gift cards sold online already spent stays paid (gift-card-sales.ts).
    const spent = await spentOfOrderCards(tx, p.orderId);
    const remaining = p.amountCents - p.refundedCents - spent;
    if (spent > 0 && remaining <= 0) throw AppError.conflict(t("commerce.giftSale.nothingToRefund"));
    if (amountCents !== undefined && (amountCents <= 0 || amountCents > remaining))
      throw AppError.validation([
        { field: "amount", message: t("commerce.refund.amountRange", { max: formatMoney(remaining) }) },
      ]);
    const amount = amountCents ?? remaining;
    const transfer = refundByTransfer(p) ? bankTarget(bank) : null;
    let providerRefundId: string | null = null;
    if (amount > 0 && p.providerPaymentId && p.gateway !== "none") {
      const gw = gatewayOfPayment(deps.gateways, p);
      if (!gw) throw AppError.conflict(t("commerce.refund.otherGateway"));
      const key = `admin-refund:${p.id}:${p.refundedCents}:${amount}`;
      const [customer] = transfer
        ? await tx.select({ email: users.email }).from(users).where(eq(users.id, p.userId))
        : [];
      try {
        providerRefundId = (
          await gw.refund(
            tx,
            p.providerPaymentId,
            amount,
            key,
            ...(transfer ? [{ ...transfer, email: customer?.email ?? "" }] : []),
          )
        ).id;
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
    await cancelOrderCards(tx, orderId, actorUserId, now);
    const creditRefs = items.filter((i) => i.scope === "pack" || i.scope === "plan").map((i) => `order_item:${i.id}`);
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
      destination: transfer ? t("commerce.refund.destination", { last4: transfer.clabe.slice(-4) }) : null,
      creditsRevoked: revoked,
      actorUserId,
    });
    if (transfer)
      await audit(tx, {
        actorUserId,
        action: "payment.refund_transfer",
        entity: "payment",
        entityId: p.id,
        data: {
          order_id: orderId,
          amount_cents: amount,
          clabe_last4: transfer.clabe.slice(-4),
          holder: transfer.holder,
        },
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
    await mailRefund(deps, tx, { userId: p.userId, orderId, amount, revoked, full: wholeOrder, transfer });
    return { revoked, amountCents: amount, status, paymentId: p.id, orderId };
  }
}

/** The customer is told what was refunded, on which order, and how many unused classes were withdrawn. */
async function mailRefund(
  deps: Pick<AppDeps, "mailer">,
  tx: Db,
  r: {
    userId: number;
    orderId: number;
    amount: number;
    revoked: number;
    full: boolean;
    transfer: { clabe: string; holder: string } | null;
  },
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
    r.transfer
      ? t("commerce.refund.mailTransfer", { last4: r.transfer.clabe.slice(-4), holder: r.transfer.holder })
      : t("commerce.refund.mailDelay"),
  ];
  await deps.mailer.send(tx, {
    to: u.email,
    subject: t("commerce.refund.mailSubject", { id: r.orderId }),
    template: "order-refund",
    text: lines.join("\n"),
    html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(""),
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
      if (i.variantId)
        await tx
          .update(productVariants)
          .set({ stock: restock(productVariants.stock, i.qty) })
          .where(eq(productVariants.id, i.variantId));
      // A variant deleted since (variant_id set null) has no stock to return to.
      else if (!i.variantLabel)
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
  /** A studio's payments, or "none": those that name no studio (recorded before studios were kept). */
  studioId?: number | "none";
  method?: (typeof PAYMENT_METHODS)[number];
  status?: (typeof PAYMENT_STATUSES)[number];
}

/** Money taken: a failed charge (refunded), a voucher never paid or still awaited is not revenue. */
const TAKEN = sql`${payments.status} not in ('failed', 'pending', 'canceled')`;

function methodLabel(method: (typeof PAYMENT_METHODS)[number], months: number | null) {
  if (method === "card" && months) return t("commerce.admin.methodMsi", { n: months });
  return t(`commerce.admin.methods.${method}`);
}

export async function listPayments(db: Db, f: PaymentFilters, limit = 200) {
  const where: SQL[] = [];
  if (f.from) where.push(gte(payments.createdAt, f.from));
  if (f.to) where.push(lt(payments.createdAt, f.to));
  if (f.studioId === "none") where.push(isNull(payments.studioId));
  else if (f.studioId) where.push(eq(payments.studioId, f.studioId));
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
  const sums = {
    count: sql<number>`count(*)::int`,
    gross: sql<number>`coalesce(sum(case when ${TAKEN} then ${payments.amountCents} else 0 end), 0)::int`,
    refunded: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::int`,
  };
  // Refunds that did not go back on the card (an OXXO transfer, a SPEI return): where they went.
  const ids = rows.map((r) => r.p.id);
  const transfers = ids.length
    ? await db
        .select({ paymentId: refunds.paymentId, amountCents: refunds.amountCents, destination: refunds.destination })
        .from(refunds)
        .where(and(inArray(refunds.paymentId, ids), sql`${refunds.destination} is not null`))
        .orderBy(asc(refunds.id))
    : [];
  const [tot] = await db.select(sums).from(payments).where(cond);
  // Revenue split by studio, same filters: the largest net first, "Sin estudio" last.
  const perStudio = await db
    .select({ studioId: payments.studioId, studio: studios.name, ...sums })
    .from(payments)
    .leftJoin(studios, eq(studios.id, payments.studioId))
    .where(cond)
    .groupBy(payments.studioId, studios.name)
    .orderBy(
      sql`${payments.studioId} is null`,
      desc(
        sql`coalesce(sum(case when ${TAKEN} then ${payments.amountCents} else 0 end), 0) - coalesce(sum(${payments.refundedCents}), 0)`,
      ),
      asc(studios.name),
    );
  return {
    items: rows.map((r) => ({
      id: r.p.id,
      order_id: r.p.orderId,
      customer: r.name,
      email: r.email,
      studio: r.studio ?? t("commerce.admin.noStudio"),
      method: r.p.method,
      /** The method as staff read it: «Tarjeta · 6 MSI», «OXXO», «SPEI»… */
      method_label: methodLabel(r.p.method, r.p.installmentMonths),
      installment_months: r.p.installmentMonths,
      gateway: r.p.gateway,
      status: r.p.status,
      /** An OXXO voucher or SPEI transfer still awaited: its reference and when it lapses. */
      pending_reference: r.p.status === "pending" ? (r.p.pendingDetails?.reference ?? null) : null,
      display_expires: r.p.status === "pending" && r.p.expiresAt ? formatDateTimeLong(r.p.expiresAt) : null,
      card: r.p.cardLast4 ? `${r.p.cardBrand} •••• ${r.p.cardLast4}` : null,
      amount_cents: r.p.amountCents,
      display_amount: formatMoney(r.p.amountCents),
      refunded_cents: r.p.refundedCents,
      display_refunded: formatMoney(r.p.refundedCents),
      display_left: formatMoney(r.p.amountCents - r.p.refundedCents),
      /** Its refund goes by transfer to a CLABE (OXXO): the refund dialog asks for it and its holder. */
      refund_by_transfer: refundByTransfer(r.p),
      transfers: transfers
        .filter((x) => x.paymentId === r.p.id)
        .map((x) => ({ display_amount: formatMoney(x.amountCents), destination: x.destination ?? "" })),
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
    by_studio: perStudio.map((s) => ({
      studio_id: s.studioId,
      studio: s.studio ?? t("commerce.admin.noStudio"),
      count: s.count,
      gross_cents: s.gross,
      refunded_cents: s.refunded,
      net_cents: s.gross - s.refunded,
      display_gross: formatMoney(s.gross),
      display_refunded: formatMoney(s.refunded),
      display_net: formatMoney(s.gross - s.refunded),
    })),
  };
}

/** A customer's orders with items, payment and shipment (shopping history). */
export async function customerOrders(db: Db, userId: number) {
  const os = await db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)).limit(100);
  if (os.length === 0) return [];
  const ids = os.map((o) => o.id);
  const [items, pays, ships, receipts, cards] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)),
    db.select().from(payments).where(inArray(payments.orderId, ids)),
    db.select().from(shipments).where(inArray(shipments.orderId, ids)),
    receiptsOf(db, os),
    orderCardsView(db, ids),
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
      installment_months: pay?.installmentMonths ?? null,
      oxxo:
        o.status === "pending_payment" && pay?.pendingDetails?.kind === "oxxo"
          ? { ...voucherView(pay.pendingDetails), url: pendingPaymentPath(o.id, "oxxo") }
          : null,
      spei:
        o.status === "pending_payment" && pay?.pendingDetails?.kind === "spei"
          ? { ...speiView(pay.pendingDetails), url: pendingPaymentPath(o.id, "spei") }
          : null,
      items: items
        .filter((i) => i.orderId === o.id)
        .map((i) => ({
          name: i.name,
          scope: i.scope,
          ref_id: i.refId,
          variant_id: i.variantId,
          variant_label: i.variantLabel,
          sku: i.sku,
          qty: i.qty,
          display_total: formatMoney(i.totalCents),
        })),
      shipment: ship ? shipmentView(ship) : null,
      /** Gift cards it bought: for whom, and when they were or will be mailed. */
      gift_cards: cards.get(o.id) ?? [],
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
    /** The carrier's public tracking page for this number (a known carrier only). */
    tracking_url: s.status === "cancelled" ? null : trackingUrl(s.carrier, s.trackingNumber),
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

type ShipmentStatus = "pending" | "shipped" | "delivered" | "cancelled";

/** Where a shipment may go from where it is: never back to pending; delivered and cancelled are final. */
const NEXT: Record<ShipmentStatus, ShipmentStatus[]> = {
  pending: ["pending", "shipped", "delivered", "cancelled"],
  shipped: ["shipped", "delivered", "cancelled"],
  delivered: ["delivered"],
  cancelled: ["cancelled"],
};

/** The audit action of each status change (a change within the same status corrects the tracking). */
const AUDIT_ACTION: Record<ShipmentStatus, { action: string }> = {
  pending: { action: "shipment.tracking_changed" },
  shipped: { action: "shipment.shipped" },
  delivered: { action: "shipment.delivered" },
  cancelled: { action: "shipment.cancelled" },
};

/**
 * Staff change a shipment: marking it sent stores the carrier and tracking number (the schema
 * requires both); delivered or cancelled keeps what it had when they come blank. In one
 * transaction with the row locked: the change, its audit entry and the customer's mail (with the
 * carrier's tracking link). A change to nothing new writes nothing and mails no one.
 */
export async function updateShipment(
  deps: Pick<AppDeps, "db" | "clock" | "config" | "mailer">,
  id: number,
  input: { status: ShipmentStatus; carrier?: string | null; tracking_number?: string | null },
  actorUserId: number | null = null,
) {
  return deps.db.transaction(async (tx) => {
    const [was] = await tx.select().from(shipments).where(eq(shipments.id, id)).for("update");
    if (!was) throw AppError.notFound(t("commerce.shipping.notFound"));
    if (!NEXT[was.status].includes(input.status))
      throw AppError.conflict(
        t("commerce.shipping.cannotChange", {
          status: t(`commerce.shipping.statuses.${was.status}`).toLowerCase(),
          next: t(`commerce.shipping.statuses.${input.status}`).toLowerCase(),
        }),
      );
    const carrier = input.carrier ?? was.carrier;
    const trackingNumber = input.tracking_number ?? was.trackingNumber;
    if (input.status === was.status && carrier === was.carrier && trackingNumber === was.trackingNumber)
      return shipmentView(was);
    const [s] = await tx
      .update(shipments)
      .set({ status: input.status, carrier, trackingNumber, updatedAt: deps.clock() })
      .where(eq(shipments.id, id))
      .returning();
    const corrected = input.status === was.status;
    await audit(tx, {
      actorUserId,
      action: corrected ? "shipment.tracking_changed" : AUDIT_ACTION[input.status].action,
      entity: "shipment",
      entityId: s.id,
      data: {
        order_id: s.orderId,
        from: was.status,
        to: s.status,
        carrier: s.carrier,
        tracking_number: s.trackingNumber,
        ...(corrected ? { previous_carrier: was.carrier, previous_tracking_number: was.trackingNumber } : {}),
      },
    });
    await mailShipment(deps, tx, s);
    return shipmentView(s);
  });
}

/** The customer is told the new status and, once it is on its way, the carrier, the number and the link. */
async function mailShipment(deps: Pick<AppDeps, "config" | "mailer">, tx: Db, s: typeof shipments.$inferSelect) {
  const [u] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, s.userId));
  if (!u) return;
  const status = t(`commerce.shipping.statuses.${s.status}`);
  const ours = `${deps.config.publicUrl}/shippings/${encodeURIComponent(s.trackingNumber ?? s.publicCode)}`;
  const link = s.status === "cancelled" ? null : (trackingUrl(s.carrier, s.trackingNumber) ?? ours);
  const paragraphs = [
    t("commerce.shipping.mailBody", { order: s.orderId, status }),
    ...(s.trackingNumber && s.status !== "cancelled"
      ? [t("commerce.shipping.mailTracking", { tracking: s.trackingNumber, carrier: s.carrier ?? "" })]
      : []),
    t("commerce.shipping.mailOurPage", { url: ours }),
  ];
  await deps.mailer.send(
    tx,
    layout(siteBrand(deps.config.publicUrl), {
      to: u.email,
      name: u.name,
      subject: t("commerce.shipping.mailSubject", { status }),
      template: "shipment-status",
      paragraphs,
      ...(link ? { action: { label: t("commerce.shipping.mailTrackAction"), url: link } } : {}),
    }),
  );
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
export async function removeSavedCard(
  deps: Pick<AppDeps, "db" | "clock" | "gateways" | "log">,
  userId: number,
  id: number,
) {
  const [row] = await deps.db
    .update(savedCards)
    .set({ deletedAt: deps.clock() })
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), isNull(savedCards.deletedAt)))
    .returning({ id: savedCards.id, gateway: savedCards.gateway, pm: savedCards.providerPaymentMethodId });
  if (!row) throw AppError.notFound();
  const { card } = deps.gateways;
  if (row.gateway === card.name) {
    await card.forgetPaymentMethod(deps.db, row.pm).catch((err: unknown) => {
      deps.log.warn({ err, cardId: row.id }, "the provider did not forget a removed card");
    });
  }
}

export async function customerShipments(db: Db, userId: number) {
  const rows = await db.select().from(shipments).where(eq(shipments.userId, userId)).orderBy(desc(shipments.createdAt));
  return withItems(db, rows);
}

/** Shipments with what they carry: their order's products, each with its variant's snapshot. */
async function withItems(db: Db, rows: (typeof shipments.$inferSelect)[]) {
  const ids = rows.map((r) => r.orderId);
  const items = ids.length
    ? await db
        .select()
        .from(orderItems)
        .where(and(inArray(orderItems.orderId, ids), eq(orderItems.scope, "product")))
        .orderBy(orderItems.id)
    : [];
  return rows.map((s) => ({
    ...shipmentView(s),
    items: items
      .filter((i) => i.orderId === s.orderId)
      .map((i) => ({ name: i.name, variant_label: i.variantLabel, sku: i.sku, qty: i.qty })),
  }));
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
  return withItems(db, rows);
}
