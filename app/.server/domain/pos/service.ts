/**
 * The point of sale (issue 22, item 3): a sale at the front desk is the same order, payment, credit
 * lot, ledger movement, voucher redemption, gift-card movement and receipt mail as an online sale,
 * because it runs checkout's own steps (`settleSteps`: price, hold, record; then `fulfilOrder` after the commit) over a cart of
 * its own (`deskCart`, filled with the online cart's rules). What the desk adds:
 *
 * - the caller's open shift (none: refused), whose studio the order counts for;
 * - the payment: cash (what was received, the change in integer cents), the card terminal or a
 *   transfer (a reference), recorded as the order's payment (`gateway` none: no gateway is called)
 *   and as a shift movement (`addShiftMovement`), so close-turn's figures include it;
 * - the browser's idempotency key: the same key answers the same sale (an advisory lock makes a
 *   double submit wait for the first one, then find it), never a second sale.
 *
 * Everything runs in ONE transaction: a failure at any step leaves no order, no credit, no movement.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { posSearchable, type PosQuoteInput, type PosRefundInput, type PosSaleInput } from "~/shared/schemas/pos";
import { ROLE } from "~/shared/roles";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import {
  cities,
  employees,
  giftCardSales,
  giftCards,
  orderItems,
  orders,
  packs,
  payments,
  plans,
  posSales,
  productVariants,
  products,
  studios,
  users,
} from "../../db/schema";
import { AppError, uniqueViolationOf } from "../errors";
import { inTransaction } from "../tx";
import { onDemandEnabled } from "../content/service";
import { cartContext, deskCart, type CartContext, type CartRow, type DeskItem } from "../commerce/cart";
import { settlePorts } from "../commerce/checkout-ports";
import { fulfilOrder } from "../commerce/checkout";
import { FulfilmentError, settleSteps, type SettlePorts, type SettleState } from "../commerce/checkout-steps";
import { variantLabel } from "../commerce/variants";
import { runStepsOrThrow, type Step } from "../commerce/workflow";
import { emailTakenError, personSearch, selectPeople, toPersonDto } from "../people/common";
import { saveCustomer } from "../people/customers";
import { sendResetFor } from "../people/reset";
import type { Actor } from "../people/access";
import type { AccountDeps } from "../identity/accounts";
import { contactView } from "../identity/current-user";
import { addShiftMovement, openShiftOf, requireOpenShift, shiftTotals, type OpenShift } from "../shifts/service";
import { expectedCash } from "~/shared/shifts";
import { GIFT_CARD_MAX_CENTS, GIFT_CARD_MIN_CENTS } from "~/shared/gift-cards";
import { formatCalendarDate } from "~/shared/mexico/time";
import { refundable, refundPaymentIn } from "../commerce/after-sale";
import { spentOfOrderCards } from "../commerce/gift-card-sales";

type PosDeps = Pick<AppDeps, "db" | "mailer" | "clock" | "config" | "jobs">;
type RefundDeps = Pick<AppDeps, "db" | "mailer" | "clock" | "gateways" | "log">;

const SEARCH_LIMIT = 20;
const SEARCH_CANDIDATES = 200;

const fullName = (u: { name: string; lastName: string }) => [u.name, u.lastName].filter(Boolean).join(" ");

// ---------- customers ----------

const customerColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
};
type CustomerRow = { id: number; name: string; lastName: string; email: string; phone: string | null };

const customerView = (u: CustomerRow) => contactView(u);
type CustomerView = ReturnType<typeof customerView>;

/**
 * Active customers whose name, surname, email or phone contain every word typed (the back office's
 * people search over the generated `users.search_text`, which has a trigram index), by name. At
 * most SEARCH_CANDIDATES matches are read (in no particular order, so a common name never sorts
 * thousands of rows) and the first SEARCH_LIMIT of them by name are answered: a text that matches
 * more is narrowed by typing more (docs/decisions.md "Point-of-sale search"): one more row is read
 * than answered, and `more` says it was there, so the desk is told to refine the search.
 */
export async function searchCustomers(db: Db, q: string): Promise<{ customers: CustomerView[]; more: boolean }> {
  if (!posSearchable(q)) return { customers: [], more: false };
  const rows = await customerSearchQuery(db, q);
  return { customers: rows.slice(0, SEARCH_LIMIT).map(customerView), more: rows.length > SEARCH_LIMIT };
}

