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

test.describe("SPEI (issue 25)", () => {
  test.describe.configure({ timeout: budget(90_000) });

  test("a customer pays a pack by SPEI: the CLABE, a partial transfer, the rest, then the credits", async ({
    page,
    request,
  }) => {
    await newCustomer(page, { name: "Sara", lastName: "Transferencia", label: "spei" });
    const pack = await createPack(await staffApi(request), {
      name: `Paquete SPEI ${Date.now().toString(36)}`,
      sessions: 5,
      priceCents: 1_250_00,
    });
    await page.goto(`/buy-sessions/${pack.cityId}`);
    await page.getByRole("button", { name: `Comprar: ${pack.name}` }).click();
    const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
    await panel.getByRole("button", { name: "Transferencia SPEI" }).click();
    await expect(panel.getByText(/Recibirá una CLABE a su nombre/)).toBeVisible();
    await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
    await panel.getByRole("button", { name: /^Pagar \$/ }).click();

    await expect(page).toHaveURL(/\/profile\/shopping-history\/(\d+)\/spei$/);
    const orderId = Number(/shopping-history\/(\d+)\/spei/.exec(page.url())![1]);
    await expect(page.getByRole("heading", { level: 1, name: "Transferencia SPEI" })).toBeVisible();
    expect((await page.getByTestId("spei-clabe").textContent())!.trim()).toMatch(/^\d{18}$/);
    await expect(page.getByRole("button", { name: "Copiar CLABE" })).toBeVisible();
    await expect(page.getByText("$1,250.00")).toBeVisible();
    expect(await me(page)).not.toContain('"available_sessions":5');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    /** The sandbox bank receives `cents`; the provider's signed webhook is posted. */
    const receive = async (cents: number, n: number) => {
      const { id, status } = await withDb(async (c) => {
        const r = await c.query("select provider_payment_id from payments where order_id = $1", [orderId]);
        const intent = r.rows[0].provider_payment_id as string;
        const u = await c.query(
          `update sandbox_intents set metadata = metadata || jsonb_build_object('received_cents',
             ((metadata->>'received_cents')::int + $2::int)::text),
             status = case when (metadata->>'received_cents')::int + $2::int >= amount_cents then 'succeeded' else status end
           where id = $1 returning status`,
          [intent, cents],
        );
        return { id: intent, status: u.rows[0].status as string };
      });
      const body = JSON.stringify({
        id: `evt_e2e_spei_${id}_${n}`,
        type: status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.partially_funded",
        data: { object: { id } },
      });
      const provider = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
      const res = await provider.post("/api/v2/webhooks/payments", {
        data: body,
        headers: { "content-type": "application/json", "x-sandbox-signature": sign(body) },
      });
      expect(res.status()).toBe(200);
      await provider.dispose();
    };

    await receive(50_000, 1);
    await expect
      .poll(
        async () => {
          await page.goto(`/profile/shopping-history/${orderId}/spei`);
          return page.getByText("Falta por transferir").count();
        },
        { timeout: budget(30_000) },
      )
      .toBe(1);
    await expect(page.getByText("$750.00").first()).toBeVisible();

    await receive(75_000, 2);
    await expect.poll(() => me(page), { timeout: budget(30_000) }).toContain('"available_sessions":5');
    await page.goto(`/profile/shopping-history/${orderId}/spei`);
    await expect(page.getByText("Esta transferencia ya fue recibida. ¡Gracias!")).toBeVisible();
  });
});
