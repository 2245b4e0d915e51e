import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { generate } from "otplib";
import { ACCOUNT_PASSWORD, ensureAdminCopy, resetTwoFactor, setRequire2fa } from "./support/db";

/**
 * An administrator whose account requires two-factor: login, enrolment with an authenticator app
 * (QR code and key), the 6-digit code, and the guard that keeps the back office closed until then.
 */
/** An administrator of its own: it changes its own two-factor settings. */
const EMAIL = "dos-factores@example.com";
const PASSWORD = ACCOUNT_PASSWORD;

test.describe("admin two-factor authentication", () => {
  test.describe.configure({ mode: "serial" });

  test.beforeAll(async () => {
    await ensureAdminCopy(EMAIL);
    await setRequire2fa(EMAIL, true);
    await resetTwoFactor(EMAIL);
  });
  test.afterAll(async () => {
    await setRequire2fa(EMAIL, false);
    await resetTwoFactor(EMAIL);
  });

  async function login(page: Page) {
    await page.goto("/admin/auth/login");
    await page.getByLabel("Email").fill(EMAIL);
    await page.getByRole("textbox", { name: "Contraseña" }).fill(PASSWORD);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/admin\/auth\/2f-auth/);
  }

  async function typeCode(page: Page, code: string) {
    await page.getByLabel("Dígito 1 de 6").click();
    await page.keyboard.type(code);
  }

  test("the two-factor page is closed to visitors without a session", async ({ page }) => {
    await page.goto("/admin/auth/2f-auth");
    await expect(page).toHaveURL(/\/admin\/auth\/login\?back=/);
  });

  test("enrols with the QR code's key, then enters the back office", async ({ page }) => {
    await login(page);
    await expect(page.getByRole("heading", { name: "Verificación en dos pasos" })).toBeVisible();
    await expect(page.getByRole("img", { name: /Código QR/ })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    // Back-office pages stay closed until the code is entered.
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/auth\/2f-auth/);
    // The same pending key is shown again (the QR already scanned stays valid).
    await expect(page.getByTestId("totp-secret")).toHaveText(/\S/);
    expect((await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "")).toBe(secret);

    await typeCode(page, "000000" === (await generate({ secret })) ? "111111" : "000000");
    await expect(page.getByRole("alert")).toHaveText("El código no es válido");

    await typeCode(page, await generate({ secret }));
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test("once enrolled, the next login asks only for the code; 'Cerrar sesión' ends the session", async ({ page }) => {
    await login(page);
    await expect(page.getByText("Escriba el código de 6 dígitos que muestra su app de autenticación.")).toBeVisible();
    await expect(page.getByRole("img", { name: /Código QR/ })).toHaveCount(0);
    await page.getByRole("button", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/admin\/auth\/login$/);
    await page.goto("/admin/auth/2f-auth");
    await expect(page).toHaveURL(/\/admin\/auth\/login\?back=/);
  });
});
