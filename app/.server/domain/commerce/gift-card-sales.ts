/**
 * Gift cards sold online (issue 20, item 9). The customer chooses an amount, a recipient, a message
 * and a delivery day (America/Mexico_City); the choice is a `gift_card_sales` row and the cart line
 * `gift_card` points to it. Rules (docs/decisions.md, "Gift cards sold online"):
 *
 * - Not shippable; a voucher does not discount it, a gift-card balance does not pay it, no deposit.
 * - When the order is recorded the card exists with an unguessable code, inactive: nobody can
 *   redeem it before the recipient's mail. The `gift-card-delivery` task mails it on its day, once
 *   (the row is locked and `delivered_at` set in the mail's transaction), and activates it.
 * - Any refund of the order cancels its cards (inactive, balance 0). What had already been spent
 *   from a delivered card is kept by the studio: a refund never exceeds what is left of the payment
 *   minus that spent part.
 */
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney, formatPrice } from "~/shared/mexico/money";
import { formatCalendarDate, formatDate } from "~/shared/mexico/time";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { giftCardMovements, giftCardSales, giftCards } from "../../db/schema";
import { layout } from "../../mail/templates";
import { mailBrand } from "../identity/accounts";
import { addDays, localDay } from "~/shared/mexico/time";
import { AppError } from "../errors";
import { GIFT_CARD_MAX_DAYS_AHEAD } from "~/shared/gift-cards";
import type { GiftCardSaleInput } from "~/shared/schemas/commerce";

export type GiftCardSale = typeof giftCardSales.$inferSelect;

/** The delivery day's range, in Mexico City: today up to a year ahead (the Spanish reason if not). */
function deliveryDayProblem(day: string, now: Date): string | null {
  const today = localDay(now);
  if (day < today) return t("commerce.giftSale.datePast");
  if (day > addDays(today, GIFT_CARD_MAX_DAYS_AHEAD)) return t("commerce.giftSale.dateTooFar");
  return null;
}

/** Records the buyer's choice (the caller adds it to the cart in the same transaction). */
export async function createSale(tx: Db, buyerUserId: number, input: GiftCardSaleInput, now: Date) {
  const why = deliveryDayProblem(input.deliver_on, now);
  if (why) throw AppError.validation([{ field: "action_param.deliver_on", message: why }]);
  const [row] = await tx
    .insert(giftCardSales)
    .values({
      buyerUserId,
      amountCents: input.amount_cents,
      senderName: input.sender_name,
      recipientName: input.recipient_name,
      recipientEmail: input.recipient_email,
      message: input.message,
      deliverOn: input.deliver_on,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** The buyer's sales by id (cart lines). */
export async function salesOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(giftCardSales).where(inArray(giftCardSales.id, ids));
}

export const saleLineName = (s: Pick<GiftCardSale, "recipientName">) =>
  t("commerce.giftSale.lineName", { name: s.recipientName });

/** `NB-` and 16 hexadecimal digits (64 random bits): not guessable, not the staff's shorter shape. */
const newCode = () =>
  `NB-${crypto.randomBytes(4).toString("hex").toUpperCase()}-${crypto.randomBytes(4).toString("hex").toUpperCase()}`;

/**
 * The order is being recorded: the sale's card is created (inactive until its mail) and tied to
 * the order. Only a sale of this buyer not yet sold (conditional update) becomes a card.
 */
export async function issueSoldCard(tx: Db, saleId: number, buyerUserId: number, orderId: number, now: Date) {
  const [sale] = await tx
    .select()
    .from(giftCardSales)
    .where(and(eq(giftCardSales.id, saleId), eq(giftCardSales.buyerUserId, buyerUserId), isNull(giftCardSales.orderId)))
    .for("update");
  if (!sale) throw new Error(`gift card sale ${saleId} is not open`);
  const [card] = await tx
    .insert(giftCards)
    .values({
      code: newCode(),
      initialCents: sale.amountCents,
      balanceCents: sale.amountCents,
      active: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: giftCards.id });
  await tx
    .insert(giftCardMovements)
    .values({ giftCardId: card!.id, deltaCents: sale.amountCents, kind: "issue", orderId, actorUserId: buyerUserId });
  await tx
    .update(giftCardSales)
    .set({ orderId, giftCardId: card!.id, updatedAt: now })
    .where(eq(giftCardSales.id, sale.id));
}

/**
 * The scheduled task: every sold card whose day (Mexico City) has come and that is neither
 * delivered nor cancelled is mailed to its recipient and activated, one per transaction with the
 * row locked (`SKIP LOCKED`: two servers never take the same one), so a second run sends nothing.
 */
export async function deliverDueGiftCards(deps: Pick<AppDeps, "db" | "config" | "mailer">, now: Date) {
  const today = localDay(now);
  const b = await mailBrand(deps);
  const redeemUrl = `${b.publicUrl}/profile/rewards`;
  let sent = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const [sale] = await tx
        .select()
        .from(giftCardSales)
        .where(
          and(
            isNotNull(giftCardSales.orderId),
            isNull(giftCardSales.deliveredAt),
            isNull(giftCardSales.cancelledAt),
            lte(giftCardSales.deliverOn, today),
          ),
        )
        .orderBy(asc(giftCardSales.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!sale) return false;
      const [card] = await tx
        .update(giftCards)
        .set({ active: true, updatedAt: now })
        .where(eq(giftCards.id, sale.giftCardId!))
        .returning();
      const amount = formatPrice(card!.initialCents);
      const paragraphs = [t("commerce.giftSale.mailIntro", { sender: sale.senderName, amount })];
      if (sale.message) paragraphs.push(t("commerce.giftSale.mailMessage", { message: sale.message }));
      paragraphs.push(t("commerce.giftSale.mailCode", { code: card!.code }), t("commerce.giftSale.mailHow"));
      // `layout` escapes every paragraph: the buyer's message is text, never markup.
      await deps.mailer.send(
        tx,
        layout(b, {
          to: sale.recipientEmail,
          name: sale.recipientName,
          template: "gift-card",
          subject: t("commerce.giftSale.mailSubject", { sender: sale.senderName, amount }),
          paragraphs,
          action: { label: t("commerce.giftSale.mailAction"), url: redeemUrl },
          // The recipient may have no account: the mail says why it came.
          footer: t("commerce.giftSale.mailFooter", { sender: sale.senderName, site: b.site, help: b.help }),
        }),
      );
      await tx.update(giftCardSales).set({ deliveredAt: now, updatedAt: now }).where(eq(giftCardSales.id, sale.id));
      return true;
    });
    if (!done) break;
    sent++;
  }
  return { sent };
}

