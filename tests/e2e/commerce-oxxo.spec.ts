import { checkoutNewPack, expectFitsPhone, me, postSandboxWebhook, providerPaymentOf } from "./support/commerce";
import { clabeCheckDigit } from "../../app/shared/mexico/clabe";
import { createAccount, withDb } from "./support/db";
import { e2eEnv, expect, loginAs, test, testAddress } from "./support/fixtures";
import { budget } from "./support/time";

test.describe("OXXO (issue 25)", () => {
  test.describe.configure({ timeout: budget(90_000) });

  test("a customer pays a pack at OXXO: the voucher, the sandbox's webhook, the credits; staff refund it to a CLABE", async ({
    page,
    request,
    browser,
  }, testInfo) => {
    const { panel } = await checkoutNewPack(page, request, {
      customer: { name: "Olga", lastName: "Efectivo", label: "oxxo" },
      sessions: 5,
      priceCents: 1_250_00,
    });
    await panel.getByRole("button", { name: "Pagar en OXXO" }).click();
    await expect(panel.getByText(/Recibirá una ficha con una referencia/)).toBeVisible();
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar \$/ }).click();

    // The voucher: reference, amount, expiry and its barcode (an image named by the reference).
    await expect(page).toHaveURL(/\/profile\/shopping-history\/(\d+)\/oxxo$/);
    const orderId = Number(/shopping-history\/(\d+)\/oxxo/.exec(page.url())![1]);
    await expect(page.getByRole("heading", { level: 1, name: "Ficha de pago en OXXO" })).toBeVisible();
    const reference = (await page.getByTestId("oxxo-reference").textContent())!.trim();
    expect(reference).toMatch(/^\d{14}$/);
    await expect(page.getByRole("img", { name: `Código de barras de la referencia ${reference}` })).toBeVisible();
    await expect(page.getByText("$1,250.00")).toBeVisible();
    await expect(page.getByRole("button", { name: "Imprimir ficha" })).toBeVisible();
    // Nothing credited while it waits.
    expect(await me(page)).not.toContain('"available_sessions":5');

    // A phone: nothing wider than the screen.
    await expectFitsPhone(page);

    // The history: «Pendiente de pago» with the voucher's link.
    await page.goto("/profile/shopping-history");
    await expect(page.getByText("Pendiente de pago").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver ficha de pago OXXO" })).toHaveAttribute(
      "href",
      `/profile/shopping-history/${orderId}/oxxo`,
    );

    // The customer pays at the sandbox's store; the provider's signed webhook is posted.
    const intentId = await providerPaymentOf(orderId);
    await withDb((c) =>
      c.query("update sandbox_intents set status = 'succeeded' where id = $1 and status = 'requires_action'", [
        intentId,
      ]),
    );
    await postSandboxWebhook({
      id: `evt_e2e_oxxo_${intentId}`,
      type: "payment_intent.succeeded",
      data: { object: { id: intentId } },
    });

    // The server's queue applies it: the credits appear, the order is paid.
    await expect.poll(() => me(page), { timeout: budget(30_000) }).toContain('"available_sessions":5');
    await page.goto(`/profile/shopping-history/${orderId}/oxxo`);
    await expect(page.getByText("Esta ficha ya fue pagada. ¡Gracias!")).toBeVisible();

    // Staff refund it: cash has no card to go back to, so the dialog asks the customer's CLABE.
    const staff = await browser.newPage({
      baseURL: e2eEnv.baseURL,
      extraHTTPHeaders: { "X-Forwarded-For": testAddress(`${testInfo.testId}:staff`) },
    });
    const email = await withDb(
      async (c) =>
        (await c.query("select u.email from orders o join users u on u.id = o.user_id where o.id = $1", [orderId]))
          .rows[0].email as string,
    );
    await loginAs(staff, await createAccount());
    await staff.goto("/admin/payments/list?method=oxxo");
    const row = staff.getByRole("row").filter({ hasText: email }).first();
    const clabe = row.getByRole("textbox", { name: "CLABE del cliente" });
    const holder = row.getByRole("textbox", { name: "Titular de la cuenta" });
    const dialog = staff.getByRole("dialog", { name: "Reembolsar" });
    // A CLABE with a wrong check digit: said under the field, nothing refunded.
    const first17 = "01218001234567891";
    const good = first17 + clabeCheckDigit(first17);
    await clabe.fill(first17 + String((Number(good[17]) + 1) % 10));
    await holder.fill("Olga Efectivo");
    await row.getByRole("button", { name: "Reembolsar" }).click();
    await dialog.getByRole("button", { name: "Reembolsar" }).click();
    await expect(row.getByText(/La CLABE no es válida/)).toBeVisible();
    await expect(clabe).toHaveAttribute("aria-invalid", "true");
    await expect(row).toContainText("Pagado");
    await clabe.fill(good);
    await row.getByRole("button", { name: "Reembolsar" }).click();
    await dialog.getByRole("button", { name: "Reembolsar" }).click();
    await expect(dialog).toBeHidden();
    await staff.reload();
    await expect(staff.getByRole("row").filter({ hasText: email }).first()).toContainText(
      `CLABE •••• ${good.slice(-4)}`,
    );
    await staff.close();
  });
});
