import { spawn } from "node:child_process";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { checkoutCharges, mailOutbox, orders, payments, sandboxIntents } from "../../app/.server/db/schema";
import { scheduledTasks } from "../../app/.server/jobs/tasks";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";
import { staffToken } from "../support/factories";

const app = setupTestApp();
afterEach(() => app.setNow(null));

const MINUTE = 60_000;
const CARDS = { ok: "4242424242424242", auth: "4000002500003155", ok2: "5555555555554444", ok3: "4012888888881881" };

type Customer = Awaited<ReturnType<typeof newCustomer>>;
const post = (token: string, path: string, json: unknown) => app.request(path, { method: "POST", token, json });

async function cardOf(c: Customer, number: string) {
  const res = await post(c.token, "/v2/stripe/create-payment-method", {
    card: { number, exp_month: 1, exp_year: 31, cvc: "123" },
    billing_details: { name: "Ana" },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { payment_method: { id: string } }).payment_method.id;
}

async function cartWithPack(c: Customer, packId = 2) {
  const res = await post(c.token, "/v2/carts", { action: "addPack", action_param: { pack_id: packId } });
  return ((await res.json()) as { data: { id: number } }).data.id;
}

const intentsOfCart = (cartId: number) =>
  app.deps.db
    .select()
    .from(sandboxIntents)
    .where(sql`${sandboxIntents.metadata}->>'cart_id' = ${String(cartId)}`);

/** The scheduled task as the job queue runs it, `minutes` after now. */
async function reconcileAfter(minutes: number) {
  app.setNow(new Date(Date.now() + minutes * MINUTE));
  const task = scheduledTasks.find((x) => x.name === "commerce-reconcile-charges");
  expect(task?.cron).toBe("* * * * *");
  return task!.run(app.deps);
}

const mailsTo = (email: string) => app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe("a card belongs to its customer", () => {
  it("another customer's saved-card id is answered as an unknown card and charges nothing", async () => {
    const owner = await newCustomer(app);
    const thief = await newCustomer(app);
    const ownersCard = await cardOf(owner, CARDS.ok);
    const cart = await cartWithPack(thief);
    const unknown = await post(thief.token, "/v2/checkout/setup-intent", {
      cart_id: cart,
      stripe_payment_method_id: "pm_sbx_000000000000000000000000",
    });
    const foreign = await post(thief.token, "/v2/checkout/setup-intent", {
      cart_id: cart,
      stripe_payment_method_id: ownersCard,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.status).toBe(unknown.status);
    expect(await foreign.json()).toEqual(await unknown.json());
    expect(await intentsOfCart(cart)).toHaveLength(0);
    // The owner still pays with it.
    const ownCart = await cartWithPack(owner);
    const mine = await post(owner.token, "/v2/checkout/setup-intent", {
      cart_id: ownCart,
      stripe_payment_method_id: ownersCard,
    });
    expect(mine.status).toBe(200);
  });
});

describe("the bank's authentication step belongs to the intent's owner", () => {
  it("another customer cannot approve or fail someone's payment; the owner still can", async () => {
    const owner = await newCustomer(app);
    const other = await newCustomer(app);
    await cartWithPack(owner);
    const si = await (
      await post(owner.token, "/v2/checkout/setup-intent", {
        stripe_payment_method_id: await cardOf(owner, CARDS.auth),
      })
    ).json();
    expect(si.requires_action).toBe(true);
    for (const approve of [false, true]) {
      const res = await post(other.token, `/v2/sandbox/intents/${si.payment_intent_id}/authenticate`, { approve });
      expect(res.status).toBe(404);
    }
    const [row] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, si.payment_intent_id));
    expect(row!.status).toBe("requires_action");
    expect(row!.metadata.authenticated).toBeUndefined();
    const ok = await post(owner.token, `/v2/sandbox/intents/${si.payment_intent_id}/authenticate`, { approve: true });
    expect(((await ok.json()) as { data: { status: string } }).data.status).toBe("succeeded");
  });
});