/**
 * What a refund of this order may not give back: the part of its delivered cards already spent
 * (recorded at cancellation, or read from the live card).
 */
export async function spentOfOrderCards(tx: Db, orderId: number) {
  const rows = await tx
    .select({ sale: giftCardSales, card: giftCards })
    .from(giftCardSales)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSales.giftCardId))
    .where(eq(giftCardSales.orderId, orderId));
  return rows.reduce(
    (sum, r) => sum + (r.sale.cancelledAt ? r.sale.spentCents : r.card.initialCents - r.card.balanceCents),
    0,
  );
}

/** A refund of the order: each of its live cards is cancelled (inactive, unused balance taken back). */
export async function cancelOrderCards(tx: Db, orderId: number, actorUserId: number, now: Date) {
  const rows = await tx
    .select()
    .from(giftCardSales)
    .where(and(eq(giftCardSales.orderId, orderId), isNull(giftCardSales.cancelledAt)))
    .for("update");
  for (const sale of rows) {
    const [card] = await tx.select().from(giftCards).where(eq(giftCards.id, sale.giftCardId!)).for("update");
    if (!card) continue;
    await tx.update(giftCards).set({ active: false, balanceCents: 0, updatedAt: now }).where(eq(giftCards.id, card.id));
    if (card.balanceCents > 0)
      await tx
        .insert(giftCardMovements)
        .values({ giftCardId: card.id, deltaCents: -card.balanceCents, kind: "adjust", orderId, actorUserId });
    await tx
      .update(giftCardSales)
      .set({ cancelledAt: now, spentCents: card.initialCents - card.balanceCents, updatedAt: now })
      .where(eq(giftCardSales.id, sale.id));
  }
}

/** The cards of these orders as their buyer sees them: recipient, amount, when sent or to be sent. */
export async function orderCardsView(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return new Map<number, ReturnType<typeof saleView>[]>();
  const rows = await db
    .select()
    .from(giftCardSales)
    .where(inArray(giftCardSales.orderId, orderIds))
    .orderBy(asc(giftCardSales.id));
  const out = new Map<number, ReturnType<typeof saleView>[]>();
  for (const r of rows) out.set(r.orderId!, [...(out.get(r.orderId!) ?? []), saleView(r)]);
  return out;
}

function saleView(s: GiftCardSale) {
  const status = s.cancelledAt ? "cancelled" : s.deliveredAt ? "delivered" : "scheduled";
  const date = s.deliveredAt ? formatDate(s.deliveredAt) : formatCalendarDate(s.deliverOn);
  return {
    id: s.id,
    recipient_name: s.recipientName,
    recipient_email: s.recipientEmail,
    display_amount: formatMoney(s.amountCents),
    deliver_on: s.deliverOn,
    delivered_at: s.deliveredAt?.toISOString() ?? null,
    status: status as "scheduled" | "delivered" | "cancelled",
    status_label: t(`commerce.giftSale.statuses.${status}`, { email: s.recipientEmail, date }),
  };
}

/** The cart line's detail (recipient and day). */
export function saleLineDetail(s: GiftCardSale) {
  return {
    recipient_name: s.recipientName,
    recipient_email: s.recipientEmail,
    deliver_on: s.deliverOn,
    display_detail: t("commerce.giftSale.lineDetail", {
      email: s.recipientEmail,
      date: formatCalendarDate(s.deliverOn),
    }),
  };
}
