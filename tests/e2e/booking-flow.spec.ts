import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser } from "@playwright/test";
import { customerWithCredits } from "./support/booking";
import { createAccount } from "./support/db";
import { createClass, createPlace, staffApi, type Place } from "./support/factories";
import { expect, loginAs, test, testAddress, type Credentials } from "./support/fixtures";
import { budget, middayZone } from "./support/time";

/**
 * The heart of the business in a browser: a customer goes from the calendar to a booked spot on
 * the room map (a second browser sees it turn taken without reloading), shows the QR, and a coach's
 * scanner page reads it from an image; cancelling before and after the cut-off does what the policy
 * says. Each test has a place of its own (city, studio, room with a map, coach); its classes are
 * created through the staff API.
 */
const MIN = 60_000;

async function adminApi(
  playwright: { request: { newContext(o: object): Promise<APIRequestContext> } },
  baseURL: string,
) {
  const staff = await staffApi(await playwright.request.newContext({ baseURL }));
  return { ...staff, newContext: () => playwright.request.newContext({ baseURL }) };
}

/** A browser page with the place's city and studio chosen, logged in as `account` when given. */
async function customerPage(browser: Browser, baseURL: string, place: Place, account?: Credentials) {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([
    { name: "city", value: String(place.cityId), url: baseURL },
    { name: "studio", value: String(place.studioId), url: baseURL },
  ]);
  const page = await context.newPage();
  if (account) await loginAs(page, account);
  return page;
}

