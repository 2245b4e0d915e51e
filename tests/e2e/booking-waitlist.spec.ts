import type { APIRequestContext, Browser } from "@playwright/test";
import { customerWithCredits } from "./support/booking";
import { createClass, createPlace, staffApi, type Place } from "./support/factories";
import { latestMailText } from "./support/mail";
import { expect, loginAs, test, testAddress, type Credentials } from "./support/fixtures";
import { budget } from "./support/time";
import { PHONE } from "./support/shots";

/**
 * A full class's waiting list at phone width, end to end: one customer fills a one-spot class; a
 * visitor sees the class full and is asked to log in to join its waiting list, comes back to it
 * after logging in, joins (and leaves, and joins again) with her place in line; the first customer
 * cancels, the auto-promotion gives the spot to the waiting one, whose open page says so, with the
 * promotion mail and the booking in Mis Reservaciones. axe checks the waiting customer's pages.
 */
const DAY = 24 * 60 * 60_000;

test.use({ viewport: PHONE });

/** A phone-sized browser page of its own with the place's city and studio chosen, logged in as `account`. */
async function customerPage(browser: Browser, baseURL: string, place: Place, account: Credentials) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await context.addCookies([
    { name: "city", value: String(place.cityId), url: baseURL },
    { name: "studio", value: String(place.studioId), url: baseURL },
  ]);
  const page = await context.newPage();
  await loginAs(page, account);
  return page;
}

test("a full class: join its waiting list, leave and rejoin, and get the spot when one frees", async ({
  page,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(budget(150_000));
  const staff = await staffApi(await playwright.request.newContext({ baseURL }));
  const newContext = (): Promise<APIRequestContext> => playwright.request.newContext({ baseURL });
  const place = await createPlace(staff, { rows: 1, columns: 1 });
  const cls = await createClass(staff, place, { starts: new Date(Date.now() + 3 * DAY) });
  const customer = (name: string, label: string) =>
    customerWithCredits(staff.api, newContext, staff.headers, {
      name,
      label,
      cityId: place.cityId,
      credits: 1,
      address: testAddress(`${testInfo.testId}-${label}`),
    });
  const ana = await customer("Ana", "llena");
  const bea = await customer("Bea", "espera");

  // Ana takes the class's only spot.
  const anaPage = await customerPage(browser, baseURL!, place, ana);
  await anaPage.goto(`/book-session/${cls.id}`);
  await anaPage.locator('button[data-spot="1"]').click();
  await anaPage.getByRole("button", { name: "Reservar lugar 1" }).click();
  await expect(anaPage.getByText("¡Listo! Tu lugar 1 está reservado.")).toBeVisible();

  // A visitor sees the class full and is asked to log in to join its waiting list.
  await page.context().addCookies([
    { name: "city", value: String(place.cityId), url: baseURL! },
    { name: "studio", value: String(place.studioId), url: baseURL! },
  ]);
  await page.goto(`/book-session/${cls.id}`);
  await expect(page.getByText("La clase está llena.")).toBeVisible();
  const login = page.getByRole("link", { name: "Inicia sesión para unirte a la lista de espera" });
  await expect(login).toBeVisible();
  await login.click();
  await page.waitForURL(new RegExp(`/login\\?back=book-session-${cls.id}$`));
  const form = page.getByRole("form", { name: "Iniciar sesión" });
  await form.getByLabel("Email").fill(bea.email);
  await form.getByRole("button", { name: "Continuar" }).click();
  await form.locator("input[name=password]").fill(bea.password);
  await form.getByRole("button", { name: "Iniciar sesión" }).click();
  // Back on this class, now as a customer: join the waiting list.
  await page.waitForURL(new RegExp(`/book-session/${cls.id}$`));
  const join = page.getByRole("button", { name: "Unirme a la lista de espera" });
  await expect(join).toBeVisible();
  await expect(page.locator('button[data-spot="1"]')).toBeDisabled();
  await join.click();
  await expect(page.getByText("Estás en la lista de espera. Tu lugar: 1.")).toBeVisible();
  await expect(page.getByText(/Estás en la lista de espera: lugar 1\./)).toBeVisible();

  // Leaving, then joining again.
  await page.getByRole("button", { name: "Salir de la lista de espera" }).click();
  await expect(page.getByText("Saliste de la lista de espera.")).toBeVisible();
  await page.getByRole("button", { name: "Unirme a la lista de espera" }).click();
  await expect(page.getByText(/Estás en la lista de espera: lugar 1\./)).toBeVisible();
  await expect(page.getByText("En vivo")).toBeVisible();

  // Ana cancels her spot: the waitlist's first person gets it, and her open page says so.
  await anaPage.goto("/profile/reservations");
  await anaPage
    .locator("[data-reservation]")
    .filter({ hasText: "Lugar 1" })
    .first()
    .getByRole("button", { name: "Cancelar" })
    .click();
  await anaPage.getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(anaPage.getByText("Reservación cancelada. Tu clase regresó a tu cuenta.")).toBeVisible();

  await expect(page.getByText(/¡Tienes lugar! Se liberó un lugar y era tuyo en la lista de espera/)).toBeVisible();
  await expect(page.locator('button[data-spot="1"]')).toHaveAttribute("data-state", "mine");
  await expect(page.getByText("Ya tienes el lugar 1 en esta clase.")).toBeVisible();
  await expect(page.getByText("Este lugar te llegó de la lista de espera.")).toBeVisible();

  // The promotion mail, and the booking in Mis Reservaciones; no waiting list left.
  const mail = await latestMailText(bea.email, "booking-promoted");
  expect(mail).toContain("era tuyo en la lista de espera: reservamos el lugar 1");
  await page.getByRole("link", { name: "Ver mis reservaciones" }).click();
  await page.waitForURL("**/profile/reservations");
  await expect(page.locator("[data-reservation]").filter({ hasText: "Lugar 1" })).toHaveCount(1);
  await page.goto("/profile/waitlist");
  await expect(page.getByText("No estás en ninguna lista de espera")).toBeVisible();
  await anaPage.context().close();
  await staff.api.dispose();
});
