import { hash } from "@node-rs/argon2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { loadConfig } from "../../app/.server/config/env";
import { products, users } from "../../app/.server/db/schema";
import { gatewaysFor } from "../../app/.server/domain/commerce/gateways";
import { ARGON2_OPTIONS } from "../../app/.server/domain/identity/passwords";
import type { TestApp } from "./app";

let seq = 0;

/** A new customer of its own, logged in (no demo account needed). */
export async function newCustomer(a: TestApp) {
  const email = `compra${Date.now()}${process.pid}${seq++}@example.com`;
  const [u] = await a.deps.db
    .insert(users)
    .values({
      email,
      name: "Ana",
      lastName: "Compras",
      passwordHash: await hash("demo1234", ARGON2_OPTIONS),
      roleId: 2,
    })
    .returning({ id: users.id });
  return { id: u!.id, email, token: await a.login(email) };
}

/** A pack into the customer's cart (pack 2: 5 classes, $1,250.00): the cart as answered. */
export async function cartWithPack(a: TestApp, token: string, packId = 2) {
  const r = await a.request("/v2/carts", {
    method: "POST",
    token,
    json: { action: "addPack", action_param: { pack_id: packId } },
  });
  return (await r.json()).data as { id: number; amount_cents: number };
}

/**
 * A new customer whose cart holds the last unit of a new product ($300.00, stock 1), for the
 * vouchers (OXXO, SPEI) that hold it until paid or expired; `stock()` reads the product's stock.
 */
export async function customerWithLastUnit(a: TestApp, name: string) {
  const [prod] = await a.deps.db
    .insert(products)
    .values({ area: "barreByNucleo", name, priceCents: 30000, stock: 1 })
    .returning();
  const c = await newCustomer(a);
  await a.request("/v2/carts", {
    method: "POST",
    token: c.token,
    json: { action: "addProduct", action_param: { product_id: prod!.id } },
  });
  const stock = async () => (await a.deps.db.select().from(products).where(eq(products.id, prod!.id)))[0]!.stock;
  return { c, product: prod!, stock };
}

/**
 * One customer's checkout calls as the store's pages make them: a pack into the cart, the payment
 * intent asked for (`setup-intent`: a Stripe payment method, or an intent to confirm), and the
 * payment recorded (`make-payment`). Each returns the raw Response; `payPack` does all three with a
 * card that pays and checks the payment was recorded.
 */
export function checkoutAs(a: TestApp, token: string) {
  const post = (path: string, json: unknown) => a.request(path, { method: "POST", token, json });
  const calls = {
    addPack: (packId: number) => post("/v2/carts", { action: "addPack", action_param: { pack_id: packId } }),
    setupIntent: (json: Record<string, unknown>) => post("/v2/checkout/setup-intent", json),
    makePayment: (paymentIntentId: string) => post("/v2/checkout/make-payment", { payment_intent_id: paymentIntentId }),
    async payPack(packId: number, json: Record<string, unknown>) {
      await calls.addPack(packId);
      const intent = await (await calls.setupIntent(json)).json();
      const paid = await calls.makePayment(intent.payment_intent_id);
      expect(paid.status).toBe(200);
      return intent as { payment_intent_id: string };
    },
  };
  return calls;
}

/** The test app's settings (the sandbox's) with `env` over them, and the gateways they configure. */
export function configure(a: TestApp, env: Record<string, string> = {}) {
  a.deps.config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ".tmp/unused", ...env });
  a.deps.gateways = gatewaysFor(a.deps.config);
}

/**
 * A payment provider's local fake for the file (tests/support/fake-*.ts: started before its tests,
 * closed after) and the test app set to use it: `use()` writes the provider's settings
 * (`settings(url)`, pointed at the fake), before every test with `eachTest`.
 */
export function withFakeProvider(
  a: TestApp,
  start: () => Promise<{ url: string; close: () => Promise<void> }>,
  settings: (url: string) => Record<string, string>,
  opts: { eachTest?: boolean } = {},
) {
  let api: Awaited<ReturnType<typeof start>>;
  beforeAll(async () => {
    api = await start();
  });
  afterAll(() => api.close());
  const use = () => configure(a, settings(api.url));
  if (opts.eachTest) beforeEach(use);
  return { use };
}
