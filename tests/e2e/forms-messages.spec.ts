import type { Locator } from "@playwright/test";
import { customerWithCredits } from "./support/booking";
import { newCustomer } from "./support/commerce";
import { createAccount, expireSession } from "./support/db";
import { createClass, createPlace, createShippedProduct, staffApi } from "./support/factories";
import { expect, expectNoA11yViolations, loginAs, test, testAddress } from "./support/fixtures";
import { PHONE, shoot } from "./support/shots";
import { budget } from "./support/time";

/**
 * Issue 20, item 5 and part of 15: forms say what is wrong instead of only greying out. Register and
 * the checkout's shipping-address step show each field's message (the spec's texts) under it when
 * the field is left and when the form is sent, the first bad field takes the focus (aria-invalid,
 * aria-describedby); the coupon has its "Aplicar" button; a back-office choice clicked again stays
 * chosen; the header's credit counters go when the session ends; the staff's booking map speaks
 * to staff. At phone width, with the axe check; screenshots at 390 and 1366 px when SHOTS_DIR is set.
 */
test.use({ viewport: PHONE });

/** The field is marked invalid and its description (read by screen readers) is `message`. */
async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toHaveAccessibleDescription(new RegExp(message));
}

test("register: each field's message on leaving it and on sending; the first bad field takes the focus", async ({
  page,
}) => {
  test.setTimeout(budget(90_000));
  await page.goto("/register");
  const form = page.getByRole("form", { name: "Crear cuenta" });
  const name = form.getByRole("textbox", { name: "Nombre" });
  const lastName = form.getByRole("textbox", { name: "Apellido" });
  const email = form.getByRole("textbox", { name: "Email" });
  const password = form.getByRole("textbox", { name: "Contraseña", exact: true });
  const confirm = form.getByRole("textbox", { name: "Confirmar contraseña" });
  const submit = form.getByRole("button", { name: "Crear cuenta" });

  // Leaving a field empty, or with a bad address, says so under it at once.
  await name.focus();
  await name.blur();
  await expect(form.getByText("El nombre es requerido")).toBeVisible();
  await expectFieldError(name, "El nombre es requerido");
  await email.fill("ana@");
  await email.blur();
  await expect(form.getByText("El email debe ser valido")).toBeVisible();
  await expectFieldError(email, "El email debe ser valido");
  // Typing clears the field's message.
  await name.fill("Ana");
  await expect(form.getByText("El nombre es requerido")).toHaveCount(0);
  await name.fill("");

  // Sending with the terms not ticked: every message, the first bad field focused, the button not grey.
  await expect(submit).not.toHaveAttribute("data-disabled");
  await submit.click();
  await expect(form.getByText("El nombre es requerido")).toBeVisible();
  await expect(form.getByText("El apellido es requerido")).toBeVisible();
  await expect(form.getByText("El email debe ser valido")).toBeVisible();
  await expect(form.getByText("La contraseña es requerida")).toBeVisible();
  await expect(form.getByText("La confirmación de contraseña es requerida")).toBeVisible();
  await expect(form.getByText("Debe aceptar los Términos y Condiciones")).toBeVisible();
  await expectFieldError(lastName, "El apellido es requerido");
  await expectFieldError(password, "La contraseña es requerida");
  await expect(name).toBeFocused();
  await expectNoA11yViolations(page);
  await shoot(page, "register-errors");

  // Passwords that differ: said under the confirmation when it is left.
  await password.fill("secreto1");
  await confirm.fill("secreto2");
  await confirm.blur();
  await expect(form.getByText("Las contraseñas deben coincidir")).toBeVisible();

  // Everything right: the account is made.
  await name.fill("Ana");
  await lastName.fill("Formas");
  await email.fill(`formas.${Date.now()}@example.com`);
  await confirm.fill("secreto1");
  await form.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await submit.click();
  await expect(page).toHaveURL(/\/my-account/);
});

