/**
 * The staff booking API checks what the back-office pages check: the `booking.read` /
 * `booking.write` permissions (a cashier or a door scanner with an admin role is refused, 403, and
 * nothing changes), and every write leaves exactly one audit entry, written in its transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, classSessions, creditLots, reservations } from "../../app/.server/db/schema";
import { onSpots } from "../../app/.server/domain/booking/live";
import { bookSpot } from "../../app/.server/domain/booking/reservations";
import { localDay, localTime, zonedToUtc } from "~/shared/mexico/time";
import { setupTestApp } from "../support/app";
import { giveCredits, makeClass, makeCustomer, makeRoom } from "../support/booking";
import { createCoach, createStaff, sessionFor } from "../support/factories";
import { attendanceAnswer } from "../../app/shared/schemas/booking-answers";
import { loader as qrScanLoader } from "../../app/routes/admin/booking/qr-scan";

const app = setupTestApp();
const DAY = 86_400_000;

let admin: { id: number; token: string };
let refused: string[] = [];
let place: Awaited<ReturnType<typeof makeRoom>>;

beforeAll(async () => {
  const a = await createStaff(app.deps.db, "administrator");
  admin = { id: a.id, token: await sessionFor(app.deps.db, a) };
  const cashier = await createStaff(app.deps.db, "cashier");
  const scanner = await createStaff(app.deps.db, "administrator", { canScanAttendance: true });
  refused = [await sessionFor(app.deps.db, cashier), await sessionFor(app.deps.db, scanner)];
  place = await makeRoom(app.deps.db, 6);
});

const auditCount = async () =>
  (
    await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, admin.id))
  )[0]!.n;

/** Runs one admin call and returns its answer and the audit entries it left. */
async function audited(method: string, path: string, json?: object, token = admin.token) {
  const before = await app.deps.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(sql`${auditLog.id} desc`)
    .limit(1);
  const res = await app.request(path, { method, token, json });
  const body = await res.json();
  const entries = await app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, admin.id), sql`${auditLog.id} > ${before[0]?.id ?? 0}`));
  return { status: res.status, body, entries };
}

