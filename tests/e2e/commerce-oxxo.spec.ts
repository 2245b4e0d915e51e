import crypto from "node:crypto";
import { request as playwrightRequest } from "@playwright/test";
import { me, newCustomer } from "./support/commerce";
import { withDb } from "./support/db";
import { createPack, staffApi } from "./support/factories";
import { e2eEnv, expect, test } from "./support/fixtures";
import { E2E_SANDBOX_WEBHOOK_SECRET } from "./support/servers";
import { budget } from "./support/time";

/** The sandbox gateway's webhook signature (`t=<unix>,v1=<hmac-sha256 of "t.body">`). */
function sign(body: string) {
  const ts = Math.floor(Date.now() / 1000);
  const mac = crypto.createHmac("sha256", E2E_SANDBOX_WEBHOOK_SECRET).update(`${ts}.${body}`).digest("hex");
  return `t=${ts},v1=${mac}`;
}

test.describe("OXXO (issue 25)", () => {
  test.describe.configure({ timeout: budget(90_000) });

  test("a customer pays a pack at OXXO: the voucher, the sandbox's webhook, then the credits", async ({
    page,
    request,
  }) => {
    await newCustomer(page, { name: "Olga", lastName: "Efectivo", label: "oxxo" });
    const pack = await createPack(await staffApi(request), {
      name: `Paquete OXXO ${Date.now().toString(36)}`,
      sessions: 5,
      priceCents: 1_250_00,
    });
    await page.goto(`/buy-sessions/${pack.cityId}`);
    await page.getByRole("button", { name: `Comprar: ${pack.name}` }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
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
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The history: «Pendiente de pago» with the voucher's link.
    await page.goto("/profile/shopping-history");
    await expect(page.getByText("Pendiente de pago").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Ver ficha de pago OXXO" })).toHaveAttribute(
      "href",
      `/profile/shopping-history/${orderId}/oxxo`,
    );

    // The customer pays at the sandbox's store; the provider's signed webhook is posted.
    const intentId = await withDb(async (c) => {
      const r = await c.query("select provider_payment_id from payments where order_id = $1", [orderId]);
      const id = r.rows[0].provider_payment_id as string;
      await c.query("update sandbox_intents set status = 'succeeded' where id = $1 and status = 'requires_action'", [
        id,
      ]);
      return id;
    });
    const body = JSON.stringify({
      id: `evt_e2e_oxxo_${intentId}`,
      type: "payment_intent.succeeded",
      data: { object: { id: intentId } },
    });
    // From the provider: no session, no cookies (the staff's request context has the back office's).
    const provider = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
    const res = await provider.post("/api/v2/webhooks/payments", {
      data: body,
      headers: { "content-type": "application/json", "x-sandbox-signature": sign(body) },
    });
    expect(res.status()).toBe(200);
    await provider.dispose();

    // The server's queue applies it: the credits appear, the order is paid.
    await expect.poll(() => me(page), { timeout: budget(30_000) }).toContain('"available_sessions":5');
    await page.goto(`/profile/shopping-history/${orderId}/oxxo`);
    await expect(page.getByText("Esta ficha ya fue pagada. ¡Gracias!")).toBeVisible();
  });
});
