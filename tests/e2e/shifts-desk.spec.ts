import { ACCOUNT_PASSWORD } from "./support/db";
import { createPlace, staffApi } from "./support/factories";
import { expect, loginAs, test } from "./support/fixtures";
import { PHONE } from "./support/shots";
import { askShiftStart, fillShiftStart, studioStaff } from "./support/shifts";

/**
 * The front desk's shift on a phone (issue 22, spec §2 "Shift-start screen", §5 "Shift form"): a
 * type-2 administrator of a studio logs in, gets the shift-start screen instead of the dashboard,
 * opens a shift with petty cash, records a withdrawal, closes with a count that matches and
 * downloads the shift report. Axe checks every screen it ends on (fixtures).
 */
test.use({ viewport: PHONE });

test("a type-2 administrator opens a shift, withdraws cash, closes it with a matching count and gets the report", async ({
  page,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const place = await createPlace(await staffApi(api));
  const manager = await studioStaff("manager", place.studioId, { name: "Gabriela", lastName: "Turno" });

  await loginAs(page, manager.email, ACCOUNT_PASSWORD);
  await page.goto("/admin/dashboard");
  const form = page.getByRole("form", { name: "Iniciar turno" });
  await expect(page.getByRole("heading", { name: "Iniciar turno", level: 1 })).toBeVisible();
  // Each field waits for the previous one; start waits for employee and shift.
  await expect(form.getByRole("combobox", { name: "Empleado" })).toBeDisabled();
  await expect(form.getByRole("combobox", { name: "Turno" })).toBeDisabled();
  await expect(form.getByLabel("Fondo de caja")).toBeDisabled();
  await expect(form.getByRole("button", { name: "Iniciar turno" })).toBeDisabled();

  await fillShiftStart(page, { studio: place.studioName, employee: "Gabriela Turno", pettyCash: "1500" });
  const cash = form.getByLabel("Fondo de caja");
  await cash.blur();
  await expect(cash).toHaveValue("$1,500.00");
  const confirm = await askShiftStart(page);
  await expect(confirm).toContainText("$1,500.00");
  await confirm.getByRole("button", { name: "Sí, iniciar" }).click();
  await expect(page.getByText("Turno iniciado")).toBeVisible();
  // Reloaded: the dashboard itself, with the menu and its closing-shift entry.
  await expect(page.getByRole("heading", { name: "Iniciar turno", level: 1 })).toHaveCount(0);

  await page.goto("/admin/close-turn");
  await expect(page.getByRole("heading", { name: "Cerrar turno", level: 1 })).toBeVisible();
  const withdrawal = page.getByRole("form", { name: "Retiro de efectivo" });
  await withdrawal.getByLabel("Importe").fill("-5");
  await withdrawal.getByLabel("Motivo").fill("Compra de garrafón");
  await withdrawal.getByRole("button", { name: "Registrar retiro" }).click();
  await expect(withdrawal.getByText("El importe debe ser mayor a cero, con hasta dos decimales")).toBeVisible();
  await withdrawal.getByLabel("Importe").fill("200");
  await withdrawal.getByRole("button", { name: "Registrar retiro" }).click();
  await expect(page.getByText("Retiro registrado")).toBeVisible();
  await expect(page.getByText("Compra de garrafón")).toBeVisible();

  const close = page.getByRole("form", { name: "Cerrar turno" });
  await close.getByLabel("Cantidad de $1,000.00").fill("1");
  await close.getByLabel("Cantidad de $200.00").fill("1");
  await close.getByLabel("Cantidad de $100.00").fill("1");
  await close.getByLabel("Fondo que queda en caja").fill("500");
  await close.getByLabel("Notas").fill("Cuadra");
  await close.getByRole("button", { name: "Cerrar turno" }).click();
  const sure = page.getByRole("dialog", { name: "Confirmar cierre de turno" });
  await expect(sure).toContainText("Contado $1,300.00, esperado $1,300.00, diferencia $0.00");
  await sure.getByRole("button", { name: "Sí, cerrar" }).click();
  await expect(page.getByText("Turno cerrado").first()).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Descargar reporte (PDF)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^turno-\d+\.pdf$/);
  await api.dispose();
});
