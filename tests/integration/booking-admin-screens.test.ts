/**
 * What the back-office booking screens rely on: editing a class (a room change keeps every booked
 * spot), weekly templates (add, edit, pause; the classes they generate), the customer search and
 * one reservation of the "book on behalf" and "edit" pages, staff booking after the online cut-off,
 * and the class lock: bookings share it, so a class cancelled while people book ends with nobody
 * holding a place and every credit back.
 */
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { classSessions, creditLots, reservations, users } from "../../app/.server/db/schema";
import {
  adminReservation,
  createTemplate,
  customerBrief,
  searchCustomers,
  setTemplateActive,
  updateTemplate,
} from "../../app/.server/domain/booking/admin";
import { bookSpot } from "../../app/.server/domain/booking/reservations";
import { cancelSession, generateFromTemplates } from "../../app/.server/domain/booking/sessions";
import { addDays, localDay, weekdayOf } from "~/shared/mexico/time";
import { setupTestApp } from "../support/app";
import { giveCredits, makeClass, makeCustomer, makeRoom } from "../support/booking";
import { createRoom, createStaff, staffToken } from "../support/factories";

const app = setupTestApp();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

const sessionBody = (place: Awaited<ReturnType<typeof makeRoom>>, startsAt: Date, roomId = place.room.id) => ({
  studio_id: place.studio.id,
  room_id: roomId,
  coach_id: place.coach.id,
  session_type_id: place.type.id,
  starts_at: startsAt.toISOString(),
  duration_minutes: 45,
});

