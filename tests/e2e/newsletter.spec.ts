import { expect, expectNoA11yViolations, test } from "./support/fixtures";
import { latestMailText } from "./support/mail";

/**
 * The footer newsletter end to end (issue 19, item 11): subscribing mails a confirmation (double
 * opt-in), its link opens a page that asks before confirming, and the mail's unsubscribe link opens
 * the page that ends the subscription. Both pages answer under / and /es-MX; each page this test
 * leaves open is checked with axe (fixtures).
 */
test("subscribe from the footer, confirm from the mail, unsubscribe from its link", async ({ page }) => {
  const email = `news-${Date.now()}@example.com`;
  await page.goto("/facturacion");
  await page.getByPlaceholder("Tu email").fill(email);
  await page.getByRole("button", { name: "Suscribirme" }).click();
  await expect(page.getByText("Te enviamos un correo para confirmar tu suscripción")).toBeVisible();

  const mail = await latestMailText(email, "newsletter-confirm");
  const confirm = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/.exec(mail)![0]);
  await page.goto(`/es-MX${confirm.pathname}${confirm.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Confirmar suscripción" })).toBeVisible();
  await expect(page.getByText(`Confirma que quieres recibir nuestras novedades en ${email}.`)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Confirmar mi suscripción" }).click();
  await expect(page.getByText("¡Listo! Te suscribiste a nuestras novedades.")).toBeVisible();

  // Every mail to a subscriber carries the unsubscribe link.
  const unsubscribe = new URL(/https?:\/\/\S+\/newsletter\/unsubscribe\?token=[\w-]+/.exec(mail)![0]);
  await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(page.getByRole("heading", { level: 1, name: "Cancelar suscripción" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: "Cancelar mi suscripción" }).click();
  await expect(page.getByText("Listo: ya no recibirás nuestras novedades.")).toBeVisible();
});

test("a confirmation link that is not valid says so", async ({ page }) => {
  await page.goto(`/newsletter/confirm?token=${"x".repeat(43)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Confirmar suscripción" })).toBeVisible();
  await expect(page.getByText("Este enlace de confirmación no es válido")).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirmar mi suscripción" })).toHaveCount(0);
});
