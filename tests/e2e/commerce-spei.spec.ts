import { checkoutNewPack, expectFitsPhone, me, postSandboxWebhook, providerPaymentOf } from "./support/commerce";
import { withDb } from "./support/db";
import { expect, test } from "./support/fixtures";
import { budget } from "./support/time";

test.describe("SPEI (issue 25)", () => {
  test.describe.configure({ timeout: budget(90_000) });

  test("a customer pays a pack by SPEI: the CLABE, a partial transfer, the rest, then the credits", async ({
    page,
    request,
  }) => {
    const { panel } = await checkoutNewPack(page, request, {
      customer: { name: "Sara", lastName: "Transferencia", label: "spei" },
      sessions: 5,
      priceCents: 1_250_00,
    });
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
    await expectFitsPhone(page);

    /** The sandbox bank receives `cents`; the provider's signed webhook is posted. */
    const receive = async (cents: number, n: number) => {
      const id = await providerPaymentOf(orderId);
      const status = await withDb(async (c) => {
        const u = await c.query(
          `update sandbox_intents set metadata = metadata || jsonb_build_object('received_cents',
             ((metadata->>'received_cents')::int + $2::int)::text),
             status = case when (metadata->>'received_cents')::int + $2::int >= amount_cents then 'succeeded' else status end
           where id = $1 returning status`,
          [id, cents],
        );
        return u.rows[0].status as string;
      });
      await postSandboxWebhook({
        id: `evt_e2e_spei_${id}_${n}`,
        type: status === "succeeded" ? "payment_intent.succeeded" : "payment_intent.partially_funded",
        data: { object: { id } },
      });
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