test("checkout: the coupon's Aplicar button, and the address step's messages under each field", async ({
  page,
  request,
}) => {
  test.setTimeout(budget(90_000));
  await newCustomer(page, { name: "Fina", lastName: "Formas", label: "formas" });
  const { product, shipping, voucher } = await createShippedProduct(await staffApi(request));
  await page.goto(`/store/product/${product.id}`);
  await page.getByRole("button", { name: "Agregar al carrito" }).click();
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel.getByRole("tab", { name: "Información" })).toBeVisible();

  // The coupon: a wrong code is said under the field; the right one applies with the button.
  const coupon = panel.getByRole("textbox", { name: "Cupón de descuento" });
  const apply = panel.getByRole("button", { name: "Aplicar cupón" });
  await expect(apply).toBeVisible();
  await coupon.pressSequentially("NOVALE");
  await apply.click();
  await expect(panel.getByText("El cupón no es válido")).toBeVisible();
  await expectFieldError(coupon, "El cupón no es válido");
  await coupon.fill(voucher.code);
  await apply.click();
  await expect(panel.getByText(`Descuento (${voucher.code})`)).toBeVisible();
  await expect(panel.getByText(`Cupón ${voucher.code} aplicado`)).toBeVisible();
  await coupon.scrollIntoViewIfNeeded();
  await shoot(page, "coupon-applied");

  // Leaving a field empty or with a bad zip says so under it.
  const alias = panel.getByRole("textbox", { name: /^Alias/ });
  const zip = panel.getByRole("textbox", { name: /^Código postal/ });
  await alias.focus();
  await alias.blur();
  await expect(panel.getByText("El Alias de la dirección es requerido")).toBeVisible();
  await expectFieldError(alias, "El Alias de la dirección es requerido");
  await zip.fill("44a");
  await zip.blur();
  await expect(panel.getByText("El código postal debe ser numérico")).toBeVisible();

  // Continuing with the form empty: every message, the first bad field focused, the button not grey.
  await zip.fill("");
  const next = panel.getByRole("button", { name: "Continuar" });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(panel.getByText("El Alias de la dirección es requerido")).toBeVisible();
  await expect(panel.getByText("La dirección es requerida")).toBeVisible();
  await expect(panel.getByText("El estado es requerido")).toBeVisible();
  await expect(panel.getByText("La ciudad es requerida")).toBeVisible();
  await expect(panel.getByText("El código postal es requerido")).toBeVisible();
  await expect(alias).toBeFocused();
  await expectNoA11yViolations(page);
  await shoot(page, "shipping-errors");

  // Filled in: on to the shipping method.
  await alias.fill("Casa");
  await panel.getByRole("textbox", { name: /^Calle y número/ }).fill("Av. Juárez 50");
  await panel.getByRole("combobox", { name: "Estado" }).click();
  await page.getByRole("option", { name: "Jalisco" }).click();
  await panel.getByRole("textbox", { name: /^Ciudad o alcaldía/ }).fill("Guadalajara");
  await zip.fill("44100");
  await next.click();

  // The shipping method: Continuar without one says so under the choices, then goes on with one.
  const method = panel.getByRole("radio", { name: new RegExp(shipping.name) });
  await expect(method).toBeVisible();
  await panel.getByRole("button", { name: "Continuar" }).click();
  await expect(panel.getByText("Seleccione un método de envío")).toBeVisible();
  await method.check();
  await panel.getByRole("button", { name: "Continuar" }).click();
  await expect(panel.getByRole("tab", { name: "Pago", selected: true })).toBeVisible();
});

