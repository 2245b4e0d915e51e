import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  cartItems,
  carts,
  giftCardMovements,
  giftCardSales,
  giftCards,
  mailOutbox,
  payments,
  shipments,
  vouchers,
} from "../../app/.server/db/schema";
import { deliverDueGiftCards } from "../../app/.server/domain/commerce/gift-card-sales";
import { addDays, localDay, zonedToUtc } from "../../app/shared/mexico/time";
import { scheduledTasks } from "../../app/.server/jobs/tasks";
import { customerOrdersAnswer } from "../../app/shared/schemas/commerce-answers";
import { expectAnswer } from "../support/answers";
import { setupTestApp } from "../support/app";
import { fieldErrorsOf } from "../support/audit";
import { newCustomer } from "../support/commerce";
import { staffToken } from "../support/factories";

/**
 * Gift cards sold online (issue 20, item 9): chosen on /store/gift-cards, added to the cart
 * (`addGiftCard`), paid at the usual checkout; the card exists inactive with the order and the
 * `gift-card-delivery` task mails it on its day (Mexico City), once; refunds cancel it.
 */
const app = setupTestApp();
let seq = 0;

const today = () => localDay(new Date());
const recipient = () => `regalo${Date.now()}${process.pid}${seq++}@example.com`;

function card(o: Record<string, unknown> = {}) {
  return {
    amount_cents: 100_000,
    recipient_name: "Lucía",
    recipient_email: recipient(),
    sender_name: "Ana",
    message: "¡Feliz cumpleaños! <b>Te quiero</b> & nos vemos en clase",
    deliver_on: addDays(today(), 3),
    ...o,
  };
}

const post = (token: string, path: string, json: unknown) => app.request(path, { method: "POST", token, json });
const addGiftCard = (token: string, action_param: Record<string, unknown>) =>
  post(token, "/v2/carts", { action: "addGiftCard", action_param });

/** Pays the open cart with the sandbox's card that succeeds; returns the order id. */
async function payCart(token: string) {
  const pm = (
    await (
      await post(token, "/v2/stripe/create-payment-method", {
        card: { number: "4242424242424242", exp_month: 4, exp_year: 2031, cvc: "8642" },
        billing_details: { name: "Ana" },
      })
    ).json()
  ).payment_method;
  const si = await (await post(token, "/v2/checkout/setup-intent", { stripe_payment_method_id: pm.id })).json();
  const paid = await post(token, "/v2/checkout/make-payment", { payment_intent_id: si.payment_intent_id });
  expect(paid.status).toBe(200);
  return (await paid.json()).data.order_id as number;
}

async function buyCard(o: Record<string, unknown> = {}) {
  const buyer = await newCustomer(app);
  const input = card(o);
  const added = await addGiftCard(buyer.token, input);
  expect(added.status).toBe(200);
  const orderId = await payCart(buyer.token);
  const [sale] = await app.deps.db.select().from(giftCardSales).where(eq(giftCardSales.orderId, orderId));
  return { buyer, input, orderId, sale: sale! };
}

const cardOf = async (id: number) => (await app.deps.db.select().from(giftCards).where(eq(giftCards.id, id)))[0]!;
const mailsTo = (to: string) =>
  app.deps.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.template, "gift-card")));

