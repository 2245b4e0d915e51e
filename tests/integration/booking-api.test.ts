import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  bookingPolicies,
  cities,
  creditLots,
  creditMovements,
  mailOutbox,
  reservations,
  studios,
  users,
  waitlistEntries,
} from "../../app/.server/db/schema";
import { sessionBalances } from "../../app/.server/domain/identity/current-user";
import { setupTestApp } from "../support/app";
import { giveCredits, makeClass, makeCustomer, makeRoom } from "../support/booking";
import { createStaff, sessionFor, staffToken } from "../support/factories";
import { attendanceAnswer, sessionCancelledAnswer } from "../../app/shared/schemas/booking-answers";

const app = setupTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function balance(userId: number, cityId: number) {
  const b = await sessionBalances(app.deps.db, userId, new Date(), [{ id: cityId }]);
  return b.perCity[cityId]!.available;
}

async function book(token: string, classId: number, spot: number | string) {
  const res = await app.request("/v2/reservations", {
    method: "POST",
    token,
    json: { class_session_id: classId, spot },
  });
  return { status: res.status, body: await res.json() };
}

describe("booking a spot", () => {
  it("books a free spot with one credit, shows it taken, and refuses it to the next person", async () => {
    const place = await makeRoom(app.deps.db, 6);
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
    const ana = await makeCustomer(app.deps.db, "ana");
    const bea = await makeCustomer(app.deps.db, "bea");
    await giveCredits(app.deps.db, ana.id, place.city.id, 3, new Date(Date.now() - DAY));
    await giveCredits(app.deps.db, bea.id, place.city.id, 1, new Date(Date.now() - DAY));

    const ok = await book(ana.token, cls.id, 4);
    expect(ok.status).toBe(201);
    expect(ok.body.data.Message).toContain("lugar 4");
    expect(ok.body.data.qr_code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(await balance(ana.id, place.city.id)).toBe(2);

    const detail = await (await app.request(`/v2/sessions/${cls.id}`, { token: ana.token })).json();
    expect(detail.data.spots).toHaveLength(6);
    expect(detail.data.spots.find((s: { number: number }) => s.number === 4)).toMatchObject({
      taken: true,
      mine: true,
    });
    expect(detail.data.my_reservation.spot).toBe(4);

    const taken = await book(bea.token, cls.id, 4);
    expect(taken.status).toBe(409);
    expect(taken.body.errorMessage).toBe("El lugar 4 acaba de ser reservado por alguien más. Elige otro lugar.");
    expect(await balance(bea.id, place.city.id)).toBe(1);

    const twice = await book(ana.token, cls.id, 5);
    expect(twice.status).toBe(409);
    expect(twice.body.errorMessage).toBe("Ya tienes un lugar en esta clase.");
    expect(await balance(ana.id, place.city.id)).toBe(2);

    // The ledger says why and who.
    const moves = await app.deps.db
      .select()
      .from(creditMovements)
      .where(and(eq(creditMovements.userId, ana.id), eq(creditMovements.kind, "spend")));
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ delta: -1, actorUserId: ana.id });
    expect(moves[0]!.reason).toContain("Reservación");

    // The booking mail carries the class's calendar file.
    const [mail] = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, ana.email));
    expect(mail!.template).toBe("booking-booked");
    expect(Buffer.from(mail!.attachments![0]!.content, "base64").toString()).toContain("BEGIN:VEVENT");
  });

  it("refuses each bad input with a clear Spanish message and changes nothing", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const other = await makeRoom(app.deps.db, 4, 5);
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
    const far = await makeClass(app.deps.db, place, new Date(Date.now() + 30 * DAY));
    const soon = await makeClass(app.deps.db, place, new Date(Date.now() + 5 * 60_000));
    const otherCity = await makeClass(app.deps.db, other, new Date(Date.now() + 2 * DAY));
    const poor = await makeCustomer(app.deps.db, "poor");
    const rich = await makeCustomer(app.deps.db, "rich");
    await giveCredits(app.deps.db, rich.id, place.city.id, 5, new Date(Date.now() - DAY));

    const cases: [string, Promise<{ status: number; body: { errorMessage: string } }>, number, RegExp][] = [
      ["no credit", book(poor.token, cls.id, 1), 409, /No tienes clases disponibles en .+ para esta fecha/],
      ["spot that does not exist", book(rich.token, cls.id, 99), 422, /El lugar 99 no existe en este salón/],
      ["forged spot", book(rich.token, cls.id, "1; drop table"), 422, /./],
      ["forged class", book(rich.token, 999_999, 1), 404, /La clase no existe/],
      ["not open yet", book(rich.token, far.id, 1), 409, /Las reservaciones para esta clase abren el/],
      ["online cut-off", book(rich.token, soon.id, 1), 409, /La reservación en línea de esta clase ya cerró/],
    ];
    if (other.city.id !== place.city.id)
      cases.push(["other city", book(rich.token, otherCity.id, 1), 409, /No tienes clases disponibles en/]);
    for (const [name, p, status, msg] of cases) {
      const r = await p;
      expect(r.status, name).toBe(status);
      expect(r.body.errorMessage, name).toMatch(msg);
    }
    const r = await app.request("/v2/reservations", {
      method: "POST",
      token: rich.token,
      json: { class_session_id: cls.id, spot: 1, city_id: other.city.id },
    });
    if (other.city.id !== place.city.id) {
      expect(r.status).toBe(409);
      expect((await r.json()).errorMessage).toMatch(/Esta clase es de otra ciudad/);
    }
    expect(await balance(rich.id, place.city.id)).toBe(5);
    const none = await app.deps.db.select().from(reservations).where(eq(reservations.userId, rich.id));
    expect(none).toHaveLength(0);

    // A past class and a cancelled class.
    app.setNow(new Date(Date.now() + 3 * DAY));
    expect((await book(rich.token, cls.id, 1)).body.errorMessage).toBe(
      "Esta clase ya comenzó; ya no se puede reservar.",
    );
    app.setNow(null);
    const admin = await staffToken(app.deps.db);
    const c = await app.request(`/admin/class-sessions/${cls.id}/cancel`, { method: "POST", token: admin, json: {} });
    expect(c.status).toBe(200);
    expect((await book(rich.token, cls.id, 1)).body.errorMessage).toBe("Esta clase fue cancelada.");
    // Anonymous and staff cannot book as customers.
    expect(
      (await app.request("/v2/reservations", { method: "POST", json: { class_session_id: cls.id, spot: 1 } })).status,
    ).toBe(401);
  });

  it("refuses a place in two overlapping classes", async () => {
    const a = await makeRoom(app.deps.db, 4);
    const b = await makeRoom(app.deps.db, 4);
    const start = new Date(Date.now() + 3 * DAY);
    const one = await makeClass(app.deps.db, a, start);
    const two = await makeClass(app.deps.db, b, new Date(start.getTime() + 20 * 60_000));
    const cus = await makeCustomer(app.deps.db, "ov");
    await giveCredits(app.deps.db, cus.id, a.city.id, 5, new Date(Date.now() - DAY));
    expect((await book(cus.token, one.id, 1)).status).toBe(201);
    const r = await book(cus.token, two.id, 1);
    expect(r.status).toBe(409);
    expect(r.body.errorMessage).toMatch(/otra clase a la misma hora/);
  });

  it("uses an unlimited pass without spending, and the earliest-expiring lot first otherwise", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const c1 = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
    const c2 = await makeClass(app.deps.db, place, new Date(Date.now() + 4 * DAY));
    const cus = await makeCustomer(app.deps.db, "lots");
    const late = await giveCredits(app.deps.db, cus.id, place.city.id, 2, new Date(Date.now() - DAY), 60);
    const early = await giveCredits(app.deps.db, cus.id, place.city.id, 2, new Date(Date.now() - DAY), 10);
    expect((await book(cus.token, c1.id, 1)).status).toBe(201);
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.userId, cus.id));
    expect(lots.find((l) => l.id === early)!.remaining).toBe(1);
    expect(lots.find((l) => l.id === late)!.remaining).toBe(2);

    const pass = await makeCustomer(app.deps.db, "pass");
    await giveCredits(app.deps.db, pass.id, place.city.id, null, new Date(Date.now() - DAY), 30);
    expect((await book(pass.token, c2.id, 2)).status).toBe(201);
    const [m] = await app.deps.db
      .select()
      .from(creditMovements)
      .where(and(eq(creditMovements.userId, pass.id), eq(creditMovements.kind, "spend")));
    expect(m!.delta).toBe(0);
  });
});

