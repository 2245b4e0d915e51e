import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import * as schema from "../../app/.server/db/schema";
import { newCustomer } from "./support/commerce";
import { createPendingShipment, withFactories } from "./support/factories";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";
import { budget } from "./support/time";

/**
 * Issue 25, item 5: a customer saves her fiscal data once in Mi perfil (the SAT's rules said under
 * the fields), asks for the CFDI of one of her orders in the shopping history, and downloads its XML
 * and PDF (the built-in sandbox PAC: a preview marked "SIN VALIDEZ FISCAL").
 */
const userIdOf = (email: string) =>
  withFactories(async (db) => {
    const [u] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
    return u!.id;
  });

test("a customer saves her fiscal data, asks for an order's invoice and downloads the XML and PDF", async ({
  page,
}) => {
  test.setTimeout(budget(120_000));
  const email = await newCustomer(page, { name: "Fernanda", lastName: "Fiscal", label: "cfdi" });
  const { order } = await createPendingShipment(await userIdOf(email));

  await page.goto("/profile/settings");
  const form = page.getByRole("form", { name: "Datos fiscales" });
  await form.getByRole("textbox", { name: /^RFC/ }).fill("GODE561231GR8");
  await form.getByRole("textbox", { name: /^Código postal/ }).fill("06700");
  await form.getByRole("textbox", { name: /^Nombre o razón social/ }).fill("Demetrio Gómez Estrada");
  await form.getByRole("combobox", { name: /^Régimen fiscal/ }).selectOption("612");
  await form.getByRole("combobox", { name: /^Uso del CFDI/ }).selectOption("G03");
  // An RFC whose check digit does not match: refused under the field, in Spanish, nothing saved.
  await form.getByRole("textbox", { name: /^RFC/ }).fill("GODE561231GR9");
  await form.getByRole("button", { name: "Guardar datos fiscales" }).click();
  await expect(form.getByText(/dígito verificador no corresponde/)).toBeVisible();
  await form.getByRole("textbox", { name: /^RFC/ }).fill("GODE561231GR8");
  await form.getByRole("button", { name: "Guardar datos fiscales" }).click();
  await expect(page.getByText("Tus datos fiscales quedaron guardados.")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto("/profile/shopping-history");
  await page.getByRole("button", { name: new RegExp(`Orden #${order.id}`) }).click();
  const row = page.getByTestId(`invoice-${order.id}`);
  await row.getByRole("button", { name: "Solicitar factura" }).click();
  await expect(page.getByText(`Tu factura de la orden #${order.id} está lista.`)).toBeVisible();
  await expect(row.getByText("Factura: Timbrada")).toBeVisible();
  await expectNoA11yViolations(page);

  const [xml] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "XML" }).click()]);
  const xmlText = await fs.readFile((await xml.path())!, "utf8");
  expect(xml.suggestedFilename()).toMatch(/^factura-\d+-sin-validez-.+\.xml$/);
  expect(xmlText).toContain("<cfdi:Comprobante");
  expect(xmlText).toContain('Version="4.0"');
  expect(xmlText).toContain('<cfdi:Receptor Rfc="GODE561231GR8" Nombre="DEMETRIO GÓMEZ ESTRADA"');
  expect(xmlText).toContain("SIN VALIDEZ FISCAL");
  expect(xmlText).toContain('Total="629.00"');

  const [pdf] = await Promise.all([page.waitForEvent("download"), row.getByRole("link", { name: "PDF" }).click()]);
  const pdfBytes = await fs.readFile((await pdf.path())!);
  expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");

  // The mail with both files is in the outbox.
  const mails = await withFactories((db) => db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, email)));
  const mail = mails.find((m) => m.template === "invoice-stamped");
  expect(mail?.attachments?.map((a) => a.contentType)).toEqual(["application/xml", "application/pdf"]);
});
