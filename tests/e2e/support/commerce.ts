import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

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