/**
 * The statement `searchCustomers` runs for a searchable `q`, not yet run: `npm run bench:pos`
 * explains this very query (scripts/lib/pos-search-plan.ts).
 */
export function customerSearchQuery(db: Db, q: string) {
  const candidates = db
    .select(customerColumns)
    .from(users)
    .where(and(eq(users.roleId, ROLE.customer), eq(users.active, true), personSearch(q)))
    .limit(SEARCH_CANDIDATES)
    .as("candidates");
  return db
    .select()
    .from(candidates)
    .orderBy(asc(candidates.name), asc(candidates.lastName), asc(candidates.id))
    .limit(SEARCH_LIMIT + 1);
}

/**
 * A customer registered at the desk: created exactly as the back office creates one (a random
 * password, the audit entry), then mailed the usual reset link so she chooses her password. The mail
 * never undoes the account (a failure is logged).
 */
export async function registerAtDesk(
  deps: AccountDeps,
  actor: Actor,
  input: { name: string; last_name: string; email: string; phone: string | null },
) {
  const now = deps.clock();
  let id: number;
  try {
    id = await inTransaction(deps.db, async ({ tx, audit }) => {
      const r = await saveCustomer(tx, { ...input, birth_date: null, is_tester: false }, null, now);
      audit({
        actorUserId: actor.id,
        action: "customer.created",
        entity: "user",
        entityId: r.id,
        data: { ...r.audit, source: "pos" },
        ip: actor.ip,
      });
      return r.id;
    });
  } catch (err) {
    if (uniqueViolationOf(err)) throw emailTakenError();
    throw err;
  }
  const [row] = await selectPeople(deps.db).where(eq(users.id, id)).limit(1);
  const person = toPersonDto(row!);
  try {
    await sendResetFor(deps, actor, person, "customer");
  } catch (err) {
    deps.log.error({ err, userId: id }, "welcome reset mail of a customer registered at the desk failed");
  }
  return customerView({ id, name: person.name, lastName: person.last_name, email: person.email, phone: person.phone });
}

async function activeCustomer(db: Db, id: number): Promise<CustomerRow> {
  const [u] = await db
    .select(customerColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, ROLE.customer), eq(users.active, true)));
  if (!u) throw AppError.validation([{ field: "customer_id", message: t("shifts.pos.errors.customerNotFound") }]);
  return u;
}

// ---------- catalogue ----------

/** What the desk sells: active packs (not testing ones), plans (when on demand is on), products with their variants. */
export async function posCatalogue(db: Db) {
  const [pk, pl, pr, vs, onDemand] = await Promise.all([
    db
      .select({ id: packs.id, name: packs.name, city: cities.name, cents: packs.priceCents })
      .from(packs)
      .innerJoin(cities, eq(cities.id, packs.cityId))
      .where(and(eq(packs.active, true), eq(packs.isTesting, false)))
      .orderBy(asc(cities.name), asc(packs.sortOrder), asc(packs.id)),
    db
      .select({ id: plans.id, name: plans.name, cents: plans.priceCents })
      .from(plans)
      .where(eq(plans.active, true))
      .orderBy(asc(plans.sortOrder), asc(plans.id)),
    db
      .select()
      .from(products)
      .where(eq(products.active, true))
      .orderBy(asc(products.area), asc(products.sortOrder), asc(products.id)),
    db
      .select()
      .from(productVariants)
      .where(eq(productVariants.active, true))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    onDemandEnabled(db),
  ]);
  const money = (cents: number) => ({ cents, display: formatMoney(cents) });
  return {
    gift_card: { min: money(GIFT_CARD_MIN_CENTS), max: money(GIFT_CARD_MAX_CENTS) },
    packs: pk.map((p) => ({ id: p.id, name: p.name, city: p.city, ...money(p.cents) })),
    plans: onDemand ? pl.map((p) => ({ id: p.id, name: p.name, ...money(p.cents) })) : [],
    products: pr.map((p) => ({
      id: p.id,
      name: p.name,
      area: p.area,
      ...money(p.priceCents),
      variants:
        p.options.length === 0
          ? []
          : vs
              .filter((v) => v.productId === p.id)
              .map((v) => ({ id: v.id, label: variantLabel(p.options, v.optionValues), ...money(v.priceCents) })),
    })),
  };
}