test("back office: clicking the voucher's chosen type again keeps it, and the voucher saves", async ({ page }) => {
  test.setTimeout(budget(90_000));
  await loginAs(page, await createAccount());
  await page.goto("/admin/vouchers/add");
  const code = `FORM-${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole("textbox", { name: "Código" }).fill(code);
  const kind = page.getByRole("combobox", { name: "Tipo" });
  await expect(kind).toHaveValue("Porcentaje");
  await kind.click();
  await page.getByRole("option", { name: "Porcentaje" }).click();
  await expect(kind).toHaveValue("Porcentaje");
  await page.getByRole("textbox", { name: "Porcentaje de descuento" }).fill("10");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/admin\/vouchers\/list$/);
  await expect(page.getByRole("row").filter({ hasText: code })).toContainText("10%");
  // The back office's logout (the shared one, which also tells the site's other tabs) still leaves.
  await page.getByRole("button", { name: "Opciones de la cuenta" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
  await expect(page).toHaveURL(/\/admin\/auth\/login/);
});

test("the header's credit counters go when the session ends: a logout in another tab, an expired token", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(budget(90_000));
  const staff = await staffApi(await playwright.request.newContext({ baseURL }));
  const place = await createPlace(staff, { rows: 1, columns: 2 });
  const customer = await customerWithCredits(
    staff.api,
    () => playwright.request.newContext({ baseURL }),
    staff.headers,
    { name: "Cora", label: "contadores", cityId: place.cityId, credits: 3, address: testAddress(testInfo.testId) },
  );
  await page.context().addCookies([{ name: "city", value: String(place.cityId), url: baseURL! }]);
  await loginAs(page, customer);
  await page.goto("/");
  const counters = page.getByRole("list", { name: "Clases disponibles" });
  await expect(counters.first()).toContainText("3");

  // Logged out in another tab of the same browser: this tab shows nobody, without a reload.
  const other = await page.context().newPage();
  await other.goto("/calendar");
  await other.getByRole("button", { name: "Cerrar sesión" }).click();
  await other.waitForURL((u) => u.pathname === "/");
  await expect(counters).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cerrar sesión" })).toHaveCount(0);
  await other.close();

  // The token expires while the tab is in the background: back on it, the counters go and the
  // login dialog asks to log in again.
  await loginAs(page, customer);
  await page.reload();
  await expect(counters.first()).toContainText("3");
  const token = (await page.context().cookies()).find((c) => c.name === "token")!.value;
  await expireSession(token);
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await expect(page.getByRole("dialog", { name: "Iniciar sesión" })).toBeVisible();
  await expect(counters).toHaveCount(0);
});

test("staff booking for a customer: staff words on the map, the customer's credits told to staff", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(budget(90_000));
  const staff = await staffApi(await playwright.request.newContext({ baseURL }));
  const place = await createPlace(staff, { rows: 1, columns: 3 });
  const cls = await createClass(staff, place, { starts: new Date(Date.now() + 2 * 86_400_000) });
  // A customer with no classes in the city.
  const guest = await playwright.request.newContext({ baseURL });
  const reg = await guest.post("/api/user", {
    data: {
      name: "Sina",
      last_name: "Creditos",
      email: `sin.creditos.${Date.now()}@example.com`,
      password: "secreto1",
      confirmPassword: "secreto1",
      terms: true,
    },
  });
  expect(reg.status()).toBe(201);
  const userId = (await reg.json()).data.user.id as number;
  await guest.dispose();

  await loginAs(page, await createAccount());
  await page.goto(`/admin/assistances/add?session=${cls.id}&user=${userId}`);
  await expect(page.getByRole("note")).toContainText(
    /Sina Creditos no tiene clases disponibles en .+\. Para reservarle, véndele un paquete o dale una cortesía\./,
  );
  await expect(page.getByText("Lugar elegido")).toBeVisible();
  await expect(page.getByText("Tu lugar")).toHaveCount(0);
  await page.locator('button[data-spot="2"]').click();
  await page.getByRole("button", { name: "Reservar el lugar 2" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "El cliente no tiene clases disponibles" })).toBeVisible();
  await expect(page.getByText(/Compra un paquete/)).toHaveCount(0);
  await expectNoA11yViolations(page);
});
