import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import sharp from "sharp";
import { expect, loginAs, test } from "./support/fixtures";
import { budget } from "./support/time";

/**
 * Issue 10, the catalogue back office: an administrator adds, lists and edits an on-demand plan
 * and a store product (with a photo), and the public pages show each change at once.
 */
test("an administrator adds and edits an on-demand plan, and /on-demand/buy-plans shows it", async ({ page }) => {
  test.setTimeout(budget(90_000));
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  const name = `Plan Prueba ${Date.now().toString(36)}`;

  await page.goto("/admin/plans/add");
  await page.getByRole("textbox", { name: "Nombre" }).fill(name);
  await page.getByRole("textbox", { name: "Precio (MXN)" }).fill("");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  // Bad input: Spanish messages under the fields, nothing saved.
  await expect(page.getByText("Las clases deben ser un número entero de 1 a 1000")).toBeVisible();
  await expect(page.getByText("El monto debe ser una cantidad en pesos con máximo dos decimales")).toBeVisible();

  await page.getByRole("textbox", { name: "Precio (MXN)" }).fill("399.50");
  await page.getByRole("textbox", { name: "Clases" }).fill("6");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/plans\/list$/);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("$399.50");

  await row.getByRole("button", { name: /Acciones/ }).click();
  await page.getByRole("menuitem", { name: "Editar" }).click();
  await expect(page).toHaveURL(/\/admin\/plans\/edit\/\d+$/);
  await expect(page.getByRole("textbox", { name: "Precio (MXN)" })).toHaveValue("$399.50");
  await page.getByRole("textbox", { name: "Precio (MXN)" }).fill("450");
  await page.getByRole("switch", { name: "Ilimitado" }).check({ force: true });
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/plans\/list$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Ilimitado");

  await page.goto("/on-demand/buy-plans");
  const card = page.locator(".mantine-Card-root").filter({ has: page.getByRole("heading", { name }) });
  await expect(card).toContainText("$450");
  await expect(card).toContainText("Ilimitado");
});

test("an administrator adds a Juice Bar product with a photo, edits its price, and /store shows it", async ({
  page,
}) => {
  test.setTimeout(budget(90_000));
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  const name = `Jugo Prueba ${Date.now().toString(36)}`;

  await page.goto("/admin/products/list/juiceBar");
  await expect(page.getByRole("heading", { name: "Productos: Juice Bar" })).toBeVisible();
  await page.getByRole("link", { name: "Agregar" }).click();
  await expect(page).toHaveURL(/\/admin\/products\/add\?area=juiceBar$/);
  await expect(page.getByRole("combobox", { name: "Área" })).toHaveValue("Juice Bar");
  await page.getByRole("textbox", { name: "Nombre" }).fill(name);
  await page.getByRole("textbox", { name: "Precio (MXN)" }).fill("89");
  await page.getByRole("textbox", { name: "Existencias" }).fill("15");
  await page.getByRole("textbox", { name: "Compra máxima" }).fill("4");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();

  // A new product opens its edit page; its photos come from (or are uploaded into) the files library.
  await expect(page).toHaveURL(/\/admin\/products\/edit\/\d+$/);
  const png = await sharp({
    create: { width: 480, height: 480, channels: 3, background: { r: 120, g: 180, b: 90 } },
  })
    .png()
    .toBuffer();
  await page.getByRole("button", { name: "Agregar foto" }).click();
  const dialog = page.getByRole("dialog", { name: "Biblioteca de archivos" });
  await dialog.locator('input[type="file"]').setInputFiles({ name: "jugo.png", mimeType: "image/png", buffer: png });
  await dialog.getByRole("textbox", { name: "Texto alternativo", exact: true }).fill("Jugo verde");
  await dialog.getByRole("button", { name: "Subir imagen" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Quitar foto 1" })).toBeVisible();

  await page.getByRole("textbox", { name: "Precio (MXN)" }).fill("95.50");
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\/list\/juiceBar$/);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("$95.50");

  await page.goto("/store");
  const card = page.getByRole("link").filter({ hasText: name });
  await expect(card.first()).toContainText("$95.50");
  await expect(card.first().locator("img")).toHaveAttribute("src", /\/api\/files\/content\/[a-f0-9]{20}-1280\.webp$/);
});