// ---------- pricing ----------

const deskItems = (input: PosQuoteInput): DeskItem[] => {
  // The same thing twice is one line with both quantities.
  const out: DeskItem[] = [];
  for (const i of input.items) {
    const same = out.find((o) => o.scope === i.kind && o.refId === i.id && o.variantId === i.variant_id);
    if (same) same.qty += i.qty;
    else out.push({ scope: i.kind, refId: i.id, variantId: i.variant_id, qty: i.qty });
  }
  return out;
};

/** At the desk a product is handed over: no shipping is asked nor charged. */
function deskPriced(ctx: CartContext): CartContext {
  if (!ctx.requiresShipping) return ctx;
  const reason = ctx.reason === t("commerce.cart.shippingRequired") ? null : ctx.reason;
  return { ...ctx, requiresShipping: false, reason };
}

/** Checkout's ports, priced as the desk prices (no shipping). */
function deskPorts(ports: SettlePorts): SettlePorts {
  return {
    ...ports,
    price: { ...ports.price, cartContext: async (c, n) => deskPriced(await ports.price.cartContext(c, n)) },
  };
}

async function pricedDeskCart(tx: Db, customerId: number, input: PosQuoteInput, now: Date) {
  if (input.items.length + input.gift_cards.length === 0)
    throw AppError.validation([{ field: "items", message: t("shifts.pos.errors.items") }]);
  const cart = await deskCart(
    tx,
    customerId,
    {
      items: deskItems(input),
      giftCards: input.gift_cards,
      voucherCode: input.voucher_code,
      giftCardCode: input.gift_card_code,
    },
    now,
  );
  const ctx = deskPriced(await cartContext(tx, cart, now));
  if (ctx.reason) throw AppError.validation([{ field: "items", message: ctx.reason }]);
  return { cart, ctx };
}

const priced = (cents: number) => ({ cents, display: formatMoney(cents) });

function totalsView(x: { subtotalCents: number; discountCents: number; giftCardCents: number; totalCents: number }) {
  return {
    subtotal: priced(x.subtotalCents),
    discount: priced(x.discountCents),
    gift_card: priced(x.giftCardCents),
    total: priced(x.totalCents),
  };
}

const lineName = (l: { name: string; variantLabel: string | null }) =>
  l.variantLabel ? `${l.name} (${l.variantLabel})` : l.name;

/** Rolls a quote's transaction back, carrying its answer out. */
class QuoteDone<T> extends Error {
  constructor(readonly value: T) {
    super("quote");
  }
}

/**
 * The totals of a sale before it is made, by the very pricing checkout uses (a desk cart priced in
 * a transaction that is then rolled back: nothing is written).
 */
export async function quoteSale(db: Db, input: PosQuoteInput, now: Date) {
  try {
    await db.transaction(async (tx) => {
      const customer = await activeCustomer(tx, input.customer_id);
      const { ctx } = await pricedDeskCart(tx, customer.id, input, now);
      throw new QuoteDone({
        lines: ctx.lines.map((l) => ({ name: lineName(l), qty: l.qty, total: priced(l.unitCents * l.qty) })),
        totals: totalsView(ctx.totals),
      });
    });
  } catch (e) {
    if (e instanceof QuoteDone) return e.value as { lines: SaleLine[]; totals: ReturnType<typeof totalsView> };
    throw e;
  }
  throw new Error("pos: the quote did not answer");
}

type SaleLine = { name: string; qty: number; total: { cents: number; display: string } };

// ---------- the sale ----------

/** The state of a desk sale's steps: checkout's, plus the shift and the payment at the desk. */
export interface DeskState extends SettleState {
  shift: OpenShift;
  cashierId: number;
  sale: PosSaleInput;
  changeCents: number | null;
  saleId?: number;
}

export interface SellOptions {
  /** The steps of the sale (tests replace one to make it fail half-way). */
  steps?: (steps: Step<DeskState>[]) => Step<DeskState>[];
}

/**
 * Checkout's steps (price, hold, record) on the desk's ports, then `desk`: the shift
 * movement (every method; cash is what close-turn expects in the drawer) and the sale's row.
 */
