import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { createPlace, staffApi } from "./support/factories";
import { expect, expectNoA11yViolations, loginAs, test } from "./support/fixtures";
import { PHONE, shoot } from "./support/shots";
import { budget } from "./support/time";

/**
 * Issue 20: error texts read on their background (WCAG AA 4.5:1). They are drawn in the theme's
 * error colour (--mantine-color-error), not Mantine's light red. The room form's message under its
 * map, at phone width, with axe (colour contrast included) while the message shows; the map's
 * choices fit the phone's width. (The cart line's note is checked in commerce-variants.spec.ts.)
 */
test.use({ viewport: PHONE });

test("the room form's map message reads at AA contrast, and the form fits a phone", async ({ page, request }) => {
  test.setTimeout(budget(60_000));
  const place = await createPlace(await staffApi(request));
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  await page.goto("/admin/rooms/add");
  await page.getByRole("textbox", { name: "Nombre" }).fill(`Salón vacío ${Date.now()}`);
  await page.getByRole("combobox", { name: "Estudio" }).click();
  await page.getByRole("option", { name: new RegExp(place.studioName) }).click();
  // Every spot taken off the map: the form says so under the map.
  const spots = page.getByRole("button", { name: /^Lugar \d+$/ });
  while ((await spots.count()) > 0) await spots.first().click();
  await page.getByRole("button", { name: "Guardar", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "El mapa necesita al menos un lugar" })).toBeVisible();
  await expectNoA11yViolations(page);
  // Nothing wider than the phone (the mirror's five choices wrap).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shoot(page, "room-error", [PHONE]);
});
