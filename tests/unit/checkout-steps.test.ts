/**
 * Checkout's steps without a database (issue 21, item 3): each step gets fake ports, so what it
 * asks of them, in which order, and what it refuses is checked here; the integration tests
 * (commerce-checkout*.test.ts) run the same steps on PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import type { CartContext, CartLine, CartRow } from "~/.server/domain/commerce/cart";
import {
  AlreadyFailed,
  chargeTakenStep,
  fulfilStep,
  FulfilmentError,
  holdStep,
  lotFor,
  priceStep,
  recordStep,
  settleSteps,
  type ChargedState,
  type FulfilInput,
  type FulfilPort,
  type OrderRow,
  type OrderWriter,
  type SettleState,
} from "~/.server/domain/commerce/checkout-steps";
import { runSteps, type Step } from "~/.server/domain/commerce/workflow";
import type { FulfilmentPlan } from "~/.server/db/schema";

const NOW = new Date("2026-11-27T18:00:00Z");

const cart = { id: 7, userId: 42, deposit: false, addressId: 3, shippingMethodId: 1, version: 2 } as CartRow;

function line(over: Partial<CartLine>): CartLine {
  return {
    scope: "pack",
    refId: 1,
    qty: 1,
    unitCents: 125000,
    name: "5 clases",
    cityId: 1,
    sessions: 5,
    days: 60,
    area: null,
    variantId: null,
    variantLabel: null,
    sku: null,
    ...over,
  } as CartLine;
}

function priced(over: Partial<CartContext> = {}, totals: Partial<CartContext["totals"]> = {}): CartContext {
  return {
    cart,
    lines: [line({})],
    voucher: null,
    voucherReason: null,
    shippingMethod: null,
    giftCard: null,
    requiresShipping: false,
    reason: null,
    ...over,
    totals: {
      subtotalCents: 125000,
      discountCents: 0,
      shippingCents: 0,
      giftCardCents: 0,
      totalCents: 125000,
      dueNowCents: 125000,
      ...totals,
    },
  };
}

const input = (amountCents = 125000, metadata: Record<string, string> = {}): FulfilInput => ({
  gateway: "sandbox",
  method: "card",
  studioId: null,
  intent: {
    id: "pi_1",
    status: "succeeded",
    amountCents,
    clientSecret: null,
    metadata: { cart_id: "7", user_id: "42", ...metadata },
    paymentMethodId: "pm_1",
    failureMessage: null,
  },
});

const state = (over: Partial<SettleState> = {}): SettleState => ({
  input: input(),
  cart,
  now: NOW,
  pre: { pm: null, user: null },
  ...over,
});

describe("the step runner", () => {
  it("runs the steps in order and merges what each returns into the state", async () => {
    const seen: string[] = [];
    const steps: Step<{ n: number }>[] = [
      { name: "a", run: async (s) => (seen.push(`a${s.n}`), { n: s.n + 1 }) },
      { name: "b", run: async (s) => void seen.push(`b${s.n}`) },
    ];
    const out = await runSteps(steps, { n: 1 });
    expect(out).toMatchObject({ ok: true, state: { n: 2 }, ran: ["a", "b"] });
    expect(seen).toEqual(["a1", "b2"]);
  });

  it("on a failure compensates the steps that ran, last first, and says which step failed", async () => {
    const log: string[] = [];
    const boom = new Error("falló");
    const steps: Step<object>[] = [
      { name: "hold", run: async () => void log.push("hold"), compensate: async () => void log.push("release") },
      {
        name: "charge",
        run: async () => void log.push("charge"),
        compensate: async (_s, c) => void log.push(`refund:${(c as Error).message}`),
      },
      { name: "record", run: async () => Promise.reject(boom) },
      { name: "fulfil", run: async () => void log.push("never") },
    ];
    const out = await runSteps(steps, {});
    expect(out).toMatchObject({ ok: false, failedStep: "record", cause: boom, compensated: ["charge", "hold"] });
    expect(log).toEqual(["hold", "charge", "refund:falló", "release"]);
  });

  it("a compensation that fails is reported and the others still run", async () => {
    const errors: string[] = [];
    const log: string[] = [];
    const steps: Step<object>[] = [
      { name: "hold", run: async () => {}, compensate: async () => void log.push("release") },
      { name: "charge", run: async () => {}, compensate: async () => Promise.reject(new Error("pasarela caída")) },
      { name: "record", run: async () => Promise.reject(new Error("x")) },
    ];
    const out = await runSteps(steps, {}, { onCompensationError: (step) => void errors.push(step) });
    expect(out).toMatchObject({ ok: false, compensated: ["hold"] });
    expect(errors).toEqual(["charge"]);
    expect(log).toEqual(["release"]);
  });
});

describe("price", () => {
  const port = (ctx: CartContext) => ({
    cartContext: async () => ctx,
    addressSnapshot: async () => ({
      name: "Casa",
      line_1: "Av. Vallarta 100",
      line_2: null,
      custom_state: "Jalisco",
      custom_city: "Guadalajara",
      zip: "44100",
      display_address: "Av. Vallarta 100, Guadalajara",
    }),
  });

  it("prices the cart and reads the shipping address only when something ships", async () => {
    expect(await priceStep(port(priced())).run(state())).toMatchObject({ address: null });
    const shipped = await priceStep(port(priced({ requiresShipping: true }))).run(state());
    expect(shipped).toMatchObject({ address: { zip: "44100" } });
  });

  it("refuses a cart that cannot be paid, or whose total is not what was charged", async () => {
    await expect(priceStep(port(priced({ reason: "Sin existencias" }))).run(state())).rejects.toThrow(
      "Sin existencias",
    );
    const err = await priceStep(port(priced({}, { dueNowCents: 99000 })))
      .run(state())
      .catch((e) => e);
    expect(err).toBeInstanceOf(FulfilmentError);
  });
});

describe("hold", () => {
  const ports = (ok: { stock?: boolean; voucher?: boolean; gift?: boolean } = {}) => {
    const calls: string[] = [];
    return {
      calls,
      port: {
        takeStock: async (l: { refId: number }) => (calls.push(`stock:${l.refId}`), ok.stock ?? true),
        useVoucher: async (id: number) => (calls.push(`voucher:${id}`), ok.voucher ?? true),
        spendGiftCard: async (id: number, cents: number) => (calls.push(`gift:${id}:${cents}`), ok.gift ?? true),
      },
    };
  };
  const ctx = priced(
    {
      lines: [line({}), line({ scope: "product", refId: 9, area: "juiceBar" }), line({ scope: "gift_card", refId: 4 })],
      voucher: { id: 3, code: "DIEZ" } as CartContext["voucher"],
      giftCard: { id: 5 } as CartContext["giftCard"],
    },
    { discountCents: 1000, giftCardCents: 2000 },
  );

  it("takes stock for store products only, one use of the voucher and the gift card's part", async () => {
    const { calls, port } = ports();
    await holdStep(port).run(state({ priced: ctx }));
    expect(calls).toEqual(["stock:9", "voucher:3", "gift:5:2000"]);
  });

  it("converts the hold taken before the charge instead of taking again; takes itself when there is none", async () => {
    const { calls, port } = ports();
    const converted: string[] = [];
    await holdStep({
      ...port,
      convertHeld: async (c, cents) => (converted.push(`${c.id}:v${c.version}:${cents}`), true),
    }).run(state({ priced: ctx }));
    expect(converted).toEqual(["7:v2:125000"]);
    expect(calls).toEqual([]);
    await holdStep({ ...port, convertHeld: async () => false }).run(state({ priced: ctx }));
    expect(calls).toEqual(["stock:9", "voucher:3", "gift:5:2000"]);
  });

  it("refuses when the last unit, the voucher or the balance is gone", async () => {
    await expect(holdStep(ports({ stock: false }).port).run(state({ priced: ctx }))).rejects.toBeInstanceOf(
      FulfilmentError,
    );
    await expect(holdStep(ports({ voucher: false }).port).run(state({ priced: ctx }))).rejects.toThrow(/cupón/i);
    await expect(holdStep(ports({ gift: false }).port).run(state({ priced: ctx }))).rejects.toBeInstanceOf(
      FulfilmentError,
    );
  });
});

describe("charge (taken)", () => {
  it("goes on only with a succeeded charge; its compensation refunds it", async () => {
    const refunds: unknown[] = [];
    const step = chargeTakenStep({ refund: async (i, cause) => (refunds.push([i.intent.id, cause]), null) });
    await step.run({ input: input() });
    const pending = input();
    pending.intent.status = "requires_action";
    await expect(step.run({ input: pending })).rejects.toBeInstanceOf(FulfilmentError);
    const cause = new Error("disco lleno");
    await step.compensate!({ input: input() }, cause);
    expect(refunds).toEqual([["pi_1", cause]]);
  });

  it("a charge refunded before is not refunded again; one another call recorded is that call's order", async () => {
    let calls = 0;
    const order = { id: 99 } as OrderRow;
    const step = chargeTakenStep({ refund: async () => (calls++, { order }) });
    await step.compensate!({ input: input() }, new AlreadyFailed());
    expect(calls).toBe(0);
    const s: ChargedState = { input: input() };
    await step.compensate!(s, new Error("carrera"));
    expect(s.recordedElsewhere).toBe(order);
  });
});

describe("record", () => {
  function writer() {
    const calls: string[] = [];
    const w: OrderWriter = {
      studioFor: async () => 2,
      insertOrder: async (v) => (
        calls.push(`order:${v.totalCents}:${v.voucherId}`),
        { id: 50, ...v } as unknown as OrderRow
      ),
      insertPayment: async (v) => void calls.push(`payment:${v.amountCents}:${v.providerPaymentId}:${v.status}`),
      insertItem: async (orderId, l) => (calls.push(`item:${orderId}:${l.scope}`), l.scope === "pack" ? 500 : 501),
      redeemVoucher: async (id, _u, _o, cents) => void calls.push(`redeem:${id}:${cents}`),
      noteGiftCardSpend: async (id, cents) => void calls.push(`spend:${id}:${cents}`),
      markCartPaid: async (id) => void calls.push(`paid:${id}`),
      closeCharge: async (id) => void calls.push(`closed:${id}`),
      setFulfilment: async (id, plan) => void calls.push(`plan:${id}:${plan.lines.length}`),
      queueFulfilment: async (id) => void calls.push(`fulfil:${id}`),
    };
    return { calls, w };
  }

  it("writes the order with its fulfilment plan, its payment, items, the voucher and gift card, closes the cart and queues fulfilment", async () => {
    const { calls, w } = writer();
    const ctx = priced(
      {
        lines: [line({ qty: 2 }), line({ scope: "gift_card", refId: 8, sessions: null, days: null })],
        voucher: { id: 3, code: "DIEZ" } as CartContext["voucher"],
        giftCard: { id: 5 } as CartContext["giftCard"],
      },
      { discountCents: 1000, giftCardCents: 2000, totalCents: 124000, dueNowCents: 122000 },
    );
    const out = await recordStep(w).run(state({ priced: ctx, input: input(122000) }));
    // No credit lot nor gift card sold here: they are fulfilment's, after the commit.
    expect(calls).toEqual([
      "order:124000:3",
      "payment:122000:pi_1:succeeded",
      "item:50:pack",
      "item:50:gift_card",
      "plan:50:2",
      "redeem:3:1000",
      "spend:5:2000",
      "paid:7",
      "closed:pi_1",
      "fulfil:50",
    ]);
    expect(out).toMatchObject({
      order: {
        id: 50,
        studioId: 2,
        status: "paid",
        fulfilment: {
          lines: [
            { itemId: 500, scope: "pack", qty: 2, sessions: 5 },
            { itemId: 501, scope: "gift_card", refId: 8 },
          ],
          voucherCode: "DIEZ",
        },
      },
      items: [{ itemId: 500 }, { itemId: 501 }],
    });
  });

  it("an OXXO voucher awaited: the order waits «pendiente de pago», its payment is pending, nothing is fulfilled", async () => {
    const { calls, w } = writer();
    const pending = input();
    pending.method = "oxxo";
    pending.intent.status = "requires_action";
    pending.intent.pending = {
      kind: "oxxo",
      reference: "12345678901234",
      amountCents: 125000,
      expiresAt: "2026-11-30T18:00:00.000Z",
    };
    const out = await recordStep(w).run(state({ priced: priced(), input: pending }));
    expect(calls).toEqual([
      "order:125000:null",
      "payment:125000:pi_1:pending",
      "item:50:pack",
      "plan:50:1",
      "paid:7",
      "closed:pi_1",
    ]);
    expect(out).toMatchObject({ order: { status: "pending_payment" } });
  });

  it("a pack's lot is in person in its city, a plan's on demand; days and classes times the quantity", () => {
    expect(lotFor(line({ qty: 2 }), 42, 50, 500, NOW)).toMatchObject({
      scope: "in_person",
      cityId: 1,
      quantity: 10,
      expiresAt: new Date(NOW.getTime() + 120 * 86_400_000),
    });
    expect(lotFor(line({ scope: "plan", sessions: null, cityId: null }), 42, 50, 500, NOW)).toMatchObject({
      scope: "on_demand",
      cityId: null,
      quantity: null,
    });
    expect(lotFor(line({ scope: "product" }), 42, 50, 500, NOW)).toBeNull();
  });
});

describe("fulfil", () => {
  const plan = (over: Partial<FulfilmentPlan> = {}): FulfilmentPlan => ({
    lines: [
      {
        itemId: 500,
        scope: "pack",
        refId: 1,
        area: null,
        cityId: 1,
        sessions: 5,
        days: 60,
        qty: 2,
        name: "5 clases",
        variantLabel: null,
        unitCents: 125000,
      },
      {
        itemId: 501,
        scope: "gift_card",
        refId: 8,
        area: null,
        cityId: null,
        sessions: null,
        days: null,
        qty: 1,
        name: "Tarjeta",
        variantLabel: null,
        unitCents: 50000,
      },
      {
        itemId: 502,
        scope: "product",
        refId: 12,
        area: "certificate",
        cityId: null,
        sessions: null,
        days: null,
        qty: 1,
        name: "Cert",
        variantLabel: null,
        unitCents: 9000,
      },
    ],
    address: { zip: "44100" } as FulfilmentPlan["address"],
    shippingMethodId: 1,
    voucherCode: null,
    saveCard: { gateway: "sandbox", id: "pm_1", brand: "visa", last4: "4242", expMonth: 1, expYear: 2030 },
    ...over,
  });

  it("grants the credit lots, issues the gift cards sold, ships, enrols the certification, saves the card and mails the receipt", async () => {
    const calls: string[] = [];
    const port: FulfilPort = {
      grantLot: async (lot) => void calls.push(`lot:${lot.scope}:${lot.quantity}:${lot.sourceRef}`),
      issueSoldCard: async (saleId: number) => void calls.push(`giftSale:${saleId}`),
      createShipment: async (o: OrderRow, methodId: number | null) => void calls.push(`ship:${o.id}:${methodId}`),
      enrolCertification: async (_u: number, productId: number) => void calls.push(`enrol:${productId}`),
      saveCard: async (_u: number, _g: string, pm: { id: string }) => void calls.push(`card:${pm.id}`),
      sendReceipt: async (to: { email: string }) => void calls.push(`receipt:${to.email}`),
    };
    const order = { id: 50, userId: 42 } as OrderRow;
    await fulfilStep(port).run({ order, plan: plan(), user: { email: "a@b.mx", name: "Ana" }, now: NOW });
    expect(calls).toEqual([
      "lot:in_person:10:order_item:500",
      "giftSale:8",
      "ship:50:1",
      "enrol:12",
      "card:pm_1",
      "receipt:a@b.mx",
    ]);
    calls.length = 0;
    await fulfilStep(port).run({
      order,
      plan: plan({ lines: [], address: null, saveCard: null }),
      user: null,
      now: NOW,
    });
    expect(calls).toEqual([]);
  });
});

describe("the order's steps", () => {
  it("are price, hold and record, in that order (fulfil follows the commit)", () => {
    const none = {} as never;
    expect(settleSteps({ price: none, hold: none, record: none }).map((s) => s.name)).toEqual([
      "price",
      "hold",
      "record",
    ]);
  });
});