function deskSteps(deps: PosDeps, tx: Db): Step<DeskState>[] {
  const checkout = settleSteps(deskPorts(settlePorts(deps, tx))) as Step<DeskState>[];
  return [
    ...checkout,
    {
      name: "desk",
      async run(s) {
        const order = s.order!;
        const [payment] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(and(eq(payments.orderId, order.id), eq(payments.instalment, 1)));
        const amount = s.input.intent.amountCents;
        if (amount > 0)
          await addShiftMovement(tx, s.shift.id, s.cashierId, {
            kind: "sale",
            method: s.sale.method,
            amountCents: amount,
            reference: s.sale.method === "cash" ? null : s.sale.reference,
            reason: t("shifts.pos.grantReason", { id: order.id }),
            orderId: order.id,
            paymentId: payment?.id ?? null,
          });
        const cash = s.sale.method === "cash";
        const [row] = await tx
          .insert(posSales)
          .values({
            shiftId: s.shift.id,
            orderId: order.id,
            customerUserId: s.cart.userId,
            cashierUserId: s.cashierId,
            method: s.sale.method,
            totalCents: amount,
            receivedCents: cash ? s.sale.received! : null,
            changeCents: cash ? s.changeCents : null,
            reference: cash ? null : s.sale.reference,
            idempotencyKey: s.sale.idempotency_key,
            createdAt: s.now,
          })
          .returning({ id: posSales.id });
        return { saleId: row!.id };
      },
    },
  ];
}

/**
 * Sells at the desk (see the file's comment). Refused in Spanish, with nothing written: no open
 * shift, an unknown or inactive customer or item, a voucher or gift card that does not apply, cash
 * received below the total, a terminal or transfer without its reference.
 */
export async function sellAtDesk(deps: PosDeps, actor: Actor, input: PosSaleInput, opts: SellOptions = {}) {
  const now = deps.clock();
  const result = await inTransaction(deps.db, async ({ tx, audit }) => {
    // A double submit waits here for the first one, then finds its sale.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`pos:${actor.id}:${input.idempotency_key}`}, 0))`,
    );
    const [earlier] = await tx
      .select({ id: posSales.id, orderId: posSales.orderId })
      .from(posSales)
      .where(and(eq(posSales.cashierUserId, actor.id), eq(posSales.idempotencyKey, input.idempotency_key)));
    if (earlier) return { saleId: earlier.id, orderId: earlier.orderId, duplicate: true };
    const shift = await requireOpenShift(tx, actor.id);
    const customer = await activeCustomer(tx, input.customer_id);
    const { cart, ctx } = await pricedDeskCart(tx, customer.id, input, now);
    const due = ctx.totals.dueNowCents;
    let changeCents: number | null = null;
    if (input.method === "cash") {
      const received = input.received!;
      if (received < due)
        throw AppError.validation([
          {
            field: "received",
            message: t("shifts.pos.errors.receivedShort", { received: formatMoney(received), total: formatMoney(due) }),
          },
        ]);
      changeCents = received - due;
    }
    const state: DeskState = {
      input: {
        gateway: "none",
        method: input.method,
        intent: {
          id: `pos:${actor.id}:${input.idempotency_key}`,
          status: "succeeded",
          amountCents: due,
          clientSecret: null,
          metadata: { cart_id: String(cart.id), user_id: String(customer.id), studio_id: String(shift.studioId) },
          paymentMethodId: null,
          failureMessage: null,
        },
        studioId: shift.studioId,
      },
      cart: cart as CartRow,
      now,
      pre: { pm: null, user: { email: customer.email, name: customer.name } },
      shift,
      cashierId: actor.id,
      sale: input,
      changeCents,
    };
    const steps = deskSteps(deps, tx);
    let done: DeskState;
    try {
      done = await runStepsOrThrow(opts.steps ? opts.steps(steps) : steps, state);
    } catch (e) {
      if (e instanceof FulfilmentError) throw AppError.conflict(t("shifts.pos.errors.failed", { reason: e.message }));
      throw e;
    }
    audit({
      actorUserId: actor.id,
      action: "pos.sale",
      entity: "order",
      entityId: done.order!.id,
      data: {
        sale_id: done.saleId,
        shift_id: shift.id,
        customer_id: customer.id,
        method: input.method,
        total_cents: due,
        received_cents: input.method === "cash" ? input.received : null,
        change_cents: changeCents,
        reference: input.method === "cash" ? null : input.reference,
      },
      ip: actor.ip,
    });
    return { saleId: done.saleId!, orderId: done.order!.id, duplicate: false };
  });
  // Fulfilment (credits, receipt) after the commit, as online; its job (sent with the order) retries
  // a failure here, and any number of calls fulfil the order once.
  await fulfilOrder(deps, result.orderId);
  return { ...(await saleView(deps.db, result.saleId)), duplicate: result.duplicate };
}

