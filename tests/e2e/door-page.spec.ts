import { createAccount, withDb } from "./support/db";
import { createClass, createPlace, staffApi } from "./support/factories";
import { expect, loginAs, test } from "./support/fixtures";
import { middayZone } from "./support/time";
import { PHONE } from "./support/shots";

/**
 * Issue 22, item 4: the door account of a studio, on a phone (390 × 844), opens `/admin/qr-door-page`
 * during her shift: today's class of her studio with who has arrived, who came late and who has not;
 * she finds the missing customer by name and checks her in. axe checks the page (the fixtures run it
 * on every page left open).
 */
test.use({ viewport: PHONE });

test("the door sees today's class of her studio, who came late and who is missing, and checks one in by name", async ({
  page,
  playwright,
  baseURL,
}) => {
  const api = await playwright.request.newContext({ baseURL });
  const staff = await staffApi(api);
  // The place keeps midday hours: a class in the next hour is on its "today" whenever this runs.
  const place = await createPlace(staff, { timeZone: middayZone(new Date()) });
  const cls = await createClass(staff, place, { minutes: 30 });
  const door = await createAccount("door", { name: "Puerta", lastName: "Prueba" });
  const tag = String(cls.id);
  const people = {
    ana: await createAccount("customer", { name: "Ana", lastName: `Puntual ${tag}` }),
    berta: await createAccount("customer", { name: "Berta", lastName: `Tardía ${tag}` }),
    carla: await createAccount("customer", { name: "Carla", lastName: `Ausente ${tag}` }),
  };
  await withDb(async (c) => {
    // Her studio (employee record) and her open shift (the door layout asks for one).
    const emp = await c.query("insert into employees (user_id, studio_id) values ($1, $2) returning id", [
      door.id,
      place.studioId,
    ]);
    await c.query(
      `insert into shifts (studio_id, employee_id, turn_type, opened_by_user_id, opened_at, opening_cash_cents)
       values ($1, $2, 1, $3, now(), 0)`,
      [place.studioId, emp.rows[0].id, door.id],
    );
    const starts = cls.starts.getTime();
    const reserve = (userId: number, spot: number, status: string, attendanceRecorded: number | null) =>
      c.query(
        `insert into reservations (class_session_id, user_id, spot, status, attended_at, qr_token)
         values ($1, $2, $3, $4, $5, md5(random()::text))`,
        [cls.id, userId, spot, status, attendanceRecorded === null ? null : new Date(attendanceRecorded)],
      );
    await reserve(people.ana.id, 1, "attended", starts - 5 * 60_000);
    await reserve(people.berta.id, 2, "attended", starts + 5 * 60_000);
    await reserve(people.carla.id, 3, "booked", null);
  });

  await loginAs(page, door);
  await page.goto("/admin/qr-door-page");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Clases de hoy" })).toBeVisible();
  const card = page.locator(`[data-class="${cls.id}"]`);
  await expect(card.getByText("2 de 3 llegaron")).toBeVisible();
  const row = (name: string) => card.getByRole("row").filter({ hasText: name });
  await expect(row("Berta").getByText("Tarde")).toBeVisible();
  await expect(row("Ana").getByText("Llegó")).toBeVisible();
  await expect(row("Ana").getByText("Tarde")).toHaveCount(0);
  await expect(row("Carla").getByText("Sin llegar")).toBeVisible();
  // Nothing wider than the phone.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // By name: typing part of it, without accents or capitals, leaves her alone in the list.
  await card.getByLabel("Buscar por nombre").fill("carla");
  await expect(card.getByRole("row")).toHaveCount(1);
  await card.getByRole("button", { name: `Registrar llegada: Carla Ausente ${tag}` }).click();
  await expect(card.getByRole("status")).toContainText("Carla");
  await card.getByLabel("Buscar por nombre").fill("");
  await expect(card.getByText("3 de 3 llegaron")).toBeVisible();
  await expect(row("Carla").getByText("Llegó")).toBeVisible();
  await expect(card.getByRole("button", { name: /Registrar llegada/ })).toHaveCount(0);
  await api.dispose();
});
