import { enqueueJob, jobState } from "./support/db";
import { fillCard, newCustomer } from "./support/commerce";
import { latestMailText } from "./support/mail";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";
import { PHONE } from "./support/shots";
import { budget } from "./support/time";

/**
 * A gift card sold online, at phone width: a customer chooses one on /store/gift-cards for another
 * address (a wrong e-mail first: said under the field), pays it at the usual checkout, and sees when
 * it will be sent; the delivery task runs (its job put in line, as its cron would); the recipient's
 * mail has the code, which another customer redeems on the rewards page. axe checks each page.
 */
test.use({ viewport: PHONE });
test.describe.configure({ timeout: budget(120_000) });

test("buy a gift card for someone, deliver it on its day, redeem it as another customer", async ({
  page,
  browser,
  baseURL,
}) => {
  await newCustomer(page, { name: "Carla", lastName: "Regalos", label: "regala" });
  const to = `recibe.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

  await page.goto("/store");
  await page.getByRole("link", { name: "Regala una tarjeta de regalo" }).click();
  await expect(page.getByRole("heading", { name: "Tarjetas de regalo", level: 1 })).toBeVisible();
  await expect(page.getByRole("radio", { name: "$1,000" })).toBeChecked();
  await expect(page.getByRole("textbox", { name: "Tu nombre (como lo verá)" })).toHaveValue("Carla Regalos");
  await page.getByRole("textbox", { name: "Nombre de quien la recibe" }).fill("Lucía");
  const email = page.getByRole("textbox", { name: "Correo de quien la recibe" });
  await email.fill("lucia@");
  await page.getByRole("textbox", { name: "Mensaje (opcional)" }).fill("¡Feliz cumpleaños! <b>nos vemos</b>");
  // The delivery day is today (Mexico City) unless changed.
  await expect(page.getByLabel("Fecha de entrega")).not.toHaveValue("");
  await page.getByRole("button", { name: /Agregar al carrito/ }).click();
  await expect(email).toHaveAccessibleDescription("Escriba un correo válido para quien recibe la tarjeta");
  await expect(page.getByRole("dialog", { name: "Finalizar Pago" })).toHaveCount(0);
  await expectNoA11yViolations(page);

  await email.fill(to);
  await page.getByRole("button", { name: "Agregar al carrito · $1,000" }).click();
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel.getByText("Tarjeta de regalo para Lucía")).toBeVisible();
  await expect(panel.getByText(new RegExp(`Para ${to.replace(/\./g, "\\.")} · se envía el`))).toBeVisible();
  await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
  await fillCard(panel, "4242 4242 4242 4242", "Carla Regalos");
  await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await panel.getByRole("button", { name: /^Pagar \$/ }).click();
  await expect(page).toHaveURL(/\/success-order\?order=\d+/);
  await expect(page.getByText(new RegExp(`Lucía: Se enviará a ${to.replace(/\./g, "\\.")} el `))).toBeVisible();

  // The delivery task, as its cron would run it (the day is today).
  const job = await enqueueJob("gift-card-delivery");
  await expect.poll(() => jobState(job), { timeout: budget(45_000) }).toBe("completed");
  const mail = await latestMailText(to, "gift-card");
  expect(mail).toContain("Carla Regalos te regaló una tarjeta de regalo de Nucleo Barre por $1,000.");
  expect(mail).toContain("Su mensaje: «¡Feliz cumpleaños! <b>nos vemos</b>»");
  const code = /Tu código: (NB-[0-9A-F]{8}-[0-9A-F]{8})/.exec(mail)![1]!;

  await page.goto("/profile/shopping-history");
  await page.getByRole("button", { name: /Orden/ }).first().click();
  await expect(page.getByText(new RegExp(`Lucía: Enviada a ${to.replace(/\./g, "\\.")} el `))).toBeVisible();

  // The recipient, in a browser of her own, redeems it on the rewards page.
  const other = await browser.newContext({ baseURL, viewport: PHONE });
  const friend = await other.newPage();
  await newCustomer(friend, { name: "Lucía", lastName: "Recibe", label: "recibe" });
  await friend.goto("/profile/rewards");
  const field = friend.getByRole("textbox", { name: "Código de tarjeta de regalo" });
  await field.fill(code);
  await friend.getByRole("button", { name: "Canjear" }).click();
  await expect(field).toHaveAccessibleDescription("Tarjeta de regalo agregada a su cuenta");
  await expect(friend.getByText(code, { exact: true })).toBeVisible();
  await expect(friend.getByText("$1,000.00", { exact: true })).toBeVisible();
  await expectNoA11yViolations(friend);
  await other.close();
});
