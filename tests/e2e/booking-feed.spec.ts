import crypto from "node:crypto";
import { expect, loginAs, test } from "./support/fixtures";

/**
 * The private calendar feed on "Mis Reservaciones": the customer changes its address from the page;
 * the old address then answers 404 and the page shows the new one. Its own customer and class.
 */
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

test("a customer resets the calendar feed address from the reservations page", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const staff = await playwright.request.newContext({ baseURL });
  const headers = { Authorization: `Bearer ${await loginAs(staff, "admin@example.com")}` };
  // A class four days ahead at the first free half hour of studio 1.
  let classId: number | null = null;
  for (let shift = 0; shift < 48 && !classId; shift++) {
    const starts = new Date(Math.ceil((Date.now() + 4 * DAY) / (30 * MIN)) * 30 * MIN + shift * 30 * MIN);
    const res = await staff.post("/api/admin/class-sessions", {
      headers,
      data: {
        studio_id: 1,
        room_id: 2,
        coach_id: 1,
        session_type_id: 1,
        starts_at: starts.toISOString(),
        duration_minutes: 25,
      },
    });
    if (res.status() === 201) classId = (await res.json()).data.id;
  }
  expect(classId).not.toBeNull();

  const tag = crypto.randomBytes(4).toString("hex");
  const email = `e2e-feed-${tag}@prueba.mx`;
  const guest = await playwright.request.newContext({ baseURL });
  const reg = await guest.post("/api/user", {
    data: {
      name: "Lucía",
      last_name: `Prueba${tag}`,
      email,
      password: "Prueba-12345",
      confirmPassword: "Prueba-12345",
      terms: true,
    },
    headers: { "X-Forwarded-For": `10.8.${testInfo.workerIndex}.${Math.floor(Math.random() * 250) + 1}` },
  });
  expect(reg.status()).toBe(201);
  const userId = (await reg.json()).data.user.id as number;
  await guest.dispose();
  const city = (await (await staff.get(`/api/v2/sessions/${classId}`)).json()).data.city_id as number;
  expect(
    (
      await staff.post("/api/admin/courtesies", {
        headers,
        data: { user_id: userId, city_id: city, sessions: 1, reason: "Prueba e2e" },
      })
    ).status(),
  ).toBe(201);
  expect(
    (
      await staff.post("/api/admin/reservations", {
        headers,
        data: { user_id: userId, class_session_id: classId, spot: 7 },
      })
    ).status(),
  ).toBe(201);

  await loginAs(page, email, "Prueba-12345");
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
