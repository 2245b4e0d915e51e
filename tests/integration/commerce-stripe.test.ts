import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../app/.server/config/env";
import { creditLots, orders } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

/**
 * The `stripe` gateway through the official SDK, against a local server that answers like the
 * provider's API: payment methods, intents (declines, authentication), refunds, idempotency keys.
 */
type Pi = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string;
  last_payment_error: unknown;
};
const intents = new Map<string, Pi>();
const byKey = new Map<string, string>();
const calls: { method: string; path: string; key: string | undefined }[] = [];
let seq = 0;

const server = http.createServer((req, res) => {
  let raw = "";
  req.on("data", (c) => (raw += c));
  req.on("end", () => {
    const body = Object.fromEntries(new URLSearchParams(raw));
    const key = req.headers["idempotency-key"] as string | undefined;
    calls.push({ method: req.method!, path: req.url!, key });
    const send = (status: number, obj: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${seq++}` });
      res.end(JSON.stringify(obj));
    };
    const url = req.url!.split("?")[0]!;
    let m: RegExpExecArray | null;
    if ((m = /^\/v1\/payment_methods\/(pm_\w+)$/.exec(url))) {
      return send(200, {
        id: m[1],
        object: "payment_method",
        type: "card",
        card: {
          brand: "visa",
          last4: m[1] === "pm_card_chargeDeclined" ? "0002" : "4242",
          exp_month: 12,
          exp_year: 2031,
        },
      });
    }
    if (url === "/v1/payment_intents" && req.method === "POST") {
      if (key && byKey.has(key)) return send(200, intents.get(byKey.get(key)!));
      const pm = body.payment_method!;
      if (pm === "pm_card_chargeDeclined")
        return send(402, {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "generic_decline",
            message: "Your card was declined.",
          },
        });
      const id = `pi_mock_${seq++}`;
      const metadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(body)) {
        const mm = /^metadata\[(\w+)\]$/.exec(k);
        if (mm) metadata[mm[1]!] = v;
      }
      const pi: Pi = {
        id,
        object: "payment_intent",
        amount: Number(body.amount),
        currency: body.currency!,
        status: pm === "pm_card_authenticationRequired" ? "requires_action" : "succeeded",
        client_secret: `${id}_secret_x`,
        metadata,
        payment_method: pm,
        last_payment_error: null,
      };
      intents.set(id, pi);
      if (key) byKey.set(key, id);
      return send(200, pi);
    }
    if ((m = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url))) {
      const pi = intents.get(m[1]!);
      return pi
        ? send(200, pi)
        : send(404, {
            error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
          });
    }
    if (url === "/v1/refunds" && req.method === "POST")
      return send(200, { id: `re_${key}`, object: "refund", amount: Number(body.amount) });
    send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  });
});

let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const app = setupTestApp();
const useStripe = () => {
  app.deps.config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: ".tmp/unused",
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: "sk_test_local123",
    STRIPE_PUBLISHABLE_KEY: "pk_test_local123",
    STRIPE_WEBHOOK_SECRET: "whsec_local_secret",
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
};

describe("stripe gateway (official SDK against a local provider)", () => {
  it("pays with a browser-made payment method, idempotently, and records one order", async () => {
    useStripe();
    const c = await newCustomer(app);
    await app.request("/v2/carts", {
      method: "POST",
      token: c.token,
      json: { action: "addPack", action_param: { pack_id: 2 } },
    });
    const cart = (await (await app.request("/v2/carts", { token: c.token })).json()).data;
    expect(cart.stripePublicKey).toBe("pk_test_local123");
    // No card numbers on our server with Stripe.
    const pmRes = await app.request("/v2/stripe/create-payment-method", {
      method: "POST",
      token: c.token,
      json: {
        card: { number: "4242424242424242", exp_month: 1, exp_year: 31, cvc: "123" },
        billing_details: { name: "A" },
      },
    });
    expect(pmRes.status).toBe(422);
    const setup = () =>
      app.request("/v2/checkout/setup-intent", {
        method: "POST",
        token: c.token,
        json: { stripe_payment_method_id: "pm_card_visa" },
      });
    const a = await (await setup()).json();
    const b = await (await setup()).json();
    expect(a.payment_intent_id).toBe(b.payment_intent_id);
    const creates = calls.filter((x) => x.path === "/v1/payment_intents");
    expect(creates.every((x) => x.key?.startsWith(`cart:${cart.id}:`))).toBe(true);
    const res = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: c.token,
      json: { payment_intent_id: a.payment_intent_id },
    });
    expect(res.status).toBe(200);
    expect(await app.deps.db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(1);
    const [lot] = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, c.id));
    expect(lot!.quantity).toBe(5);
  });

  it("a decline is 'Tarjeta declinada'; authentication required is requires_action", async () => {
    useStripe();
    const c = await newCustomer(app);
    await app.request("/v2/carts", {
      method: "POST",
      token: c.token,
      json: { action: "addPack", action_param: { pack_id: 1 } },
    });
    const declined = await app.request("/v2/checkout/setup-intent", {
      method: "POST",
      token: c.token,
      json: { stripe_payment_method_id: "pm_card_chargeDeclined" },
    });
    expect(declined.status).toBe(402);
    expect((await declined.json()).errorMessage).toBe("Tarjeta declinada");
    const auth = await (
      await app.request("/v2/checkout/setup-intent", {
        method: "POST",
        token: c.token,
        json: { stripe_payment_method_id: "pm_card_authenticationRequired" },
      })
    ).json();
    expect(auth).toMatchObject({ requires_action: true });
    expect(auth.payment_intent_client_secret).toMatch(/_secret_/);
  });

  it("webhooks are verified with the provider's signature scheme", async () => {
    useStripe();
    const payload = JSON.stringify({
      id: "evt_1",
      object: "event",
      type: "charge.updated",
      data: { object: { id: "ch_1" } },
    });
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_local_secret" });
    const ok = await app.request("/v2/webhooks/payments", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": header },
    });
    expect(ok.status).toBe(200);
    const bad = await app.request("/v2/webhooks/payments", {
      method: "POST",
      body: payload,
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=deadbeef" },
    });
    expect(bad.status).toBe(400);
  });
});
