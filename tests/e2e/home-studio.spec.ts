import type { BrowserContext } from "@playwright/test";
import { createCity, createStudio } from "../support/factories";
import { newCustomer } from "./support/commerce";
import { staffApi, withFactories } from "./support/factories";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";
import { PHONE, shoot } from "./support/shots";
import { budget } from "./support/time";

/**
 * Issue 20, item 15: the studio a visitor chooses is remembered after login. A visitor picks a city
 * and its second studio on /select-location and /select-studio, logs in through the login form,
 * and the studio is still the chosen one; in a new session (another browser) the account's home
 * studio comes back at login. Phone width, axe on the pages walked.
 */
test.use({ viewport: PHONE });

const chosen = async (context: BrowserContext) =>
  Object.fromEntries(
    (await context.cookies())
      .filter((c) => c.name === "city" || c.name === "studio")
      .map((c) => [c.name, Number(c.value)]),
  );

test("a studio chosen before logging in stays chosen after login, and in a new session", async ({
  page,
  browser,
  request,
  context,
  baseURL,
}) => {
  test.setTimeout(budget(90_000));
  const staff = await staffApi(request);
  const { city, second } = await withFactories(async (db) => {
    const city = await createCity(db);
    await createStudio(db, { cityId: city.id, name: `Estudio Norte ${city.id}` });
    const second = await createStudio(db, { cityId: city.id, name: `Estudio Sur ${city.id}` });
    return { city, second };
  });
  // Saving the city through the back office clears the public lists the pickers read.
  const saved = await staff.api.put(`/api/admin/cities/${city.id}`, {
    headers: staff.headers,
    data: { name: city.name, suffix: city.suffix },
  });
  expect(saved.status()).toBe(200);
  // A customer account made elsewhere; this browser is a visitor again.
  const email = await newCustomer(page, { name: "Elena", lastName: "Estudio", label: "estudio" });
  await context.clearCookies();

  await page.goto("/select-location");
  await page.getByRole("button", { name: new RegExp(city.name) }).click();
  await expect(page).toHaveURL(/\/select-studio$/);
  await expectNoA11yViolations(page);
  await page.getByRole("button", { name: new RegExp(second.name) }).click();
  await expect(page).toHaveURL(/\/calendar$/);
  expect(await chosen(context)).toEqual({ city: city.id, studio: second.id });

  await page.goto("/login");
  const form = page.getByRole("form", { name: "Iniciar sesión" });
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Continuar" }).click();
  await form.locator("input[name=password]").fill("secreto1");
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/select-studio");
  const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: second.name }) });
  await expect(card.getByText("Seleccionado")).toBeVisible();
  expect(await chosen(context)).toEqual({ city: city.id, studio: second.id });
  await shoot(page, "home-studio", [PHONE]);

  // Another browser, nothing chosen there: logging in brings the account's home studio back.
  const other = await browser.newContext({ baseURL, viewport: PHONE });
  const phone = await other.newPage();
  await phone.goto("/login");
  expect(await chosen(other)).toEqual({});
  const again = phone.getByRole("form", { name: "Iniciar sesión" });
  await again.getByLabel("Email").fill(email);
  await again.getByRole("button", { name: "Continuar" }).click();
  await again.locator("input[name=password]").fill("secreto1");
  await again.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(phone).not.toHaveURL(/\/login/);
  expect(await chosen(other)).toEqual({ city: city.id, studio: second.id });
  await phone.goto("/select-studio");
  await expect(
    phone
      .getByRole("listitem")
      .filter({ has: phone.getByRole("heading", { name: second.name }) })
      .getByText("Seleccionado"),
  ).toBeVisible();
  await expectNoA11yViolations(phone);
  await other.close();
});