describe("buying a gift card", () => {
  it("refuses bad input with a Spanish message under the field and changes nothing", async () => {
    const buyer = await newCustomer(app);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ amount_cents: 19_999 }, { "action_param.amount_cents": "Elija un monto de $200 a $10,000" }],
      [{ amount_cents: 1_000_001 }, { "action_param.amount_cents": "Elija un monto de $200 a $10,000" }],
      [
        { amount_cents: 50_000.5 },
        { "action_param.amount_cents": "El monto debe ser en pesos con hasta dos decimales" },
      ],
      [{ amount_cents: "mil" }, { "action_param.amount_cents": "Elija un monto de $200 a $10,000" }],
      [{ recipient_name: "  " }, { "action_param.recipient_name": "Escriba el nombre de quien recibe la tarjeta" }],
      [
        { recipient_email: "lucia@" },
        { "action_param.recipient_email": "Escriba un correo válido para quien recibe la tarjeta" },
      ],
      [{ sender_name: "" }, { "action_param.sender_name": "Escriba su nombre" }],
      [{ message: "x".repeat(301) }, { "action_param.message": "El mensaje admite hasta 300 caracteres" }],
      [{ deliver_on: "2026-02-30" }, { "action_param.deliver_on": "Elija una fecha de entrega válida" }],
      [
        { deliver_on: addDays(today(), -1) },
        { "action_param.deliver_on": "La fecha de entrega no puede ser anterior a hoy" },
      ],
      [
        { deliver_on: addDays(today(), 366) },
        { "action_param.deliver_on": "La fecha de entrega no puede ser más de un año después de hoy" },
      ],
    ];
    for (const [bad, expected] of cases) {
      const res = await addGiftCard(buyer.token, card(bad));
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(await fieldErrorsOf(res)).toEqual(expected);
    }
    const sales = await app.deps.db.select().from(giftCardSales).where(eq(giftCardSales.buyerUserId, buyer.id));
    expect(sales).toEqual([]);
    const items = await app.deps.db
      .select()
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(eq(carts.userId, buyer.id));
    expect(items).toEqual([]);
    // Today and a year ahead are the limits, both allowed.
    for (const deliver_on of [today(), addDays(today(), 365)])
      expect((await addGiftCard(buyer.token, card({ deliver_on }))).status).toBe(200);
  });

  it("is one cart line of one, not shippable, not discounted by a voucher, not payable with a gift card", async () => {
    const buyer = await newCustomer(app);
    const input = card({ amount_cents: 123_450 });
    const res = await addGiftCard(buyer.token, input);
    expect(res.status).toBe(200);
    const cart = (await res.json()).data;
    expect(cart.items).toHaveLength(1);
    expect(cart.items[0]).toMatchObject({
      scope: "gift_card",
      qty: 1,
      max_purchase: 1,
      name: "Tarjeta de regalo para Lucía",
      price_cents: 123_450,
      gift_card: { recipient_email: input.recipient_email, deliver_on: input.deliver_on },
    });
    expect(cart.requires_shipping).toBe(false);
    expect(cart.amount_cents).toBe(123_450);
    const id = cart.items[0].gift_card_id;
    const more = await post(buyer.token, "/v2/carts", {
      action: "addGiftCard",
      action_param: { gift_card_id: id, qty: 2, update_qty: true },
    });
    expect(await fieldErrorsOf(more)).toEqual({
      "action_param.qty": "Cada tarjeta de regalo se compra de una en una",
    });
    // A voucher for everything does not discount it.
    const code = `TODO${Date.now()}${seq++}`;
    await app.deps.db.insert(vouchers).values({ code, kind: "percent", value: 50 });
    const voucher = await post(buyer.token, "/v2/carts", { action: "setVoucher", action_param: { code } });
    expect(await fieldErrorsOf(voucher)).toEqual({
      "action_param.code": "El cupón no aplica a los artículos de su carrito",
    });
    // Another gift card's balance does not pay it.
    const other = `NB-PAGO-${Date.now()}${seq++}`;
    await app.deps.db
      .insert(giftCards)
      .values({ code: other, initialCents: 50_000, balanceCents: 50_000, userId: buyer.id });
    const gift = await post(buyer.token, "/v2/carts", { action: "setGiftCard", action_param: { code: other } });
    expect(gift.status).toBe(422);
    expect(await fieldErrorsOf(gift)).toEqual({
      "action_param.code": "Una tarjeta de regalo no se puede pagar con otra tarjeta de regalo",
    });
    // Removed with quantity 0.
    const removed = await post(buyer.token, "/v2/carts", {
      action: "addGiftCard",
      action_param: { gift_card_id: id, qty: 0, update_qty: true },
    });
    expect((await removed.json()).data.items).toEqual([]);
  });

  it("the order creates an inactive card with an unguessable code, shown to the buyer as scheduled", async () => {
    const { buyer, input, orderId, sale } = await buyCard();
    expect(sale).toMatchObject({ buyerUserId: buyer.id, amountCents: 100_000, deliveredAt: null, cancelledAt: null });
    const g = await cardOf(sale.giftCardId!);
    expect(g).toMatchObject({ initialCents: 100_000, balanceCents: 100_000, active: false, userId: null });
    expect(g.code).toMatch(/^NB-[0-9A-F]{8}-[0-9A-F]{8}$/);
    expect(await app.deps.db.select().from(shipments).where(eq(shipments.orderId, orderId))).toEqual([]);
    const orders = await expectAnswer(
      customerOrdersAnswer,
      await app.request("/v2/customer/orders", { token: buyer.token }),
    );
    const o = orders.data.find((x) => x.id === orderId)!;
    expect(o.items).toEqual([expect.objectContaining({ scope: "gift_card", name: "Tarjeta de regalo para Lucía" })]);
    expect(o.gift_cards).toEqual([
      expect.objectContaining({
        recipient_email: input.recipient_email,
        display_amount: "$1,000.00",
        status: "scheduled",
        status_label: expect.stringMatching(new RegExp(`^Se enviará a ${input.recipient_email} el `)),
      }),
    ]);
    // Nobody can redeem it before its mail (not even with the code).
    const someone = await newCustomer(app);
    const early = await post(someone.token, "/v2/customer/giftcards/redeem", { code: g.code });
    expect(early.status).toBe(422);
    expect(await fieldErrorsOf(early)).toEqual({ code: "La tarjeta de regalo no es válida" });
  });
});

