/**
 * The customer's cart (spec §3, §4, §5, §7): one open cart per customer, its actions, and its view
 * with server-computed totals. Every change runs in one transaction that locks the cart row.
 */
import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { centsToPesos, formatMoney, formatPrice } from "~/shared/mexico/money";
import type { Db } from "../../db/client";
import {
  addresses,
  cartItems,
  carts,
  giftCards,
  orderItems,
  orders,
  packs,
  plans,
  productVariants,
  products,
  shippingMethods,
  states,
  voucherRedemptions,
  vouchers,
  type CartScope,
  type HeldItems,
} from "../../db/schema";
import { AppError } from "../errors";
import { onDemandEnabled } from "../content/service";
import { localDay } from "~/shared/mexico/time";
import { addressSchema, giftCardSaleSchema, type GiftCardSaleInput } from "~/shared/schemas/commerce";
import { id, optionalId } from "~/shared/schemas/fields";
import { createSale, saleLineDetail, saleLineName, salesOf } from "./gift-card-sales";
import { optionNames, variantLabel } from "./variants";
import { applyQty, computeTotals, discountCents, type PricedLine, type Totals } from "./pricing";
import { heldByCart } from "./holds";
import type { PaymentGateway } from "./gateways/types";
import { payLaterChoices } from "./pending-payments";

export type CartRow = typeof carts.$inferSelect;
const PAYMENT_METHOD = { card: 4, paypal: 5 } as const;
/** Packs and plans have no max_purchase of their own: a sane ceiling per order. */
const DEFAULT_MAX = 10;

/** The customer's open cart, locked for the rest of the transaction (created when missing). */
async function lockOpenCart(tx: Db, userId: number): Promise<CartRow> {
  const find = () =>
    tx
      .select()
      .from(carts)
      .where(and(eq(carts.userId, userId), eq(carts.status, "open")))
      .for("update");
  let [cart] = await find();
  if (cart) return cart;
  await tx.insert(carts).values({ userId }).onConflictDoNothing();
  [cart] = await find();
  return cart!;
}

export interface CartLine extends PricedLine {
  id: number;
  name: string;
  image: string | null;
  min: number;
  max: number;
  /** Why it cannot be bought now (inactive, out of stock), or null. */
  reason: string | null;
  cityId: number | null;
  sessions: number | null;
  days: number | null;
  isIntroOffer: boolean;
  area: string | null;
  requireShipping: boolean;
  stock: number | null;
  certificationId: number | null;
  /** A gift card sold online: its recipient and delivery day. */
  giftSale: ReturnType<typeof saleLineDetail> | null;
  /** The chosen variant of a product with options: its id, label and SKU (null otherwise). */
  variantId: number | null;
  variantLabel: string | null;
  sku: string | null;
}