describe("staff booking API: permissions and audit", () => {
  it("refuses a cashier and a door scanner on every reservation, template, class and policy call", async () => {
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 3 * DAY));
    const ana = await makeCustomer(app.deps.db, "negado");
    await giveCredits(app.deps.db, ana.id, place.city.id, 2, new Date(Date.now() - DAY));
    const r = {
      id: (
        await bookSpot(app.deps, { userId: ana.id, sessionId: cls.id, spot: 1, actorUserId: ana.id, now: new Date() })
      ).reservationId,
    };
    const session = {
      studio_id: place.studio.id,
      room_id: place.room.id,
      coach_id: place.coach.id,
      session_type_id: place.type.id,
      starts_at: new Date(Date.now() + 4 * DAY).toISOString(),
      duration_minutes: 45,
    };
    const calls: [string, string, object?][] = [
      ["GET", "/admin/reservations"],
      ["POST", "/admin/reservations", { user_id: ana.id, class_session_id: cls.id, spot: 2 }],
      ["POST", `/admin/reservations/${r.id}/cancel`, { penalty: false }],
      ["POST", `/admin/reservations/${r.id}/move`, { spot: 3 }],
      ["POST", `/admin/reservations/${r.id}/waive`],
      ["GET", "/admin/session-templates"],
      [
        "POST",
        "/admin/session-templates",
        {
          studio_id: place.studio.id,
          room_id: place.room.id,
          coach_id: place.coach.id,
          session_type_id: place.type.id,
          weekday: 2,
          local_time: "06:00",
          duration_minutes: 45,
        },
      ],
      ["PUT", "/admin/session-templates/1", { ...session, weekday: 2, local_time: "06:00" }],
      ["POST", "/admin/session-templates/1/active", { active: false }],
      ["GET", `/admin/class-sessions?studio_id=${place.studio.id}`],
      ["POST", "/admin/class-sessions", session],
      ["PUT", `/admin/class-sessions/${cls.id}`, session],
      ["POST", `/admin/class-sessions/${cls.id}/duplicate`, { date: localDay(new Date(Date.now() + 9 * DAY)) }],
      ["POST", `/admin/class-sessions/${cls.id}/coach`, { coach_id: place.coach.id }],
      ["POST", `/admin/class-sessions/${cls.id}/cancel`, { reason: "No" }],
      ["GET", `/admin/booking-policies/${place.studio.id}`],
      [
        "PUT",
        `/admin/booking-policies/${place.studio.id}`,
        {
          booking_opens_days: 1,
          booking_cutoff_minutes: 0,
          cancel_cutoff_minutes: 0,
          no_show_window_minutes: 0,
          waitlist_max: 0,
          waitlist_cutoff_minutes: 0,
          reminder_minutes: 0,
          attendance_opens_minutes: 0,
          attendance_closes_minutes: 0,
        },
      ],
      ["GET", "/admin/courtesies"],
      ["POST", "/admin/courtesies", { user_id: ana.id, city_id: place.city.id, sessions: 1, reason: "No" }],
      ["POST", "/admin/courtesies", { email: ana.email, city_id: place.city.id, sessions: 1, reason: "No" }],
    ];
    const audits = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    for (const [method, path, json] of calls)
      for (const token of refused) {
        const res = await app.request(path, { method, token, json });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
    // Nothing changed: the one reservation as it was, no audit entry.
    const rows = await app.deps.db.select().from(reservations).where(eq(reservations.classSessionId, cls.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ spot: 1, status: "booked" });
    expect(await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(auditLog)).toEqual(audits);
  });

  it("each staff write leaves one audit entry naming what changed", async () => {
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 5 * DAY));
    const ana = await makeCustomer(app.deps.db, "auditada");
    await giveCredits(app.deps.db, ana.id, place.city.id, 2, new Date(Date.now() - DAY));
    const start = await auditCount();

    const booked = await audited("POST", "/admin/reservations", { user_id: ana.id, class_session_id: cls.id, spot: 2 });
    expect(booked.status).toBe(201);
    const rid = booked.body.data.id as number;
    expect(booked.entries).toEqual([
      expect.objectContaining({
        action: "book_on_behalf",
        entity: "reservation",
        entityId: String(rid),
        data: { user_id: ana.id, class_session_id: cls.id, spot: 2 },
      }),
    ]);

    const moved = await audited("POST", `/admin/reservations/${rid}/move`, { spot: 4 });
    expect(moved.status).toBe(200);
    expect(moved.entries).toEqual([
      expect.objectContaining({ action: "move", entity: "reservation", entityId: String(rid), data: { spot: 4 } }),
    ]);

    const cancelled = await audited("POST", `/admin/reservations/${rid}/cancel`, { penalty: true });
    expect(cancelled.status).toBe(200);
    // Staff read their own wording, not the customer's ("Tu clase regresó a tu cuenta.").
    expect(cancelled.body.data).toMatchObject({
      refunded: false,
      Message: "Reservación cancelada con penalización; el crédito no regresa a la cuenta del cliente.",
    });
    expect(cancelled.entries).toEqual([
      expect.objectContaining({ action: "cancel", entityId: String(rid), data: { penalty: true, refunded: false } }),
    ]);

    const waived = await audited("POST", `/admin/reservations/${rid}/waive`);
    expect(waived.status).toBe(200);
    expect(waived.entries).toEqual([expect.objectContaining({ action: "waive", entityId: String(rid) })]);

    // A refused write (waived twice) leaves no entry: the audit is in the change's transaction.
    const again = await audited("POST", `/admin/reservations/${rid}/waive`);
    expect(again.status).toBe(409);
    expect(again.entries).toEqual([]);

    // Without penalty: the credit returns, and the message says so in the staff's words.
    const rebooked = await audited("POST", "/admin/reservations", {
      user_id: ana.id,
      class_session_id: cls.id,
      spot: 5,
    });
    expect(rebooked.status).toBe(201);
    const kept = await audited("POST", `/admin/reservations/${rebooked.body.data.id}/cancel`, { penalty: false });
    expect(kept.body.data).toEqual({
      refunded: true,
      Message: "Reservación cancelada; el crédito regresó a la cuenta del cliente.",
    });
    expect(kept.entries).toHaveLength(1);

    const tpl = await audited("POST", "/admin/session-templates", {
      studio_id: place.studio.id,
      room_id: place.room.id,
      coach_id: place.coach.id,
      session_type_id: place.type.id,
      weekday: 3,
      local_time: "05:10",
      duration_minutes: 30,
      starts_on: localDay(new Date()),
      ends_on: localDay(new Date(Date.now() + 8 * DAY)),
    });
    expect(tpl.status).toBe(201);
    const tplId = tpl.body.data.id as number;
    expect(tpl.entries).toEqual([
      expect.objectContaining({
        action: "create",
        entity: "session_template",
        entityId: String(tplId),
        data: expect.objectContaining({ weekday: 3, localTime: "05:10" }),
      }),
    ]);
    // The calendar's message: saved, and how many classes it made.
    expect(tpl.body.data.Message).toBe(`Horario recurrente guardado. Se generaron ${tpl.body.data.created} clases.`);
    const tplBody = {
      studio_id: place.studio.id,
      room_id: place.room.id,
      coach_id: place.coach.id,
      session_type_id: place.type.id,
      weekday: 3,
      local_time: "05:20",
      duration_minutes: 30,
      ends_on: "",
    };
    const edited0 = await audited("PUT", `/admin/session-templates/${tplId}`, tplBody);
    expect(edited0.status).toBe(200);
    expect(edited0.body.data.Message).toMatch(/^Horario recurrente guardado\. Se generaron \d+ clases\.$/);
    expect(edited0.entries).toEqual([
      expect.objectContaining({
        action: "update",
        entity: "session_template",
        entityId: String(tplId),
        // No first day: the studio's today; a blank last day: none.
        data: expect.objectContaining({ localTime: "05:20", startsOn: localDay(new Date()), endsOn: null }),
      }),
    ]);
    const missing = await audited("PUT", "/admin/session-templates/999999", tplBody);
    expect(missing.status).toBe(404);
    expect(missing.entries).toEqual([]);
    const paused = await audited("POST", `/admin/session-templates/${tplId}/active`, { active: false });
    expect(paused.status).toBe(200);
    expect(paused.body.data.Message).toBe("Horario recurrente pausado: ya no crea clases nuevas.");
    expect(paused.entries).toEqual([
      expect.objectContaining({ action: "pause", entity: "session_template", data: { active: false } }),
    ]);
    // Activated again: it makes its classes of the next two weeks at once.
    await app.deps.db.delete(classSessions).where(eq(classSessions.templateId, tplId));
    const active = await audited("POST", `/admin/session-templates/${tplId}/active`, { active: true });
    expect(active.body.data.Message).toBe("Horario recurrente guardado.");
    expect(active.entries).toEqual([expect.objectContaining({ action: "activate", data: { active: true } })]);
    expect(
      (await app.deps.db.select().from(classSessions).where(eq(classSessions.templateId, tplId))).length,
    ).toBeGreaterThan(0);

    const session = {
      studio_id: place.studio.id,
      room_id: place.room.id,
      coach_id: place.coach.id,
      session_type_id: place.type.id,
      starts_at: new Date(Date.now() + 6 * DAY).toISOString(),
      duration_minutes: 45,
    };
    const made = await audited("POST", "/admin/class-sessions", session);
    expect(made.status).toBe(201);
    const sid = made.body.data.id as number;
    expect(made.entries).toEqual([
      expect.objectContaining({ action: "create", entity: "class_session", entityId: String(sid) }),
    ]);
    const edited = await audited("PUT", `/admin/class-sessions/${sid}`, { ...session, duration_minutes: 50 });
    expect(edited.status).toBe(200);
    expect(edited.entries).toEqual([
      expect.objectContaining({ action: "update", entity: "class_session", entityId: String(sid) }),
    ]);
    // A substitute coach changes only the coach, on the class as it is now (the 50 minutes stay).
    const substitute = await createCoach(app.deps.db, { name: "Suplente" });
    const swapped = await audited("POST", `/admin/class-sessions/${sid}/coach`, { coach_id: substitute.id });
    expect(swapped.status).toBe(200);
    expect(swapped.entries).toEqual([
      expect.objectContaining({ action: "update", entity: "class_session", data: { coachId: substitute.id } }),
    ]);
    const [afterSwap] = await app.deps.db.select().from(classSessions).where(eq(classSessions.id, sid));
    expect(afterSwap).toMatchObject({ coachId: substitute.id, durationMinutes: 50 });
    // A copy on another day at the same local time, audited as a duplicate of the first.
    const copyDay = localDay(new Date(Date.now() + 13 * DAY));
    const copy = await audited("POST", `/admin/class-sessions/${sid}/duplicate`, { date: copyDay });
    expect(copy.status).toBe(201);
    expect(copy.body.data.Message).toBe("Clase creada.");
    const copyId = copy.body.data.id as number;
    expect(copy.entries).toEqual([
      expect.objectContaining({
        action: "duplicate",
        entity: "class_session",
        entityId: String(copyId),
        data: { from: sid },
      }),
    ]);
    const [orig, dup] = await Promise.all(
      [sid, copyId].map(
        async (i) => (await app.deps.db.select().from(classSessions).where(eq(classSessions.id, i)))[0]!,
      ),
    );
    expect(localDay(dup!.startsAt)).toBe(copyDay);
    expect(localTime(dup!.startsAt)).toBe(localTime(orig!.startsAt));
    expect(dup).toMatchObject({ roomId: orig!.roomId, coachId: substitute.id, durationMinutes: 50 });
    // A day in the past: refused under its field, nothing made.
    const past = await audited("POST", `/admin/class-sessions/${sid}/duplicate`, { date: "2020-01-06" });
    expect(past.status).toBe(422);
    expect(past.body.error.messages).toEqual([{ field: "starts_at", message: "La clase debe empezar en el futuro." }]);
    expect(past.entries).toEqual([]);
    const bad = await audited("POST", `/admin/class-sessions/${sid}/duplicate`, { date: "mañana" });
    expect(bad.status).toBe(422);
    expect(bad.entries).toEqual([]);
    await audited("POST", `/admin/class-sessions/${copyId}/cancel`, {});

    const gone = await audited("POST", `/admin/class-sessions/${sid}/cancel`, { reason: "Prueba" });
    expect(gone.status).toBe(200);
    expect(gone.entries).toEqual([
      expect.objectContaining({ action: "cancel", entity: "class_session", data: { reason: "Prueba", notified: 0 } }),
    ]);

    const policy = (
      await (await app.request(`/admin/booking-policies/${place.studio.id}`, { token: admin.token })).json()
    ).data;
    const saved = await audited("PUT", `/admin/booking-policies/${place.studio.id}`, policy);
    expect(saved.status).toBe(200);
    expect(saved.entries).toEqual([
      expect.objectContaining({ action: "update", entity: "booking_policy", entityId: String(place.studio.id) }),
    ]);

    // A bad value: refused with its message under the field, nothing saved.
    const refusedPolicy = await audited("PUT", `/admin/booking-policies/${place.studio.id}`, {
      ...policy,
      booking_cutoff_minutes: 5000,
    });
    expect(refusedPolicy.status).toBe(422);
    expect(refusedPolicy.body.error.messages).toEqual([
      { field: "booking_cutoff_minutes", message: "Revisa los valores: deben ser números enteros no negativos." },
    ]);
    expect(refusedPolicy.entries).toEqual([]);

    expect(await auditCount()).toBe(start + 17);
  });

  it("the assistance pages' calls: a move reaches the open maps, a record of attendance from the reservation is audited", async () => {
    // 09:00 tomorrow in the studio's zone, so the class is today's whatever the hour of the run.
    const tz = place.city.timezone;
    const now = zonedToUtc(localDay(new Date(Date.now() + DAY), tz), "09:00", tz);
    app.setNow(now);
    // The administrator's session of that morning.
    const token = await sessionFor(app.deps.db, admin.id, { now });
    const call = (path: string, json?: object) => audited("POST", path, json, token);
    try {
      const cls = await makeClass(app.deps.db, place, new Date(now.getTime() + DAY / 24), now);
      const ana = await makeCustomer(app.deps.db, "asistencia");
      await giveCredits(app.deps.db, ana.id, place.city.id, 1, new Date(now.getTime() - DAY));
      const booked = await call("/admin/reservations", {
        user_id: ana.id,
        class_session_id: cls.id,
        spot: 2,
      });
      expect(booked.body.data).toEqual({ Message: expect.stringContaining("lugar 2"), id: expect.any(Number) });
      const rid = booked.body.data.id as number;

      // A spot the room lacks: refused under the spot field, nothing moves and nothing is announced.
      const heard: number[] = [];
      const off = onSpots((id) => heard.push(id));
      const bad = await call(`/admin/reservations/${rid}/move`, { spot: 99 });
      expect(bad.status).toBe(422);
      expect(bad.body.error.messages).toEqual([{ field: "spot", message: "El lugar 99 no existe en este salón." }]);
      expect(heard).toEqual([]);
      expect((await call(`/admin/reservations/${rid}/move`, { spot: 4 })).status).toBe(200);
      off();
      expect(heard).toContain(cls.id);

      const checked = await call(`/admin/reservations/${rid}/attendance`);
      expect(checked.status).toBe(200);
      // The answer is the route's schema exactly (parsing drops undeclared fields).
      expect(attendanceAnswer.parse(checked.body)).toEqual(checked.body);
      expect(checked.entries).toEqual([
        expect.objectContaining({ action: "attendance", entity: "reservation", entityId: String(rid) }),
      ]);
      // Checked in twice: refused, no second entry.
      const twice = await call(`/admin/reservations/${rid}/attendance`);
      expect(twice.status).toBe(409);
      expect(twice.entries).toEqual([]);
    } finally {
      app.setNow(null);
    }
  });

  it("grants a courtesy by the customer's email (any case); an unknown email or a bad date changes nothing", async () => {
    const ana = await makeCustomer(app.deps.db, "cortesia");
    const lots = () => app.deps.db.select().from(creditLots).where(eq(creditLots.userId, ana.id));
    const grant = (json: object) =>
      audited("POST", "/admin/courtesies", { city_id: place.city.id, sessions: 2, reason: "Cumpleaños", ...json });

    const unknown = await grant({ email: "nadie-aqui@prueba.mx" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error.messages).toEqual([{ field: "email", message: "No hay un cliente con ese email." }]);
    const badDate = await grant({ email: ana.email, expires_at: "2031-02-30" });
    expect(badDate.body.error.messages).toEqual([
      { field: "expires_at", message: "La vigencia debe terminar en el futuro." },
    ]);
    expect(await lots()).toEqual([]);

    // The form's date is the last day, in Mexico City.
    const ok = await grant({ email: ana.email.toUpperCase(), expires_at: "2031-01-15" });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toEqual({ Message: "Cortesía otorgada.", id: expect.any(Number) });
    const [lot] = await lots();
    expect(lot).toMatchObject({ quantity: 2, source: "courtesy" });
    expect(lot!.expiresAt.toISOString()).toBe("2031-01-16T05:59:59.000Z");
  });
});

