import type { APIRequestContext, Page } from "@playwright/test";
import { fillCard, me, newCustomer } from "./support/commerce";
import {
  createCertificationProduct,
  createPack,
  createPlan,
  createShippedProduct,
  staffApi,
} from "./support/factories";
import { createAccount } from "./support/db";
import { e2eEnv, expect, loginAs, test, testAddress } from "./support/fixtures";
import { budget } from "./support/time";
import { PHONE } from "./support/shots";

/**
 * The checkout panel with the sandbox gateway: packs, an on-demand plan and a shipped product of the
 * spec's own (./support/factories), paid by card (approved, authenticated, declined) or PayPal.
 */
const customer = (page: Page) => newCustomer(page, { name: "Carla", lastName: "Compras", label: "compra" });

async function payWithNewCard(page: Page, number: string) {
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
  await fillCard(panel, number, "Carla Compras");
  await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await panel.getByRole("button", { name: /^Pagar \$/ }).click();
  return panel;
}

/** A pack on sale in a city of its own: the page that sells it and its name. */
async function pack(request: APIRequestContext, name: string, sessions: number, priceCents: number) {
  const made = await createPack(await staffApi(request), {
    name: `${name} ${Date.now().toString(36)}`,
    sessions,
    priceCents,
  });
  return { url: `/buy-sessions/${made.cityId}`, name: made.name };
}

