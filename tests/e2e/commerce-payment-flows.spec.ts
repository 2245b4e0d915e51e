import type { APIRequestContext, Page } from "@playwright/test";
import { fillCard as fillWith, me, newCustomer } from "./support/commerce";
import { createAccount, createGiftCard } from "./support/db";
import { createCertificationProduct, createPack, staffApi } from "./support/factories";
import { e2eEnv, expect, loginAs, test, testAddress } from "./support/fixtures";
import { budget } from "./support/time";

const customer = (page: Page) => newCustomer(page, { name: "Lucía", lastName: "Pagos", label: "flujo" });
const fillCard = (scope: ReturnType<Page["getByRole"]>, number: string) => fillWith(scope, number, "Lucía Pagos");

/** A pack of 5 classes at $1,250 in a city of its own: the page that sells it and its button. */
async function fivePack(request: APIRequestContext) {
  const pack = await createPack(await staffApi(request), {
    name: `Paquete 5 clases ${Date.now().toString(36)}`,
    sessions: 5,
    priceCents: 1_250_00,
  });
  return { url: `/buy-sessions/${pack.cityId}`, button: `Comprar: ${pack.name}` };
}

test.describe("payment flows", () => {
  // Several pages and a payment each: slow on a loaded machine.
  test.describe.configure({ timeout: budget(90_000) });

  test("a gift card that covers everything: the order is confirmed with no card", async ({ page, request }) => {
    await customer(page);
    const code = `E2E-${Date.now()}`;
    await createGiftCard(code, 2_000_00);
    const pack = await fivePack(request);
    await page.goto(pack.url);
    await page.getByRole("button", { name: pack.button }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await panel.getByRole("textbox", { name: "Tarjeta de regalo", exact: true }).fill(code);
    await panel.getByRole("button", { name: "Aplicar", exact: true }).click();
    await expect(panel.getByText(`Tarjeta de regalo ${code} aplicada`)).toBeVisible();
    await expect(panel.getByText("Su tarjeta de regalo cubre el total de la compra.")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Tarjeta", exact: true })).toHaveCount(0);
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: "Confirmar compra" }).click();
    await expect(page).toHaveURL(/\/success-order\?order=\d+/);
    expect(await me(page)).toContain('"available_sessions":5');
  });

  test("a certification with a deposit: half now, the rest later from the shopping history", async ({ page }) => {
    await customer(page);
    await page.goto(`/store/product/${(await createCertificationProduct({ priceCents: 18_500_00 })).id}`);
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
    await panel.getByRole("button", { name: /^Pagar \$/ }).click();
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

  test("staff refund part of a payment: one class of five goes back", async ({ page, browser, request }, testInfo) => {
    const email = await customer(page);
    const pack = await fivePack(request);
    await page.goto(pack.url);
    await page.getByRole("button", { name: pack.button }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
    await fillCard(panel, "4242 4242 4242 4242");
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar \$/ }).click();
    await expect(page).toHaveURL(/\/success-order/);

    const staff = await browser.newPage({
      baseURL: e2eEnv.baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": testAddress(`${testInfo.testId}:staff`) },
    });
    await loginAs(staff, await createAccount());
    await staff.goto("/admin/payments/list");
    const row = staff.getByRole("row").filter({ hasText: email });
    const amount = row.getByRole("textbox", { name: "Monto a reembolsar (MXN)" });
    // The refund is confirmed in the page's dialog (not the browser's), then sent.
    const dialog = staff.getByRole("dialog", { name: "Reembolsar" });
    const confirmRefund = async (amountText: string) => {
      await expect(dialog).toContainText(`¿Reembolsar ${amountText}?`);
      await dialog.getByRole("button", { name: "Reembolsar" }).click();
      await expect(dialog).toBeHidden();
    };
    // Not an amount in pesos: said under the field before any confirmation, nothing refunded.
    await amount.fill("12,34.5");
    await row.getByRole("button", { name: "Reembolsar" }).click();
    await expect(row.getByText("Escriba un monto en pesos, con hasta dos decimales")).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(amount).toBeFocused();
    await expect(dialog).toHaveCount(0);
    // More than what was paid: the server says so under the same field.
    await amount.fill("5000");
    await row.getByRole("button", { name: "Reembolsar" }).click();
    await confirmRefund("$5000");
    await expect(row.getByText("El monto debe ser mayor que cero y no pasar de $1,250.00")).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(row).toContainText("Pagado");
    // Cancelled: nothing is sent.
    await amount.fill("250");
    await row.getByRole("button", { name: "Reembolsar" }).click();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Pagado");
    await row.getByRole("button", { name: "Reembolsar" }).click();
    await confirmRefund("$250");
    await expect(staff.getByText("Reembolso parcial realizado; se retiró 1 clase sin usar")).toBeVisible();
    await staff.reload();
    await expect(staff.getByRole("row").filter({ hasText: email })).toContainText("Reembolso parcial");
    await staff.close();
    expect(await me(page)).toContain('"available_sessions":4');
  });
});
