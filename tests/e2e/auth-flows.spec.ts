import { expect, test } from "./support/fixtures";
import { ACCOUNT_PASSWORD, createAccount } from "./support/db";

/**
 * Customer account flows (spec §4-5, §8) through the real pages and API.
 * Each test logs in with a customer of its own (createAccount).
 */

test.describe("customer accounts", () => {
  test("two-step login of a customer lands on /my-account", async ({ page }) => {
    const { email } = await createAccount("customer");
    await page.goto("/login");
    const form = page.getByRole("form", { name: "Iniciar sesión" });
    await expect(form.locator("input[name=password]")).toHaveCount(0);
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Continuar" }).click();

    // Step two: the password field has the focus; the email stays in the form, read-only, as the
    // username password managers fill; remember me and the forgot link.
    await expect(form.locator("input[name=password]")).toBeFocused();
    const username = form.getByTestId("login-email");
    await expect(username).toHaveValue(email);
    await expect(username).toHaveAttribute("autocomplete", "username");
    await expect(username).toHaveAttribute("readonly", "");
    await expect(form.getByLabel("Recordarme")).toBeVisible();
    await expect(form.getByRole("button", { name: "¿Olvidaste tu contraseña?" })).toBeVisible();

    // A wrong password is shown under the field (the server's error.messages).
    const password = form.locator("input[name=password]");
    await password.fill("equivocada");
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(password).toHaveAttribute("aria-invalid", "true");
    const errorId = await password.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${errorId}"]`)).not.toBeEmpty();

    await form.locator("input[name=password]").fill(ACCOUNT_PASSWORD);
    await form.getByLabel("Recordarme").check();
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL("**/my-account");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Hola");
    await expect(page.getByRole("heading", { name: "Tus clases disponibles" })).toBeVisible();

    // Guest-only: the login page now sends the customer back to the account.
    await page.goto("/login");
    await page.waitForURL("**/my-account");
  });

  test("an unknown email says no account was found, then offers register with the email filled in", async ({
    page,
  }) => {
    const email = `nueva.${Date.now()}@example.com`;
    await page.goto("/login");
    const form = page.getByRole("form", { name: "Iniciar sesión" });
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Continuar" }).click();
    await expect(form.getByText("No encontramos una cuenta con ese email")).toBeVisible();
    await expect(form.getByText(`No hay ninguna cuenta registrada con ${email}.`, { exact: false })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await form.getByRole("button", { name: "Crear una cuenta con este email" }).click();
    await page.waitForURL("**/register?**");
    const register = page.getByRole("form", { name: "Crear cuenta" });
    await expect(register.getByLabel("Email")).toHaveValue(email);
  });

  test("register: sending without the terms says why, then the account opens", async ({ page }) => {
    const email = `registro.${Date.now()}@example.com`;
    await page.goto("/register");
    const form = page.getByRole("form", { name: "Crear cuenta" });
    await form.getByLabel("Nombre").fill("Regina");
    await form.getByLabel("Apellido").fill("Prueba");
    await form.getByLabel("Email").fill(email);
    await form.locator("input[name=password]").fill("secreto1");
    await form.locator("input[name=confirmPassword]").fill("secreto1");

    // The button never just greys out (issue 20, item 5): sending says why under the checkbox (and
    // in the spec's toast), and the checkbox takes the focus.
    const submit = form.getByRole("button", { name: "Crear cuenta" });
    await expect(submit).toBeEnabled();
    await submit.click();
    const terms = form.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" });
    await expect(form.getByText("Debe aceptar los Términos y Condiciones")).toBeVisible();
    await expect(terms).toBeFocused();

    await terms.check();
    await submit.click();
    await page.waitForURL("**/my-account");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Regina");
  });

  test("register: the spec's messages for empty fields and a mismatch", async ({ page }) => {
    await page.goto("/register");
    const form = page.getByRole("form", { name: "Crear cuenta" });
    await form.getByRole("checkbox", { name: "Acepto los Términos y Condiciones" }).check();
    await form.getByRole("button", { name: "Crear cuenta" }).click();
    for (const message of [
      "El nombre es requerido",
      "El apellido es requerido",
      "El email es requerido",
      "La contraseña es requerida",
      "La confirmación de contraseña es requerida",
    ])
      await expect(form.getByText(message)).toBeVisible();
    await form.locator("input[name=password]").fill("secreto1");
    await form.locator("input[name=confirmPassword]").fill("otra123");
    await form.getByRole("button", { name: "Crear cuenta" }).click();
    await expect(form.getByText("Las contraseñas deben coincidir")).toBeVisible();
  });

  test("reset request shows the toast", async ({ page }) => {
    await page.goto("/auth/reset");
    const form = page.getByRole("form", { name: "Recuperar contraseña" });
    await form.getByLabel("Email").fill((await createAccount("customer")).email);
    await form.getByRole("button", { name: "Enviar instrucciones" }).click();
    await expect(
      page.getByText("Le hemos enviado un correo electrónico con instrucciones para recuperar su contraseña.").first(),
    ).toBeVisible();
  });

  test("profile pages need a customer: anonymous visitors go to login and come back", async ({ page }) => {
    await page.goto("/profile/settings");
    await page.waitForURL(/\/login\?back=/);
    const form = page.getByRole("form", { name: "Iniciar sesión" });
    await form.getByLabel("Email").fill((await createAccount("customer")).email);
    await form.getByRole("button", { name: "Continuar" }).click();
    await form.locator("input[name=password]").fill(ACCOUNT_PASSWORD);
    await form.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL("**/profile/settings");
    await expect(page.getByRole("heading", { name: "Mis Datos", level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Secciones" }).first()).toBeVisible();
  });
});
