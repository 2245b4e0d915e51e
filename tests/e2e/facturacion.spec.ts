import { eq } from "drizzle-orm";
import * as schema from "../../app/.server/db/schema";
import { newCustomer } from "./support/commerce";
import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { createPendingShipment, withFactories } from "./support/factories";
import { expect, expectNoA11yViolations, loginAs, test } from "./support/fixtures";
import { PHONE, shoot } from "./support/shots";
import { budget } from "./support/time";

/**
 * Issue 20, item 15: on /facturacion a logged-in customer chooses the purchase to invoice among her
 * own paid orders (not a free-text reference; another customer's order is not offered), and the
 * request is saved with that order, where staff find it. Phone width, axe on each page.
 */
test.use({ viewport: PHONE });

const userIdOf = (email: string) =>
  withFactories(async (db) => {
    const [u] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
    return u!.id;
  });

test("a customer invoices one of her own orders, chosen from a list; the request is saved with it", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(budget(90_000));
  const email = await newCustomer(page, { name: "Fernanda", lastName: "Factura", label: "factura" });
  const { order } = await createPendingShipment(await userIdOf(email));
  const someoneElse = await createAccount("customer");
  const { order: notHers } = await createPendingShipment(await userIdOf(someoneElse.email));

  await page.goto("/facturacion");
  await expect(page.getByRole("textbox", { name: /Referencia de la compra/ })).toHaveCount(0);
  const purchase = page.getByRole("combobox", { name: /Compra a facturar/ });
  await expect(purchase.locator("option", { hasText: `Orden #${order.id} ·` })).toHaveCount(1);
  await expect(purchase.locator("option", { hasText: `Orden #${notHers.id} ·` })).toHaveCount(0);
  await expect(purchase.locator("option", { hasText: `Orden #${order.id} ·` })).toContainText("$629");

  // Sent without a purchase: said under the field, nothing saved.
  await page.getByRole("textbox", { name: /^RFC/ }).fill("XAXX010101000");
  await page.getByRole("textbox", { name: /^Código postal/ }).fill("44100");
  await page.getByRole("textbox", { name: /^Nombre o razón social/ }).fill("Fernanda Factura");
  await page.getByRole("combobox", { name: /^Régimen fiscal/ }).click();
  await page.getByRole("option", { name: /^605/ }).click();
  await page.getByRole("combobox", { name: /^Uso del CFDI/ }).click();
  await page.getByRole("option", { name: /^G03/ }).click();
  await page.getByRole("textbox", { name: /^Email para recibir la factura/ }).fill(email);
  await page.getByRole("button", { name: "Solicitar factura" }).click();
  await expect(page.getByText("Elige la compra que quieres facturar")).toBeVisible();
  await expectNoA11yViolations(page);

  await purchase.selectOption(String(order.id));
  await page.getByRole("button", { name: "Solicitar factura" }).click();
  await expect(page.getByText(`Recibimos tu solicitud. Te enviaremos la factura a ${email}.`)).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, "facturacion", [PHONE]);

  const saved = await withFactories((db) =>
    db.select().from(schema.invoiceRequests).where(eq(schema.invoiceRequests.orderId, order.id)),
  );
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ rfc: "XAXX010101000", taxRegime: "605", cfdiUse: "G03", status: "pending" });

  // Staff find it in the back office's invoice requests, with its order.
  const staff = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await loginAs(staff, (await createAccount()).email, ACCOUNT_PASSWORD);
  await staff.goto("/admin/invoice-requests");
  await expect(staff.getByText("XAXX010101000").first()).toBeVisible();
  await expectNoA11yViolations(staff);
});
