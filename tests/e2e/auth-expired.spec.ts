import type { BrowserContext, Locator, Page } from "@playwright/test";
import { newCustomer as registerCustomer } from "./support/commerce";
import { ACCOUNT_PASSWORD, ensureAdminCopy, expireSession } from "./support/db";
import { expect, test } from "./support/fixtures";

/**
 * Expired token (spec §4, §8): a call answered 401 'Token has expired' logs the user out, asks to
 * log in again in the login dialog, and brings the user back to the page they were on.
 * The session is made to expire in the database (./support/db: the e2e server's own PostgreSQL).
 */
test.describe("expired session", () => {
  /** A customer of its own, registered through the API: the browser context holds its session. */
  const newCustomer = (page: Page) => registerCustomer(page, { name: "Elena", lastName: "Expira", label: "expira" });

  /** The expired answer's toast, with the login dialog open over the page. */
  async function expectLoginAsked(page: Page) {
    const dialog = page.getByRole("dialog", { name: "Iniciar sesión" });
    await expect(dialog).toBeVisible();
    await expect(
      page.getByText("Tu sesión expiró. Inicia sesión de nuevo para continuar donde estabas."),
    ).toBeVisible();
    return dialog;
  }

  /** The two-step login in the dialog: email, then password. */
  async function logInThroughDialog(dialog: Locator, email: string, password: string) {
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByRole("button", { name: "Continuar" }).click();
    await dialog.locator("input[name=password]").fill(password);
    await dialog.getByRole("button", { name: "Iniciar sesión" }).click();
  }

  async function sessionToken(context: BrowserContext) {
    const cookie = (await context.cookies()).find((c) => c.name === "token");
    expect(cookie, "the session cookie").toBeTruthy();
    return cookie!.value;
  }

  async function openSettingsAndExpire(page: Page) {
    const email = await newCustomer(page);
    await page.goto("/profile/settings");
    await expect(page.getByRole("heading", { name: "Mis Datos", level: 1 })).toBeVisible();
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    const token = await sessionToken(page.context());
    await expireSession(token);

    // Saving now meets the expired token.
    const form = page.getByRole("form", { name: "Datos personales" });
    await form.getByLabel("Teléfono").fill("55 1234 5678");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    const dialog = await expectLoginAsked(page);
    // The page no longer shows anyone logged in, and the old token is gone from the browser.
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toHaveCount(0);
    await expect.poll(async () => (await page.context().cookies()).some((c) => c.name === "token")).toBe(false);
    return { email, dialog, token };
  }

  test("asks to log in again and returns to the same page, where saving works", async ({ page }) => {
    const { email, dialog, token } = await openSettingsAndExpire(page);

    await logInThroughDialog(dialog, email, "secreto1");

    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/profile\/settings$/);
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    expect(await sessionToken(page.context())).not.toBe(token);

    const form = page.getByRole("form", { name: "Datos personales" });
    await form.getByLabel("Teléfono").fill("55 8765 4321");
    await form.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Tus datos se guardaron")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("form", { name: "Datos personales" }).getByLabel("Teléfono")).toHaveValue(
      "5587654321", // stored as digits
    );
  });

  test("a page loaded with an expired session is rendered for nobody and drops the dead cookie", async ({ page }) => {
    await newCustomer(page);
    await page.goto("/");
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expireSession(await sessionToken(page.context()));
    await page.reload();
    await expect(page.getByRole("button", { name: "Cerrar sesión" })).toHaveCount(0);
    expect((await page.context().cookies()).some((c) => c.name === "token")).toBe(false);
    // A guarded page then asks to log in, keeping the way back.
    await page.goto("/profile/settings");
    await expect(page).toHaveURL(/\/login\?back=/);
  });

  test("closing the dialog without logging in leads to the login page of that page", async ({ page }) => {
    const { dialog } = await openSettingsAndExpire(page);
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(page).toHaveURL(/\/login\?back=%2Fprofile%2Fsettings|\/login\?back=\/profile\/settings/);
    await expect(page.getByRole("form", { name: "Iniciar sesión" })).toBeVisible();
  });

  test("in the back office too: the login dialog opens over the page and the administrator comes back to it", async ({
    page,
  }) => {
    // An administrator of its own: its session is made to expire.
    const email = "sesion-expirada@example.com";
    await ensureAdminCopy(email);
    const login = await page.request.post("/api/login", { form: { email, password: ACCOUNT_PASSWORD } });
    expect(login.status()).toBe(200);
    await page.goto("/admin/users/add");
    await expect(page.getByRole("heading", { name: "Nuevo cliente" })).toBeVisible();
    await expireSession(await sessionToken(page.context()));

    const customer = `expira.admin.${Date.now()}@example.com`;
    await page.getByRole("textbox", { name: /^Nombre/ }).fill("Clara");
    await page.getByLabel("Apellido").fill("Nueva");
    await page.getByLabel("Email").fill(customer);
    await page.getByRole("button", { name: "Guardar" }).click();
    const dialog = await expectLoginAsked(page);

    await logInThroughDialog(dialog, email, ACCOUNT_PASSWORD);
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/users\/add$/);
    await expect(page.getByRole("heading", { name: "Nuevo cliente" })).toBeVisible();
  });
});
