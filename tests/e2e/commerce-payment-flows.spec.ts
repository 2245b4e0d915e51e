import type { Page } from "@playwright/test";
import { ACCOUNT_PASSWORD, createAccount, createGiftCard } from "./support/db";
import { e2eEnv, expect, loginAs, test, testAddress } from "./support/fixtures";

async function newCustomer(page: Page) {
  const email = `flujo.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
  const res = await page.request.post("/api/user", {
    form: {
      name: "Lucía",
      last_name: "Pagos",
      email,
      password: "secreto1",
      confirmPassword: "secreto1",
      terms: "true",
    },
  });
  expect(res.status()).toBe(201);
  return email;
}

async function fillCard(scope: ReturnType<Page["getByRole"]>, number: string) {
  await scope.getByLabel("Número de tarjeta").fill(number);
  await scope.getByLabel("Nombre del titular").fill("Lucía Pagos");
  await scope.getByLabel("Vencimiento (MM/AA)").fill("1231");
  await scope.getByLabel("CVC").fill("123");
}

async function me(page: Page) {
  const xsrf = (await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "";
  const r = await (
    await page.request.post("/api/auth/me", { headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf) } })
  ).json();
  return JSON.stringify(r.data ?? r);
}

test.describe("payment flows", () => {
  // Several pages and a payment each: slow on a loaded machine.
  test.describe.configure({ timeout: 90_000 });

  test("a gift card that covers everything: the order is confirmed with no card", async ({ page }) => {
    await newCustomer(page);
    const code = `E2E-${Date.now()}`;
    await createGiftCard(code, 2_000_00);
    await page.goto("/buy-sessions/1");
    await page.getByRole("button", { name: "Comprar: Paquete 5 clases" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await panel.getByRole("textbox", { name: "Tarjeta de regalo", exact: true }).fill(code);
    await panel.getByRole("button", { name: "Aplicar" }).click();
    await expect(panel.getByText(`Tarjeta de regalo ${code} aplicada`)).toBeVisible();
    await expect(panel.getByText("Su tarjeta de regalo cubre el total de la compra.")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Tarjeta", exact: true })).toHaveCount(0);
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page).toHaveURL(/\/success-order\?order=\d+/);
    expect(await me(page)).toContain('"available_sessions":5');
  });

  test("a certification with a deposit: half now, the rest later from the shopping history", async ({ page }) => {
    await newCustomer(page);
    await page.goto("/store/product/6");
    await page.getByRole("button", { name: "Agregar al carrito" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    // Checked once the server has recalculated the cart (a controlled checkbox).
    const deposit = panel.getByRole("checkbox", { name: "Pago con Deposito (2 Parcialidades)" });
    await deposit.click();
    await expect(deposit).toBeChecked();
    await expect(panel.getByText("Primer pago (50%)")).toBeVisible();
    await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
    await fillCard(panel, "4242 4242 4242 4242");
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar/ }).click();
    await expect(page).toHaveURL(/\/success-order/);

    await page.goto("/profile/shopping-history");
    await page.getByRole("button", { name: /Orden/ }).first().click();
    await expect(page.getByText("Saldo pendiente (segunda parcialidad)")).toBeVisible();
    await page.getByRole("button", { name: /^Pagar saldo pendiente/ }).click();
    const modal = page.getByRole("dialog", { name: /Segunda parcialidad de la orden/ });
    // The card saved? No: a new card, through the authentication step.
    await fillCard(modal, "4000 0025 0000 3155");
    await modal.getByRole("button", { name: /^Pagar saldo pendiente/ }).click();
    await page
      .getByRole("dialog", { name: "Autenticación de la tarjeta (sandbox)" })
      .getByRole("button", { name: "Autorizar" })
      .click();
    await expect(page.getByText("Segunda parcialidad pagada")).toBeVisible();
    await expect(page.getByText("Saldo pendiente (segunda parcialidad)")).toHaveCount(0);
  });

  test("staff refund part of a payment: one class of five goes back", async ({ page, browser }, testInfo) => {
    const email = await newCustomer(page);
    await page.goto("/buy-sessions/1");
    await page.getByRole("button", { name: "Comprar: Paquete 5 clases" }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
    await fillCard(panel, "4242 4242 4242 4242");
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar/ }).click();
    await expect(page).toHaveURL(/\/success-order/);

    const staff = await browser.newPage({
      baseURL: e2eEnv.baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": testAddress(`${testInfo.testId}:staff`) },
    });
    await loginAs(staff, (await createAccount()).email, ACCOUNT_PASSWORD);
    await staff.goto("/admin/payments/list");
    const row = staff.getByRole("row").filter({ hasText: email });
    await row.getByRole("textbox", { name: "Monto a reembolsar (MXN)" }).fill("250");
    staff.once("dialog", (d) => void d.accept());
    await row.getByRole("button", { name: "Reembolsar" }).click();
    await expect(staff.getByText("Reembolso parcial realizado; se retiraron 1 clases sin usar")).toBeVisible();
    await staff.reload();
    await expect(staff.getByRole("row").filter({ hasText: email })).toContainText("Reembolso parcial");
    await staff.close();
    expect(await me(page)).toContain('"available_sessions":4');
  });
});
