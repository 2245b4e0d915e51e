/**
 * Refunds of desk sales (issue 22): the online refund (credits revoked, refund row, audit) plus a
 * `refund` movement on the refunding person's open shift in the sale's method, so close-turn's
 * figures stay right: cash leaves the drawer, a terminal or transfer refund (with its reference)
 * nets their totals. Refused in Spanish with nothing written: no open shift, no reference, twice.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  creditLots,
  giftCardSales,
  giftCards,
  mailOutbox,
  packs,
  payments,
  refunds,
  shiftMovements,
} from "../../app/.server/db/schema";
import { deliverDueGiftCards } from "../../app/.server/domain/commerce/gift-card-sales";
import { localDay } from "../../app/shared/mexico/time";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";
import { createCustomer, createStaff, createStudio, sessionFor } from "../support/factories";

const app = setupTestApp();
const json = async (res: Response) => (await res.json()) as any;

let studioId = 0;
let cashier: Awaited<ReturnType<typeof createStaff>>;
let cashierToken = "";
let noShiftToken = "";
let pack: { id: number; priceCents: number };
let customerId = 0;
let keySeq = 0;
const newKey = () => `reembolso-${process.pid}-${Date.now()}-${++keySeq}`;

const post = (token: string, path: string, body: unknown) => app.request(path, { method: "POST", token, json: body });
const currentShift = async () => (await json(await app.request("/cashier/turn/current", { token: cashierToken }))).data;

async function counts() {
  const n = async (table: any) =>
    (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n as number;
  return { refunds: await n(refunds), movements: await n(shiftMovements), audit: await n(auditLog) };
}

async function sell(method: "cash" | "card_terminal" | "transfer") {
  const res = await post(cashierToken, "/pos/sales", {
    customer_id: customerId,
    items: [{ kind: "pack", id: pack.id }],
    method,
    ...(method === "cash" ? { received: String(pack.priceCents) } : { reference: "AUT-VENTA-1" }),
    idempotency_key: newKey(),
  });
  expect(res.status).toBe(201);
  return (await json(res)).data as { id: number; order_id: number; receipt_url: string };
}

const lotsOf = (orderId: number) =>
  app.deps.db
    .select()
    .from(creditLots)
    .where(sql`${creditLots.sourceRef} in (select 'order_item:' || id from order_items where order_id = ${orderId})`);

beforeAll(async () => {
  const db = app.deps.db;
  studioId = (await createStudio(db)).id;
  cashier = await createStaff(db, "cashier", { studioId, name: "Rebeca" });
  cashierToken = await sessionFor(db, cashier);
  noShiftToken = await sessionFor(db, await createStaff(db, "cashier", { studioId, name: "Sinturno" }));
  customerId = (await createCustomer(db)).id;
  const [p] = await db
    .select({ id: packs.id, priceCents: packs.priceCents })
    .from(packs)
    .where(and(eq(packs.active, true), eq(packs.isIntroOffer, false), isNotNull(packs.sessions)))
    .limit(1);
  pack = p!;
  const res = await app.request("/cashier/turn/init", {
    method: "POST",
    token: cashierToken,
    form: {
      id_employee_data: String(cashier.employeeId),
      id_studio: String(studioId),
      turn_type: "1",
      id_employee: String(cashier.employeeId),
      small_box_init: "500",
    },
  });
  expect(res.status).toBe(201);
});

describe("refunds of desk sales", () => {
  it("a cash refund lowers expected cash by its amount and revokes the sale's credits, as online", async () => {
    const sale = await sell("cash");
    const [lot] = await lotsOf(sale.order_id);
    expect(lot!.remaining).toBeGreaterThan(0);
    const before = await currentShift();
    const res = await post(cashierToken, `/pos/sales/${sale.id}/refund`, {});
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.Message).toBe("Reembolso registrado");
    expect(body.data.refunded.cents).toBe(pack.priceCents);
    expect(body.data.refundable.cents).toBe(0);
    const after = await currentShift();
    expect(after.cash_refunds_cents - before.cash_refunds_cents).toBe(pack.priceCents);
    expect(before.expected_cash_cents - after.expected_cash_cents).toBe(pack.priceCents);
    // Credits taken back exactly as an online refund does (remaining 0, a revoke movement).
    const [revoked] = await lotsOf(sale.order_id);
    expect(revoked!.remaining).toBe(0);
    const [payment] = await app.deps.db.select().from(payments).where(eq(payments.orderId, sale.order_id));
    expect(payment).toMatchObject({ status: "refunded", refundedCents: pack.priceCents });
    const [row] = await app.deps.db.select().from(refunds).where(eq(refunds.paymentId, payment!.id));
    expect(row).toMatchObject({ amountCents: pack.priceCents, creditsRevoked: lot!.remaining });
    const [mv] = await app.deps.db
      .select()
      .from(shiftMovements)
      .where(and(eq(shiftMovements.orderId, sale.order_id), eq(shiftMovements.kind, "refund")));
    expect(mv).toMatchObject({ method: "cash", amountCents: pack.priceCents, paymentId: payment!.id });
    const audits = await app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(sale.order_id))));
    expect(audits.map((a) => a.action)).toContain("pos.refund");
    // The shift's sales list shows it refunded, nothing left to refund.
    const list = (await json(await app.request("/pos/sales", { token: cashierToken }))).data;
    expect(list.find((x: any) => x.id === sale.id)).toMatchObject({ refunded: { cents: pack.priceCents } });
    expect((await json(await app.request("/pos/sales", { token: noShiftToken }))).data).toEqual([]);
  });

  it("a sale refunded already is refused, nothing written", async () => {
    const sale = await sell("cash");
    expect((await post(cashierToken, `/pos/sales/${sale.id}/refund`, {})).status).toBe(200);
    const before = await counts();
    const again = await post(cashierToken, `/pos/sales/${sale.id}/refund`, {});
    expect(again.status).toBe(409);
    expect((await json(again)).error.message).toBe("Esta venta ya fue reembolsada por completo");
    expect(await counts()).toEqual(before);
  });

  it("a terminal refund needs its reference and nets the terminal total; a transfer's the transfer total", async () => {
    const card = await sell("card_terminal");
    const before = await counts();
    const bad = await post(cashierToken, `/pos/sales/${card.id}/refund`, {});
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages).toContainEqual({
      field: "reference",
      message: "Escriba la referencia del reembolso en la terminal o de la transferencia",
    });
    expect(await counts()).toEqual(before);
    const shiftBefore = await currentShift();
    const ok = await post(cashierToken, `/pos/sales/${card.id}/refund`, { reference: "DEV-778899" });
    expect(ok.status).toBe(200);
    const shiftAfter = await currentShift();
    expect(shiftBefore.card_sales_cents - shiftAfter.card_sales_cents).toBe(pack.priceCents);
    expect(shiftAfter.expected_cash_cents).toBe(shiftBefore.expected_cash_cents);
    const [mv] = await app.deps.db
      .select()
      .from(shiftMovements)
      .where(and(eq(shiftMovements.orderId, card.order_id), eq(shiftMovements.kind, "refund")));
    expect(mv).toMatchObject({ method: "card_terminal", reference: "DEV-778899", amountCents: pack.priceCents });

    const transfer = await sell("transfer");
    const t0 = await currentShift();
    expect(
      (await post(cashierToken, `/pos/sales/${transfer.id}/refund`, { reference: "SPEI-DEV-1", amount: "100" })).status,
    ).toBe(200);
    const t1 = await currentShift();
    expect(t0.transfer_sales_cents - t1.transfer_sales_cents).toBe(10000);
    expect(t1.expected_cash_cents).toBe(t0.expected_cash_cents);
  });

  it("without an open shift a refund is refused in Spanish, nothing written", async () => {
    const sale = await sell("cash");
    const before = await counts();
    const res = await post(noShiftToken, `/pos/sales/${sale.id}/refund`, {});
    expect(res.status).toBe(422);
    expect((await json(res)).error.messages[0].message).toMatch(/turno abierto/);
    expect(await counts()).toEqual(before);
    const [payment] = await app.deps.db.select().from(payments).where(eq(payments.orderId, sale.order_id));
    expect(payment!.status).toBe("succeeded");
  });
});

describe("gift cards sold at the desk", () => {
  it("is issued as online (code on the receipt, buyer's history, mailed on its day) and redeemable online", async () => {
    const email = `regalo-mostrador${Date.now()}${process.pid}@example.com`;
    const card = {
      amount_cents: 50_000,
      recipient_name: "Lucía",
      recipient_email: email,
      sender_name: "Ana",
      message: "¡Feliz cumpleaños!",
      deliver_on: localDay(new Date()),
    };
    const catalogue = (await json(await app.request("/pos/catalogue", { token: cashierToken }))).data;
    expect(catalogue.gift_card.min.cents).toBeGreaterThan(0);
    const res = await post(cashierToken, "/pos/sales", {
      customer_id: customerId,
      items: [],
      gift_cards: [card],
      method: "cash",
      received: "500",
      idempotency_key: newKey(),
    });
    expect(res.status).toBe(201);
    const sale = (await json(res)).data;
    expect(sale.totals.total.cents).toBe(50_000);
    expect(sale.gift_cards).toHaveLength(1);
    const code = sale.gift_cards[0].code as string;
    expect(code).toMatch(/^NB-/);
    const [row] = await app.deps.db.select().from(giftCardSales).where(eq(giftCardSales.orderId, sale.order_id));
    expect(row).toMatchObject({ buyerUserId: customerId, recipientEmail: email, amountCents: 50_000 });
    const [issued] = await app.deps.db.select().from(giftCards).where(eq(giftCards.code, code));
    expect(issued).toMatchObject({ active: false, balanceCents: 50_000 });
    // The buyer's history shows it, as an online purchase.
    const orders = await app.deps.db.select().from(payments).where(eq(payments.orderId, sale.order_id));
    expect(orders[0]!.userId).toBe(customerId);
    // Mailed on its day (today), then the recipient redeems it online.
    await deliverDueGiftCards(app.deps, new Date());
    const mails = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, "gift-card")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(code);
    const friend = await newCustomer(app);
    const redeemed = await app.request("/v2/customer/giftcards/redeem", {
      method: "POST",
      token: friend.token,
      json: { code },
    });
    expect(redeemed.status).toBe(200);
    const [after] = await app.deps.db.select().from(giftCards).where(eq(giftCards.code, code));
    expect(after).toMatchObject({ active: true, userId: friend.id });
  });
});