/** A desk sale as the screen and the receipt show it. */
export async function saleView(db: Db, saleId: number) {
  const [view] = await saleViews(db, eq(posSales.id, saleId));
  if (!view) throw AppError.notFound(t("shifts.pos.errors.notFound"));
  return view;
}

/**
 * The views of the desk sales matching `where`, newest first (at most `limit`): four queries
 * whatever the number of sales (the sales, then their lines, cashiers and gift cards at once).
 */
async function saleViews(db: Db, where: SQL, limit?: number) {
  const base = db
    .select({
      sale: posSales,
      order: orders,
      customer: customerColumns,
      studio: studios.name,
      paid: payments.amountCents,
      refunded: payments.refundedCents,
    })
    .from(posSales)
    .innerJoin(orders, eq(orders.id, posSales.orderId))
    .innerJoin(users, eq(users.id, posSales.customerUserId))
    .leftJoin(payments, and(eq(payments.orderId, posSales.orderId), eq(payments.instalment, 1)))
    .leftJoin(studios, eq(studios.id, orders.studioId))
    .where(where)
    .orderBy(desc(posSales.id));
  const rows = limit === undefined ? await base : await base.limit(limit);
  if (rows.length === 0) return [];
  const orderIds = rows.map((r) => r.order.id);
  const [items, cashiers, cards] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id)),
    db
      .select({ id: users.id, name: users.name, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.sale.cashierUserId))])),
    db
      .select({ sale: giftCardSales, code: giftCards.code })
      .from(giftCardSales)
      .innerJoin(giftCards, eq(giftCards.id, giftCardSales.giftCardId))
      .where(inArray(giftCardSales.orderId, orderIds))
      .orderBy(asc(giftCardSales.id)),
  ]);
  const cashierOf = new Map(cashiers.map((c) => [c.id, c]));
  return rows.map((row) => {
    const { sale, order, customer } = row;
    const cashier = cashierOf.get(sale.cashierUserId);
    return {
      id: sale.id,
      order_id: order.id,
      shift_id: sale.shiftId,
      cashier_user_id: sale.cashierUserId,
      cashier_name: cashier ? fullName(cashier) : "",
      studio_name: row.studio ?? "",
      customer: { id: customer.id, full_name: fullName(customer), email: customer.email },
      method: sale.method,
      lines: items
        .filter((i) => i.orderId === order.id)
        .map((i) => ({ name: lineName(i), qty: i.qty, total: priced(i.totalCents) })),
      totals: totalsView(order),
      received: sale.receivedCents === null ? null : priced(sale.receivedCents),
      change: sale.changeCents === null ? null : priced(sale.changeCents),
      reference: sale.reference,
      /** Gift cards sold in this sale: the code (printed on the receipt), whom it goes to and when. */
      gift_cards: cards
        .filter((c) => c.sale.orderId === order.id)
        .map((c) => ({
          code: c.code,
          amount: priced(c.sale.amountCents),
          recipient_name: c.sale.recipientName,
          recipient_email: c.sale.recipientEmail,
          deliver_on: c.sale.deliverOn,
          display_deliver_on: formatCalendarDate(c.sale.deliverOn),
        })),
      /** What was given back (refunds at the desk or online) and what can still be. */
      refunded: priced(row.refunded ?? 0),
      refundable: priced(Math.max(0, (row.paid ?? 0) - (row.refunded ?? 0))),
      created_at: sale.createdAt.toISOString(),
      receipt_url: `/api/pos/sales/${sale.id}/receipt.pdf`,
    };
  });
}
export type SaleView = Awaited<ReturnType<typeof saleView>>;

/**
 * The sales of the caller's open shift, newest first (the desk's "ventas del turno", where a
 * refund starts); none without an open shift.
 */