/** The cart's items joined to the catalogue, in the order they were added. */
async function cartLines(db: Db, cartId: number, held: HeldItems | null = null): Promise<CartLine[]> {
  const items = await db.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id));
  const ids = (s: CartScope) => items.filter((i) => i.scope === s).map((i) => i.refId);
  const [pk, pl, pr, gs] = await Promise.all([
    ids("pack").length
      ? db
          .select()
          .from(packs)
          .where(inArray(packs.id, ids("pack")))
      : [],
    ids("plan").length
      ? db
          .select()
          .from(plans)
          .where(inArray(plans.id, ids("plan")))
      : [],
    ids("product").length
      ? db
          .select()
          .from(products)
          .where(inArray(products.id, ids("product")))
      : [],
    salesOf(db, ids("gift_card")),
  ]);
  const chosen = items.flatMap((i) => (i.variantId ? [i.variantId] : []));
  const vs = chosen.length ? await db.select().from(productVariants).where(inArray(productVariants.id, chosen)) : [];
  const out: CartLine[] = [];
  for (const i of items) {
    const base = {
      id: i.id,
      scope: i.scope,
      refId: i.refId,
      qty: i.qty,
      giftSale: null,
      variantId: null,
      variantLabel: null,
      sku: null,
    };
    if (i.scope === "gift_card") {
      const g = gs.find((x) => x.id === i.refId);
      if (!g) continue;
      out.push({
        ...base,
        unitCents: g.amountCents,
        name: saleLineName(g),
        image: null,
        min: 1,
        max: 1,
        reason: null,
        cityId: null,
        sessions: null,
        days: null,
        isIntroOffer: false,
        area: null,
        requireShipping: false,
        stock: null,
        certificationId: null,
        giftSale: saleLineDetail(g),
      });
    } else if (i.scope === "pack") {
      const p = pk.find((x) => x.id === i.refId);
      if (!p) continue;
      out.push({
        ...base,
        unitCents: p.priceCents,
        name: p.name,
        image: null,
        min: 1,
        max: p.isIntroOffer ? 1 : DEFAULT_MAX,
        reason: p.active ? null : t("commerce.cart.unavailable"),
        cityId: p.cityId,
        sessions: p.sessions,
        days: p.validityDays,
        isIntroOffer: p.isIntroOffer,
        area: null,
        requireShipping: false,
        stock: null,
        certificationId: null,
      });
    } else if (i.scope === "plan") {
      const p = pl.find((x) => x.id === i.refId);
      if (!p) continue;
      out.push({
        ...base,
        unitCents: p.priceCents,
        name: p.name,
        image: null,
        min: 1,
        max: DEFAULT_MAX,
        reason: p.active ? null : t("commerce.cart.unavailable"),
        cityId: null,
        sessions: p.sessions,
        days: p.durationDays,
        isIntroOffer: false,
        area: null,
        requireShipping: false,
        stock: null,
        certificationId: null,
      });
    } else {
      const p = pr.find((x) => x.id === i.refId);
      if (!p) continue;
      // With options, the variant's price and stock; a line without one (options added since) waits for a choice.
      const v = vs.find((x) => x.id === i.variantId);
      // What this cart's own hold took is still this cart's to buy.
      const own = held?.stock.find((h) => h.refId === i.refId && h.variantId === (v?.id ?? null))?.qty ?? 0;
      const counted = v ? v.stock : p.stock;
      const stock = counted === null ? null : counted + own;
      const reason =
        !p.active || (v && !v.active)
          ? t("commerce.cart.unavailable")
          : p.options.length > 0 && !v
            ? t("commerce.variants.choose", { options: optionNames(p.options) })
            : stock !== null && stock < i.qty
              ? stock <= 0
                ? t("commerce.hold.soldOut")
                : t("commerce.cart.outOfStock", { n: stock })
              : null;
      out.push({
        ...base,
        variantId: v?.id ?? null,
        variantLabel: v ? variantLabel(p.options, v.optionValues) : null,
        sku: v?.sku ?? null,
        unitCents: v ? v.priceCents : p.priceCents,
        name: p.name,
        image: p.images[0] ?? null,
        min: p.minPurchase,
        max: p.maxPurchase,
        reason,
        cityId: null,
        sessions: null,
        days: null,
        isIntroOffer: false,
        area: p.area,
        requireShipping: p.requireShipping,
        stock,
        certificationId: p.certificationId,
      });
    }
  }
  return out;
}

type VoucherRow = typeof vouchers.$inferSelect;

/** Whether a voucher may be used now by this customer on these lines; the Spanish reason if not. */
async function checkVoucher(
  db: Db,
  voucher: VoucherRow | undefined,
  userId: number,
  lines: PricedLine[],
  now: Date,
): Promise<string | null> {
  if (!voucher || !voucher.active) return t("commerce.voucher.invalid");
  if (voucher.startsAt && now < voucher.startsAt) return t("commerce.voucher.notStarted");
  if (voucher.endsAt && now >= voucher.endsAt) return t("commerce.voucher.expired");
  if (voucher.maxUses !== null && voucher.usedCount >= voucher.maxUses) return t("commerce.voucher.exhausted");
  if (voucher.maxUsesPerCustomer !== null) {
    const [r] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(voucherRedemptions)
      .where(and(eq(voucherRedemptions.voucherId, voucher.id), eq(voucherRedemptions.userId, userId)));
    if ((r?.n ?? 0) >= voucher.maxUsesPerCustomer) return t("commerce.voucher.perCustomer");
  }
  if (lines.length > 0 && discountCents(lines, voucher) === 0) return t("commerce.voucher.notApplicable");
  return null;
}