describe("cancelling", () => {
  it("gives the credit back before the cut-off and keeps it after, as the policy says", async () => {
    const place = await makeRoom(app.deps.db, 4);
    await app.deps.db
      .insert(bookingPolicies)
      .values({ studioId: place.studio.id, cancelCutoffMinutes: 600 })
      .onConflictDoUpdate({ target: bookingPolicies.studioId, set: { cancelCutoffMinutes: 600 } });
    const early = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
    const soon = await makeClass(app.deps.db, place, new Date(Date.now() + 5 * HOUR));
    const cus = await makeCustomer(app.deps.db, "cx");
    await giveCredits(app.deps.db, cus.id, place.city.id, 2, new Date(Date.now() - DAY));
    const a = (await book(cus.token, early.id, 1)).body.data.id;
    const b = (await book(cus.token, soon.id, 1)).body.data.id;
    expect(await balance(cus.id, place.city.id)).toBe(0);

    const list = (await (await app.request("/v2/customer/reservations", { token: cus.token })).json()).data;
    expect(list.upcoming.map((r: { id: number; refund_on_cancel: boolean }) => [r.id, r.refund_on_cancel])).toEqual([
      [b, false],
      [a, true],
    ]);

    const r1 = await (await app.request(`/v2/reservations/${a}`, { method: "DELETE", token: cus.token })).json();
    expect(r1.data).toMatchObject({ refunded: true, Message: "Reservación cancelada. Tu clase regresó a tu cuenta." });
    expect(await balance(cus.id, place.city.id)).toBe(1);
    const r2 = await (await app.request(`/v2/reservations/${b}`, { method: "DELETE", token: cus.token })).json();
    expect(r2.data).toMatchObject({ refunded: false, late: true });
    expect(await balance(cus.id, place.city.id)).toBe(1);
    const again = await app.request(`/v2/reservations/${a}`, { method: "DELETE", token: cus.token });
    expect(again.status).toBe(409);

    // Someone else's reservation is not found for this customer.
    const other = await makeCustomer(app.deps.db, "ot");
    expect((await app.request(`/v2/reservations/${b}`, { method: "DELETE", token: other.token })).status).toBe(404);

    // Staff waive the late cancel: the credit returns once.
    const admin = await staffToken(app.deps.db);
    expect((await app.request(`/admin/reservations/${b}/waive`, { method: "POST", token: admin })).status).toBe(200);
    expect(await balance(cus.id, place.city.id)).toBe(2);
    expect((await app.request(`/admin/reservations/${b}/waive`, { method: "POST", token: admin })).status).toBe(409);
  });
});

