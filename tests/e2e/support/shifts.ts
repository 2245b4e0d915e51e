import type { Page } from "@playwright/test";
import { createAccount, withDb } from "./db";

/**
 * What the front-desk specs share (the shift at the desk, issue 22): a staff account working at a
 * studio, and the shift-start screen filled and confirmed.
 */

/** A staff account of `kind` whose employee record belongs to studio `studioId` (the shift-start screen offers it). */
export async function studioStaff(
  kind: "manager" | "cashier",
  studioId: number,
  o: { name: string; lastName: string },
) {
  const account = await createAccount(kind, o);
  await withDb((c) => c.query("update employees set studio_id = $1 where user_id = $2", [studioId, account.id]));
  return account;
}

/** Fills the shift-start form shown on `page` (studio, employee, Turno 1, petty cash); returns the form. */
export async function fillShiftStart(page: Page, o: { studio: string; employee: string; pettyCash: string }) {
  const form = page.getByRole("form", { name: "Iniciar turno" });
  await form.getByRole("combobox", { name: "Estudio" }).click();
  await page.getByRole("option", { name: o.studio }).click();
  await form.getByRole("combobox", { name: "Empleado" }).click();
  await page.getByRole("option", { name: o.employee }).click();
  await form.getByRole("combobox", { name: "Turno" }).click();
  await page.getByRole("option", { name: "Turno 1" }).click();
  await form.getByLabel("Fondo de caja").fill(o.pettyCash);
  return form;
}

/** Asks to start the filled shift; returns the confirmation dialog ("Sí, iniciar" still to press). */
export async function askShiftStart(page: Page) {
  await page.getByRole("form", { name: "Iniciar turno" }).getByRole("button", { name: "Iniciar turno" }).click();
  return page.getByRole("dialog", { name: "Confirmar inicio de turno" });
}

/** The whole shift start: filled, asked and confirmed. */
export async function startShift(page: Page, o: { studio: string; employee: string; pettyCash: string }) {
  await fillShiftStart(page, o);
  await (await askShiftStart(page)).getByRole("button", { name: "Sí, iniciar" }).click();
}