async function findVoucher(db: Db, code: string) {
  const [v] = await db
    .select()
    .from(vouchers)
    .where(sql`upper(${vouchers.code}) = upper(${code.trim()})`);
  return v;
}

/** Has this customer already bought an introductory pack? (one per customer, ever) */
async function boughtIntroOffer(db: Db, userId: number) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(packs, eq(packs.id, orderItems.refId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orderItems.scope, "pack"),
        eq(packs.isIntroOffer, true),
        inArray(orders.status, ["paid", "partially_refunded"]),
      ),
    );
  return (r?.n ?? 0) > 0;
}

export interface CartContext {
  cart: CartRow;
  lines: CartLine[];
  voucher: VoucherRow | null;
  /** Why the voucher no longer applies (it stays on the cart, unapplied). */
  voucherReason: string | null;
  shippingMethod: typeof shippingMethods.$inferSelect | null;
  giftCard: typeof giftCards.$inferSelect | null;
  requiresShipping: boolean;
  totals: Totals;
  /** Why the cart cannot be paid now, or null. */
  reason: string | null;
}

/** Everything a view or a payment needs, priced now. */
export async function cartContext(db: Db, cart: CartRow, now: Date): Promise<CartContext> {
  const today = localDay(now);
  // The cart's own hold (taken before its charge) reads as not taken: its stock, its voucher's use
  // and its gift card's balance are the cart's.
  const held = await heldByCart(db, cart.id);
  const lines = (await cartLines(db, cart.id, held)).map((l) =>
    l.giftSale && l.giftSale.deliver_on < today ? { ...l, reason: t("commerce.giftSale.datePassedInCart") } : l,
  );
  const requiresShipping = lines.some((l) => l.requireShipping);
  let voucher: VoucherRow | null = null;
  let voucherReason: string | null = null;
  if (cart.voucherId) {
    const [found] = await db.select().from(vouchers).where(eq(vouchers.id, cart.voucherId));
    const v = found && held?.voucherId === found.id ? { ...found, usedCount: found.usedCount - 1 } : found;
    voucherReason = await checkVoucher(db, v, cart.userId, lines, now);
    voucher = v ?? null;
  }
  const [shippingMethod] =
    requiresShipping && cart.shippingMethodId
      ? await db.select().from(shippingMethods).where(eq(shippingMethods.id, cart.shippingMethodId))
      : [];
  const [giftRow] = cart.giftCardId ? await db.select().from(giftCards).where(eq(giftCards.id, cart.giftCardId)) : [];
  const giftCard =
    giftRow && held?.giftCard?.id === giftRow.id
      ? { ...giftRow, balanceCents: giftRow.balanceCents + held.giftCard.cents }
      : giftRow;
  const usableGift =
    giftCard && giftCard.active && giftCard.userId === cart.userId && (!giftCard.expiresAt || giftCard.expiresAt > now)
      ? giftCard
      : null;
  const totals = computeTotals({
    lines,
    voucher: voucher && !voucherReason ? voucher : null,
    shippingCents: shippingMethod?.priceCents ?? 0,
    giftCardBalanceCents: usableGift?.balanceCents ?? 0,
    deposit: cart.deposit,
  });
  let reason: string | null = null;
  if (lines.length === 0) reason = t("commerce.cart.empty");
  else if (lines.some((l) => l.reason)) reason = lines.find((l) => l.reason)!.reason;
  else if (cart.deposit && lines.some((l) => l.giftSale)) reason = t("commerce.giftSale.noDeposit");
  else if (requiresShipping && (!cart.addressId || !shippingMethod)) reason = t("commerce.cart.shippingRequired");
  return {
    cart,
    lines,
    voucher,
    voucherReason,
    shippingMethod: shippingMethod ?? null,
    giftCard: usableGift,
    requiresShipping,
    totals,
    reason,
  };
}

