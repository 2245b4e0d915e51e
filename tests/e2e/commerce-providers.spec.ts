import type { ChildProcess } from "node:child_process";
import type { Page } from "@playwright/test";
import { approveOnPaypal, CLIENT, ordersById, SECRET, startFakePaypal } from "../support/fake-paypal";
import { authenticate, startFakeStripe } from "../support/fake-stripe";
import {
  ACCESS_TOKEN as MP_TOKEN,
  payOnMercadoPago,
  preferences as mpPreferences,
  startFakeMercadoPago,
  WEBHOOK_SECRET as MP_WEBHOOK_SECRET,
} from "../support/fake-mercadopago";
import { createCity, createStudio } from "../support/factories";
import { packs, plans } from "../../app/.server/db/schema";
import { freePort } from "../../app/.server/db/processes";
import { startBuiltServer } from "./support/built-server";
import { withFactories } from "./support/factories";
import { expect, test } from "./support/fixtures";
import { budget } from "./support/time";

/**
 * The checkout with the real providers configured, in Chromium: PAYMENT_GATEWAY=stripe, PayPal
 * REST and Mercado Pago (Checkout Pro, its fake: tests/support/fake-mercadopago.ts, whose page is
 * answered by a redirect back to our return page once the buyer's payment is made on the fake). A second server of the built product runs with them (fresh embedded PostgreSQL in
 * .tmp/e2e-stripe-data), pointed at local fakes of Stripe's and PayPal's APIs
 * (tests/support/fake-stripe.ts, fake-paypal.ts). There is no network here, so the browser's
 * request for https://js.stripe.com/v3 is answered by a small stand-in for Stripe.js with the same
 * calls (elements().create("card"), createPaymentMethod, handleNextAction); what is checked is our
 * side: the page asks for Stripe.js from Stripe's origin, the CSP allows exactly that, the card
 * number never reaches our server, 3-D Secure goes through handleNextAction, declines say
 * 'Tarjeta declinada'. PayPal's approval site is answered by a redirect back to our return page
 * (the order approved on the fake API), which captures it. The server starts without the demo
 * data; the spec puts its own packs (in a city of its own) and plan in its database.
 */
const DATA_DIR = ".tmp/e2e-stripe-data";
let cityId = 0;
// A free port of its own, found when the server starts (other checkouts may run servers nearby).
let base = "";
// eslint-disable-next-line no-empty-pattern -- Playwright's fixture signature
test.use({ baseURL: async ({}, provide) => provide(base) });
test.describe.configure({ mode: "serial" });

const FAKE_STRIPE_JS = `(() => {
  const PMS = { "4242424242424242": "pm_card_visa", "4000002500003155": "pm_card_authenticationRequired",
    "4000000000000002": "pm_card_chargeDeclined" };
  window.Stripe = (key) => {
    if (!/^pk_test_/.test(key)) throw new Error("publishable key expected");
    return {
      elements: () => ({
        create: () => {
          const input = document.createElement("input");
          input.setAttribute("aria-label", "Tarjeta (Stripe)");
          const on = { change: [], ready: [] };
          const digits = () => input.value.replace(/\\D/g, "");
          input.addEventListener("input", () => on.change.forEach((h) => h({ complete: digits().length >= 16 })));
          return {
            mount: (el) => { el.appendChild(input); setTimeout(() => on.ready.forEach((h) => h()), 0); },
            on: (ev, h) => on[ev].push(h),
            destroy: () => input.remove(),
            digits,
          };
        },
      }),
      createPaymentMethod: async ({ card }) =>
        PMS[card.digits()] ? { paymentMethod: { id: PMS[card.digits()] + "_" + Math.random().toString(36).slice(2) } } : { error: { code: "incomplete_number" } },
      handleNextAction: async ({ clientSecret }) => {
        const r = await fetch("https://api.stripe.com/v1/test/3ds", { method: "POST", body: clientSecret.split("_secret_")[0] });
        return r.ok ? {} : { error: { code: "payment_intent_authentication_failure" } };
      },
    };
  };
})();`;

let server: ChildProcess | null = null;
let stripeApi: Awaited<ReturnType<typeof startFakeStripe>> | null = null;
let paypalApi: Awaited<ReturnType<typeof startFakePaypal>> | null = null;
let mpApi: Awaited<ReturnType<typeof startFakeMercadoPago>> | null = null;

