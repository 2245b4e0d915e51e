import { customerWithCredits } from "./support/booking";
import { createAccount } from "./support/db";
import { createClass, createPlace } from "./support/factories";
import { expect, loginAs, test } from "./support/fixtures";
import { budget } from "./support/time";

/**
 * The private calendar feed on "Mis Reservaciones": the customer changes its address from the page;
 * the old address then answers 404 and the page shows the new one. Its own place, class and customer.
 */
test("a customer resets the calendar feed address from the reservations page", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(budget(90_000));
  const staff = await playwright.request.newContext({ baseURL });
  const headers = { Authorization: `Bearer ${await loginAs(staff, await createAccount())}` };
  const place = await createPlace({ api: staff, headers });
  const cls = await createClass({ api: staff, headers }, place, { minutes: 4 * 24 * 60, duration: 25 });
  const classId = cls.id;
  const customer = await customerWithCredits(staff, () => playwright.request.newContext({ baseURL }), headers, {
    name: "Lucía",
    label: "feed",
    cityId: place.cityId,
    credits: 1,
    address: `10.8.${testInfo.workerIndex}.${Math.floor(Math.random() * 250) + 1}`,
  });
  expect(
    (
      await staff.post("/api/admin/reservations", {
        headers,
        data: { user_id: customer.userId, class_session_id: classId, spot: 7 },
      })
    ).status(),
  ).toBe(201);

  await loginAs(page, customer);
  await page.goto("/profile/reservations");
  const address = page.getByRole("textbox", { name: "Dirección privada del calendario" });
  const oldUrl = await address.inputValue();
  expect(oldUrl).toMatch(/\/api\/v2\/calendar\/[A-Za-z0-9_-]+\.ics$/);
  const oldPath = new URL(oldUrl).pathname;
  expect((await staff.get(oldPath)).status()).toBe(200);

  await page.getByRole("button", { name: "Cambiar dirección" }).click();
  const dialog = page.getByRole("dialog", { name: "¿Cambiar la dirección de tu calendario?" });
  await expect(dialog).toContainText("La dirección actual dejará de funcionar");
  await dialog.getByRole("button", { name: "Sí, cambiar dirección" }).click();
  await expect(page.getByRole("status")).toContainText("Tu calendario tiene una dirección nueva.");
  await expect(address).not.toHaveValue(oldUrl);
  const newPath = new URL(await address.inputValue()).pathname;
  expect((await staff.get(oldPath)).status()).toBe(404);
  const feed = await staff.get(newPath);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain("BEGIN:VEVENT");

  await staff.post(`/api/admin/class-sessions/${classId}/cancel`, { headers, data: { reason: "Fin de prueba" } });
  await staff.dispose();
});