/** The spec §3 cart as the API answers it. */
export function cartView(ctx: CartContext, gateway: PaymentGateway, offers: { mercadopago: boolean }) {
  const { cart, lines, totals } = ctx;
  const rows: { label: string; display_value: string; value_cents: number }[] = [
    {
      label: t("commerce.totals.subtotal"),
      display_value: formatMoney(totals.subtotalCents),
      value_cents: totals.subtotalCents,
    },
  ];
  if (totals.discountCents > 0 && ctx.voucher)
    rows.push({
      label: t("commerce.totals.discount", { code: ctx.voucher.code }),
      display_value: `-${formatMoney(totals.discountCents)}`,
      value_cents: -totals.discountCents,
    });
  if (ctx.requiresShipping && ctx.shippingMethod)
    rows.push({
      label: t("commerce.totals.shipping"),
      display_value: formatMoney(totals.shippingCents),
      value_cents: totals.shippingCents,
    });
  if (totals.giftCardCents > 0)
    rows.push({
      label: t("commerce.totals.giftCard"),
      display_value: `-${formatMoney(totals.giftCardCents)}`,
      value_cents: -totals.giftCardCents,
    });
  rows.push({
    label: t("commerce.totals.total"),
    display_value: formatMoney(totals.totalCents),
    value_cents: totals.totalCents,
  });
  if (cart.deposit)
    rows.push({
      label: t("commerce.totals.depositToday"),
      display_value: formatMoney(totals.dueNowCents),
      value_cents: totals.dueNowCents,
    });
  const by = (s: CartScope, key: string) =>
    lines.filter((l) => l.scope === s).map((l) => ({ [key]: l.refId, qty: l.qty }));
  return {
    id: cart.id,
    version: cart.version,
    items: lines.map((l) => ({
      instance_id: l.id,
      scope: l.scope,
      qty: l.qty,
      min_purchase: l.min,
      max_purchase: l.max,
      reason: l.reason,
      name: l.name,
      image: l.image,
      price_cents: l.unitCents,
      display_price: formatPrice(l.unitCents),
      display_total: formatMoney(l.unitCents * l.qty),
      [`${l.scope}_id`]: l.refId,
      ...(l.giftSale ? { gift_card: l.giftSale } : {}),
      ...(l.scope === "product"
        ? {
            variant_id: l.variantId,
            variant_label: l.variantLabel,
            sku: l.sku,
            product: {
              id: l.refId,
              name: l.name,
              store_area: l.area,
              require_shipping: l.requireShipping,
              certification_id: l.certificationId,
            },
          }
        : {}),
    })),
    totals: rows,
    products: by("product", "product_id"),
    plans: by("plan", "plan_id"),
    packs: by("pack", "pack_id"),
    promos: [] as unknown[],
    voucher: ctx.voucher ? { code: ctx.voucher.code, applied: !ctx.voucherReason, reason: ctx.voucherReason } : null,
    gift_card: ctx.giftCard ? { code: ctx.giftCard.code, balance_cents: ctx.giftCard.balanceCents } : null,
    amount: centsToPesos(totals.dueNowCents),
    amount_cents: totals.dueNowCents,
    display_amount: formatMoney(totals.dueNowCents),
    reason: ctx.reason,
    requires_shipping: ctx.requiresShipping,
    payment_method_id: cart.paymentMethodId,
    address_id: cart.addressId,
    shipping_method_id: cart.shippingMethodId,
    deposit: cart.deposit,
    has_certification: lines.some((l) => l.area === "certificate"),
    stripePublicKey: gateway.publicKey,
    /** OXXO and SPEI as this gateway offers them for this amount (null: not offered). */
    pay_later: payLaterChoices(gateway, totals.dueNowCents),
    /** Mercado Pago when it is configured (MERCADOPAGO_ACCESS_TOKEN; never the sandbox's own). */
    mercadopago: offers.mercadopago ? { reason: null } : null,
  };
}

// ---------- actions (spec §7) ----------

const intish = z.coerce
  .number({ error: () => t("commerce.cart.qtyInvalid") })
  .int(t("commerce.cart.qtyInvalid"))
  .min(-1000)
  .max(1000);
const boolish = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((v) => v === true || v === "true" || v === "1" || v === 1);
const idish = id;

export const addressInput = addressSchema;

const addParams = z.object({ qty: intish.default(1), update_qty: boolish.default(false) }).passthrough();

