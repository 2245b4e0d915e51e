import { fillCard, newCustomer } from "./support/commerce";
import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { createShippedProduct, createVariantProduct, staffApi } from "./support/factories";
import { expect, expectNoA11yViolations, loginAs, test } from "./support/fixtures";
import { DESKTOP, PHONE, shoot } from "./support/shots";
import { budget } from "./support/time";

/**
 * A product in sizes and colours at phone width: the customer chooses Talla and Color (a sold-out
 * combination is disabled and says so), sees the chosen variant's price, adds it, finds it in the
 * cart with its label, pays with the sandbox card and sees it on the success page and in her
 * purchase history. axe checks the product page, the cart and the history.
 */
test.use({ viewport: PHONE });

test("choose Talla and Color, add that variant, see it in the cart, pay, see it on the order", async ({
  page,
  request,
}) => {
  test.setTimeout(budget(90_000));
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
  await shoot(page, "variants-product");

  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel.getByText("Talla G · Color Negro")).toBeVisible();
  await expect(panel.getByText(product.name)).toBeVisible();
  await expectNoA11yViolations(page);
  await shoot(page, "variants-cart");

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
  await panel.getByRole("button", { name: /^Pagar \$/ }).click();

  await expect(page).toHaveURL(/\/success-order/);
  await expect(page.getByText(`1 × ${product.name} (Talla G · Color Negro)`)).toBeVisible();
  await shoot(page, "variants-success", [PHONE]);
  await page.goto("/profile/shopping-history");
  await page
    .getByRole("button", { name: /^Orden #/ })
    .first()
    .click();
  await expect(page.getByText("Talla G · Color Negro")).toBeVisible();
  await expectNoA11yViolations(page);
});

test("an administrator gives a product sizes in the back office; the store offers them and the cart shows the one chosen", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(budget(120_000));
  const { product } = await createShippedProduct(await staffApi(request));
  // A customer put the product in her cart before it had sizes.
  const shopper = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await newCustomer(shopper, { name: "Tania", lastName: "Tallas", label: "tallas" });
  await shopper.goto(`/store/product/${product.id}`);
  await shopper.getByRole("button", { name: "Agregar al carrito" }).click();
  await expect(shopper.getByRole("dialog", { name: "Finalizar Pago" }).getByText(product.name)).toBeVisible();

  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  await page.goto(`/admin/products/edit/${product.id}`);
  // Option Talla with three values, typed and confirmed with Enter, then every combination made.
  const editor = page.locator("form").filter({ has: page.getByRole("heading", { name: "Opciones y variantes" }) });
  await editor.getByRole("button", { name: "Agregar opción" }).click();
  await editor.getByRole("textbox", { name: "Opción" }).fill("Talla");
  const values = editor.getByRole("combobox", { name: "Valores" });
  for (const v of ["CH", "M", "G"]) {
    await values.fill(v);
    await values.press("Enter");
  }
  await editor.getByRole("button", { name: "Crear las combinaciones que faltan" }).click();
  const variant = (v: string) => editor.getByRole("group", { name: `Talla ${v}` });
  await expect(variant("G")).toBeVisible();
  // Each variant's fields fit the phone's width: nothing to scroll sideways to reach the stock.
  const box = await variant("G").getByRole("textbox", { name: "Existencias" }).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  for (const [v, stock] of [
    ["CH", "3"],
    ["M", "5"],
    ["G", "0"],
  ] as const)
    await variant(v).getByRole("textbox", { name: "Existencias" }).fill(stock);
  await variant("M").getByRole("textbox", { name: "Precio (MXN)" }).fill("520");
  await expectNoA11yViolations(page);
  await shoot(page, "variants-editor", [PHONE]);
  await editor.getByRole("button", { name: "Guardar opciones y variantes" }).click();
  await expect(page.getByText("Se guardaron las opciones y variantes")).toBeVisible();

  // Saved: the page read again shows them, and the list sums their stock.
  await page.reload();
  await expect(variant("M").getByRole("textbox", { name: "Existencias" })).toHaveValue("5");
  await expect(variant("M").getByRole("textbox", { name: "Precio (MXN)" })).toHaveValue("$520");
  await page.setViewportSize(DESKTOP);
  await shoot(page, "variants-editor-saved", [DESKTOP]);
  await page.goto(`/admin/products/list/barreByNucleo?search=${encodeURIComponent(product.name)}`);
  await expect(page.getByRole("row").filter({ hasText: product.name })).toContainText("8 en 3 variantes");

  // The store: Talla offered (G sold out), M at its own price; the cart says which, and the line
  // added before the sizes asks for one in a colour that reads (axe: colour contrast).
  await shopper.goto(`/store/product/${product.id}`);
  const talla = shopper.getByRole("group", { name: /^Talla/ });
  await expect(talla.getByRole("radio", { name: "G (agotado)" })).toBeDisabled();
  await talla.getByText("M", { exact: true }).click();
  await expect(shopper.getByText(/^\$520\s*MXN$/)).toBeVisible();
  await shopper.getByRole("button", { name: "Agregar al carrito" }).click();
  const panel = shopper.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel.getByText("Talla M", { exact: true })).toBeVisible();
  await expect(panel.getByText("Elija talla", { exact: true })).toBeVisible();
  await expectNoA11yViolations(shopper);
  await shoot(shopper, "variants-cart-sizes", [PHONE]);
});
