import { checkoutNewPack, expectFitsPhone, me, postSandboxWebhook, providerPaymentOf } from "./support/commerce";
import { withDb } from "./support/db";
import { expect, test } from "./support/fixtures";
import { budget } from "./support/time";

test.describe("OXXO (issue 25)", () => {
  test.describe.configure({ timeout: budget(90_000) });

  test("a customer pays a pack at OXXO: the voucher, the sandbox's webhook, then the credits", async ({
    page,
    request,
  }) => {
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
  });
});