test.beforeAll(async () => {
  test.setTimeout(budget(180_000));
  stripeApi = await startFakeStripe();
  paypalApi = await startFakePaypal();
  mpApi = await startFakeMercadoPago();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    NODE_ENV: "production",
    DATA_DIR,
    SEED_DEMO: "false",
    TRUST_PROXY: "true",
    LOG_LEVEL: "warn",
    PUBLIC_URL: base,
    DATABASE_URL: "",
    APP_KEY: "",
    E2E_DATABASE_URL: "",
    PAYMENT_GATEWAY: "stripe",
    STRIPE_SECRET_KEY: "sk_test_e2e123",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e123",
    STRIPE_WEBHOOK_SECRET: "whsec_e2e_secret",
    STRIPE_API_URL: stripeApi.url,
    PAYPAL_CLIENT_ID: CLIENT,
    PAYPAL_CLIENT_SECRET: SECRET,
    PAYPAL_API_URL: paypalApi.url,
    MERCADOPAGO_ACCESS_TOKEN: MP_TOKEN,
    MERCADOPAGO_WEBHOOK_SECRET: MP_WEBHOOK_SECRET,
    MERCADOPAGO_API_URL: mpApi.url,
  };
  const started = startBuiltServer("tests/e2e/support/server.mjs", env);
  server = started.proc;
  await started.ready;
  cityId = await withFactories(async (db) => {
    const city = await createCity(db);
    // A city is on sale once it has a studio.
    await createStudio(db, { cityId: city.id });
    await db.insert(packs).values(
      [
        ["Clase individual", 1, 280_00],
        ["Paquete 5 clases", 5, 1_250_00],
        ["Paquete 10 clases", 10, 2_300_00],
      ].map(([name, sessions, priceCents]) => ({
        cityId: city.id,
        name: name as string,
        sessions: sessions as number,
        validityDays: 60,
        priceCents: priceCents as number,
      })),
    );
    await db
      .insert(plans)
      .values({ name: "Nucleo Home mensual", sessions: null, durationDays: 30, priceCents: 490_00 });
    return city.id;
  }, DATA_DIR);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const gone = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await gone;
  }
  await stripeApi?.close();
  await paypalApi?.close();
  await mpApi?.close();
});

/** Stripe's origins answered here: Stripe.js, and the bank's 3-D Secure step passed. */
async function fakeStripeOrigins(page: Page) {
  const asked: string[] = [];
  await page.route("https://js.stripe.com/**", (route) => {
    asked.push(route.request().url());
    return route.fulfill({ contentType: "text/javascript", body: FAKE_STRIPE_JS });
  });
  await page.route("https://api.stripe.com/v1/test/3ds", async (route) => {
    const ok = authenticate(route.request().postData() ?? "");
    await route.fulfill({ status: ok ? 200 : 404, headers: { "access-control-allow-origin": "*" }, body: "{}" });
  });
  return asked;
}

async function newCustomer(page: Page) {
  const res = await page.request.post("/api/user", {
    form: {
      name: "Sofía",
      last_name: "Stripe",
      email: `stripe.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`,
      password: "secreto1",
      confirmPassword: "secreto1",
      terms: "true",
    },
  });
  expect(res.status()).toBe(201);
}

/** Pays the open panel with a new card typed into Stripe's card Element; records what reached our server. */
async function payWithStripeCard(page: Page, number: string) {
  const sent: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(base)) sent.push(`${r.url()} ${r.postData() ?? ""}`);
  });
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
  await expect(panel.getByLabel("Número de tarjeta")).toHaveCount(0);
  await panel.getByLabel("Nombre del titular").fill("Sofía Stripe");
  await panel.getByLabel("Tarjeta (Stripe)").fill(number);
  await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await panel.getByRole("button", { name: /^Pagar \$/ }).click();
  return { panel, sent };
}

