import type { Page } from "@playwright/test";
import crypto from "node:crypto";
import { createCity, grantCredits } from "../support/factories";
import { createAccount } from "./support/db";
import { withFactories } from "./support/factories";
import { expect, loginAs as login, test } from "./support/fixtures";
import { PHONE } from "./support/shots";

/**
 * The back-office shell: login through the API (the httpOnly `token` cookie lands in the browser
 * context), the dashboard and its menu, what a coach and a manager see, the people lists.
 * Every test makes the accounts it reads; the fixtures run axe on every page left open.
 */
async function loginAs(page: Page, who: "admin" | "gerente" | "coach") {
  const kind = ({ admin: "administrator", gerente: "manager", coach: "coach" } as const)[who];
  const account = await createAccount(kind);
  await login(page, account);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === "token")?.httpOnly).toBe(true);
  return account;
}

const menu = (page: Page) => page.getByRole("navigation", { name: "Menú de administración" });

test.describe("admin shell", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("anonymous visitors are sent to the admin login with the page to come back to", async ({ page }) => {
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/auth\/login\?back=%2Fadmin%2Fdashboard/);
  });

  test("an administrator sees the dashboard, the full menu and the top bar", async ({ page }) => {
    const admin = await loginAs(page, "admin");
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await expect(page.getByText("Clientes activos")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Actividad reciente" })).toBeVisible();
    const nav = menu(page);
    for (const label of [
      "Dashboard",
      "Certificaciones",
      "Clases",
      "Ubicaciones",
      "Personas",
      "Pagos",
      "Turnos",
      "Configuración",
    ])
      await expect(nav.getByText(label, { exact: true }).first()).toBeVisible();
    await expect(nav.getByText("Nuevo")).toBeVisible();
    // Nucleo Home's group shows its taxonomies to every administrator (issue 23), not only to testers.
    await expect(nav.getByText("On Demand", { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Opciones de la cuenta" })).toContainText(admin.name);
    // Breadcrumbs in Spanish.
    await expect(page.getByRole("navigation", { name: "Ruta de navegación" })).toContainText("Administración");
    // The user menu offers change password and logout; the password modal opens with its three fields.
    await page.getByRole("button", { name: "Opciones de la cuenta" }).click();
    await expect(page.getByRole("menuitem", { name: "Cerrar sesión" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Cambiar contraseña" }).click();
    const dialog = page.getByRole("dialog", { name: "Cambiar contraseña" });
    await expect(dialog.getByLabel("Contraseña actual")).toBeVisible();
    await expect(dialog.getByLabel("Nueva contraseña", { exact: true })).toBeVisible();
    await expect(dialog.getByLabel("Confirmar nueva contraseña")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toBeHidden();
  });

  test("a coach sees only the attendance scanner", async ({ page }) => {
    await loginAs(page, "coach");
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/qr-assistance\/list$/);
    const links = menu(page).getByRole("link");
    await expect(links).toHaveCount(1);
    await expect(links.first()).toHaveText("Escáner de asistencia");
    await expect(page.getByTestId("role-badge")).toHaveAttribute("data-role", "coach");
  });

  test("a manager (type 2) reads administrators but cannot add them; no turns or configuration", async ({ page }) => {
    const tag = crypto.randomBytes(4).toString("hex");
    await createAccount("administrator", { name: "Ana", lastName: `Villarreal ${tag}` });
    await loginAs(page, "gerente");
    await page.goto(`/admin/administrators?search=${tag}`);
    await expect(page.getByRole("heading", { level: 1, name: "Administradores" })).toBeVisible();
    await expect(page.getByRole("cell", { name: `Ana Villarreal ${tag}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Agregar administrador" })).toHaveCount(0);
    await expect(menu(page).getByText("Turnos", { exact: true })).toHaveCount(0);
    await expect(menu(page).getByText("Configuración", { exact: true })).toHaveCount(0);
    const res = await page.goto("/admin/administrators/add");
    expect(res?.status()).toBe(403);
  });

  test("customers: search lives in the URL, the detail shows credits, duplicates are field errors", async ({
    page,
  }) => {
    // A customer of our own with credits in a city and on demand.
    const tag = `duarte${crypto.randomBytes(4).toString("hex")}`;
    const customer = await createAccount("customer", { name: "Claudia", lastName: `Ramírez ${tag}` });
    await withFactories(async (db) => {
      await grantCredits(db, customer.id, { quantity: 3, cityId: (await createCity(db)).id });
      await grantCredits(db, customer.id, { quantity: 2, scope: "on_demand" });
    });
    await loginAs(page, "admin");
    await page.goto("/admin/users/list");
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    await page.getByRole("textbox", { name: "Buscar" }).fill(tag);
    await expect(page).toHaveURL(new RegExp(`search=${tag}`));
    const row = page.getByRole("row", { name: new RegExp(`Claudia Ramírez ${tag}`) });
    await expect(row).toBeVisible();
    await expect(page.getByText("1–1 de 1")).toBeVisible();
    await row.getByRole("link", { name: `Claudia Ramírez ${tag}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Claudia Ramírez ${tag}` })).toBeVisible();
    await page.getByRole("tab", { name: "Créditos" }).click();
    // The live balance per city and on-demand.
    await expect(page.getByRole("heading", { name: "Saldo vigente" })).toBeVisible();
    await expect(page.getByText("Nucleo Home (On Demand)").first()).toBeVisible();
    await expect(page.getByText("Sin créditos todavía")).toHaveCount(0);

    await page.goto("/admin/users/add");
    await page.getByRole("textbox", { name: "Nombre", exact: true }).fill("Otra");
    await page.getByRole("textbox", { name: "Apellido", exact: true }).fill("Persona");
    await page
      .getByRole("textbox", { name: "Email", exact: true })
      .fill((await createAccount("customer")).email.toUpperCase());
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Ya existe una cuenta con este email").first()).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/users\/add$/);
  });
});

test.describe("admin shell on a phone", () => {
  test.use({ viewport: PHONE });

  test("a domain error of a page loader is the page's status and Spanish message", async ({ page }) => {
    await loginAs(page, "admin");
    // The loaders call the services without any wrapper: their AppError becomes the page status.
    const missing = await page.goto("/admin/users/999999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("El usuario no existe")).toBeVisible();
    const edit = await page.goto("/admin/administrators/edit/999999999");
    expect(edit?.status()).toBe(404);
    await expect(page.getByText("El usuario no existe")).toBeVisible();
    // And on a client-side navigation (a data request): the same Spanish message, not a generic error.
    await page.goto("/admin/users/list");
    await expect(page.getByRole("heading", { level: 1, name: "Clientes" })).toBeVisible();
    await page.evaluate(() => (window as any).__reactRouterDataRouter.navigate("/admin/users/999999998"));
    await expect(page.getByText("El usuario no existe")).toBeVisible();
  });

  test("the menu is a drawer behind the burger", async ({ page }) => {
    await loginAs(page, "admin");
    await page.goto("/admin/dashboard");
    await expect(menu(page)).not.toBeInViewport();
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(menu(page)).toBeInViewport();
    await menu(page).getByText("Personas", { exact: true }).click();
    await menu(page).getByRole("link", { name: "Administradores" }).click();
    await expect(page).toHaveURL(/\/admin\/administrators$/);
    await expect(page.getByRole("heading", { level: 1, name: "Administradores" })).toBeVisible();
  });
});