describe("one cart, one charge", () => {
  it("three cards at once on one cart: one capture, the others refused while it is in flight", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(c);
    const pms = [await cardOf(c, CARDS.ok), await cardOf(c, CARDS.ok2), await cardOf(c, CARDS.ok3)];
    const answers = await Promise.all(
      pms.map((pm) => post(c.token, "/v2/checkout/setup-intent", { cart_id: cart, stripe_payment_method_id: pm })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const intents = await intentsOfCart(cart);
    expect(intents.filter((i) => i.status === "succeeded")).toHaveLength(1);
    expect(intents).toHaveLength(1);
    const paid = answers.find((r) => r.status === 200)!;
    const pay = await post(c.token, "/v2/checkout/make-payment", {
      payment_intent_id: ((await paid.json()) as { payment_intent_id: string }).payment_intent_id,
    });
    expect(pay.status).toBe(200);
    expect(intents.every((i) => i.refundedCents === 0)).toBe(true);
  });

  it("a card waiting for the bank, then another card: the first is cancelled (nothing taken), the second pays", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(c);
    const waiting = await (
      await post(c.token, "/v2/checkout/setup-intent", { stripe_payment_method_id: await cardOf(c, CARDS.auth) })
    ).json();
    expect(waiting.requires_action).toBe(true);
    const second = await post(c.token, "/v2/checkout/setup-intent", {
      stripe_payment_method_id: await cardOf(c, CARDS.ok),
    });
    expect(second.status).toBe(200);
    const intents = await intentsOfCart(cart);
    expect(intents.map((i) => i.status).sort()).toEqual(["canceled", "succeeded"]);
    // The bank's page answered late: the cancelled intent takes no money.
    await post(c.token, `/v2/sandbox/intents/${waiting.payment_intent_id}/authenticate`, { approve: true });
    const [late] = await app.deps.db
      .select()
      .from(sandboxIntents)
      .where(eq(sandboxIntents.id, waiting.payment_intent_id));
    expect(late!.status).toBe("canceled");
  });

  it("a charge taken whose order was never recorded is settled first: the next card is not charged", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(c);
    const first = await post(c.token, "/v2/checkout/setup-intent", {
      stripe_payment_method_id: await cardOf(c, CARDS.ok),
    });
    expect(first.status).toBe(200);
    // The browser never sent make-payment; the customer comes back and tries another card.
    const again = await post(c.token, "/v2/checkout/setup-intent", {
      stripe_payment_method_id: await cardOf(c, CARDS.ok2),
    });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { errorMessage: string }).errorMessage).toMatch(/pago anterior ya se registró/);
    expect(await app.deps.db.select().from(orders).where(eq(orders.cartId, cart))).toHaveLength(1);
    expect(await intentsOfCart(cart)).toHaveLength(1);
  });
});