test.describe("checkout", () => {
  test("a 5-class pack paid with 4242: the credits are in the account; nothing loaded from another origin", async ({
    page,
    baseURL,
    request,
  }) => {
    // The sandbox gateway: no external script (Stripe.js only with PAYMENT_GATEWAY=stripe), no other origin.
    const elsewhere: string[] = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.protocol.startsWith("http") && u.origin !== new URL(baseURL!).origin) elsewhere.push(r.url());
    });
    await customer(page);
    const five = await pack(request, "Paquete 5 clases", 5, 1_250_00);
    const doc = await page.goto(five.url);
    expect(doc?.headers()["content-security-policy"]).toContain("script-src 'self' 'nonce-");
    expect(doc?.headers()["content-security-policy"]).not.toContain("stripe");
    await page.getByRole("button", { name: `Comprar: ${five.name}` }).click();
    await payWithNewCard(page, "4242 4242 4242 4242");
    await expect(page.getByText("Pago exitoso")).toBeVisible();
    await expect(page).toHaveURL(/\/success-order\?order=\d+/);
    await expect(page.getByRole("heading", { name: "¡Gracias por tu compra!" })).toBeVisible();
    await expect(page.getByText(`1 × ${five.name}`)).toBeVisible();
    expect(await me(page)).toContain('"available_sessions":5');
    expect(await page.locator('script[src*="stripe"]').count()).toBe(0);
    expect(elsewhere).toEqual([]);
  });

  test("a card that asks for authentication, completed through the card-action step", async ({ page, request }) => {
    await customer(page);
    const plan = await createPlan(await staffApi(request), { name: `Nucleo Home mensual ${Date.now().toString(36)}` });
    await page.goto("/on-demand/buy-plans");
    await page.getByRole("button", { name: `Comprar: ${plan.name}` }).click();
    await payWithNewCard(page, "4000 0025 0000 3155");
    const auth = page.getByRole("dialog", { name: "Autenticación de la tarjeta (sandbox)" });
    await expect(auth).toBeVisible();
    await auth.getByRole("button", { name: "Autorizar" }).click();
    await expect(page).toHaveURL(/\/success-order/);
    expect(await me(page)).toContain('"available_sessions_on_demand":"UNLIMITED"');
  });

  test("a declined card: 'Tarjeta declinada', the help card, nothing bought", async ({ page, request }) => {
    await customer(page);
    const single = await pack(request, "Clase individual", 1, 280_00);
    await page.goto(single.url);
    await page.getByRole("button", { name: `Comprar: ${single.name}` }).click();
    const panel = await payWithNewCard(page, "4000 0000 0000 0002");
    await expect(panel.getByRole("alert")).toContainText("Tarjeta declinada");
    await expect(panel.getByText("¿Problemas con tu pago?")).toBeVisible();
    expect(await me(page)).toContain('"available_sessions":0');
  });

  test("a store product shipped to a new address, with a voucher; staff mark it shipped", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    // A purchase, then the back office in a second browser: slow on a loaded machine.
    test.setTimeout(budget(90_000));
    await customer(page);
    const { product, shipping, voucher } = await createShippedProduct(await staffApi(request));
    await page.goto(`/store/product/${product.id}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await expect(panel.getByRole("tab", { name: "Información" })).toBeVisible();
    await panel.getByLabel("Cupón de descuento").fill(voucher.code);
    await expect(panel.getByText(`Descuento (${voucher.code})`)).toBeVisible();
    await panel.getByLabel(/^Alias/).fill("Casa");
    await panel.getByLabel(/^Calle y número/).fill("Av. Juárez 50");
    await panel.getByRole("combobox", { name: "Estado" }).click();
    await page.getByRole("option", { name: "Jalisco" }).click();
    await panel.getByLabel(/^Ciudad o alcaldía/).fill("Guadalajara");
    await panel.getByLabel(/^Código postal/).fill("44100");
    await panel.getByRole("button", { name: "Continuar" }).click();
    await panel.getByRole("radio", { name: new RegExp(shipping.name) }).check();
    await panel.getByRole("button", { name: "Continuar" }).click();
    await payWithNewCard(page, "4242424242424242");
    await expect(page).toHaveURL(/\/success-order/);
    const order = new URL(page.url()).searchParams.get("order");
    await page.goto("/profile/shippings");
    await expect(page.getByText("Pendiente")).toBeVisible();
    await expect(page.getByText(/Av\. Juárez 50/).first()).toBeVisible();

    const staff = await browser.newPage({
      baseURL: e2eEnv.baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": testAddress(`${testInfo.testId}:staff`) },
    });
    await loginAs(staff, await createAccount());
    await staff.goto("/admin/shippings/list");
    const row = staff.getByRole("row").filter({ has: staff.getByText(`#${order}`, { exact: true }) });
    await row.getByRole("button", { name: "Marcar como enviado" }).click();
    const dialog = staff.getByRole("dialog", { name: `Enviar la orden #${order}` });
    // A DHL number of the wrong shape: said under its field, the shipment stays pending.
    await dialog.getByRole("combobox", { name: "Paquetería" }).click();
    await staff.getByRole("option", { name: "DHL" }).click();
    const tracking = dialog.getByRole("textbox", { name: "Número de guía" });
    await tracking.fill("no vale");
    await dialog.getByRole("button", { name: "Marcar como enviado" }).click();
    await expect(tracking).toHaveAttribute("aria-invalid", "true");
    await expect(tracking).toBeFocused();
    // Shipped with DHL and a good number: saved, the list shows it.
    await tracking.fill(`12345${order}77`.padEnd(10, "0"));
    await dialog.getByRole("button", { name: "Marcar como enviado" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Enviado");
    await expect(row).toContainText(`12345${order}77`.padEnd(10, "0"));
    await staff.close();
  });

  test("PayPal through the sandbox approval page", async ({ page, request }) => {
    await customer(page);
    const ten = await pack(request, "Paquete 10 clases", 10, 2_300_00);
    await page.goto(ten.url);
    await page.getByRole("button", { name: `Comprar: ${ten.name}` }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await panel.getByRole("button", { name: "PayPal" }).click();
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page.getByRole("heading", { name: "PayPal (sandbox): aprobar pago" })).toBeVisible();
    await page.getByRole("link", { name: "Aprobar pago" }).click();
    await expect(page).toHaveURL(/\/success-order/);
    expect(await me(page)).toContain('"available_sessions":10');
  });
});

