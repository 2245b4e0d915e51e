import type { APIRequestContext } from "@playwright/test";
import { customerWithCredits } from "./support/booking";
import { createAccount } from "./support/db";
import { createClass, createPlace } from "./support/factories";
import { expect, loginAs, test } from "./support/fixtures";
import { budget } from "./support/time";

/**
 * The back office's booking screens in a browser: the calendar's day view, editing a class's time,
 * a weekly template added then paused, a class in the past and a policy out of range refused under
 * their fields, a class duplicated a week later and that copy cancelled, booking a customer on their behalf (search, spot) and
 * moving them to another spot, then cancelling without penalty; the reservations list shows it and
 * the courtesies screen refuses an unknown email under its field, then grants the customer a class. Its own place (city, studio, room with a map),
 * class and customer.
 */
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const cdmx = (d: Date, o: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", ...o }).format(d);
const localDay = (d: Date) => cdmx(d, { dateStyle: "short" });
const localTime = (d: Date) => cdmx(d, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

async function staffApi(request: APIRequestContext) {
  const token = await loginAs(request, await createAccount());
  return { Authorization: `Bearer ${token}` };
}

test.describe("booking back office", () => {
  test("day view, edit a class, a template, book on behalf, move a spot and cancel", async ({
    page,
    playwright,
    baseURL,
  }, testInfo) => {
    test.setTimeout(budget(120_000));
    const api = await playwright.request.newContext({ baseURL });
    const headers = await staffApi(api);

    // A class three days ahead in a place of our own, and a customer of our own with two credits
    // in the place's city.
    const place = await createPlace({ api, headers });
    const cls = await createClass({ api, headers }, place, { minutes: 3 * 24 * 60, duration: 25 });
    const { userId, email, lastName } = await customerWithCredits(
      api,
      () => playwright.request.newContext({ baseURL }),
      headers,
      {
        name: "Renata",
        label: "reserva",
        cityId: place.cityId,
        credits: 2,
        address: `10.9.${testInfo.workerIndex}.${Math.floor(Math.random() * 250) + 1}`,
      },
    );

    await loginAs(page, await createAccount());

    // The day view of the class's day shows it in its room's column.
    const day = localDay(cls.starts);
    await page.goto(`/admin/calendar?studio=${place.studioId}&view=day&day=${day}`);
    await expect(page.getByRole("radio", { name: "Día" })).toBeChecked();
    const card = page.locator(`[data-admin-session="${cls.id}"]`);
    await expect(card).toBeVisible();
    await expect(card).toContainText(localTime(cls.starts));

    // Edit its time: 30 minutes later.
    await card.click();
    const edit = page.getByRole("form", { name: "Editar clase" });
    const later = new Date(cls.starts.getTime() + 30 * MIN);
    // The place is the test's own: 30 minutes later and 40 long is free.
    const newTime = localTime(later);
    const minutes = 40;
    await edit.getByLabel("Hora").fill(newTime);
    await edit.getByRole("textbox", { name: "Duración (min)" }).fill(String(minutes));
    await edit.getByRole("button", { name: "Guardar cambios" }).click();
    await expect(page.getByText("Clase actualizada.")).toBeVisible();
    await expect(card).toContainText(newTime);
    const detail = (await (await api.get(`/api/v2/sessions/${cls.id}`)).json()).data;
    expect(detail.duration_minutes).toBe(minutes);

    // A weekly template: added, then paused.
    await page.getByRole("button", { name: "Horarios recurrentes" }).click();
    await page.getByRole("button", { name: "Nuevo horario" }).click();
    const tpl = page.getByRole("form", { name: "Nuevo horario" });
    await tpl.getByLabel("Hora").fill("05:05");
    await tpl.getByLabel("Hasta (opcional)").fill(localDay(new Date(Date.now() + 10 * DAY)));
    await tpl.getByRole("button", { name: "Guardar horario" }).click();
    await expect(page.getByText(/^Horario recurrente guardado\. Se generaron \d+ clases\.$/)).toBeVisible();
    // The drawer stays open with the new row.
    const row = page.locator("[data-template]").filter({ hasText: "05:05" }).first();
    await expect(row).toContainText("Activo");
    await row.getByRole("button", { name: "Pausar" }).click();
    await expect(page.getByText("Horario recurrente pausado: ya no crea clases nuevas.")).toBeVisible();
    await expect(page.locator("[data-template]").filter({ hasText: "05:05" }).first()).toContainText("Pausado");
    await page.keyboard.press("Escape");

    // Bad values are refused under their field and change nothing: a class in the past (the
    // server's answer, under the day), a policy out of range (the browser's check, same message).
    await page.getByRole("button", { name: "Nueva clase" }).click();
    const create = page.getByRole("dialog", { name: "Nueva clase" });
    await create.getByLabel("Fecha").fill("2020-01-06");
    await create.getByRole("button", { name: "Crear clase" }).click();
    await expect(create.getByLabel("Fecha")).toHaveAttribute("aria-invalid", "true");
    await expect(create.getByText("La clase debe empezar en el futuro.")).toBeVisible();
    const thatDay = `/api/admin/class-sessions?studio_id=${place.studioId}&from=2020-01-06T00:00:00Z&to=2020-01-08T00:00:00Z`;
    expect((await (await api.get(thatDay, { headers })).json()).data).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Políticas de reservación" }).click();
    const policies = page.getByRole("dialog", { name: "Políticas de reservación" });
    const cutoff = policies.getByLabel("Cierre de reservación en línea (min antes)");
    const policy = async () =>
      (await (await api.get(`/api/admin/booking-policies/${place.studioId}`, { headers })).json()).data;
    const saved = await policy();
    await cutoff.fill("5000");
    await policies.getByRole("button", { name: "Guardar políticas" }).click();
    await expect(cutoff).toHaveAttribute("aria-invalid", "true");
    await expect(cutoff).toBeFocused();
    await expect(policies.getByText("Revisa los valores: deben ser números enteros no negativos.")).toBeVisible();
    expect(await policy()).toEqual(saved);
    await page.keyboard.press("Escape");

    // Duplicated a week later at the same time, then that copy cancelled from its drawer.
    await card.click();
    const copyDay = localDay(new Date(cls.starts.getTime() + 7 * DAY));
    await page.getByLabel("Duplicar en la fecha").fill(copyDay);
    await page.getByRole("button", { name: "Duplicar", exact: true }).click();
    await expect(page.getByText("Clase creada.")).toBeVisible();
    await page.goto(`/admin/calendar?studio=${place.studioId}&view=day&day=${copyDay}`);
    const copy = page.locator("[data-admin-session]").filter({ hasText: newTime });
    await expect(copy).toHaveCount(1);
    await copy.click();
    await page.getByRole("button", { name: "Cancelar la clase y regresar las clases" }).click();
    await expect(page.getByText(/^Clase cancelada\. Avisamos a 0 personas/)).toBeVisible();
    await expect(copy).toContainText("Cancelada");

    // Book the customer on their behalf: search, choose, pick spot 3.
    await page.goto(`/admin/assistances/add?session=${cls.id}`);
    await page
      .getByRole("textbox", { name: "Buscar cliente (nombre, email o teléfono)" })
      .fill(`renata ${lastName.toLowerCase()}`);
    await page.getByRole("button", { name: "Buscar" }).click();
    await page.getByRole("button", { name: `Elegir: Renata ${lastName}` }).click();
    await expect(page.locator(`[data-chosen-customer="${userId}"]`)).toBeVisible();
    await page.locator('[data-spot="3"]').click();
    await page.getByRole("button", { name: "Reservar el lugar 3" }).click();
    await expect(page.getByRole("status")).toContainText("lugar 3");
    await page.getByRole("link", { name: "Ver la reservación" }).click();

    // Move to spot 5, then cancel without penalty: the credit returns.
    await expect(page.locator("[data-reservation-spot]")).toHaveText("3");
    await page.locator('[data-spot="5"]').click();
    await page.getByRole("button", { name: "Mover al lugar 5" }).click();
    // The API's message as a toast; the page's data reloads.
    await expect(page.getByRole("alert").filter({ hasText: "Reservación movida al lugar 5." })).toBeVisible();
    await expect(page.locator("[data-reservation-spot]")).toHaveText("5");
    const spots = (await (await api.get(`/api/v2/sessions/${cls.id}`)).json()).data.spots as {
      number: number;
      taken: boolean;
    }[];
    expect(spots.filter((s) => s.taken).map((s) => s.number)).toContain(5);
    expect(spots.find((s) => s.number === 3)!.taken).toBe(false);

    // Spot 6 picked, but the front desk books another customer there first: the message under the
    // map, which now shows 6 taken; the reservation stays on 5.
    const other = await createAccount("customer");
    const gift = { email: other.email, city_id: place.cityId, sessions: 1, reason: "Prueba e2e" };
    expect((await api.post("/api/admin/courtesies", { headers, data: gift })).status()).toBe(201);
    await page.locator('[data-spot="6"]').click();
    const first = { user_id: other.id, class_session_id: cls.id, spot: 6 };
    expect((await api.post("/api/admin/reservations", { headers, data: first })).status()).toBe(201);
    await page.getByRole("button", { name: "Mover al lugar 6" }).click();
    await expect(page.getByText("El lugar 6 acaba de ser reservado por alguien más. Elige otro lugar.")).toBeVisible();
    await expect(page.locator('[data-spot="6"]')).toHaveAttribute("data-state", "taken");
    await expect(page.locator("[data-reservation-spot]")).toHaveText("5");
    await page.getByRole("button", { name: "Cancelar (regresa la clase)" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Reservación cancelada; el crédito regresó a la cuenta del cliente." }),
    ).toBeVisible();
    await expect(page.getByText("Cancelada", { exact: true })).toBeVisible();

    // The reservations list finds it by the customer's name: one row, cancelled.
    await page.goto(`/admin/reservations?q=${encodeURIComponent(lastName)}`);
    const listed = page.getByRole("row").filter({ hasText: email });
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(lastName);
    await expect(listed).toContainText("Cancelada");

    // A courtesy for the same customer: granted from the form, then listed with its reason.
    // An email nobody has: the message under the email field, which takes the focus; nothing granted.
    await page.goto("/admin/courtesies/list");
    const grant = page.getByRole("form", { name: "Otorgar cortesía" });
    const emailField = grant.getByRole("textbox", { name: "Email del cliente" });
    await emailField.fill(`nadie-${lastName.toLowerCase()}@prueba.mx`);
    await grant.getByRole("textbox", { name: "Motivo" }).fill(`Prueba ${lastName}`);
    await grant.getByRole("button", { name: "Otorgar cortesía" }).click();
    await expect(emailField).toHaveAttribute("aria-invalid", "true");
    await expect(emailField).toBeFocused();
    const notFound = grant.getByText("No hay un cliente con ese email.");
    await expect(notFound).toBeVisible();
    // Under its field: Mantine ties the error to the input.
    await expect(emailField).toHaveAttribute("aria-describedby", new RegExp(`${await notFound.getAttribute("id")}`));
    await expect(page.getByRole("row").filter({ hasText: `Cortesía: Prueba ${lastName}` })).toHaveCount(0);
    // The right email: granted, the form empties.
    await emailField.fill(email);
    await expect(grant.getByText("No hay un cliente con ese email.")).toHaveCount(0);
    await grant.getByRole("button", { name: "Otorgar cortesía" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Cortesía otorgada." })).toBeVisible();
    await expect(emailField).toHaveValue("");
    // (Its credits came from an earlier courtesy, so the customer has two rows: ours by its reason.)
    await expect(page.getByRole("row").filter({ hasText: `Cortesía: Prueba ${lastName}` })).toContainText(email);

    await api.post(`/api/admin/class-sessions/${cls.id}/cancel`, { headers, data: { reason: "Fin de prueba" } });
    await api.dispose();
  });
});
