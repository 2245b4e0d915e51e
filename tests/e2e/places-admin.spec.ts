import { createAccount } from "./support/db";
import { newCity, staffApi } from "./support/factories";
import { expect, loginAs, test } from "./support/fixtures";
import { budget } from "./support/time";

test("an administrator creates a studio and a room with its spot map, and the studio shows on /addresses", async ({
  page,
  request,
}) => {
  test.setTimeout(budget(90_000));
  const city = await newCity(await staffApi(request));
  await loginAs(page, await createAccount());
  const name = `Nucleo Prueba ${Date.now().toString(36)}`;

  await page.goto("/admin/studios/add");
  await page.getByLabel("Nombre").fill(name);
  await page.getByRole("combobox", { name: "Ciudad" }).click();
  await page.getByRole("option", { name: city.name }).click();
  await page.getByLabel("Dirección").fill("Av. Constitución 2050, Centro, 64000 Monterrey, N.L.");
  await page.getByLabel("Teléfono").fill("81 8000 1234");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/admin\/studios\/list$/);

  await page.goto("/admin/rooms/add");
  await page.getByLabel("Nombre").fill("Salón Principal");
  await page.getByRole("combobox", { name: "Estudio" }).fill(name);
  await page.getByRole("option", { name }).click();
  // The default map has 12 spots; removing spot 12 leaves 11.
  await page.getByRole("button", { name: "Lugar 12", exact: true }).click();
  await expect(page.getByText("Capacidad: 11 lugares")).toBeVisible();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/admin\/rooms\/list$/);
  await expect(page.getByRole("cell", { name: "11" }).first()).toBeVisible();

  await page.goto("/addresses");
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("link", { name: `Llamar a ${name}` })).toHaveAttribute("href", "tel:+528180001234");
});