describe("back-office booking screens", () => {
  it("edits a class's time and room, never to a room without a booked spot", async () => {
    const admin = await staffToken(app.deps.db);
    const place = await makeRoom(app.deps.db, 10);
    const starts = new Date(Date.now() + 3 * DAY);
    const cls = await makeClass(app.deps.db, place, starts);
    const ana = await makeCustomer(app.deps.db, "edit");
    await giveCredits(app.deps.db, ana.id, place.city.id, 1, new Date(Date.now() - DAY));
    const booked = await app.request("/v2/reservations", {
      method: "POST",
      token: ana.token,
      json: { class_session_id: cls.id, spot: 8 },
    });
    expect(booked.status).toBe(201);

    // A smaller room (6 spots) would lose spot 8: refused, nothing changes.
    const small = await createRoom(app.deps.db, {
      studioId: place.studio.id,
      name: "Sala chica prueba",
      capacity: 6,
      layout: { rows: [[1, 2, 3, 4, 5, 6]] },
    });
    const later = new Date(starts.getTime() + 30 * MIN);
    const refused = await app.request(`/admin/class-sessions/${cls.id}`, {
      method: "PUT",
      token: admin,
      json: sessionBody(place, later, small.id),
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).errorMessage).toBe(
      "El nuevo salón no tiene los lugares reservados 8: mueve a esas personas a otro lugar o elige otro salón.",
    );
    const [same] = await app.deps.db.select().from(classSessions).where(eq(classSessions.id, cls.id));
    expect(same).toMatchObject({ roomId: place.room.id, capacity: 10, durationMinutes: 50 });
    expect(same!.startsAt.getTime()).toBe(starts.getTime());

    // A bigger room holds spot 8: the class moves, with the new room's map and capacity.
    const big = await createRoom(app.deps.db, {
      studioId: place.studio.id,
      name: "Sala grande prueba",
      capacity: 12,
      layout: {
        rows: [
          [1, 2, 3, 4, 5, 6],
          [7, 8, 9, 10, 11, 12],
        ],
      },
    });
    const moved = await app.request(`/admin/class-sessions/${cls.id}`, {
      method: "PUT",
      token: admin,
      json: sessionBody(place, later, big.id),
    });
    expect(moved.status).toBe(200);
    const [after] = await app.deps.db.select().from(classSessions).where(eq(classSessions.id, cls.id));
    expect(after).toMatchObject({ roomId: big.id, capacity: 12, durationMinutes: 45 });
    expect(after!.startsAt.getTime()).toBe(later.getTime());
    const [r] = await app.deps.db.select().from(reservations).where(eq(reservations.classSessionId, cls.id));
    expect(r).toMatchObject({ spot: 8, status: "booked" });
  });

  it("adds, edits and pauses a weekly template; the classes follow it", async () => {
    const place = await makeRoom(app.deps.db, 8);
    const now = new Date();
    const today = localDay(now);
    // Three days ahead, so the class is in the future whatever the time of day.
    const day = addDays(today, 3);
    const weekday = weekdayOf(day);
    const input = {
      studioId: place.studio.id,
      roomId: place.room.id,
      coachId: place.coach.id,
      sessionTypeId: place.type.id,
      weekday,
      localTime: "06:10",
      durationMinutes: 40,
      startsOn: today,
      endsOn: null,
    };
    await expect(createTemplate(app.deps.db, { ...input, coachId: 999_999 })).rejects.toMatchObject({ status: 422 });
    await expect(createTemplate(app.deps.db, { ...input, endsOn: addDays(today, -1) })).rejects.toMatchObject({
      status: 422,
    });
    const tpl = await createTemplate(app.deps.db, input);
    await generateFromTemplates(app.deps.db, now);
    const made = await app.deps.db.select().from(classSessions).where(eq(classSessions.templateId, tpl.id));
    expect(made.length).toBeGreaterThanOrEqual(2);
    expect(made.every((c) => c.durationMinutes === 40)).toBe(true);

    // Edited: the classes created from now on use the new time; those made stay.
    await updateTemplate(app.deps.db, tpl.id, { ...input, localTime: "06:40" }, now);
    await app.deps.db.delete(classSessions).where(eq(classSessions.templateId, tpl.id));
    await generateFromTemplates(app.deps.db, now);
    const remade = await app.deps.db.select().from(classSessions).where(eq(classSessions.templateId, tpl.id));
    expect(remade.length).toBe(made.length);
    for (const c of remade)
      expect(
        new Intl.DateTimeFormat("en-GB", {
          timeZone: "America/Mexico_City",
          hour: "2-digit",
          minute: "2-digit",
        }).format(c.startsAt),
      ).toBe("06:40");
    await expect(updateTemplate(app.deps.db, 999_999, input, now)).rejects.toMatchObject({ status: 404 });

    // Paused: nothing more is generated.
    await setTemplateActive(app.deps.db, tpl.id, false);
    await app.deps.db.delete(classSessions).where(eq(classSessions.templateId, tpl.id));
    await generateFromTemplates(app.deps.db, now);
    expect(await app.deps.db.select().from(classSessions).where(eq(classSessions.templateId, tpl.id))).toHaveLength(0);
  });

  it("a template and a class refuse the same bad room, coach, type and duration with the same message", async () => {
    const place = await makeRoom(app.deps.db, 6);
    const other = await makeRoom(app.deps.db, 6, 1);
    const closed = await createRoom(app.deps.db, {
      studioId: place.studio.id,
      name: "Sala cerrada prueba",
      capacity: 4,
      active: false,
    });
    const starts = new Date(Date.now() + 5 * DAY);
    const tplInput = {
      studioId: place.studio.id,
      roomId: place.room.id,
      coachId: place.coach.id,
      sessionTypeId: place.type.id,
      weekday: 1,
      localTime: "07:00",
      durationMinutes: 45,
      startsOn: localDay(new Date()),
      endsOn: null,
    };
    const bad: [Partial<typeof tplInput>, string, string][] = [
      [{ roomId: other.room.id }, "room_id", "El salón no pertenece al estudio elegido."],
      [{ roomId: closed.id }, "room_id", "El salón no existe o no está activo."],
      [{ coachId: 999_999 }, "coach_id", "La coach no existe o no está activa."],
      [{ sessionTypeId: 999_999 }, "session_type_id", "El tipo de clase no existe o no está activo."],
      [{ durationMinutes: 5 }, "duration_minutes", "La duración debe ser de 10 a 240 minutos."],
    ];
    for (const [change, field, message] of bad) {
      const fields = [{ field, message }];
      await expect(createTemplate(app.deps.db, { ...tplInput, ...change })).rejects.toMatchObject({
        status: 422,
        fields,
      });
      const input = { ...tplInput, ...change };
      await expect(
        makeClass(
          app.deps.db,
          {
            ...place,
            room: { ...place.room, id: input.roomId },
            coach: { ...place.coach, id: input.coachId },
            type: { ...place.type, id: input.sessionTypeId },
          },
          starts,
          new Date(),
          input.durationMinutes,
        ),
      ).rejects.toMatchObject({ status: 422, fields });
    }
    expect(await app.deps.db.select().from(classSessions).where(eq(classSessions.roomId, place.room.id))).toHaveLength(
      0,
    );
  });

  it("finds customers as the front desk types, and staff book them after the online cut-off", async () => {
    const place = await makeRoom(app.deps.db, 5);
    const cus = await makeCustomer(app.deps.db, "buscar");
    await app.deps.db.update(users).set({ name: "Begoña", lastName: "Ñúñez Prueba" }).where(eq(users.id, cus.id));
    const found = await searchCustomers(app.deps.db, "begona nunez");
    expect(found.map((f) => f.id)).toContain(cus.id);
    // Fewer than 3 letters or digits in a row search no one (the point of sale's rule): one letter
    // would scan the customers' table for almost everyone.
    for (const q of ["b", "be", "ñ", "be ñu", "55"]) expect(await searchCustomers(app.deps.db, q), q).toEqual([]);
    expect((await searchCustomers(app.deps.db, "be ñuñ")).map((f) => f.id)).toContain(cus.id);
    const admin = await createStaff(app.deps.db, "administrator");
    // Found by email as a customer; staff are never found.
    expect((await searchCustomers(app.deps.db, cus.email)).map((f) => f.id)).toEqual([cus.id]);
    expect(await searchCustomers(app.deps.db, admin.email)).toEqual([]);
    expect(await customerBrief(app.deps.db, cus.id)).toMatchObject({ id: cus.id, name: "Begoña Ñúñez Prueba" });
    expect(await customerBrief(app.deps.db, admin.id)).toBeNull();

    // Five minutes before class: online booking is closed (10 min by default), staff may still book.
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 5 * MIN));
    await giveCredits(app.deps.db, cus.id, place.city.id, 1, new Date(Date.now() - DAY));
    const online = await app.request("/v2/reservations", {
      method: "POST",
      token: cus.token,
      json: { class_session_id: cls.id, spot: 2 },
    });
    expect(online.status).toBe(409);
    const r = await bookSpot(app.deps, {
      userId: cus.id,
      sessionId: cls.id,
      spot: 2,
      actorUserId: admin.id,
      staff: true,
      now: new Date(),
    });
    const row = await adminReservation(app.deps.db, r.reservationId);
    expect(row).toMatchObject({ spot: 2, status: "booked", source: "staff", customer: "Begoña Ñúñez Prueba" });
    await expect(adminReservation(app.deps.db, 999_999)).rejects.toMatchObject({ status: 404 });
    // Staff cannot book a staff member as a customer.
    await expect(
      bookSpot(app.deps, {
        userId: admin.id,
        sessionId: cls.id,
        spot: 3,
        actorUserId: admin.id,
        staff: true,
        now: new Date(),
      }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("a class cancelled while people book ends with nobody in it and every credit back", async () => {
    const place = await makeRoom(app.deps.db, 10);
    const cls = await makeClass(app.deps.db, place, new Date(Date.now() + 2 * DAY));
    const people = await Promise.all(Array.from({ length: 16 }, (_, i) => makeCustomer(app.deps.db, `race${i}`)));
    await Promise.all(people.map((p) => giveCredits(app.deps.db, p.id, place.city.id, 1, new Date(Date.now() - DAY))));
    const admin = await createStaff(app.deps.db, "administrator");
    const attempts = people.map((p, i) =>
      bookSpot(app.deps, {
        userId: p.id,
        sessionId: cls.id,
        spot: (i % 10) + 1,
        actorUserId: p.id,
        now: new Date(),
      }).then(
        () => "booked",
        (e: { status?: number }) => e.status ?? 500,
      ),
    );
    // Cancelled while the bookings are in flight: as soon as the first of them has an answer.
    const cancel = Promise.race(attempts).then(() =>
      cancelSession(app.deps, cls.id, admin.id, "Prueba de carrera", new Date()),
    );
    const results = await Promise.all(attempts);
    await cancel;
    expect(results.filter((r) => r !== "booked" && r !== 409)).toEqual([]);
    const active = await app.deps.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.classSessionId, cls.id), ne(reservations.status, "cancelled")));
    expect(active).toEqual([]);
    const lots = await app.deps.db.select().from(creditLots).where(eq(creditLots.cityId, place.city.id));
    for (const p of people) {
      const mine = lots.filter((l) => l.userId === p.id);
      expect(mine.reduce((n, l) => n + (l.remaining ?? 0), 0)).toBe(1);
    }
  });
});
