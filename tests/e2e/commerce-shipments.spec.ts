import { createAccount } from "./support/db";
import { createPendingShipment } from "./support/factories";
import { expect, expectNoA11yViolations, loginAs, test, testAddress } from "./support/fixtures";
import { latestMailText } from "./support/mail";
import { PHONE, shoot } from "./support/shots";
import { budget } from "./support/time";

/**
 * Issue 20, item 7, at phone width: staff mark a paid order's shipment sent from the back office's
 * dialog, which asks for the carrier and the tracking number (a wrong number is said under its
 * field and changes nothing); the customer sees the carrier's tracking link on their shipments page
 * and on the public tracking page, and the mail with it is in the mailbox. axe checks the dialog
 * and the customer's pages. SHOTS_DIR=dir also saves screenshots at 390 and 1366 px.
 */

test.use({ viewport: PHONE });

test("staff mark a shipment sent with carrier and number; the customer gets the tracking link", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(budget(90_000));
  const customer = await createAccount("customer", { name: "Lucía", lastName: "Envíos" });
  const { order, shipment } = await createPendingShipment(customer.id);

  // The back office, at phone width, in a browser of its own.
  const staffContext = await browser.newContext({
    baseURL,
    viewport: PHONE,
    extraHTTPHeaders: { "X-Forwarded-For": testAddress(`${testInfo.testId}:staff`) },
  });
  const staff = await staffContext.newPage();
  await loginAs(staff, await createAccount());
  await staff.goto("/admin/shippings/list");
  const row = staff.getByRole("row").filter({ has: staff.getByText(`#${order.id}`, { exact: true }) });
  await expect(row).toContainText("Pendiente");
  await row.getByRole("button", { name: "Marcar como enviado" }).click();
  const dialog = staff.getByRole("dialog", { name: `Enviar la orden #${order.id}` });
  await expect(dialog).toBeVisible();

  // Nothing chosen: each field says what it needs; the shipment stays pending.
  await dialog.getByRole("button", { name: "Marcar como enviado" }).click();
  await expect(dialog.getByText("Elija la paquetería")).toBeVisible();
  await expect(dialog.getByText("Escriba el número de guía")).toBeVisible();
  // FedEx numbers are digits only.
  await dialog.getByRole("combobox", { name: "Paquetería" }).click();
  await staff.getByRole("option", { name: "FedEx" }).click();
  const number = dialog.getByRole("textbox", { name: "Número de guía" });
  await number.fill("ABC-12");
  await dialog.getByRole("button", { name: "Marcar como enviado" }).click();
  await expect(dialog.getByText("Una guía de FedEx tiene de 12 a 34 dígitos")).toBeVisible();
  await expect(number).toHaveAttribute("aria-invalid", "true");
  await expect(number).toBeFocused();
  await expectNoA11yViolations(staff);
  await shoot(staff, "shipment-staff-dialog");
  // Nothing was saved: the customer's page still says pending, without a number.
  await loginAs(page, customer);
  await page.goto("/profile/shippings");
  await expect(page.getByText("Pendiente")).toBeVisible();
  await expect(page.getByRole("link", { name: /Rastrear en/ })).toHaveCount(0);

  // A real number, pasted with spaces as FedEx prints it.
  await number.fill("7489 1234 5678");
  await dialog.getByRole("button", { name: "Marcar como enviado" }).click();
  await expect(dialog).toBeHidden();
  await expect(staff.getByText("Envío actualizado")).toBeVisible();
  await expect(row).toContainText("Enviado");
  await expect(row).toContainText("FedEx · 748912345678");
  await staffContext.close();

  // The customer's shipments page: carrier, number and the carrier's tracking link.
  const url = "https://www.fedex.com/fedextrack/?trknbr=748912345678";
  await page.reload();
  await expect(page.getByText("Enviado")).toBeVisible();
  await expect(page.getByText("748912345678").first()).toBeVisible();
  const link = page.getByRole("link", { name: /Rastrear en FedEx/ });
  await expect(link).toHaveAttribute("href", url);
  await expect(link).toHaveAttribute("target", "_blank");
  await expectNoA11yViolations(page);
  await shoot(page, "shipment-customer-shippings");
  // The public tracking page by the number (the customer's link to it) gives the same link.
  await page.getByRole("link", { name: "748912345678" }).click();
  await expect(page).toHaveURL(/\/shippings\/748912345678$/);
  await expect(page.getByRole("link", { name: /Rastrear en FedEx/ })).toHaveAttribute("href", url);
  await expectNoA11yViolations(page);
  await shoot(page, "shipment-public-tracking");
  expect(shipment.publicCode).toMatch(/^NB-E2E/);

  // The mail: status, carrier and number, the carrier's link.
  const mail = await latestMailText(customer.email, "shipment-status");
  expect(mail).toContain(`El estado de tu envío de la orden #${order.id} es ahora: Enviado.`);
  expect(mail).toContain("Paquetería: FedEx. Número de guía: 748912345678.");
  expect(mail).toContain(`Rastrear mi envío: ${url}`);
});