test.describe("checkout with Stripe and PayPal REST", () => {
  test("Stripe.js from js.stripe.com, allowed by the CSP; the card number never reaches our server", async ({
    page,
  }) => {
    const asked = await fakeStripeOrigins(page);
    await newCustomer(page);
    const doc = await page.goto(`/buy-sessions/${cityId}`);
    const csp = doc!.headers()["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com/);
    expect(csp).toContain("frame-src 'self' https://js.stripe.com");
    // Not loaded until the card form needs it.
    expect(asked).toEqual([]);
    await page.getByRole("button", { name: "Comprar: Paquete 5 clases" }).click();
    const { sent } = await payWithStripeCard(page, "4242 4242 4242 4242");
    await expect(page.getByText("Pago exitoso")).toBeVisible();
    await expect(page).toHaveURL(/\/success-order\?order=\d+/);
    await expect(page.getByText("1 × Paquete 5 clases")).toBeVisible();
    expect(asked).toEqual(["https://js.stripe.com/v3"]);
    expect(sent.some((s) => s.includes("/api/v2/checkout/setup-intent") && s.includes("pm_card_visa"))).toBe(true);
    expect(sent.filter((s) => /4242|create-payment-method/.test(s))).toEqual([]);
  });

  test("3-D Secure through Stripe.js handleNextAction, then our confirmation", async ({ page }) => {
    await fakeStripeOrigins(page);
    await newCustomer(page);
    await page.goto("/on-demand/buy-plans");
    await page.getByRole("button", { name: "Comprar: Nucleo Home mensual" }).click();
    await payWithStripeCard(page, "4000002500003155");
    await expect(page).toHaveURL(/\/success-order/);
    // The sandbox's own authentication dialog is not used with Stripe.
    await expect(page.getByRole("dialog", { name: "Autenticación de la tarjeta (sandbox)" })).toHaveCount(0);
  });

  test("a declined card: 'Tarjeta declinada', nothing bought", async ({ page }) => {
    await fakeStripeOrigins(page);
    await newCustomer(page);
    await page.goto(`/buy-sessions/${cityId}`);
    await page.getByRole("button", { name: "Comprar: Clase individual" }).click();
    const { panel } = await payWithStripeCard(page, "4000 0000 0000 0002");
    await expect(panel.getByRole("alert")).toContainText("Tarjeta declinada");
    await expect(page).not.toHaveURL(/\/success-order/);
  });

  test("PayPal REST: approved on PayPal's site, captured when the buyer comes back", async ({ page }) => {
    await fakeStripeOrigins(page);
    const approvals: string[] = [];
    await page.route("https://www.sandbox.paypal.com/**", async (route) => {
      const id = new URL(route.request().url()).searchParams.get("token")!;
      approvals.push(id);
      approveOnPaypal(id);
      await route.fulfill({ status: 302, headers: { location: ordersById.get(id)!.return_url } });
    });
    await newCustomer(page);
    await page.goto(`/buy-sessions/${cityId}`);
    await page.getByRole("button", { name: "Comprar: Paquete 10 clases" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await panel.getByRole("button", { name: "PayPal" }).click();
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page).toHaveURL(/\/success-order\?order=\d+/);
    await expect(page.getByText("1 × Paquete 10 clases")).toBeVisible();
    expect(approvals).toHaveLength(1);
    const order = ordersById.get(approvals[0]!)!;
    expect(order.purchase_units[0]!.amount.currency_code).toBe("MXN");
    expect(order.status).toBe("COMPLETED");
    expect(order.purchase_units[0]!.payments!.captures).toHaveLength(1);
  });

  for (const [outcome, landing] of [
    ["approved", /\/success-order\?order=\d+/],
    ["oxxo", /\/profile\/shopping-history\/\d+\/oxxo/],
  ] as const) {
    test(`Mercado Pago Checkout Pro (${outcome}): paid on its page, asked by our server on return`, async ({
      page,
    }) => {
      await fakeStripeOrigins(page);
      const paid: string[] = [];
      await page.route("https://www.mercadopago.com.mx/**", async (route) => {
        const prefId = new URL(route.request().url()).searchParams.get("pref_id")!;
        const p = payOnMercadoPago(prefId, outcome);
        paid.push(String(p.id));
        const back = new URL(mpPreferences.get(prefId)!.back_urls[outcome === "approved" ? "success" : "pending"]);
        // What Mercado Pago adds to the way back (our server never reads it).
        back.searchParams.set("collection_status", p.status);
        back.searchParams.set("payment_id", String(p.id));
        await route.fulfill({ status: 302, headers: { location: back.toString() } });
      });
      await newCustomer(page);
      await page.goto(`/buy-sessions/${cityId}`);
      await page.getByRole("button", { name: "Comprar: Paquete 5 clases" }).click();
      const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
      await panel.getByRole("button", { name: "Mercado Pago" }).click();
      await expect(panel.getByText(/Te llevamos a Mercado Pago/)).toBeVisible();
      await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
      await panel.getByRole("button", { name: /^Pagar \$/ }).click();
      await expect(page).toHaveURL(landing);
      expect(paid).toHaveLength(1);
      if (outcome === "approved") await expect(page.getByText("1 × Paquete 5 clases")).toBeVisible();
    });
  }
});
