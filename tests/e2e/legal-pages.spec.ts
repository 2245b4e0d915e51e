import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { expect, expectNoA11yViolations, loginAs, test } from "./support/fixtures";

/**
 * Issue 12, usability 4: the register dialog's terms link opens a page (no 404), the Aviso de
 * Privacidad is linked from register, the footer and the profile, and administrators edit its text.
 */
test("the register form's terms and privacy links open real pages", async ({ page }) => {
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Crear cuenta" });
  await expectNoA11yViolations(page);
  const terms = form.getByRole("link", { name: "Términos y Condiciones" });
  const href = await terms.getAttribute("href");
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  await form.getByRole("link", { name: "Aviso de Privacidad" }).click();
  await page.waitForURL("**/legals/aviso-de-privacidad");
  await expect(page.getByRole("heading", { level: 1, name: "Aviso de Privacidad" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /Derechos ARCO/ })).toBeVisible();
});

test("the footer and the profile link the privacy notice", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  await expect(footer.getByRole("link", { name: "Aviso de Privacidad" })).toHaveAttribute(
    "href",
    "/legals/aviso-de-privacidad",
  );
  await loginAs(page, (await createAccount("customer")).email, ACCOUNT_PASSWORD);
  await page.goto("/profile/settings");
  await expect(
    page.getByRole("navigation", { name: "Secciones" }).first().getByRole("link", { name: "Aviso de Privacidad" }),
  ).toHaveAttribute("href", "/legals/aviso-de-privacidad");
});

test("an administrator edits the terms under Configuración › Legales and the site shows them", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  await page.goto("/admin/pages");
  await expect(page.getByRole("heading", { level: 1, name: "Textos legales" })).toBeVisible();
  await page.getByRole("link", { name: "Editar: Términos y Condiciones" }).click();
  await page.waitForURL("**/admin/pages/terms");
  const stamp = `Cláusula de prueba ${Date.now()}`;
  const body = page.getByRole("textbox", { name: "Texto" });
  await body.fill(`## Reservaciones\n${stamp}: cancela con 12 horas de anticipación.`);
  await page.getByRole("tab", { name: "Vista previa" }).click();
  await expect(page.getByRole("heading", { name: "Reservaciones" })).toBeVisible();
  await page.getByRole("button", { name: "Guardar" }).click();
  await page.waitForURL((u) => u.pathname === "/admin/pages");
  await page.goto("/legals/terms-and-conditions");
  await expect(page.getByText(stamp)).toBeVisible();
});
