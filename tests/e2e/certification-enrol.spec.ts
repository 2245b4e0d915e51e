import * as schema from "../../app/.server/db/schema";
import { fillCard } from "./support/commerce";
import { createAccount } from "./support/db";
import { withFactories } from "./support/factories";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";
import { PHONE, shoot } from "./support/shots";
import { budget } from "./support/time";

/**
 * A certification's page at phone width (issue 20, item 11): its facts are the programme's (the
 * hours the modules add up to, each module with its hours, the price its product is sold at), and
 * "INSCRIBIRME" leads a logged-out visitor through the login and back to that certification's
 * purchase: in the cart, in the checkout panel. axe checks the page and the open panel.
 */
test.use({ viewport: PHONE });

/** A programme of its own: two modules (12 + 8 hours), its product at $12,345 and its page. */
function createProgramme() {
  return withFactories(async (db) => {
    const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    const [cert] = await db
      .insert(schema.certifications)
      .values({
        name: `Barre Avanzado ${n}`,
        slug: `barre-avanzado-${n}`,
        modality: "Presencial en Nucleo Polanco",
        schedule: "2 fines de semana",
        allowsDeposit: true,
        modules: [
          { title: "Técnica avanzada", hours: 12, summary: "Series de alta intensidad.", content: "Texto." },
          { title: "Clase muestra", hours: 8, summary: "Evaluación práctica.", content: "Texto." },
        ],
      })
      .returning();
    const [product] = await db
      .insert(schema.products)
      .values({
        area: "certificate",
        name: `Certificación Barre Avanzado ${n}`,
        priceCents: 12_345_00,
        stock: null,
        maxPurchase: 1,
        certificationId: cert!.id,
      })
      .returning();
    await db.insert(schema.certificationPages).values({
      slug: `barre-avanzado-${n}`,
      certificationId: cert!.id,
      summary: "Para instructoras certificadas.",
    });
    return { slug: `barre-avanzado-${n}`, name: cert!.name, product: product!.name };
  });
}

test("INSCRIBIRME: a visitor logs in and lands on this certification's purchase", async ({ page }) => {
  test.setTimeout(budget(90_000));
  const account = await createAccount("customer", { name: "Inés", lastName: "Muñoz" });
  const programme = await createProgramme();
  await page.goto(`/certification/${programme.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: programme.name })).toBeVisible();
  // The programme's facts: 20 hours (the sum of its modules), each module with its hours, the product's price.
  await expect(page.getByText("20 horas en 2 fines de semana")).toBeVisible();
  await expect(page.getByText("Técnica avanzada · 12 horas")).toBeVisible();
  await expect(page.getByText("Clase muestra · 8 horas")).toBeVisible();
  await expect(page.getByText("$12,345 MXN o 2 parcialidades")).toBeVisible();
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: "Inscribirme" }).click();
  const dialog = page.getByRole("dialog", { name: "Iniciar sesión" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Email").fill(account.email);
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await dialog.locator("input[name=password]").fill(account.password);
  await dialog.getByRole("button", { name: "Iniciar sesión" }).click();

  // Back on the programme's page, with its purchase open: the certification in the checkout panel.
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/certification/${programme.slug}$`));
  await expect(panel.getByText(programme.product)).toBeVisible();
  const deposit = panel.getByRole("checkbox", { name: "Pago con Deposito (2 Parcialidades)" });
  await expect(deposit).toBeVisible();
  await expectNoA11yViolations(page);

  // Item 2: the two-instalment deposit, from the panel through the second payment.
  await deposit.click();
  await expect(deposit).toBeChecked();
  await expect(panel.getByText("Primer pago (50%)")).toBeVisible();
  await expect(panel.getByText("$6,172.50").first()).toBeVisible();
  await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
  await fillCard(panel, "4242 4242 4242 4242", "Inés Muñoz");
  await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await expectNoA11yViolations(page);
  await panel.getByRole("button", { name: "Pagar $6,172.50" }).click();
  await expect(page).toHaveURL(/\/success-order/);
  await expect(page.getByText("Saldo pendiente (segunda parcialidad)").first()).toBeVisible();
  await expectNoA11yViolations(page);

  await page.goto("/profile/shopping-history");
  await page
    .getByRole("button", { name: /^Orden #/ })
    .first()
    .click();
  await expect(page.getByText("Primer pago (50%)")).toBeVisible();
  await expect(page.getByText("Saldo pendiente (segunda parcialidad)")).toBeVisible();
  await page.getByRole("button", { name: "Pagar saldo pendiente $6,172.50" }).click();
  const modal = page.getByRole("dialog", { name: /Segunda parcialidad de la orden/ });
  await fillCard(modal, "4242 4242 4242 4242", "Inés Muñoz");
  await expectNoA11yViolations(page);
  await modal.getByRole("button", { name: "Pagar saldo pendiente $6,172.50" }).click();
  await expect(page.getByText("Segunda parcialidad pagada")).toBeVisible();
  // Both instalments on the order now, nothing due.
  await expect(page.getByText("Segundo pago (50%)")).toBeVisible();
  await expect(page.getByText("Saldo pendiente (segunda parcialidad)")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Pagar saldo pendiente/ })).toHaveCount(0);
  await shoot(page, "deposit-paid", [PHONE]);
});
