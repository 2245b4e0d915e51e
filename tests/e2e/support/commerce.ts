import crypto from "node:crypto";
import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { withDb } from "./db";
import { createPack, staffApi } from "./factories";
import { e2eEnv, expect } from "./fixtures";
import { E2E_SANDBOX_WEBHOOK_SECRET } from "./servers";
import { PHONE } from "./shots";

/**
 * What the commerce specs share (and any spec that needs a customer logged in through the register
 * API): a customer of their own registered in the page's browser context,
 * the card form of the checkout panel or the pay-the-balance dialog, and the customer's own record.
 */

/** Registers a customer through the API; the page's browser context then holds its session. Returns its email. */
export async function newCustomer(page: Page, o: { name: string; lastName: string; label: string }) {
  const email = `${o.label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post("/api/user", {
    form: {
      name: o.name,
      last_name: o.lastName,
      email,
      password: "secreto1",
      confirmPassword: "secreto1",
      terms: "true",
    },
  });
  expect(res.status()).toBe(201);
  return email;
}

/** Fills the sandbox card form inside `scope` (the checkout panel or a payment dialog). */
export async function fillCard(scope: ReturnType<Page["getByRole"]>, number: string, holder: string) {
  await scope.getByLabel("Número de tarjeta").fill(number);
  await scope.getByLabel("Nombre del titular").fill(holder);
  await scope.getByLabel("Vencimiento (MM/AA)").fill("1231");
  await scope.getByLabel("CVC").fill("123");
}

/** The logged-in customer (POST /api/auth/me, with the XSRF header a cookie session needs), as JSON text. */
export async function me(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const r = await (
    await page.request.post("/api/auth/me", { headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf) } })
  ).json();
  return JSON.stringify(r.data ?? r);
}

/**
 * A customer of their own (logged in in `page`) opens the checkout panel of a new pack, in a city
 * of its own, that sells `sessions` classes at `priceCents`. Returns the pack and the panel.
 */
export async function checkoutNewPack(
  page: Page,
  request: APIRequestContext,
  o: { customer: { name: string; lastName: string; label: string }; sessions: number; priceCents: number },
) {
  await newCustomer(page, o.customer);
  const pack = await createPack(await staffApi(request), {
    name: `Paquete ${o.customer.label} ${Date.now().toString(36)}`,
    sessions: o.sessions,
    priceCents: o.priceCents,
  });
  await page.goto(`/buy-sessions/${pack.cityId}`);
  await page.getByRole("button", { name: `Comprar: ${pack.name}` }).click();
  return { pack, panel: page.getByRole("dialog", { name: "Finalizar Pago" }) };
}

/** The provider's id of the order's payment (a sandbox intent). */
export function providerPaymentOf(orderId: number) {
  return withDb(async (c) => {
    const r = await c.query("select provider_payment_id from payments where order_id = $1", [orderId]);
    return r.rows[0].provider_payment_id as string;
  });
}

/**
 * Posts `event` to the payments webhook as the sandbox provider does: signed
 * (`t=<unix>,v1=<hmac-sha256 of "t.body">`), from outside, with no session or cookies.
 */
export async function postSandboxWebhook(event: { id: string; type: string; data: unknown }) {
  const body = JSON.stringify(event);
  const ts = Math.floor(Date.now() / 1000);
  const mac = crypto.createHmac("sha256", E2E_SANDBOX_WEBHOOK_SECRET).update(`${ts}.${body}`).digest("hex");
  const provider = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
  try {
    const res = await provider.post("/api/v2/webhooks/payments", {
      data: body,
      headers: { "content-type": "application/json", "x-sandbox-signature": `t=${ts},v1=${mac}` },
    });
    expect(res.status()).toBe(200);
  } finally {
    await provider.dispose();
  }
}

/** Nothing on the page is wider than a phone's screen. */
export async function expectFitsPhone(page: Page) {
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}
