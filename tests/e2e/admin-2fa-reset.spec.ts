import { request as playwrightRequest } from "@playwright/test";
import { generate } from "otplib";
import { ACCOUNT_PASSWORD, createAccount, ensureAdminCopy, resetTwoFactor } from "./support/db";
import { e2eEnv, expect, loginAs, test } from "./support/fixtures";

/**
 * A lost phone: an administrator of type 1 forgets another administrator's authenticator app from
 * the administrators list (confirmation, toast), which also closes that person's sessions.
 */
const EMAIL = "olvido-2fa@example.com";

test.describe("resetting another administrator's two-factor", () => {
  test.beforeAll(async () => {
    await ensureAdminCopy(EMAIL);
    await resetTwoFactor(EMAIL);
  });
  test.afterAll(async () => {
    await resetTwoFactor(EMAIL);
  });

  test("from the row menu, confirmed; the person's session ends", async ({ page }) => {
    // The other administrator enrols an app through the API (as the two-factor page does).
    const other = await playwrightRequest.newContext({ baseURL: e2eEnv.baseURL });
    const token = await loginAs(other, EMAIL, ACCOUNT_PASSWORD);
    const bearer = { authorization: `Bearer ${token}` };
    const setup = await (await other.post("/api/auth/2fa/setup", { headers: bearer })).json();
    const code = await generate({ secret: setup.data.secret });
    expect((await other.post("/api/auth/2fa/verify", { headers: bearer, data: { code } })).status()).toBe(200);

    await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
    await page.goto(`/admin/administrators?search=${encodeURIComponent(EMAIL)}`);
    const row = page.getByRole("row").filter({ hasText: EMAIL });
    await expect(row.getByLabel("Verificación en dos pasos activa")).toBeVisible();

    await row.getByRole("button", { name: /^Acciones:/ }).click();
    await page.getByRole("menuitem", { name: "Restablecer verificación en dos pasos" }).click();
    const confirm = page.getByRole("dialog", { name: "Restablecer verificación en dos pasos" });
    await expect(confirm).toContainText("se cerrarán sus sesiones");
    await confirm.getByRole("button", { name: "Restablecer verificación en dos pasos" }).click();

    await expect(page.getByText(/^Se restableció la verificación en dos pasos de /)).toBeVisible();
    await expect(row.getByLabel("Verificación en dos pasos activa")).toHaveCount(0);
    expect((await other.post("/api/auth/me", { headers: bearer })).status()).toBe(401);
    await other.dispose();
  });
});