export async function openShiftSales(db: Db, userId: number, limit = 30) {
  const shift = await openShiftOf(db, userId);
  if (!shift) return [];
  return saleViews(db, eq(posSales.shiftId, shift.id), limit);
}

/** Who may read a desk sale: the cashier who made it, or staff of the studio's back office (not a customer). */
export async function assertSaleReader(db: Db, actor: Actor, sale: SaleView) {
  if (sale.cashier_user_id === actor.id || actor.roleId === ROLE.admin) return;
  const [e] = await db.select({ id: employees.id }).from(employees).where(eq(employees.userId, actor.id));
  if (!e) throw AppError.forbidden();
}

// ---------- refunds ----------

const refundError = (field: string, key: Parameters<typeof t>[0], vars?: Record<string, string | number>) =>
  AppError.validation([{ field, message: t(key, vars) }]);

/**
 * Refunds a desk sale, whole or in part (`amount` in cents; absent: all that is left), at the
 * desk: the very refund an online order gets (`refundPaymentIn`: credits and gift cards revoked,
 * stock back, the refund row, its audit entry and the customer's mail), plus a `refund` movement on
 * the refunding person's open shift, in the sale's method: cash leaves the drawer (close-turn
 * expects less), a terminal or transfer refund is recorded with its reference and nets the shift's
 * terminal or transfer total. One transaction; refused in Spanish with nothing written: no open
 * shift, a sale of another studio, a terminal or transfer refund without its reference, a sale
 * already refunded, an amount above what is left, cash above what the drawer holds.
 */
export async function refundAtDesk(deps: RefundDeps, actor: Actor, saleId: number, input: PosRefundInput) {
  await inTransaction(deps.db, async ({ tx, audit }) => {
    const [sale] = await tx
      .select({ sale: posSales, studioId: orders.studioId })
      .from(posSales)
      .innerJoin(orders, eq(orders.id, posSales.orderId))
      .where(eq(posSales.id, saleId))
      .for("update", { of: posSales });
    if (!sale) throw AppError.notFound(t("shifts.pos.errors.notFound"));
    const shift = await requireOpenShift(tx, actor.id);
    if (sale.studioId !== null && sale.studioId !== shift.studioId)
      throw refundError("sale", "shifts.pos.refund.errors.otherStudio", { studio: shift.studioName });
    const method = sale.sale.method;
    const reference = method === "cash" ? null : (input.reference ?? null);
    if (method !== "cash" && !reference) throw refundError("reference", "shifts.pos.refund.errors.reference");
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, sale.sale.orderId), eq(payments.instalment, 1)));
    // Checked before the amounts (its own message at the desk), by refundPaymentIn's rule.
    if (!payment || !refundable(payment)) throw AppError.conflict(t("shifts.pos.refund.errors.already"));
    // What its gift cards already spent stays paid, as online (gift-card-sales.ts).
    const left = payment.amountCents - payment.refundedCents - (await spentOfOrderCards(tx, sale.sale.orderId));
    if (left <= 0) throw AppError.conflict(t("commerce.giftSale.nothingToRefund"));
    if (input.amount !== undefined && input.amount > left)
      throw refundError("amount", "shifts.pos.refund.errors.amount", { max: formatMoney(left) });
    if (method === "cash") {
      const inDrawer = expectedCash(await shiftTotals(tx, shift.id));
      if ((input.amount ?? left) > inDrawer)
        throw refundError("amount", "shifts.pos.refund.errors.drawer", { amount: formatMoney(inDrawer) });
    }
    const r = await refundPaymentIn(deps, tx, payment.id, actor.id, input.amount);
    const movement = await addShiftMovement(tx, shift.id, actor.id, {
      kind: "refund",
      method,
      amountCents: r.amountCents,
      reference,
      reason: t("shifts.pos.refund.reason", { id: sale.sale.orderId }),
      orderId: sale.sale.orderId,
      paymentId: payment.id,
    });
    audit({
      actorUserId: actor.id,
      action: "pos.refund",
      entity: "order",
      entityId: sale.sale.orderId,
      data: {
        sale_id: saleId,
        shift_id: shift.id,
        movement_id: movement.id,
        method,
        amount_cents: r.amountCents,
        reference,
        credits_revoked: r.revoked,
      },
      ip: actor.ip,
    });
  });
  return saleView(deps.db, saleId);
}