describe("waitlist", () => {
  it("promotes the first person with a valid credit when a spot frees, skipping who has none", async () => {
    const place = await makeRoom(app.deps.db, 2);
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
    const [a, b, noCredit, w2] = await Promise.all(["wa", "wb", "wn", "w2"].map((l) => makeCustomer(app.deps.db, l)));
    for (const u of [a!, b!, w2!]) await giveCredits(app.deps.db, u.id, place.city.id, 2, new Date(Date.now() - DAY));
    expect((await book(a!.token, cls.id, 1)).status).toBe(201);
    // Not full yet: book directly.
    const early = await app.request("/v2/waitlist", {
      method: "POST",
      token: noCredit!.token,
      json: { class_session_id: cls.id },
    });
    expect((await early.json()).errorMessage).toMatch(/Aún hay lugares disponibles/);
    expect((await book(b!.token, cls.id, 2)).status).toBe(201);

    const j1 = await (
      await app.request("/v2/waitlist", { method: "POST", token: noCredit!.token, json: { class_session_id: cls.id } })
    ).json();
    expect(j1.data.position).toBe(1);
    const j2 = await (
      await app.request("/v2/waitlist", { method: "POST", token: w2!.token, json: { class_session_id: cls.id } })
    ).json();
    expect(j2.data.position).toBe(2);
    // The class page's view: full, with this person's place in line.
    const waiting = (await (await app.request(`/v2/sessions/${cls.id}`, { token: w2!.token })).json()).data;
    expect(waiting).toMatchObject({ state: "full", waiting: 2, my_waitlist: { position: 2 }, my_reservation: null });
    const dup = await app.request("/v2/waitlist", {
      method: "POST",
      token: w2!.token,
      json: { class_session_id: cls.id },
    });
    expect((await dup.json()).errorMessage).toBe("Ya estás en la lista de espera de esta clase.");

    const full = await book(w2!.token, cls.id, 1);
    expect(full.status).toBe(409);

    const res = await app.request(
      `/v2/reservations/${(await app.deps.db.select().from(reservations).where(eq(reservations.userId, a!.id)))[0]!.id}`,
      { method: "DELETE", token: a!.token },
    );
    expect(res.status).toBe(200);

    const entries = await app.deps.db.select().from(waitlistEntries).where(eq(waitlistEntries.classSessionId, cls.id));
    expect(entries.find((e) => e.userId === noCredit!.id)).toMatchObject({ status: "skipped", note: "no_credit" });
    expect(entries.find((e) => e.userId === w2!.id)).toMatchObject({ status: "promoted" });
    const [mine] = await app.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.userId, w2!.id), eq(reservations.classSessionId, cls.id)));
    expect(mine).toMatchObject({ spot: 1, source: "waitlist", status: "booked" });
    // The class page tells the promoted person that the spot came from the waiting list.
    const promoted = (await (await app.request(`/v2/sessions/${cls.id}`, { token: w2!.token })).json()).data;
    expect(promoted).toMatchObject({
      state: "full",
      waiting: 0,
      my_waitlist: null,
      my_reservation: { id: mine!.id, spot: 1, from_waitlist: true },
    });
    const booker = (await (await app.request(`/v2/sessions/${cls.id}`, { token: b!.token })).json()).data;
    expect(booker.my_reservation).toMatchObject({ spot: 2, from_waitlist: false });
    expect(await balance(w2!.id, place.city.id)).toBe(1);
    const mails = await app.deps.db.select({ to: mailOutbox.to, template: mailOutbox.template }).from(mailOutbox);
    expect(mails).toEqual(
      expect.arrayContaining([
        { to: noCredit!.email, template: "booking-skipped" },
        { to: w2!.email, template: "booking-promoted" },
      ]),
    );
  });
});

