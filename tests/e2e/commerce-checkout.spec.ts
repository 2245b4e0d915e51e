import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

/** A customer of its own, registered through the API: the browser context holds its session. */
async function newCustomer(page: Page) {
  const email = `compra.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post("/api/user", {
    form: {
      name: "Carla",
      last_name: "Compras",
      email,
      password: "secreto1",
      confirmPassword: "secreto1",
      terms: "true",
    },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function payWithNewCard(page: Page, number: string) {
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
  await panel.getByLabel("Número de tarjeta").fill(number);
  await panel.getByLabel("Nombre del titular").fill("Carla Compras");
  await panel.getByLabel("Vencimiento (MM/AA)").fill("1231");
  await panel.getByLabel("CVC").fill("123");
  await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await panel.getByRole("button", { name: /^Pagar/ }).click();
  return panel;
}

/** The current user (spec §7 POST /auth/me), with the XSRF header a cookie session needs. */
async function availableSessions(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const me = await (
    await page.request.post("/api/auth/me", { headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf) } })
  ).json();
  return me.data ?? me;
}

test.describe("checkout", () => {
  test("a 5-class pack paid with 4242: the credits are in the account; nothing loaded from another origin", async ({
    page,
    baseURL,
  }) => {
    // The sandbox gateway: no external script (Stripe.js only with PAYMENT_GATEWAY=stripe), no other origin.
    const elsewhere: string[] = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.protocol.startsWith("http") && u.origin !== new URL(baseURL!).origin) elsewhere.push(r.url());
    });
    await newCustomer(page);
    const doc = await page.goto("/buy-sessions/1");
    expect(doc?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
    expect(doc?.headers()["content-security-policy"]).not.toContain("stripe");
    await page.getByRole("button", { name: "Comprar: Paquete 5 clases" }).click();
    await payWithNewCard(page, "4242 4242 4242 4242");
    await expect(page.getByText("Pago exitoso")).toBeVisible();
    await expect(page).toHaveURL(/\/success-order\?order=\d+/);
    await expect(page.getByRole("heading", { name: "¡Gracias por tu compra!" })).toBeVisible();
    await expect(page.getByText("1 × Paquete 5 clases")).toBeVisible();
    const me = await availableSessions(page);
    expect(JSON.stringify(me)).toContain('"available_sessions":5');
    expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
    expect(elsewhere).toEqual([]);
  });

  test("a card that asks for authentication, completed through the card-action step", async ({ page }) => {
    await newCustomer(page);
    await page.goto("/on-demand/buy-plans");
    await page.getByRole("button", { name: "Comprar: Nucleo Home mensual" }).click();
    await payWithNewCard(page, "4000 0025 0000 3155");
    const auth = page.getByRole("dialog", { name: "Autenticación de la tarjeta (sandbox)" });
    await expect(auth).toBeVisible();
    await auth.getByRole("button", { name: "Autorizar" }).click();
    await expect(page).toHaveURL(/\/success-order/);
    expect(JSON.stringify(await availableSessions(page))).toContain('"available_sessions_on_demand":"UNLIMITED"');
  });

  test("a declined card: 'Tarjeta declinada', the help card, nothing bought", async ({ page }) => {
    await newCustomer(page);
    await page.goto("/buy-sessions/1");
    await page.getByRole("button", { name: "Comprar: Clase individual" }).click();
    const panel = await payWithNewCard(page, "4000 0000 0000 0002");
    await expect(panel.getByRole("alert")).toContainText("Tarjeta declinada");
    await expect(panel.getByText("¿Problemas con tu pago?")).toBeVisible();
    expect(JSON.stringify(await availableSessions(page))).toContain('"available_sessions":0');
  });

  test("a store product shipped to a new address, with a voucher", async ({ page }) => {
    await newCustomer(page);
    await page.goto("/store/product/3");
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await expect(panel.getByRole("tab", { name: "Información" })).toBeVisible();
    await panel.getByLabel("Cupón de descuento").fill("TIENDA100");
    await expect(panel.getByText("Descuento (TIENDA100)")).toBeVisible();
    await panel.getByLabel(/^Alias/).fill("Casa");
    await panel.getByLabel(/^Calle y número/).fill("Av. Juárez 50");
    await panel.getByRole("combobox", { name: "Estado" }).click();
    await page.getByRole("option", { name: "Jalisco" }).click();
    await panel.getByLabel(/^Ciudad o alcaldía/).fill("Guadalajara");
    await panel.getByLabel(/^Código postal/).fill("44100");
    await panel.getByRole("button", { name: "Continuar" }).click();
    await panel.getByRole("radio", { name: /Envío estándar/ }).check();
    await panel.getByRole("button", { name: "Continuar" }).click();
    await payWithNewCard(page, "4242424242424242");
    await expect(page).toHaveURL(/\/success-order/);
    await page.goto("/profile/shippings");
    await expect(page.getByText("Pendiente")).toBeVisible();
    await expect(page.getByText(/Av\. Juárez 50/).first()).toBeVisible();
  });

  test("PayPal through the sandbox approval page", async ({ page }) => {
    await newCustomer(page);
    await page.goto("/buy-sessions/1");
    await page.getByRole("button", { name: "Comprar: Paquete 10 clases" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await panel.getByRole("button", { name: "PayPal" }).click();
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar/ }).click();
    await expect(page.getByRole("heading", { name: "PayPal (sandbox): aprobar pago" })).toBeVisible();
    await page.getByRole("link", { name: "Aprobar pago" }).click();
    await expect(page).toHaveURL(/\/success-order/);
    expect(JSON.stringify(await availableSessions(page))).toContain('"available_sessions":10');
  });
});
