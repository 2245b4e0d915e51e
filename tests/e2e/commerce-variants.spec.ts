import { fillCard, newCustomer } from "./support/commerce";
import { createVariantProduct, staffApi } from "./support/factories";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";

/**
 * A product in sizes and colours at phone width: the customer chooses Talla and Color (a sold-out
 * combination is disabled and says so), sees the chosen variant's price, adds it, finds it in the
 * cart with its label, pays with the sandbox card and sees it on the success page and in her
 * purchase history. axe checks the product page, the cart and the history.
 */
test.use({ viewport: { width: 390, height: 844 } });

test("choose Talla and Color, add that variant, see it in the cart, pay, see it on the order", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await newCustomer(page, { name: "Vera", lastName: "Variantes", label: "variante" });
  const { product, shipping } = await createVariantProduct(await staffApi(request));
  await page.goto(`/store/product/${product.id}`);

  const talla = page.getByRole("group", { name: /^Talla/ });
  const color = page.getByRole("group", { name: /^Color/ });
  // Starts on the first variant in stock: CH · Negro, $990.
  await expect(talla.getByRole("radio", { name: "CH" })).toBeChecked();
  await expect(color.getByRole("radio", { name: "Negro" })).toBeChecked();
  await expect(page.getByText(/^\$990\s*MXN$/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Quedan 4 piezas" })).toBeVisible();
  // M: Rosa is sold out in M, disabled and said so.
  await talla.getByText("M", { exact: true }).click();
  await expect(color.getByRole("radio", { name: "Rosa (agotado)" })).toBeDisabled();
  // G: only Negro exists (G · Rosa is not sold), at its own price.
  await talla.getByText("G", { exact: true }).click();
  await expect(color.getByRole("radio", { name: "Rosa (agotado)" })).toBeDisabled();
  await expect(page.getByText(/^\$1,090\s*MXN$/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Quedan 2 piezas" })).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: "/work/wt/shots/variants/product-390.png", fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: "/work/wt/shots/variants/product-1366.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel.getByText("Talla G · Color Negro")).toBeVisible();
  await expect(panel.getByText(product.name)).toBeVisible();
  await expectNoA11yViolations(page);
  await page.screenshot({ path: "/work/wt/shots/variants/cart-390.png", fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: "/work/wt/shots/variants/cart-1366.png", fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });

  await panel.getByLabel(/^Alias/).fill("Casa");
  await panel.getByLabel(/^Calle y número/).fill("Av. Juárez 50");
  await panel.getByRole("combobox", { name: "Estado" }).click();
  await page.getByRole("option", { name: "Jalisco" }).click();
  await panel.getByLabel(/^Ciudad o alcaldía/).fill("Guadalajara");
  await panel.getByLabel(/^Código postal/).fill("44100");
  await panel.getByRole("button", { name: "Continuar" }).click();
  await panel.getByRole("radio", { name: new RegExp(shipping.name) }).check();
  await panel.getByRole("button", { name: "Continuar" }).click();
  await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
  await fillCard(panel, "4242 4242 4242 4242", "Vera Variantes");
  await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await panel.getByRole("button", { name: /^Pagar/ }).click();

  await expect(page).toHaveURL(/\/success-order/);
  await expect(page.getByText(`1 × ${product.name} (Talla G · Color Negro)`)).toBeVisible();
  await page.screenshot({ path: "/work/wt/shots/variants/success-390.png", fullPage: true });
  await page.goto("/profile/shopping-history");
  await page
    .getByRole("button", { name: /^Orden #/ })
    .first()
    .click();
  await expect(page.getByText("Talla G · Color Negro")).toBeVisible();
  await expectNoA11yViolations(page);
});
