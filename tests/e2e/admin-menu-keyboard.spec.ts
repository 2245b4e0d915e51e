import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import type { Page } from "@playwright/test";
import { expect, loginAs, test } from "./support/fixtures";

/**
 * Issue 12, usability 1 and 5: the back-office menu works by keyboard (group headers are buttons
 * with aria-expanded, every entry reachable), and entries of capabilities not built yet open the
 * shell's Spanish "not yet available" state, not an English 404 (since issue 22 every entry is built).
 */
test.use({ viewport: { width: 1440, height: 900 } });

const GROUPS = ["Clases", "Ubicaciones", "Personas", "Pagos", "Productos", "Configuración"];
const menu = (page: Page) => page.getByRole("navigation", { name: "Menú de administración" });

test("the six group headers are focusable buttons that say whether they are open", async ({ page }) => {
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  await page.goto("/admin/dashboard");
  const nav = menu(page);
  for (const name of GROUPS) {
    const header = nav.getByRole("button", { name, exact: true });
    await expect(header).toHaveAttribute("aria-expanded", "false");
  }
  // From the top of the page, Tab alone reaches "Personas"…
  await page.locator("body").focus();
  const personas = nav.getByRole("button", { name: "Personas", exact: true });
  let reached = false;
  for (let i = 0; i < 60 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await personas.evaluate((el) => el === document.activeElement);
  }
  expect(reached).toBe(true);
  // …Enter opens it, Tab goes through its entries (Coaches, Clientes, Administradores), Enter follows one.
  await page.keyboard.press("Enter");
  await expect(personas).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Coaches", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Clientes" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: "Administradores" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.waitForURL("**/admin/administrators");
  // The group of the current page starts open; Space closes it.
  const again = menu(page).getByRole("button", { name: "Personas", exact: true });
  await expect(again).toHaveAttribute("aria-expanded", "true");
  await again.focus();
  await page.keyboard.press("Space");
  await expect(again).toHaveAttribute("aria-expanded", "false");
  await expect(menu(page).getByRole("link", { name: "Clientes" })).toBeHidden();
  // The outbox (Configuración) is reachable too.
  await menu(page).getByRole("button", { name: "Configuración", exact: true }).press("Enter");
  await menu(page).getByRole("link", { name: "Correo enviado" }).press("Enter");
  await page.waitForURL("**/admin/outbox");
});

test("every menu entry is built now: none shows 'not yet available'; an unknown address is a Spanish 404", async ({
  page,
}) => {
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  // Turns (shifts) were the last entry waiting (issue 22): its page is there now.
  const res = await page.goto("/admin/turns");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Turnos" })).toBeVisible();
  await expect(page.getByText("Disponible próximamente")).toHaveCount(0);
  // An address that is no menu entry is still a 404, in Spanish.
  const missing = await page.goto("/admin/no-existe");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Página no encontrada", { exact: false })).toBeVisible();
});