describe("a class's people by need (issue 19): GET /admin/class-sessions/{id} and the scanner page", () => {
  it("the back office gets emails and the waiting list; a coach her own classes only, without emails; the cashier and the door nothing", async () => {
    const db = app.deps.db;
    const ownUser = await createStaff(db, "coach");
    const otherUser = await createStaff(db, "coach");
    const own = await createCoach(db, { userId: ownUser.id });
    const other = await createCoach(db, { userId: otherUser.id });
    const room = await makeRoom(db, 4);
    const cls = await makeClass(db, { ...room, coach: own }, new Date(Date.now() + 3 * DAY));
    const ana = await makeCustomer(db, "lista");
    await giveCredits(db, ana.id, room.city.id, 1, new Date(Date.now() - DAY));
    const { reservationId } = await bookSpot(app.deps, {
      userId: ana.id,
      sessionId: cls.id,
      spot: 1,
      actorUserId: ana.id,
      now: new Date(),
    });
    const tokens = {
      admin: admin.token,
      manager: await sessionFor(db, await createStaff(db, "manager")),
      frontDesk: await sessionFor(db, await createStaff(db, "manager", { canScanAttendance: true })),
      cashier: await sessionFor(db, await createStaff(db, "cashier")),
      door: await sessionFor(db, await createStaff(db, "door")),
      own: await sessionFor(db, ownUser),
      other: await sessionFor(db, otherUser),
    };
    const read = async (token: string, id = cls.id) => {
      const res = await app.request(`/admin/class-sessions/${id}`, { token });
      return { status: res.status, body: await res.json() };
    };
    const unknown = await read(tokens.own, 999_999_999);
    expect(unknown.status).toBe(404);
    // Another coach's class: the very answer of an unknown class.
    expect(await read(tokens.other)).toEqual(unknown);
    for (const who of ["cashier", "door"] as const) expect((await read(tokens[who])).status, who).toBe(403);

    for (const who of ["admin", "manager"] as const) {
      const { status, body } = await read(tokens[who]);
      expect(status, who).toBe(200);
      expect(body.data.view, who).toBe("full");
      expect(body.data.roster[0], who).toMatchObject({ id: reservationId, email: ana.email, userId: ana.id });
      expect(body.data.waitlist, who).toEqual([]);
    }
    for (const who of ["own", "frontDesk"] as const) {
      const { status, body } = await read(tokens[who]);
      expect(status, who).toBe(200);
      expect(body.data.view, who).toBe("scanner");
      expect(body.data.roster, who).toEqual([
        { id: reservationId, spot: 1, status: "booked", name: `Prueba lista`, attendedAt: null },
      ]);
      expect(body.data.waitlist, who).toBeUndefined();
      expect(JSON.stringify(body), who).not.toContain(ana.email);
    }

    // The scanner page follows the same rule (a coach's loader).
    const page = async (user: typeof ownUser) => {
      const auth = {
        user,
        session: { twoFactorAt: null },
        employeeId: null,
        token: "t",
        via: "cookie",
        expired: false,
      };
      const request = new Request(`http://localhost/admin/qr-assistance/scan/${cls.id}`);
      try {
        const r = await qrScanLoader({
          request,
          params: { id: String(cls.id) },
          context: { deps: app.deps, auth, cookies: {} },
        } as never);
        return { status: 200, roster: r.roster };
      } catch (e) {
        return { status: (e as { init?: { status?: number } }).init?.status ?? (e as Response).status };
      }
    };
    expect(await page(ownUser)).toMatchObject({
      status: 200,
      roster: [expect.objectContaining({ id: reservationId })],
    });
    expect((await page(otherUser)).status).toBe(404);

    // Checking in from the list: not in another coach's class (the answer of an unknown
    // reservation), not by the cashier; the class's coach may.
    const recordAttendance = (token: string, id = reservationId) =>
      app.request(`/admin/reservations/${id}/attendance`, { method: "POST", token });
    const noSuch = await recordAttendance(tokens.other, 999_999_999);
    expect(noSuch.status).toBe(404);
    const foreign = await recordAttendance(tokens.other);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual(await noSuch.json());
    expect((await recordAttendance(tokens.cashier)).status).toBe(403);
    const [still] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
    expect(still!.status).toBe("booked");

    // A substitute: the class is now the other coach's, and no longer the first one's.
    const sub = await app.request(`/admin/class-sessions/${cls.id}/coach`, {
      method: "POST",
      token: admin.token,
      json: { coach_id: other.id },
    });
    expect(sub.status).toBe(200);
    expect((await read(tokens.other)).body.data.view).toBe("scanner");
    expect((await read(tokens.own)).status).toBe(404);
    // Past the access rule: what stops her now is only the attendance window (the class is days away).
    const early = await recordAttendance(tokens.other);
    expect([early.status, (await early.json()).errorMessage]).toEqual([409, expect.any(String)]);
  });
});