test.describe("checkout at phone width", () => {
  test.use({ viewport: PHONE });

  test("a certification cart: the PDF download; a bad card's messages under their fields; expiry defaults", async ({
    page,
  }) => {
    await customer(page);
    const product = await createCertificationProduct();
    await page.goto(`/store/product/${product.id}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });

    // Certification carts offer the PDF download (spec §2): the programme, before paying.
    const pdf = panel.getByRole("link", { name: "Descargar PDF" });
    await expect(pdf).toBeVisible();
    await expect(pdf).toHaveAttribute("href", `/api/pdf-content/${product.id}`);
    const download = page.waitForEvent("download");
    await pdf.click();
    expect((await download).suggestedFilename()).toMatch(/^certificacion-[a-z0-9-]+\.pdf$/);

    // The expiry starts at month 1 of the current year (spec §9).
    await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
    const year = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", year: "2-digit" }).format(
      new Date(),
    );
    const expiry = panel.getByLabel("Vencimiento (MM/AA)");
    await expect(expiry).toHaveValue(`01/${year}`);

    // A number that fails the check: the server's message under the number, which editing clears.
    const number = panel.getByLabel("Número de tarjeta");
    await number.fill("4242 4242 4242 4241");
    await panel.getByLabel("Nombre del titular").fill("Carla Compras");
    await expiry.fill("1231");
    await panel.getByLabel("CVC").fill("123");
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    const pay = panel.getByRole("button", { name: /^Pagar \$/ });
    await pay.click();
    await expect(number).toHaveAccessibleDescription("El número de tarjeta no es válido");
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await number.fill("4242 4242 4242 4242");
    await expect(number).not.toHaveAttribute("aria-invalid", "true");

    // An expired card: under the expiry.
    await expiry.fill("0120");
    await pay.click();
    await expect(expiry).toHaveAccessibleDescription("La tarjeta está vencida");
    await expect(number).not.toHaveAttribute("aria-invalid", "true");
  });
});

test.describe("a certification paid in two instalments, at phone width", () => {
  test.use({ viewport: PHONE });
  // Two payments and three pages: slow on a loaded machine.
  test.describe.configure({ timeout: budget(90_000) });

  test("the deposit ticks, half is paid in the panel, the second instalment from Mis compras: balance 0", async ({
    page,
  }) => {
    await customer(page);
    const product = await createCertificationProduct({ priceCents: 18_500_00 });
    await page.goto(`/store/product/${product.id}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    const deposit = panel.getByRole("checkbox", { name: "Pago con Deposito (2 Parcialidades)" });
    await deposit.click();
    await expect(deposit).toBeChecked();
    await expect(panel.getByText("Primer pago (50%)")).toBeVisible();
    await expect(panel.getByText("$9,250.00").first()).toBeVisible();

    await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
    await fillCard(panel, "4242 4242 4242 4242", "Carla Compras");
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page).toHaveURL(/\/success-order/);

    const orders = async () => {
      const r = await page.request.get("/api/v2/customer/orders");
      return ((await r.json()) as { data: { deposit: boolean; balance_due_cents: number }[] }).data;
    };
    expect((await orders())[0]).toMatchObject({ deposit: true, balance_due_cents: 9_250_00 });

    await page.goto("/profile/shopping-history");
    await page.getByRole("button", { name: /Orden/ }).first().click();
    await expect(page.getByText("Saldo pendiente (segunda parcialidad)")).toBeVisible();
    await page.getByRole("button", { name: /^Pagar saldo pendiente/ }).click();
    const modal = page.getByRole("dialog", { name: /Segunda parcialidad de la orden/ });
    await expect(modal.getByText(/\$9,250\.00/).first()).toBeVisible();
    await fillCard(modal, "4242 4242 4242 4242", "Carla Compras");
    await modal.getByRole("button", { name: /^Pagar saldo pendiente/ }).click();
    await expect(page.getByText("Segunda parcialidad pagada")).toBeVisible();
    await expect(page.getByText("Saldo pendiente (segunda parcialidad)")).toHaveCount(0);
    expect((await orders())[0]).toMatchObject({ deposit: true, balance_due_cents: 0 });
  });

  test("a tick while the panel is still reloading the cart stays ticked (a late answer does not undo it)", async ({
    page,
  }) => {
    await customer(page);
    const product = await createCertificationProduct();
    await page.goto(`/store/product/${product.id}`);
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    const deposit = panel.getByRole("checkbox", { name: "Pago con Deposito (2 Parcialidades)" });
    await expect(deposit).not.toBeChecked();
    await panel.getByRole("button", { name: "Cerrar" }).click();
    await expect(panel).toBeHidden();

    // A slow network: the reload on opening answers after the tick's own answer, with the cart as it was.
    let late: () => void = () => {};
    const held = new Promise<void>((resolve) => (late = resolve));
    await page.route("**/api/v2/carts", async (route) => {
      if (route.request().method() !== "GET") return route.continue();
      const stale = await route.fetch();
      await held;
      await route.fulfill({ response: stale });
    });
    const reloaded = page.waitForResponse((r) => r.url().endsWith("/api/v2/carts") && r.request().method() === "GET");
    await page.getByRole("button", { name: "Abrir carrito" }).click();
    await deposit.click();
    await expect(deposit).toBeChecked();
    late();
    await reloaded;
    await expect(panel.getByText("Primer pago (50%)")).toBeVisible();
    await expect(deposit).toBeChecked();
  });
});