describe("attendance by QR", () => {
  it("checks in today's class at this studio only", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const { localDay, zonedToUtc } = await import("~/shared/mexico/time");
    // 09:00 tomorrow in the studio's zone, so "today" is the same day whatever the hour of the run.
    const now = zonedToUtc(localDay(new Date(Date.now() + DAY), place.city.timezone), "09:00", place.city.timezone);
    app.setNow(now);
    const inTwoHours = await makeClass(app.deps.db, place, new Date(now.getTime() + 2 * HOUR));
    const tomorrow = await makeClass(app.deps.db, place, new Date(now.getTime() + 2 * DAY));
    const cus = await makeCustomer(app.deps.db, "qr");
    await giveCredits(app.deps.db, cus.id, place.city.id, 3, new Date(Date.now() - DAY));
    const q1 = (await book(cus.token, inTwoHours.id, 1)).body.data.qr_code;
    const q2 = (await book(cus.token, tomorrow.id, 2)).body.data.qr_code;
    const coachTok = await staffToken(app.deps.db, "coach", { now });
    const scan = (code: string, extra: Record<string, number> = {}) =>
      app.request("/admin/attendance", {
        method: "POST",
        token: coachTok,
        json: { code, studio_id: place.studio.id, ...extra },
      });

    const bad = await scan("no-existe-este-codigo");
    expect(bad.status).toBe(404);
    expect((await bad.json()).errorMessage).toBe("Código QR no válido: no corresponde a ninguna reservación.");
    const otherDay = await scan(q2);
    expect(otherDay.status).toBe(409);
    expect((await otherDay.json()).errorMessage).toMatch(/Este código es de una clase de otro día/);
    const [otherStudio] = await app.deps.db.select().from(studios).where(eq(studios.active, true)).limit(2).offset(1);
    const wrongStudio = await scan(q1, { studio_id: otherStudio!.id === place.studio.id ? 999 : otherStudio!.id });
    expect(wrongStudio.status).toBe(409);
    expect((await wrongStudio.json()).errorMessage).toMatch(/otro estudio/);
    const wrongClass = await scan(q1, { class_session_id: tomorrow.id });
    expect((await wrongClass.json()).errorMessage).toMatch(/Este código es de otra clase/);

    // Two hours before class the window (60 minutes before) is not open yet.
    const early = await scan(q1, { class_session_id: inTwoHours.id });
    expect(early.status).toBe(409);
    expect((await early.json()).errorMessage).toMatch(/abre a las 10:00/);
    app.setNow(new Date(now.getTime() + 90 * 60_000));
    const ok = await scan(q1, { class_session_id: inTwoHours.id });
    expect(ok.status).toBe(200);
    const okBody = await ok.json();
    expect(okBody.data.Message).toMatch(/Asistencia registrada: Prueba qr, lugar 1/);
    expect(attendanceAnswer.parse(okBody)).toEqual(okBody);
    const again = await scan(q1);
    expect((await again.json()).errorMessage).toMatch(/ya había registrado su asistencia/);
    const [row] = await app.deps.db.select().from(reservations).where(eq(reservations.qrToken, q1));
    expect(row).toMatchObject({ status: "attended" });
    // Customers cannot check anyone in.
    const asCustomer = await app.request("/admin/attendance", { method: "POST", token: cus.token, json: { code: q1 } });
    expect(asCustomer.status).toBe(403);
    app.setNow(null);
  });

  it("a QR gets in only at its class's studio and within the class's attendance window; staff may override with a reason, audited (issue 20, item 4)", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const tz = place.city.timezone;
    const { localDay, zonedToUtc } = await import("~/shared/mexico/time");
    const day = localDay(new Date(Date.now() + 2 * DAY), tz);
    const at = (hhmm: string) => zonedToUtc(day, hhmm, tz);
    app.setNow(at("07:00"));
    const cls = await makeClass(app.deps.db, place, at("10:00"), at("07:00"));
    const ana = await makeCustomer(app.deps.db, "win1");
    const bea = await makeCustomer(app.deps.db, "win2");
    for (const c of [ana, bea]) await giveCredits(app.deps.db, c.id, place.city.id, 1, new Date(Date.now() - DAY));
    const qa = (await book(ana.token, cls.id, 1)).body.data.qr_code as string;
    const qb = (await book(bea.token, cls.id, 2)).body.data.qr_code as string;
    const door = await createStaff(app.deps.db, "door");
    const doorTok = await sessionFor(app.deps.db, door, { now: at("07:00") });
    const coachTok = await staffToken(app.deps.db, "coach", { now: at("07:00") });
    const scan = (code: string, json: Record<string, unknown> = {}, token = doorTok) =>
      app.request("/admin/attendance", { method: "POST", token, json: { code, ...json } });
    const studio = place.studio.id;
    const [other] = await app.deps.db.select().from(studios).where(ne(studios.id, studio)).limit(1);

    // Without a chosen studio (or class) nothing is read.
    const noStudio = await scan(qa);
    expect(noStudio.status).toBe(422);
    expect((await noStudio.json()).error.messages).toEqual([
      { field: "studio_id", message: "Elige el estudio de esta puerta antes de registrar." },
    ]);
    // The evening before (about 12 hours early): another day.
    app.setNow(zonedToUtc(localDay(new Date(at("10:00").getTime() - DAY), tz), "22:00", tz));
    const eve = await scan(qa, { studio_id: studio });
    expect([eve.status, (await eve.json()).errorMessage]).toEqual([409, expect.stringMatching(/de otro día/)]);
    // One minute before the window opens (60 minutes before class): refused, saying when it opens;
    // the door may override.
    app.setNow(at("08:59"));
    const early = await scan(qa, { studio_id: studio });
    expect(early.status).toBe(409);
    const earlyBody = await early.json();
    expect(earlyBody.errorMessage).toBe(
      `El registro de la clase de las 10:00 en ${place.studio.name} abre a las 09:00.`,
    );
    expect(earlyBody.error.messages).toEqual([
      { field: "override", message: "Puedes dar acceso de todos modos escribiendo el motivo." },
    ]);
    // A coach is not offered the override, and cannot force it.
    const coachEarly = await scan(qa, { studio_id: studio }, coachTok);
    expect((await coachEarly.json()).error.messages).toEqual([]);
    const coachForced = await scan(qa, { studio_id: studio, override_reason: "Llegó temprano" }, coachTok);
    expect(coachForced.status).toBe(409);
    // Another studio: refused, naming the class's studio.
    app.setNow(at("09:30"));
    const elsewhere = await scan(qa, { studio_id: other!.id });
    expect(elsewhere.status).toBe(409);
    expect((await elsewhere.json()).errorMessage).toBe(
      `Este código es de una clase en otro estudio (${place.studio.name}).`,
    );
    // An override needs a reason.
    const blank = await scan(qa, { studio_id: other!.id, override_reason: "  " });
    expect(blank.status).toBe(422);
    expect((await blank.json()).error.messages[0]).toEqual({
      field: "override_reason",
      message: "Escribe el motivo para dar acceso.",
    });
    const none = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, "attendance_override"));
    const [still] = await app.deps.db.select().from(reservations).where(eq(reservations.qrToken, qa));
    expect(still!.status).toBe("booked");
    // With a reason the door lets her in, and the audit log says who, why and what was overridden.
    const forced = await scan(qa, { studio_id: other!.id, override_reason: "Reservó en la sucursal equivocada" });
    expect(forced.status).toBe(200);
    const [inside] = await app.deps.db.select().from(reservations).where(eq(reservations.qrToken, qa));
    expect(inside).toMatchObject({ status: "attended", attendanceRecordedByUserId: door.id });
    const audits = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, "attendance_override"));
    expect(audits).toHaveLength(none.length + 1);
    expect(audits.at(-1)).toMatchObject({
      actorUserId: door.id,
      entity: "reservation",
      entityId: String(inside!.id),
      data: {
        reason: "Reservó en la sucursal equivocada",
        refusal: `Este código es de una clase en otro estudio (${place.studio.name}).`,
        studio_id: other!.id,
      },
    });
    // Inside the window at the right studio: in, with no override entry. 16 minutes after class
    // start (the window closes 15 after): refused, saying when it closed.
    app.setNow(at("10:16"));
    const late = await scan(qb, { studio_id: studio });
    expect((await late.json()).errorMessage).toBe(
      `El registro de la clase de las 10:00 en ${place.studio.name} cerró a las 10:15.`,
    );
    app.setNow(at("10:15"));
    expect((await scan(qb, { studio_id: studio })).status).toBe(200);
    expect(await app.deps.db.select().from(auditLog).where(eq(auditLog.action, "attendance_override"))).toHaveLength(
      audits.length,
    );
    app.setNow(null);
  });

  it("the attendance window is the studio's policy", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const tz = place.city.timezone;
    const { localDay, zonedToUtc } = await import("~/shared/mexico/time");
    const day = localDay(new Date(Date.now() + 2 * DAY), tz);
    const at = (hhmm: string) => zonedToUtc(day, hhmm, tz);
    app.setNow(at("07:00"));
    const admin = await staffToken(app.deps.db, "administrator", { now: at("07:00") });
    const policy = (await (await app.request(`/admin/booking-policies/${place.studio.id}`, { token: admin })).json())
      .data;
    expect(policy).toMatchObject({ attendance_opens_minutes: 60, attendance_closes_minutes: 15 });
    const put = await app.request(`/admin/booking-policies/${place.studio.id}`, {
      method: "PUT",
      token: admin,
      json: { ...policy, attendance_opens_minutes: 30, attendance_closes_minutes: 5 },
    });
    expect(put.status).toBe(200);
    const cls = await makeClass(app.deps.db, place, at("18:00"), at("07:00"));
    const cus = await makeCustomer(app.deps.db, "win3");
    await giveCredits(app.deps.db, cus.id, place.city.id, 1, new Date(Date.now() - DAY));
    const code = (await book(cus.token, cls.id, 1)).body.data.qr_code as string;
    const scan = () =>
      app.request("/admin/attendance", {
        method: "POST",
        token: admin,
        json: { code, studio_id: place.studio.id },
      });
    app.setNow(at("17:20"));
    expect((await (await scan()).json()).errorMessage).toMatch(/abre a las 17:30\.$/);
    app.setNow(at("17:30"));
    expect((await scan()).status).toBe(200);
    await app.deps.db.delete(bookingPolicies).where(eq(bookingPolicies.studioId, place.studio.id));
    app.setNow(null);
  });
});