export type CartAction =
  | { action: "addPack" | "addPlan" | "addProduct"; params: Record<string, unknown> }
  | { action: "addGiftCard"; params: Record<string, unknown> }
  | { action: "setVoucher"; params: Record<string, unknown> }
  | { action: "setPaymentMethod"; params: Record<string, unknown> }
  | { action: "setAddress"; params: Record<string, unknown> }
  | { action: "setShippingMethod"; params: Record<string, unknown> }
  | { action: "setGiftCard"; params: Record<string, unknown> }
  | { action: "setDeposit"; params: Record<string, unknown> }
  | { action: "clear"; params: Record<string, unknown> };

export const CART_ACTIONS = [
  "addPack",
  "addPlan",
  "addProduct",
  "addGiftCard",
  "setVoucher",
  "setPaymentMethod",
  "setAddress",
  "setShippingMethod",
  "setGiftCard",
  "setDeposit",
  "clear",
] as const;

function parseOr422<T extends z.ZodType>(schema: T, value: unknown, prefix = "action_param"): z.output<T> {
  const r = schema.safeParse(value ?? {});
  if (r.success) return r.data;
  const seen = new Set<string>();
  const fields = r.error.issues
    .map((i) => ({ field: [prefix, ...i.path.map(String)].join("."), message: i.message }))
    .filter((f) => (seen.has(f.field) ? false : (seen.add(f.field), true)));
  throw AppError.validation(fields);
}

/** Runs one cart action for a customer in one transaction; returns the cart afterwards. */
export async function runCartAction(db: Db, userId: number, input: CartAction, now: Date): Promise<CartContext> {
  return db.transaction(async (tx) => {
    const cart = await lockOpenCart(tx, userId);
    const patch: Partial<typeof carts.$inferInsert> = {};
    const p = input.params;
    switch (input.action) {
      case "addPack":
      case "addPlan":
      case "addProduct": {
        const scope = input.action === "addPack" ? "pack" : input.action === "addPlan" ? "plan" : "product";
        const { qty, update_qty } = parseOr422(addParams, p);
        const refId = parseOr422(z.object({ [`${scope}_id`]: idish }), p)[`${scope}_id`] as number;
        const { variant_id } = parseOr422(z.object({ variant_id: optionalId.optional() }), p);
        await changeItem(tx, cart, { scope, refId, variantId: variant_id ?? null }, qty, update_qty, userId);
        break;
      }
      case "addGiftCard":
        await changeGiftCard(tx, cart, userId, p, now);
        break;
      case "clear":
        await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
        Object.assign(patch, { voucherId: null, deposit: false, giftCardId: null });
        break;
      case "setVoucher": {
        const { code } = parseOr422(z.object({ code: z.string().trim().max(60).default("") }), p);
        if (!code) patch.voucherId = null;
        else {
          const v = await findVoucher(tx, code);
          const lines = await cartLines(tx, cart.id);
          const why = await checkVoucher(tx, v, userId, lines, now);
          if (why) throw AppError.validation([{ field: "action_param.code", message: why }]);
          patch.voucherId = v!.id;
        }
        break;
      }
      case "setPaymentMethod": {
        const { payment_method_id } = parseOr422(
          z.object({
            payment_method_id: z.coerce
              .number()
              .refine(
                (v) => v === PAYMENT_METHOD.card || v === PAYMENT_METHOD.paypal,
                t("commerce.cart.paymentMethodInvalid"),
              ),
          }),
          p,
        );
        patch.paymentMethodId = payment_method_id;
        break;
      }
      case "setAddress": {
        const raw = (p.address ?? p) as Record<string, unknown>;
        if (raw.id !== undefined && raw.id !== null && raw.id !== "") {
          const id = parseOr422(z.object({ id: idish }), raw).id;
          const [a] = await tx
            .select()
            .from(addresses)
            .where(and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt)));
          if (!a)
            throw AppError.validation([
              { field: "action_param.address.id", message: t("commerce.cart.addressNotFound") },
            ]);
          patch.addressId = a.id;
        } else {
          const a = parseOr422(addressInput, raw, "action_param.address");
          patch.addressId = await saveAddress(tx, userId, a);
        }
        patch.shippingMethodId = null;
        break;
      }
      case "setShippingMethod": {
        const raw = p.shipping_method_id ?? p.method_id ?? p.id;
        const id = parseOr422(idish, raw, "action_param.shipping_method_id");
        const [m] = await tx
          .select()
          .from(shippingMethods)
          .where(and(eq(shippingMethods.id, id), eq(shippingMethods.active, true)));
        if (!m)
          throw AppError.validation([
            { field: "action_param.shipping_method_id", message: t("commerce.cart.shippingMethodInvalid") },
          ]);
        patch.shippingMethodId = m.id;
        break;
      }
      case "setGiftCard": {
        const { code } = parseOr422(z.object({ code: z.string().trim().max(60).default("") }), p);
        if (!code) patch.giftCardId = null;
        else {
          const [g] = await tx
            .select()
            .from(giftCards)
            .where(sql`upper(${giftCards.code}) = upper(${code})`);
          const why = giftCardProblem(g, userId, now);
          if (why) throw AppError.validation([{ field: "action_param.code", message: why }]);
          const lines = await cartLines(tx, cart.id);
          if (lines.length > 0 && lines.every((l) => l.scope === "gift_card"))
            throw AppError.validation([
              { field: "action_param.code", message: t("commerce.giftSale.notPayableWithGiftCard") },
            ]);
          patch.giftCardId = g!.id;
        }
        break;
      }
      case "setDeposit": {
        const { deposit } = parseOr422(z.object({ deposit: boolish.default(true) }), p);
        if (deposit) {
          const lines = await cartLines(tx, cart.id);
          if (!lines.some((l) => l.area === "certificate"))
            throw AppError.validation([
              { field: "action_param.deposit", message: t("commerce.cart.depositOnlyCertification") },
            ]);
        }
        patch.deposit = deposit;
        break;
      }
    }
    const [updated] = await tx
      .update(carts)
      .set({ ...patch, version: sql`${carts.version} + 1`, updatedAt: now })
      .where(eq(carts.id, cart.id))
      .returning();
    return cartContext(tx, updated!, now);
  });
}

