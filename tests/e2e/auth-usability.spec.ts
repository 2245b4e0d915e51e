import type { Page } from "@playwright/test";
import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";

/**
 * Issue 12, usability 5 and 6: nothing English a user can see or hear (labels included), and
 * logout goes to / (spec §4).
 */
const ENGLISH =
  /\b(toggle|visibility|password|close|open|loading|search|next|previous|actions|scroll|not found|could not)\b/i;

/** Every accessible name or hint the page gives that is not in Spanish. */
async function englishLabels(page: Page) {
  const labels = await page.evaluate(() =>
    Array.from(document.querySelectorAll("[aria-label],[title],[alt],[placeholder]")).flatMap((el) =>
      ["aria-label", "title", "alt", "placeholder"].map((a) => el.getAttribute(a)).filter((v): v is string => !!v),
    ),
  );
  return labels.filter((l) => ENGLISH.test(l));
}

test("login step 2 and the register form have Spanish labels only (password toggles included)", async ({ page }) => {
  await page.goto("/login");
  const form = page.getByRole("form", { name: "Iniciar sesión" });
  await form.getByLabel("Email").fill((await createAccount("customer")).email);
  await form.getByRole("button", { name: "Continuar" }).click();
  await expect(form.locator("input[name=password]")).toBeVisible();
  await expect(form.getByRole("button", { name: "Mostrar u ocultar la contraseña" })).toHaveCount(1);
  expect(await englishLabels(page)).toEqual([]);
  await page.goto("/register");
  await expect(page.getByRole("form", { name: "Crear cuenta" })).toBeVisible();
  expect(await englishLabels(page)).toEqual([]);
});

test("the back office has Spanish labels only", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  for (const path of ["/admin/dashboard", "/admin/users", "/admin/outbox", "/admin/cities/list"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await englishLabels(page), path).toEqual([]);
  }
});

test("logout goes to the home page", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, (await createAccount("customer")).email, ACCOUNT_PASSWORD);
  await page.goto("/profile/settings");
  await expect(page.getByRole("heading", { name: "Mis Datos", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Cerrar sesión" }).first().click();
  await page.waitForURL((url) => url.pathname === "/");
  expect((await page.context().cookies()).find((c) => c.name === "token")).toBeUndefined();
});