describe("back office", () => {
  it("creates a class from the room's map, refuses bad input, cancels with refunds and grants courtesies", async () => {
    const admin = await staffToken(app.deps.db);
    const place = await makeRoom(app.deps.db, 8);
    const starts = new Date(Date.now() + 5 * DAY);
    const body = {
      studio_id: place.studio.id,
      room_id: place.room.id,
      coach_id: place.coach.id,
      session_type_id: place.type.id,
      starts_at: starts.toISOString(),
      duration_minutes: 50,
    };
    const created = await app.request("/admin/class-sessions", { method: "POST", token: admin, json: body });
    expect(created.status).toBe(201);
    const id = (await created.json()).data.id;
    const busy = await app.request("/admin/class-sessions", { method: "POST", token: admin, json: body });
    expect((await busy.json()).errorMessage).toBe("El salón ya tiene una clase a esa hora.");
    const badDate = await app.request("/admin/class-sessions", {
      method: "POST",
      token: admin,
      json: { ...body, starts_at: "mañana" },
    });
    expect(badDate.status).toBe(422);
    const [otherRoomStudio] = await app.deps.db
      .select()
      .from(studios)
      .where(eq(studios.active, true))
      .limit(1)
      .offset(1);
    const wrongRoom = await app.request("/admin/class-sessions", {
      method: "POST",
      token: admin,
      json: { ...body, studio_id: otherRoomStudio!.id },
    });
    expect((await wrongRoom.json()).errorMessage).toBe("El salón no pertenece al estudio elegido.");

    const cus = await makeCustomer(app.deps.db, "adm");
    const [u] = await app.deps.db.select().from(users).where(eq(users.id, cus.id));
    const courtesy = await app.request("/admin/courtesies", {
      method: "POST",
      token: admin,
      json: { user_id: u!.id, city_id: place.city.id, sessions: 2, reason: "Cumpleaños" },
    });
    expect(courtesy.status).toBe(201);
    expect(await balance(cus.id, place.city.id)).toBe(2);
    const list = (await (await app.request("/admin/courtesies", { token: admin })).json()).data;
    expect(list[0]).toMatchObject({ user_id: cus.id, sessions: 2, reason: "Cortesía: Cumpleaños" });
    const noReason = await app.request("/admin/courtesies", {
      method: "POST",
      token: admin,
      json: { user_id: cus.id, city_id: place.city.id, sessions: 2, reason: " " },
    });
    expect(noReason.status).toBe(422);

    // Staff book on the customer's behalf, move them, then cancel the class: credit back and told.
    const onBehalf = await app.request("/admin/reservations", {
      method: "POST",
      token: admin,
      json: { user_id: cus.id, class_session_id: id, spot: 3 },
    });
    expect(onBehalf.status).toBe(201);
    const rid = (await onBehalf.json()).data.id;
    // A staff booking's refusals speak of the customer (issue 20, item 15), not of staff's own credits.
    const again = await app.request("/admin/reservations", {
      method: "POST",
      token: admin,
      json: { user_id: cus.id, class_session_id: id, spot: 4 },
    });
    expect(again.status).toBe(409);
    expect((await again.json()).errorMessage).toBe("El cliente ya tiene un lugar en esta clase.");
    const broke = await makeCustomer(app.deps.db, "sin-clases");
    const none = await app.request("/admin/reservations", {
      method: "POST",
      token: admin,
      json: { user_id: broke.id, class_session_id: id, spot: 4 },
    });
    expect(none.status).toBe(409);
    expect((await none.json()).errorMessage).toBe(
      `El cliente no tiene clases disponibles en ${place.city.name} para esta fecha. Véndele un paquete o dale una cortesía para reservarle.`,
    );
    expect(
      (await app.request(`/admin/reservations/${rid}/move`, { method: "POST", token: admin, json: { spot: 7 } }))
        .status,
    ).toBe(200);
    expect(await balance(cus.id, place.city.id)).toBe(1);
    const cancelled = await (
      await app.request(`/admin/class-sessions/${id}/cancel`, {
        method: "POST",
        token: admin,
        json: { reason: "Coach enferma" },
      })
    ).json();
    expect(cancelled.data.notified).toBe(1);
    expect(sessionCancelledAnswer.parse(cancelled)).toEqual(cancelled);
    expect(await balance(cus.id, place.city.id)).toBe(2);
    const [r] = await app.deps.db.select().from(reservations).where(eq(reservations.id, rid));
    expect(r).toMatchObject({ status: "cancelled", spot: 7 });
    const mails = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, cus.email));
    expect(mails.map((m) => m.template)).toContain("booking-session-cancelled");

    // Customers and coaches cannot use the staff calls.
    const coach = await staffToken(app.deps.db, "coach");
    expect((await app.request("/admin/class-sessions", { method: "POST", token: coach, json: body })).status).toBe(403);
    expect((await app.request("/admin/courtesies", { method: "POST", token: cus.token, json: {} })).status).toBe(403);
  });

  it("lists the public calendar by city with free spots", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 1 * DAY));
    const [c] = await app.deps.db.select().from(cities).where(eq(cities.id, place.city.id));
    const res = await app.request(`/v2/sessions?city_id=${c!.id}`);
    const { data } = await res.json();
    const row = data.find((s: { id: number }) => s.id === cls.id);
    expect(row).toMatchObject({ capacity: 4, available: 4, studio_id: place.studio.id });
    expect((await app.request("/v2/sessions?city_id=abc")).status).toBe(422);
  });

  it("counts booking attempts per account in the spot check's statement: the 31st in a minute gets 429", async () => {
    const place = await makeRoom(app.deps.db, 4);
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
    const ana = await makeCustomer(app.deps.db, "limite");
    const bea = await makeCustomer(app.deps.db, "limite2");
    await giveCredits(app.deps.db, bea.id, place.city.id, 1, new Date(Date.now() - DAY));
    expect((await book(bea.token, cls.id, 1)).status).toBe(201);
    // Ana asks for the taken spot again and again: each refusal counts (the window may roll over
    // once, at a minute's edge, so allow for one fresh window).
    const answers: number[] = [];
    for (let i = 0; i < 62 && !answers.includes(429); i++) answers.push((await book(ana.token, cls.id, 1)).status);
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((s) => s === 409).length).toBeGreaterThanOrEqual(30);
    expect(new Set(answers)).toEqual(new Set([409, 429]));
    const limited = await book(ana.token, cls.id, 2);
    expect(limited.status).toBe(429);
    // Nothing was booked for her, and the limit is hers alone.
    const mine = await app.deps.db.select().from(reservations).where(eq(reservations.userId, ana.id));
    expect(mine).toHaveLength(0);
    expect((await book(bea.token, cls.id, 3)).body.errorMessage).toBe("Ya tienes un lugar en esta clase.");
  });
});