/** A gift card is usable in a cart once redeemed into this customer's account, with balance. */
function giftCardProblem(g: typeof giftCards.$inferSelect | undefined, userId: number, now: Date) {
  if (!g || !g.active) return t("commerce.giftCard.invalid");
  if (g.userId !== null && g.userId !== userId) return t("commerce.giftCard.used");
  if (g.expiresAt && g.expiresAt <= now) return t("commerce.giftCard.expired");
  if (g.balanceCents <= 0) return t("commerce.giftCard.empty");
  if (g.userId === null) return t("commerce.giftCard.invalid");
  return null;
}

/**
 * A gift card sold online: with `gift_card_id` the line's quantity changes (0 removes it; each card
 * is one line of 1), otherwise a new card is chosen (amount, recipient, message, day) and added.
 */
async function changeGiftCard(tx: Db, cart: CartRow, userId: number, p: Record<string, unknown>, now: Date) {
  if (p.gift_card_id !== undefined && p.gift_card_id !== null && p.gift_card_id !== "") {
    const refId = parseOr422(z.object({ gift_card_id: idish }), p).gift_card_id;
    const { qty } = parseOr422(addParams, p);
    if (qty > 1) throw AppError.validation([{ field: "action_param.qty", message: t("commerce.giftSale.oneEach") }]);
    if (qty <= 0)
      await tx
        .delete(cartItems)
        .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.scope, "gift_card"), eq(cartItems.refId, refId)));
    return;
  }
  const input = parseOr422(giftCardSaleSchema, p);
  const sale = await createSale(tx, userId, input, now);
  await tx.insert(cartItems).values({ cartId: cart.id, scope: "gift_card", refId: sale.id, qty: 1 });
}

/** What a cart line sells: a pack, a plan, or a product (and its variant when it has options). */
interface ItemRef {
  scope: CartScope;
  refId: number;
  variantId: number | null;
}