describe("delivery", () => {
  it("mails the recipient on the day in Mexico City, not before, once; then it can be redeemed", async () => {
    const { buyer, input, orderId, sale } = await buyCard();
    const day = input.deliver_on;
    // 23:59 the day before in Mexico City (already the day in UTC): nothing.
    await deliverDueGiftCards(app.deps, zonedToUtc(addDays(day, -1), "23:59"));
    expect(await mailsTo(input.recipient_email)).toEqual([]);
    expect((await cardOf(sale.giftCardId!)).active).toBe(false);

    // The registered task, with the clock at 00:05 of the day.
    const task = scheduledTasks.find((x) => x.name === "gift-card-delivery")!;
    app.setNow(zonedToUtc(day, "00:05"));
    try {
      await task.run(app.deps);
      const [mail, ...more] = await mailsTo(input.recipient_email);
      expect(more).toEqual([]);
      const g = await cardOf(sale.giftCardId!);
      expect(g.active).toBe(true);
      expect(mail!.subject).toBe("Ana te regaló una tarjeta de regalo de $1,000");
      expect(mail!.text).toContain("Hola, Lucía:");
      expect(mail!.text).toContain("Recibes este correo porque Ana te envió una tarjeta de regalo de Nucleo Barre.");
      expect(mail!.text).toContain("Ana te regaló una tarjeta de regalo de Nucleo Barre por $1,000.");
      expect(mail!.text).toContain(`Tu código: ${g.code}`);
      expect(mail!.text).toContain("Su mensaje: «¡Feliz cumpleaños! <b>Te quiero</b> & nos vemos en clase»");
      // The buyer's message is text in the HTML part, never markup.
      expect(mail!.html).toContain("&lt;b&gt;Te quiero&lt;/b&gt; &amp; nos vemos");
      expect(mail!.html).not.toContain("<b>Te quiero");

      // A second run (or a second server) sends nothing.
      await task.run(app.deps);
      await deliverDueGiftCards(app.deps, zonedToUtc(addDays(day, 1), "09:00"));
      expect(await mailsTo(input.recipient_email)).toHaveLength(1);
    } finally {
      app.setNow(null);
    }

    const orders = (await (await app.request("/v2/customer/orders", { token: buyer.token })).json()).data;
    const o = orders.find((x: { id: number }) => x.id === orderId);
    expect(o.gift_cards[0]).toMatchObject({ status: "delivered" });
    expect(o.gift_cards[0].status_label).toMatch(new RegExp(`^Enviada a ${input.recipient_email} el `));

    // The recipient (another customer) redeems it and it pays in her cart.
    const friend = await newCustomer(app);
    const g = await cardOf(sale.giftCardId!);
    const redeemed = await post(friend.token, "/v2/customer/giftcards/redeem", { code: g.code.toLowerCase() });
    expect(redeemed.status).toBe(200);
    expect((await cardOf(g.id)).userId).toBe(friend.id);
  });
});

describe("refunds", () => {
  const refund = async (orderId: number, amount?: string) => {
    const admin = await staffToken(app.deps.db);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, orderId));
    return app.request(`/admin/payments/${p!.id}/refund`, {
      method: "POST",
      token: admin,
      json: amount === undefined ? {} : { amount },
    });
  };

  it("before delivery: the whole price comes back and the card is cancelled, never mailed", async () => {
    const { input, orderId, sale } = await buyCard();
    const res = await refund(orderId);
    expect(res.status).toBe(200);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(p).toMatchObject({ status: "refunded", refundedCents: 100_000 });
    expect(await cardOf(sale.giftCardId!)).toMatchObject({ active: false, balanceCents: 0 });
    const [after] = await app.deps.db.select().from(giftCardSales).where(eq(giftCardSales.id, sale.id));
    expect(after!.cancelledAt).not.toBeNull();
    await deliverDueGiftCards(app.deps, zonedToUtc(input.deliver_on, "12:00"));
    expect(await mailsTo(input.recipient_email)).toEqual([]);
  });

  it("after delivery: only the unused balance comes back; the card is cancelled", async () => {
    const { input, orderId, sale } = await buyCard({ deliver_on: today() });
    await deliverDueGiftCards(app.deps, new Date());
    expect(await mailsTo(input.recipient_email)).toHaveLength(1);
    // The recipient spent $300 of it.
    await app.deps.db.update(giftCards).set({ balanceCents: 70_000 }).where(eq(giftCards.id, sale.giftCardId!));
    const tooMuch = await refund(orderId, "800");
    expect(tooMuch.status).toBe(422);
    expect(await fieldErrorsOf(tooMuch)).toEqual({
      amount: "El monto debe ser mayor que cero y no pasar de $700.00",
    });
    expect(await cardOf(sale.giftCardId!)).toMatchObject({ active: true, balanceCents: 70_000 });
    const res = await refund(orderId);
    expect(res.status).toBe(200);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(p).toMatchObject({ refundedCents: 70_000, status: "partially_refunded" });
    expect(await cardOf(sale.giftCardId!)).toMatchObject({ active: false, balanceCents: 0 });
    const moves = await app.deps.db
      .select()
      .from(giftCardMovements)
      .where(and(eq(giftCardMovements.giftCardId, sale.giftCardId!), inArray(giftCardMovements.kind, ["adjust"])));
    expect(moves.map((m) => m.deltaCents)).toEqual([-70_000]);
    // Nothing more to give back: the spent $300 stays paid.
    const again = await refund(orderId);
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessage ?? "").toContain("No queda nada por reembolsar");
  });
});