describe("no money without an order: the reconciliation task", () => {
  it("kill -9 after the charge: the next run records the order and mails the receipt", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(c);
    const pm = await cardOf(c, CARDS.ok);
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "tests/support/charge-child.ts",
        app.database.url,
        c.token,
        JSON.stringify({ cart_id: cart, stripe_payment_method_id: pm }),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    onTestFinished(() => void child.kill("SIGKILL"));
    const line = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("\n")) resolve(out.trim());
      });
      child.once("exit", (code) => reject(new Error(`the charging process ended (${code}) before charging: ${out}`)));
    });
    expect(line).toMatch(/^charged 200 /);
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGKILL");
    await exited;

    // Money taken, no order: the back office sees it once the interval has passed.
    expect(await app.deps.db.select().from(orders).where(eq(orders.cartId, cart))).toHaveLength(0);
    app.setNow(new Date(Date.now() + 4 * MINUTE));
    const admin = await staffToken(app.deps.db, "administrator", { now: new Date(Date.now() + 4 * MINUTE) });
    const seen = await app.request("/admin/payments/unreconciled", { token: admin });
    const list = ((await seen.json()) as { data: { cart_id: number; kind: string }[] }).data;
    expect(list.filter((x) => x.cart_id === cart).map((x) => x.kind)).toEqual(["open_charge"]);

    await reconcileAfter(4);
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.cartId, cart));
    expect(order).toBeDefined();
    const [charge] = await app.deps.db.select().from(checkoutCharges).where(eq(checkoutCharges.cartId, cart));
    expect(charge!.status).toBe("fulfilled");
    expect((await mailsTo(c.email)).map((m) => m.template)).toContain("order-receipt");
    const after = await app.request("/admin/payments/unreconciled", { token: admin });
    const left = ((await after.json()) as { data: { cart_id: number }[] }).data;
    expect(left.filter((x) => x.cart_id === cart)).toEqual([]);
  }, 90_000);

  it("the cart changed after the charge: the charge is refunded in full and the customer is told by mail", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(c);
    const si = await (
      await post(c.token, "/v2/checkout/setup-intent", { stripe_payment_method_id: await cardOf(c, CARDS.ok) })
    ).json();
    await cartWithPack(c, 1);
    // Not before the interval: the browser may still be recording it.
    await reconcileAfter(1);
    expect((await intentsOfCart(cart))[0]!.refundedCents).toBe(0);
    await reconcileAfter(4);
    const [intent] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, si.payment_intent_id));
    expect(intent!.refundedCents).toBe(intent!.amountCents);
    const [p] = await app.deps.db.select().from(payments).where(eq(payments.providerPaymentId, si.payment_intent_id));
    expect(p).toMatchObject({ status: "failed", refundedCents: intent!.amountCents });
    expect(await app.deps.db.select().from(orders).where(eq(orders.cartId, cart))).toHaveLength(0);
    const [charge] = await app.deps.db.select().from(checkoutCharges).where(eq(checkoutCharges.cartId, cart));
    expect(charge!.status).toBe("refunded");
    const mails = (await mailsTo(c.email)).filter((m) => m.template === "payment-refunded");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Devolvimos tu pago de \$/);
    // A second run changes nothing and mails nothing more.
    await reconcileAfter(10);
    expect((await mailsTo(c.email)).filter((m) => m.template === "payment-refunded")).toHaveLength(1);
  });

  it("the server died inside the gateway call (the answer was lost): the charge is found by its key", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(c);
    await post(c.token, "/v2/checkout/setup-intent", { stripe_payment_method_id: await cardOf(c, CARDS.ok) });
    // As if the intent's id had never been written down.
    await app.deps.db.update(checkoutCharges).set({ providerIntentId: null }).where(eq(checkoutCharges.cartId, cart));
    await reconcileAfter(4);
    expect(await app.deps.db.select().from(orders).where(eq(orders.cartId, cart))).toHaveLength(1);
    const [charge] = await app.deps.db.select().from(checkoutCharges).where(eq(checkoutCharges.cartId, cart));
    expect(charge).toMatchObject({ status: "fulfilled" });
    expect(charge!.providerIntentId).toMatch(/^pi_sbx_/);
  });

  it("a request that never reached the gateway is closed as abandoned, and the cart can be paid", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(c);
    await app.deps.db.insert(checkoutCharges).values({
      cartId: cart,
      userId: c.id,
      gateway: "sandbox",
      method: "card",
      idempotencyKey: `lost:${cart}`,
      amountCents: 100,
      createdAt: new Date(Date.now() - 5 * MINUTE),
    });
    const busy = await post(c.token, "/v2/checkout/setup-intent", {
      stripe_payment_method_id: await cardOf(c, CARDS.ok),
    });
    expect(busy.status).toBe(200);
    const rows = await app.deps.db.select().from(checkoutCharges).where(eq(checkoutCharges.cartId, cart));
    expect(rows.map((r) => r.status).sort()).toEqual(["abandoned", "open"]);
  });

  it("a bank step abandoned for an hour is cancelled: nothing taken, nothing left open", async () => {
    const c = await newCustomer(app);
    const cart = await cartWithPack(c);
    await post(c.token, "/v2/checkout/setup-intent", { stripe_payment_method_id: await cardOf(c, CARDS.auth) });
    await reconcileAfter(30);
    const [open] = await app.deps.db.select().from(checkoutCharges).where(eq(checkoutCharges.cartId, cart));
    expect(open!.status).toBe("open");
    await reconcileAfter(61);
    const [closed] = await app.deps.db
      .select()
      .from(checkoutCharges)
      .where(and(eq(checkoutCharges.cartId, cart)));
    expect(closed).toMatchObject({ status: "canceled", lastError: null });
    expect((await intentsOfCart(cart))[0]!.status).toBe("canceled");
  });

  it("PayPal captured but the server died before the order: the next run records it; an approval not captured is left alone", async () => {
    const paypalOrder = async (c: Customer, cart: number) => {
      const res = await post(c.token, "/v2/checkout/pay-with-paypal", { cart_id: cart });
      const url = ((await res.json()) as { redirect_url: string }).redirect_url;
      const approve = await app.request(`${url.replace(/^\/api/, "")}/decide?decision=approve`);
      expect(approve.status).toBe(303);
      return url.split("/").pop()!;
    };
    const captured = await newCustomer(app);
    const capturedCart = await cartWithPack(captured);
    const id = await paypalOrder(captured, capturedCart);
    // What paypal-payment did before the process died: the capture, not the order.
    const intent = await app.deps.gateways.sandboxPaypal!.capture(app.deps.db, id, `capture:${id}`);
    expect(intent.status).toBe("succeeded");
    const waiting = await newCustomer(app);
    const waitingCart = await cartWithPack(waiting);
    const pending = await paypalOrder(waiting, waitingCart);

    await reconcileAfter(4);
    expect(await app.deps.db.select().from(orders).where(eq(orders.cartId, capturedCart))).toHaveLength(1);
    expect((await mailsTo(captured.email)).map((m) => m.template)).toContain("order-receipt");
    expect(await app.deps.db.select().from(orders).where(eq(orders.cartId, waitingCart))).toHaveLength(0);
    const [left] = await app.deps.db.select().from(sandboxIntents).where(eq(sandboxIntents.id, pending));
    expect(left!.status).toBe("requires_approval");
    // The customer comes back from PayPal later: the same order, not a second one.
    const back = await post(captured.token, "/v2/checkout/paypal-payment", { cart_id: capturedCart });
    expect(back.status).toBe(200);
    expect(await app.deps.db.select().from(orders).where(eq(orders.cartId, capturedCart))).toHaveLength(1);
  });
});