async function changeItem(tx: Db, cart: CartRow, item: ItemRef, qty: number, updateQty: boolean, userId: number) {
  const { scope, refId, variantId } = item;
  const rule = await itemRule(tx, item, userId, qty);
  const [existing] = await tx
    .select()
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cart.id),
        eq(cartItems.scope, scope),
        eq(cartItems.refId, refId),
        variantId ? eq(cartItems.variantId, variantId) : isNull(cartItems.variantId),
      ),
    );
  // Adding an item already in the cart is ignored (spec §4); quantities change with update_qty.
  if (existing && !updateQty) return;
  if (!existing && qty <= 0) return;
  const r = applyQty(existing || updateQty ? qty : Math.max(qty, rule.min), rule);
  if (r.action === "remove") {
    if (existing) await tx.delete(cartItems).where(eq(cartItems.id, existing.id));
    return;
  }
  if (r.action === "tooMany")
    throw AppError.validation([
      {
        field: "action_param.qty",
        message: rule.intro ? t("commerce.cart.introQty") : t("commerce.cart.maxPurchase", { n: r.max }),
      },
    ]);
  if (rule.stock !== null && r.qty > rule.stock)
    throw AppError.validation([
      { field: "action_param.qty", message: t("commerce.cart.outOfStock", { n: rule.stock }) },
    ]);
  if (existing) await tx.update(cartItems).set({ qty: r.qty }).where(eq(cartItems.id, existing.id));
  else await tx.insert(cartItems).values({ cartId: cart.id, scope, refId, variantId, qty: r.qty });
}

async function itemRule(tx: Db, { scope, refId, variantId }: ItemRef, userId: number, qty: number) {
  const notFound = () =>
    AppError.validation([{ field: `action_param.${scope}_id`, message: t("commerce.cart.notFound") }]);
  if (scope === "pack") {
    const [p] = await tx.select().from(packs).where(eq(packs.id, refId));
    if (!p || !p.active) throw notFound();
    if (p.isIntroOffer && qty > 0 && (await boughtIntroOffer(tx, userId)))
      throw AppError.validation([{ field: "action_param.pack_id", message: t("commerce.cart.introOnce") }]);
    return { min: 1, max: p.isIntroOffer ? 1 : DEFAULT_MAX, stock: null, intro: p.isIntroOffer };
  }
  if (scope === "plan") {
    const [p] = await tx.select().from(plans).where(eq(plans.id, refId));
    if (!p || !p.active) throw notFound();
    if (qty > 0 && !(await onDemandEnabled(tx)))
      throw AppError.validation([{ field: "action_param.plan_id", message: t("commerce.cart.onDemandOff") }]);
    return { min: 1, max: DEFAULT_MAX, stock: null, intro: false };
  }
  const [p] = await tx.select().from(products).where(eq(products.id, refId));
  if (!p || !p.active) throw notFound();
  if (p.options.length === 0) {
    if (variantId)
      throw AppError.validation([
        { field: "action_param.variant_id", message: t("commerce.variants.onlyWithOptions") },
      ]);
    return { min: p.minPurchase, max: p.maxPurchase, stock: p.stock, intro: false };
  }
  // A product with options is bought through one of its active variants, with that variant's stock.
  if (!variantId)
    throw AppError.validation([
      { field: "action_param.variant_id", message: t("commerce.variants.choose", { options: optionNames(p.options) }) },
    ]);
  const [v] = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, p.id)));
  // A variant taken off sale can still be removed from a cart, not added or changed.
  if (!v || (!v.active && qty > 0))
    throw AppError.validation([{ field: "action_param.variant_id", message: t("commerce.variants.notFound") }]);
  return { min: p.minPurchase, max: p.maxPurchase, stock: v.stock, intro: false };
}

export async function saveAddress(tx: Db, userId: number, a: z.output<typeof addressInput>) {
  const [state] = await tx
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.countryId, 1), sql`lower(${states.name}) = lower(${a.custom_state})`));
  const [row] = await tx
    .insert(addresses)
    .values({
      userId,
      name: a.name,
      line1: a.line_1,
      line2: a.line_2 || null,
      countryId: a.country_id,
      stateId: state?.id ?? null,
      customState: a.custom_state,
      customCity: a.custom_city,
      zip: a.zip,
    })
    .returning({ id: addresses.id });
  return row!.id;
}

export function displayAddress(a: {
  line1: string;
  line2: string | null;
  customCity: string;
  customState: string;
  zip: string;
}) {
  return [a.line1, a.line2, `${a.customCity}, ${a.customState}`, `C.P. ${a.zip}`, "México"].filter(Boolean).join(", ");
}