test.describe("booking", () => {
  test("calendar → booked spot (seen live elsewhere) → checked in by the coach's scanner from a QR image", async ({
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(budget(90_000));
    const soon = new Date(Date.now() + 20 * MIN);
    const api = await adminApi(playwright, baseURL!);
    // Online booking closes 10 minutes before class by default: 20 minutes leaves time to book. The
    // place keeps midday hours, so the class is on its "today" (the coach's list) at any hour.
    const coachAccount = await createAccount("coach");
    const place = await createPlace(api, { timeZone: middayZone(new Date()) });
    const cls = await createClass(api, place, { starts: soon, coachId: coachAccount.coachId! });

    // Someone else is looking at the same class's map.
    const watcher = await customerPage(browser, baseURL!, place);
    await watcher.goto(`/book-session/${cls.id}`);
    await expect(watcher.getByText("En vivo")).toBeVisible();

    const customer = await customerWithCredits(api.api, api.newContext, api.headers, {
      name: "Claudia",
      label: "flujo",
      cityId: place.cityId,
      credits: 1,
      address: testAddress(testInfo.testId),
    });
    const page = await customerPage(browser, baseURL!, place, customer);
    await page.goto("/calendar");
    const card = page.locator(`[data-session="${cls.id}"]`);
    await expect(card).toBeVisible();
    await card.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/book-session/${cls.id}$`));
    const spot = page.locator('button[data-spot="3"]');
    await expect(spot).toHaveAttribute("data-state", "free");
    await spot.click();
    // The booking's answer is held until the live map has told every open page (the watcher) that
    // spot 3 is taken: this page's own live "taken" must not read as someone else's.
    let wrongNotice = -1;
    await page.route("**/api/v2/reservations", async (route) => {
      const answer = await route.fetch();
      await expect(watcher.locator('button[data-spot="3"]')).toHaveAttribute("data-state", "taken");
      // This page has had the same live notice once its own map shows spot 3 taken (the notice,
      // if any, comes in the same render).
      await expect(spot).toHaveAttribute("data-state", "taken");
      wrongNotice = await page.getByText(/acaba de ser reservado por alguien más/).count();
      await route.fulfill({ response: answer });
    });
    await page.getByRole("button", { name: "Reservar lugar 3" }).click();
    await expect(page.getByText("¡Listo! Tu lugar 3 está reservado.")).toBeVisible();
    await expect(spot).toHaveAttribute("data-state", "mine");
    expect(wrongNotice).toBe(0);
    await expect(page.getByText(/acaba de ser reservado por alguien más/)).toHaveCount(0);
    await page.unroute("**/api/v2/reservations");

    // The other browser sees spot 3 taken without reloading.
    await expect(watcher.locator('button[data-spot="3"]')).toHaveAttribute("data-state", "taken");
    await expect(watcher.locator('button[data-spot="3"]')).toBeDisabled();

    // The customer's QR code, as an image file.
    await page.goto("/profile/reservations");
    await page
      .locator("[data-reservation]")
      .filter({ hasText: "Lugar 3" })
      .first()
      .getByRole("button", { name: "Código de acceso" })
      .click();
    const img = page.getByRole("img", { name: /Código QR de la reservación/ });
    await expect(img).toBeVisible();
    // Under the image, the code as text: what the door's manual field accepts.
    const code = (await img.getAttribute("data-qr-code"))!;
    expect(code.length).toBeGreaterThanOrEqual(8);
    await expect(page.getByTestId("qr-readable-code")).toHaveText(code);
    const src = (await img.getAttribute("src"))!;
    const file = path.join(testInfo.outputDir, "qr.png");
    fs.mkdirSync(testInfo.outputDir, { recursive: true });
    fs.writeFileSync(file, Buffer.from(src.replace(/^data:image\/png;base64,/, ""), "base64"));
    await page.keyboard.press("Escape");

    // The door of another studio: nothing is read before a studio is chosen; the typed code is
    // refused there (naming the class's studio), and the door lets Claudia in with a reason.
    const elsewhere = await createPlace(api);
    const doorPage = await customerPage(browser, baseURL!, place, await createAccount("door"));
    await doorPage.goto("/admin/qr-door-page");
    await expect(doorPage.getByTestId("qr-choose-studio")).toBeVisible();
    await expect(doorPage.getByRole("button", { name: "Registrar", exact: true })).toBeDisabled();
    await doorPage.getByRole("combobox", { name: "Estudio" }).click();
    await doorPage.getByRole("option", { name: elsewhere.studioName, exact: true }).click();
    await doorPage.getByRole("textbox", { name: "Código de la reservación" }).fill(code);
    await doorPage.getByRole("button", { name: "Registrar", exact: true }).click();
    await expect(doorPage.locator('[data-attendance="error"]')).toContainText(
      `Este código es de una clase en otro estudio (${place.studioName}).`,
    );
    await doorPage.getByRole("button", { name: "Dar acceso con motivo" }).click();
    await doorPage.getByRole("textbox", { name: "Motivo del acceso" }).fill("Reservó en otra sucursal");
    await doorPage.getByRole("button", { name: "Dar acceso", exact: true }).click();
    await expect(doorPage.locator('[data-attendance="ok"]')).toContainText("Asistencia registrada: Claudia");

    // The coach opens today's classes, then the class's scanner: Claudia shows as present, and her
    // QR image (read from the photo) is refused as already checked in.
    const coach = await customerPage(browser, baseURL!, place, coachAccount);
    await coach.goto("/admin/qr-assistance/list");
    await coach.locator(`[data-class="${cls.id}"]`).getByRole("link").click();
    await expect(coach).toHaveURL(new RegExp(`/admin/qr-assistance/scan/${cls.id}$`));
    await expect(coach.locator("[data-roster]").filter({ hasText: "Asistió" })).toHaveCount(1);
    const again = coach.waitForEvent("filechooser");
    await coach.getByTestId("qr-photo").click();
    await (await again).setFiles(file);
    await expect(coach.locator('[data-attendance="error"]')).toContainText("ya había registrado su asistencia");
    await api.api.dispose();
  });

  test("cancelling before the cut-off returns the credit; after it, it does not", async ({
    browser,
    playwright,
    baseURL,
  }, testInfo) => {
    // Two classes, a customer with credits, two bookings and two cancellations through the pages:
    // 12 s alone, and 30 s ran out once on a loaded CI.
    test.setTimeout(budget(60_000));
    const api = await adminApi(playwright, baseURL!);
    const place = await createPlace(api);
    const early = await createClass(api, place, { starts: new Date(Date.now() + 3 * 24 * 60 * MIN) });
    const late = await createClass(api, place, { starts: new Date(Date.now() + 3 * 60 * MIN) });
    const customer = await customerWithCredits(api.api, api.newContext, api.headers, {
      name: "Claudia",
      label: "cancela",
      cityId: place.cityId,
      credits: 2,
      address: testAddress(testInfo.testId),
    });
    const page = await customerPage(browser, baseURL!, place, customer);
    const xsrf = async () =>
      decodeURIComponent((await page.context().cookies()).find((c) => c.name === "XSRF-TOKEN")?.value ?? "");
    await page.goto("/profile/reservations");
    for (const [cls, spot] of [
      [early, 5],
      [late, 6],
    ] as const) {
      const res = await page.request.post("/api/v2/reservations", {
        data: { class_session_id: cls.id, spot },
        headers: { "X-XSRF-TOKEN": await xsrf() },
      });
      expect(res.status()).toBe(201);
    }
    const credits = async () => {
      const me = await page.request.post("/api/auth/me", { headers: { "X-XSRF-TOKEN": await xsrf() } });
      return (await me.json()).data.available_sessions_per_city[`city_${place.cityId}`] as number;
    };
    const before = await credits();

    await page.goto("/profile/reservations");
    await page
      .locator("[data-reservation]")
      .filter({ hasText: "Lugar 5" })
      .first()
      .getByRole("button", { name: "Cancelar" })
      .click();
    await expect(page.locator('[data-cancel-terms="refund"]')).toContainText("tu clase regresa a tu cuenta");
    await page.getByRole("button", { name: "Sí, cancelar" }).click();
    await expect(page.getByText("Reservación cancelada. Tu clase regresó a tu cuenta.")).toBeVisible();
    expect(await credits()).toBe(before + 1);

    await page
      .locator("[data-reservation]")
      .filter({ hasText: "Lugar 6" })
      .first()
      .getByRole("button", { name: "Cancelar" })
      .click();
    await expect(page.locator('[data-cancel-terms="late"]')).toContainText("la clase no regresa a tu cuenta");
    await page.getByRole("button", { name: "Sí, cancelar" }).click();
    await expect(
      page.getByText("Reservación cancelada fuera de tiempo: la clase no regresa a tu cuenta."),
    ).toBeVisible();
    expect(await credits()).toBe(before + 1);
    await api.api.dispose();
  });
});