describe("the customer's reservations (issue 21: the studio's time zone)", () => {
  it("a Tijuana class is shown on its Tijuana day, not Mexico City's: the studio's zone, whatever its city's", async () => {
    const { createCity, createRoom, createStudio } = await import("../support/factories");
    const { localDay, zonedToUtc, dayBadge } = await import("~/shared/mexico/time");
    const tz = "America/Tijuana";
    const city = await createCity(app.deps.db, { name: "Tijuana prueba" });
    // The city keeps Mexico City's zone: the studio's own zone is the one its classes keep.
    const studio = await createStudio(app.deps.db, { cityId: city.id, name: "Nucleo Tijuana prueba" });
    await app.deps.db.update(studios).set({ timezone: tz }).where(eq(studios.id, studio.id));
    const room = await createRoom(app.deps.db, { studioId: studio.id, capacity: 4, layout: { rows: [[1, 2, 3, 4]] } });
    const base = await makeRoom(app.deps.db, 1);
    const place = { ...base, studio: { ...studio, timezone: tz }, city, room };
    // 23:30 in Tijuana is already the next day in Mexico City.
    const day = localDay(new Date(Date.now() + 2 * DAY), tz);
    const cls = await makeClass(app.deps.db, place, zonedToUtc(day, "23:30", tz));
    const cus = await makeCustomer(app.deps.db, "tj");
    await giveCredits(app.deps.db, cus.id, city.id, 1, new Date(Date.now() - DAY));
    expect((await book(cus.token, cls.id, 1)).status).toBe(201);

    const list = (await (await app.request("/v2/customer/reservations", { token: cus.token })).json()).data;
    const r = list.upcoming.find((x: { class_session_id: number }) => x.class_session_id === cls.id);
    expect(r).toMatchObject({ timezone: tz, local_date: day, local_time: "23:30" });
    // The page's day badge (routes/profile/reservations.tsx) reads the class's zone from the answer.
    expect(localDay(new Date(r.starts_at))).not.toBe(day);
    expect(dayBadge(r.starts_at, r.timezone).d).toBe(String(Number(day.slice(8))));
  });
});