export function addressView(a: typeof addresses.$inferSelect) {
  return {
    id: a.id,
    name: a.name,
    line_1: a.line1,
    line_2: a.line2,
    country_id: a.countryId,
    custom_state: a.customState,
    custom_city: a.customCity,
    zip: a.zip,
    display_address: displayAddress(a),
  };
}

/**
 * How many lines a customer's cart holds, for the spec's cart guard (`hasProducts`): the cart
 * `cartId` when given and hers (the one a payment page is paying, already paid or not), else her
 * open cart. Someone else's or an unknown cart counts 0.
 */
export async function cartLineCount(db: Db, userId: number, cartId: number | null) {
  const [row] = await db
    .select({ n: count() })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(carts.userId, userId), cartId ? eq(carts.id, cartId) : eq(carts.status, "open")));
  return row?.n ?? 0;
}

/** The customer's open cart, read without locking (GET). */
export async function readCart(db: Db, userId: number, now: Date) {
  const [cart] = await db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, userId), eq(carts.status, "open")));
  if (!cart) return db.transaction(async (tx) => cartContext(tx, await lockOpenCart(tx, userId), now));
  return cartContext(db, cart, now);
}

/** A line of a sale at the front desk (point of sale): a pack, a plan or a product (its variant). */
export interface DeskItem {
  scope: "pack" | "plan" | "product";
  refId: number;
  variantId: number | null;
  qty: number;
}

/**
 * The point of sale's cart: a cart of the customer's own for this one sale (her online cart, if
 * any, is left as it is), filled with the very rules of the online cart's actions (availability,
 * the intro pack once, variants, quantities, stock; the voucher's and the gift card's checks).
 * Checkout's steps then price, hold, record and fulfil it in the caller's transaction. It is
 * written as `paid` at once (it never waits open: the sale's transaction commits it with its
 * order or rolls both back), so the one-open-cart rule of the customer's online cart is untouched.
 * A refusal names the line (`items.N`), the `voucher_code` or the `gift_card_code`.
 */
export async function deskCart(
  tx: Db,
  userId: number,
  input: {
    items: DeskItem[];
    /** Gift cards sold at the desk: the same choice (amount, recipient, day) as online. */
    giftCards?: GiftCardSaleInput[];
    voucherCode: string | null;
    giftCardCode: string | null;
  },
  now: Date,
): Promise<CartRow> {
  const [cart] = await tx.insert(carts).values({ userId, status: "paid", createdAt: now, updatedAt: now }).returning();
  const onLine = async (field: string, fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (e) {
      if (e instanceof AppError && e.status === 422)
        throw AppError.validation([{ field, message: e.fields[0]?.message ?? e.message }]);
      throw e;
    }
  };
  for (const [i, item] of input.items.entries())
    await onLine(`items.${i}`, () => changeItem(tx, cart!, item, item.qty, false, userId));
  for (const [i, g] of (input.giftCards ?? []).entries())
    await onLine(`gift_cards.${i}`, async () => {
      const sale = await createSale(tx, userId, g, now);
      await tx.insert(cartItems).values({ cartId: cart!.id, scope: "gift_card", refId: sale.id, qty: 1 });
    });
  const lines = await cartLines(tx, cart!.id);
  const patch: Partial<typeof carts.$inferInsert> = {};
  if (input.voucherCode) {
    const v = await findVoucher(tx, input.voucherCode);
    const why = await checkVoucher(tx, v, userId, lines, now);
    if (why) throw AppError.validation([{ field: "voucher_code", message: why }]);
    patch.voucherId = v!.id;
  }
  if (input.giftCardCode) {
    const [g] = await tx
      .select()
      .from(giftCards)
      .where(sql`upper(${giftCards.code}) = upper(${input.giftCardCode.trim()})`);
    const why = giftCardProblem(g, userId, now);
    if (why) throw AppError.validation([{ field: "gift_card_code", message: why }]);
    patch.giftCardId = g!.id;
  }
  if (Object.keys(patch).length === 0) return cart!;
  const [updated] = await tx.update(carts).set(patch).where(eq(carts.id, cart!.id)).returning();
  return updated!;
}
