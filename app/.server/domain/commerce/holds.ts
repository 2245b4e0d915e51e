/**
 * Checkout's hold: what a cart takes from shared stock while it is being paid (product units, one
 * use of its voucher, the gift card's part), taken and committed BEFORE the gateway is called, so
 * of two buyers of the last unit one holds it and the other is told «agotado» before any charge.
 *
 * A hold is `active` until:
 * - the order's transaction converts it (`convertHold`, the order keeps what it held);
 * - the charge is refused or cancelled (`releaseHold`: everything given back);
 * - it lapses (`releaseExpiredHolds`, a task every minute). A charge that succeeds after its hold
 *   lapsed takes the stock again inside the order's transaction; if it is gone, the charge is
 *   refunded (the old guarantee stays the fallback).
 *
 * The cart's own hold does not count against it: `cartContext` adds it back (`heldByCart`), so the
 * buyer's total and stock checks read as before the hold.
 */
import { and, asc, eq, lt, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { checkoutHolds, giftCards, productVariants, products, vouchers, type HeldItems } from "../../db/schema";
import type { CartContext, CartLine } from "./cart";
import type { HoldPort } from "./checkout-steps";
import { AppError } from "../errors";

export type HoldRow = typeof checkoutHolds.$inferSelect;

/** A card charge's hold: long enough to pay, short enough that an abandoned checkout frees the stock soon. */
export const HOLD_TTL_MS = 15 * 60_000;

/** A line that takes units from stock (a store product), not credits nor a gift card. */
const isStockLine = (l: Pick<CartLine, "scope">) => l.scope !== "pack" && l.scope !== "plan" && l.scope !== "gift_card";

/**
 * Takes one line's units in one conditional UPDATE: the variant's row when one was chosen, else the
 * product's. Two buyers of the last unit both run it; the row lock makes the second one see the
 * first's decrement, its `stock >= qty` fails and no row comes back. A stock that is not counted
 * (null) stays null.
 */
async function takeStock(tx: Db, line: { refId: number; variantId: number | null; qty: number }) {
  const [left] = line.variantId
    ? await tx
        .update(productVariants)
        .set({
          stock: sql`case when ${productVariants.stock} is null then null else ${productVariants.stock} - ${line.qty} end`,
        })
        .where(
          and(
            eq(productVariants.id, line.variantId),
            eq(productVariants.active, true),
            sql`(${productVariants.stock} is null or ${productVariants.stock} >= ${line.qty})`,
          ),
        )
        .returning({ id: productVariants.id })
    : await tx
        .update(products)
        .set({ stock: sql`case when ${products.stock} is null then null else ${products.stock} - ${line.qty} end` })
        .where(and(eq(products.id, line.refId), sql`(${products.stock} is null or ${products.stock} >= ${line.qty})`))
        .returning({ id: products.id });
  return Boolean(left);
}

/** The database's side of the `hold` step: conditional updates, in the caller's transaction. */
export function holdPort(tx: Db): HoldPort {
  return {
    takeStock: (line) => takeStock(tx, line),
    async useVoucher(voucherId) {
      const [v] = await tx
        .update(vouchers)
        .set({ usedCount: sql`${vouchers.usedCount} + 1` })
        .where(
          and(
            eq(vouchers.id, voucherId),
            sql`(${vouchers.maxUses} is null or ${vouchers.usedCount} < ${vouchers.maxUses})`,
          ),
        )
        .returning({ id: vouchers.id });
      return Boolean(v);
    },
    async spendGiftCard(giftCardId, cents, now) {
      const [g] = await tx
        .update(giftCards)
        .set({ balanceCents: sql`${giftCards.balanceCents} - ${cents}`, updatedAt: now })
        .where(and(eq(giftCards.id, giftCardId), sql`${giftCards.balanceCents} >= ${cents}`))
        .returning({ id: giftCards.id });
      return Boolean(g);
    },
    convertHeld: (cart, amountCents, orderId, now) => convertHold(tx, cart, amountCents, orderId, now),
  };
}

/** What a priced cart takes: its stock lines, one use of its voucher, its gift card's part. */
function heldItemsOf(ctx: CartContext): HeldItems {
  return {
    stock: ctx.lines.filter(isStockLine).map((l) => ({ refId: l.refId, variantId: l.variantId, qty: l.qty })),
    voucherId: ctx.totals.discountCents > 0 ? ctx.voucher!.id : null,
    giftCard: ctx.totals.giftCardCents > 0 ? { id: ctx.giftCard!.id, cents: ctx.totals.giftCardCents } : null,
  };
}

/** Takes `items` (each a conditional update); the Spanish refusal of the first that is gone. */
async function takeItems(port: HoldPort, items: HeldItems, now: Date): Promise<string | null> {
  for (const line of items.stock) if (!(await port.takeStock(line))) return t("commerce.hold.soldOut");
  if (items.voucherId !== null && !(await port.useVoucher(items.voucherId))) return t("commerce.voucher.exhausted");
  if (items.giftCard && !(await port.spendGiftCard(items.giftCard.id, items.giftCard.cents, now)))
    return t("commerce.giftCard.empty");
  return null;
}

/** Gives back what a hold took (stock, the voucher's use, the gift card's balance). */
async function giveBack(tx: Db, items: HeldItems, now: Date) {
  for (const l of items.stock) {
    if (l.variantId)
      await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${l.qty}` })
        .where(and(eq(productVariants.id, l.variantId), sql`${productVariants.stock} is not null`));
    else
      await tx
        .update(products)
        .set({ stock: sql`${products.stock} + ${l.qty}` })
        .where(and(eq(products.id, l.refId), sql`${products.stock} is not null`));
  }
  if (items.voucherId !== null)
    await tx
      .update(vouchers)
      .set({ usedCount: sql`greatest(${vouchers.usedCount} - 1, 0)` })
      .where(eq(vouchers.id, items.voucherId));
  if (items.giftCard)
    await tx
      .update(giftCards)
      .set({ balanceCents: sql`${giftCards.balanceCents} + ${items.giftCard.cents}`, updatedAt: now })
      .where(eq(giftCards.id, items.giftCard.id));
}

/** What the cart's own active hold took, so its pricing reads as if nothing were held. */
export async function heldByCart(db: Db, cartId: number): Promise<HeldItems | null> {
  const [h] = await db
    .select({ items: checkoutHolds.items })
    .from(checkoutHolds)
    .where(and(eq(checkoutHolds.cartId, cartId), eq(checkoutHolds.status, "active")));
  return h?.items ?? null;
}

/**
 * Takes (and commits) the hold of a priced cart before its charge, under the cart row's lock. The
 * cart's active hold of this very version and amount is answered as it is (a retried request, a
 * double click); one of an older version is given back first. Refused with a Spanish 409 («agotado»)
 * when a unit, the voucher or the balance is gone: nothing is charged.
 */
export async function takeHold(
  db: Db,
  want: { cartId: number; version: number; amountCents: number },
  priced: (tx: Db) => Promise<CartContext>,
  opts: { now: Date; ttlMs: number },
): Promise<HoldRow> {
  const until = new Date(opts.now.getTime() + opts.ttlMs);
  const same = (h: HoldRow | undefined) =>
    h !== undefined && h.cartVersion === want.version && h.amountCents === want.amountCents;
  // A retried request, a double click, a second tab: the hold is already there (no lock taken).
  const [seen] = await db
    .select()
    .from(checkoutHolds)
    .where(and(eq(checkoutHolds.cartId, want.cartId), eq(checkoutHolds.status, "active")));
  if (same(seen) && seen!.expiresAt.getTime() - opts.now.getTime() > opts.ttlMs / 2) return seen!;
  return db.transaction(async (tx) => {
    const ctx = await priced(tx);
    const { cart } = ctx;
    const [current] = await tx
      .select()
      .from(checkoutHolds)
      .where(and(eq(checkoutHolds.cartId, cart.id), eq(checkoutHolds.status, "active")))
      .for("update");
    if (same(current) && ctx.totals.dueNowCents === want.amountCents) {
      if (current!.expiresAt >= until) return current!;
      const [longer] = await tx
        .update(checkoutHolds)
        .set({ expiresAt: until, updatedAt: opts.now })
        .where(eq(checkoutHolds.id, current!.id))
        .returning();
      return longer!;
    }
    if (ctx.totals.dueNowCents !== want.amountCents) throw AppError.conflict(t("commerce.cart.changed"));
    if (current) await endHold(tx, current, "released", opts.now);
    const items = heldItemsOf(ctx);
    const refusal = await takeItems(holdPort(tx), items, opts.now);
    if (refusal) throw AppError.conflict(refusal);
    const [row] = await tx
      .insert(checkoutHolds)
      .values({
        cartId: cart.id,
        userId: cart.userId,
        cartVersion: cart.version,
        amountCents: want.amountCents,
        items,
        expiresAt: until,
        createdAt: opts.now,
        updatedAt: opts.now,
      })
      .returning();
    return row!;
  });
}

/** In the refund of a charge that could not become an order: the cart's active hold is given back. */
export async function releaseHoldIn(tx: Db, cartId: number, now: Date) {
  const [h] = await tx
    .select()
    .from(checkoutHolds)
    .where(and(eq(checkoutHolds.cartId, cartId), eq(checkoutHolds.status, "active")))
    .for("update");
  return h ? endHold(tx, h, "released", now) : false;
}

async function endHold(tx: Db, hold: HoldRow, status: "released" | "expired", now: Date) {
  const [ended] = await tx
    .update(checkoutHolds)
    .set({ status, releasedAt: now, updatedAt: now })
    .where(and(eq(checkoutHolds.id, hold.id), eq(checkoutHolds.status, hold.status)))
    .returning({ id: checkoutHolds.id });
  if (ended) await giveBack(tx, hold.items, now);
  return Boolean(ended);
}

/** The charge was refused or cancelled: the cart's active hold is given back. Idempotent. */
export async function releaseHold(db: Db, cartId: number, now: Date) {
  return db.transaction((tx) => releaseHoldIn(tx, cartId, now));
}

/** An order that was never paid (a lapsed voucher): what its converted hold took is given back. */
export async function releaseOrderHold(tx: Db, orderId: number, now: Date) {
  const [h] = await tx
    .select()
    .from(checkoutHolds)
    .where(and(eq(checkoutHolds.orderId, orderId), eq(checkoutHolds.status, "converted")))
    .for("update");
  return h ? endHold(tx, h, "released", now) : false;
}

/** A pending voucher's hold lasts as long as the voucher (its order converts it at once). */
export async function extendHold(db: Db, cartId: number, until: Date, now: Date) {
  await db
    .update(checkoutHolds)
    .set({ expiresAt: until, updatedAt: now })
    .where(
      and(eq(checkoutHolds.cartId, cartId), eq(checkoutHolds.status, "active"), lt(checkoutHolds.expiresAt, until)),
    );
}

/**
 * In the order's transaction: the cart's active hold becomes the order's, when it was taken for this
 * version of the cart and this amount (true). One taken for another version is given back (false:
 * the order takes its items there and then, as without a hold).
 */
async function convertHold(
  tx: Db,
  cart: { id: number; version: number },
  amountCents: number,
  orderId: number | null,
  now: Date,
): Promise<boolean> {
  const [h] = await tx
    .select()
    .from(checkoutHolds)
    .where(and(eq(checkoutHolds.cartId, cart.id), eq(checkoutHolds.status, "active")))
    .for("update");
  if (!h) return false;
  if (h.cartVersion !== cart.version || h.amountCents !== amountCents) {
    await endHold(tx, h, "released", now);
    return false;
  }
  await tx
    .update(checkoutHolds)
    .set({ status: "converted", orderId, updatedAt: now })
    .where(eq(checkoutHolds.id, h.id));
  return true;
}

/** The order's id on the hold it converted (the hold is converted before the order row exists). */
export async function noteHoldOrder(tx: Db, cartId: number, orderId: number) {
  await tx
    .update(checkoutHolds)
    .set({ orderId })
    .where(
      and(
        eq(checkoutHolds.cartId, cartId),
        eq(checkoutHolds.status, "converted"),
        sql`${checkoutHolds.orderId} is null`,
      ),
    );
}

/** Scheduled every minute: holds past their expiry give their stock, voucher use and balance back. */
export async function releaseExpiredHolds(db: Db, now: Date) {
  const due = await db
    .select()
    .from(checkoutHolds)
    .where(and(eq(checkoutHolds.status, "active"), lt(checkoutHolds.expiresAt, now)))
    .orderBy(asc(checkoutHolds.expiresAt))
    .limit(200);
  let released = 0;
  for (const h of due) if (await db.transaction((tx) => endHold(tx, h, "expired", now))) released++;
  return { released };
}
