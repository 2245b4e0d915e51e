/** The schedule: classes listed for the calendar, one class with its spot map, and staff edits. */
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import {
  cities,
  classSessions,
  coaches,
  employees,
  reservations,
  rooms,
  sessionTemplates,
  sessionTypes,
  studios,
  users,
  waitlistEntries,
  type ReservationStatus,
} from "../../db/schema";
import { AppError } from "../errors";
import { isBackOffice, type Who } from "~/shared/permissions";
import { ROLE } from "~/shared/roles";
import { giveBackCredit } from "../credits/spend";
import { defaultLayout, loadSession, spotsOf, takenSpots } from "./context";
import { announce } from "./live";
import { sendBookingMail } from "./mails";
import { deadlines, policyOf } from "./policies";
import { addDays, humanDateTime, localDay, localTime, weekdayOf, zonedToUtc } from "~/shared/mexico/time";

type Deps = Pick<AppDeps, "db" | "config" | "mailer" | "log">;

const coach = alias(coaches, "coach");

export interface SessionFilter {
  cityId?: number;
  studioId?: number;
  roomId?: number;
  from: Date;
  to: Date;
  includeCancelled?: boolean;
}

/** Classes between `from` and `to` with how many spots are taken and how many wait. */
export async function listSessions(db: Db, f: SessionFilter) {
  const booked = db
    .select({ sid: reservations.classSessionId, n: count().as("n") })
    .from(reservations)
    .where(ne(reservations.status, "cancelled"))
    .groupBy(reservations.classSessionId)
    .as("booked");
  const waiting = db
    .select({ sid: waitlistEntries.classSessionId, w: count().as("w") })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, "waiting"))
    .groupBy(waitlistEntries.classSessionId)
    .as("waiting");
  const rows = await db
    .select({
      id: classSessions.id,
      studioId: classSessions.studioId,
      studioName: studios.name,
      cityId: studios.cityId,
      tz: studios.timezone,
      roomId: classSessions.roomId,
      roomName: rooms.name,
      coachId: classSessions.coachId,
      coachName: sql<string>`trim(${coach.name} || ' ' || ${coach.lastName})`,
      coachImage: coach.imageUrl,
      sessionTypeId: classSessions.sessionTypeId,
      typeName: sessionTypes.name,
      typeColor: sessionTypes.color,
      startsAt: classSessions.startsAt,
      durationMinutes: classSessions.durationMinutes,
      capacity: classSessions.capacity,
      status: classSessions.status,
      booked: sql<number>`coalesce(${booked.n}, 0)::int`,
      waiting: sql<number>`coalesce(${waiting.w}, 0)::int`,
    })
    .from(classSessions)
    .innerJoin(studios, eq(studios.id, classSessions.studioId))
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .innerJoin(rooms, eq(rooms.id, classSessions.roomId))
    .innerJoin(coach, eq(coach.id, classSessions.coachId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, classSessions.sessionTypeId))
    .leftJoin(booked, eq(booked.sid, classSessions.id))
    .leftJoin(waiting, eq(waiting.sid, classSessions.id))
    .where(
      and(
        gte(classSessions.startsAt, f.from),
        lt(classSessions.startsAt, f.to),
        f.cityId ? eq(studios.cityId, f.cityId) : undefined,
        f.studioId ? eq(classSessions.studioId, f.studioId) : undefined,
        f.roomId ? eq(classSessions.roomId, f.roomId) : undefined,
        f.includeCancelled ? undefined : eq(classSessions.status, "scheduled"),
        eq(studios.active, true),
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(studios.sortOrder), asc(classSessions.id))
    .limit(2000);
  return rows;
}

export type SessionListRow = Awaited<ReturnType<typeof listSessions>>[number];

export function sessionDto(r: SessionListRow) {
  return {
    id: r.id,
    studio_id: r.studioId,
    studio_name: r.studioName,
    city_id: r.cityId,
    room_id: r.roomId,
    room_name: r.roomName,
    coach_id: r.coachId,
    coach_name: r.coachName,
    coach_image: r.coachImage,
    session_type_id: r.sessionTypeId,
    session_type: r.typeName,
    color: r.typeColor,
    starts_at: r.startsAt.toISOString(),
    local_date: localDay(r.startsAt, r.tz),
    local_time: localTime(r.startsAt, r.tz),
    timezone: r.tz,
    duration_minutes: r.durationMinutes,
    capacity: r.capacity,
    booked: r.booked,
    available: Math.max(0, r.capacity - r.booked),
    waiting: r.waiting,
    status: r.status,
  };
}

/** One class with its spot map: each spot free or taken (and whether it is the viewer's). */
export async function sessionDetail(db: Db, id: number, viewerId: number | null, now: Date) {
  const info = await loadSession(db, id);
  const s = info.session;
  const taken = await takenSpots(db, id);
  const p = await policyOf(db, s.studioId);
  const d = deadlines(s.startsAt, p);
  const mine = viewerId ? taken.find((r) => r.userId === viewerId) : undefined;
  const [waiting] = await db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.classSessionId, id), eq(waitlistEntries.status, "waiting")));
  const myWait = viewerId
    ? (
        await db
          .select({ id: waitlistEntries.id })
          .from(waitlistEntries)
          .where(
            and(
              eq(waitlistEntries.classSessionId, id),
              eq(waitlistEntries.status, "waiting"),
              eq(waitlistEntries.userId, viewerId),
            ),
          )
      )[0]
    : undefined;
  let myPosition: number | null = null;
  if (myWait) {
    const [pos] = await db
      .select({ n: count() })
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.classSessionId, id),
          eq(waitlistEntries.status, "waiting"),
          sql`${waitlistEntries.id} <= ${myWait.id}`,
        ),
      );
    myPosition = pos?.n ?? null;
  }
  const spots = spotsOf(s.layout).map((number) => ({
    number,
    taken: taken.some((r) => r.spot === number),
    mine: !!mine && mine.spot === number,
  }));
  const full = spots.every((x) => x.taken);
  const state: "cancelled" | "past" | "not_open" | "closed" | "full" | "open" =
    s.status === "cancelled"
      ? "cancelled"
      : s.startsAt <= now
        ? "past"
        : now < d.opensAt
          ? "not_open"
          : now > d.onlineClosesAt
            ? "closed"
            : full
              ? "full"
              : "open";
  return {
    id: s.id,
    studio_id: s.studioId,
    studio_name: info.studioName,
    city_id: info.cityId,
    city_name: info.cityName,
    room_id: s.roomId,
    room_name: info.roomName,
    coach_id: s.coachId,
    coach_name: info.coachName,
    session_type_id: s.sessionTypeId,
    session_type: info.typeName,
    color: info.typeColor,
    starts_at: s.startsAt.toISOString(),
    local_date: localDay(s.startsAt, info.tz),
    local_time: localTime(s.startsAt, info.tz),
    when: humanDateTime(s.startsAt, info.tz),
    timezone: info.tz,
    duration_minutes: s.durationMinutes,
    capacity: s.capacity,
    status: s.status,
    state,
    layout: s.layout,
    spots,
    available: spots.filter((x) => !x.taken).length,
    waiting: waiting?.n ?? 0,
    my_reservation: mine ? { id: mine.id, spot: mine.spot, from_waitlist: mine.source === "waitlist" } : null,
    my_waitlist: myWait ? { id: myWait.id, position: myPosition } : null,
    opens_at: d.opensAt.toISOString(),
    cancel_until: d.cancelUntil.toISOString(),
  };
}

/** Just the spot states, for the live map. */
export async function spotStates(db: Db, id: number) {
  const [s] = await db.select({ layout: classSessions.layout }).from(classSessions).where(eq(classSessions.id, id));
  if (!s) return null;
  const taken = await takenSpots(db, id);
  return spotsOf(s.layout).map((number) => ({ number, taken: taken.some((r) => r.spot === number) }));
}

export interface SessionInput {
  studioId: number;
  roomId: number;
  coachId: number;
  sessionTypeId: number;
  startsAt: Date;
  durationMinutes: number;
}

/** The references every class and weekly template must hold: an active room of the studio, an active
 * coach, an active class type, and a duration of 10 to 240 minutes. Returns the room. */
export async function assertClassRefs(
  tx: Db,
  input: Pick<SessionInput, "studioId" | "roomId" | "coachId" | "sessionTypeId" | "durationMinutes">,
) {
  const [room] = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.id, input.roomId), eq(rooms.active, true)));
  if (!room) throw AppError.validation([{ field: "room_id", message: t("booking.errors.roomNotFound") }]);
  if (room.studioId !== input.studioId)
    throw AppError.validation([{ field: "room_id", message: t("booking.errors.roomNotInStudio") }]);
  const [c] = await tx
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.id, input.coachId), eq(coaches.active, true)));
  if (!c) throw AppError.validation([{ field: "coach_id", message: t("booking.errors.coachNotFound") }]);
  const [ty] = await tx
    .select({ id: sessionTypes.id })
    .from(sessionTypes)
    .where(and(eq(sessionTypes.id, input.sessionTypeId), eq(sessionTypes.active, true)));
  if (!ty) throw AppError.validation([{ field: "session_type_id", message: t("booking.errors.typeNotFound") }]);
  if (!Number.isInteger(input.durationMinutes) || input.durationMinutes < 10 || input.durationMinutes > 240)
    throw AppError.validation([{ field: "duration_minutes", message: t("booking.errors.durationInvalid") }]);
  return room;
}

async function validateInput(tx: Db, input: SessionInput, now: Date, excludeId?: number) {
  const [studio] = await tx
    .select()
    .from(studios)
    .where(and(eq(studios.id, input.studioId), eq(studios.active, true)));
  if (!studio) throw AppError.validation([{ field: "studio_id", message: t("booking.errors.studioNotFound") }]);
  const room = await assertClassRefs(tx, input);
  if (input.startsAt <= now)
    throw AppError.validation([{ field: "starts_at", message: t("booking.errors.startsAtPast") }]);
  const endsAt = new Date(input.startsAt.getTime() + input.durationMinutes * 60_000);
  const [busy] = await tx
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.roomId, room.id),
        eq(classSessions.status, "scheduled"),
        lt(classSessions.startsAt, endsAt),
        sql`${classSessions.endsAt} > ${input.startsAt}`,
        excludeId ? ne(classSessions.id, excludeId) : undefined,
      ),
    )
    .limit(1);
  if (busy)
    throw AppError.conflict(t("booking.errors.roomBusy"), [
      { field: "starts_at", message: t("booking.errors.roomBusy") },
    ]);
  const layout = room.layout && spotsOf(room.layout).length > 0 ? room.layout : defaultLayout(room.capacity);
  return { room, layout, endsAt };
}

/** Creates one class (capacity and spot map from the room). */
export async function createSession(db: Db, input: SessionInput, now: Date, templateId?: number) {
  return db.transaction(async (tx) => {
    // One room's classes are created one at a time, so two overlapping ones cannot both pass.
    await tx.execute(sql`select pg_advisory_xact_lock(7421, ${input.roomId})`);
    const { layout, endsAt } = await validateInput(tx, input, now);
    const [row] = await tx
      .insert(classSessions)
      .values({
        ...input,
        endsAt,
        capacity: spotsOf(layout).length,
        layout,
        templateId: templateId ?? null,
      })
      .returning();
    return row!;
  });
}

/** A copy of a class (room, coach, type, length) on another `day`, at the same local time in its studio. */
export async function duplicateSession(db: Db, id: number, day: string, now: Date) {
  const { session: s, tz } = await loadSession(db, id);
  const startsAt = zonedToUtc(day, localTime(s.startsAt, tz), tz);
  return createSession(db, { ...sessionInputOf(s), startsAt }, now);
}

/** A substitute coach: the class as it is in the database now, with another coach. */
export async function substituteCoach(db: Db, id: number, coachId: number, now: Date) {
  const { session: s } = await loadSession(db, id);
  return updateSession(db, id, { ...sessionInputOf(s), coachId }, now);
}

function sessionInputOf(s: Awaited<ReturnType<typeof loadSession>>["session"]): SessionInput {
  return {
    studioId: s.studioId,
    roomId: s.roomId,
    coachId: s.coachId,
    sessionTypeId: s.sessionTypeId,
    startsAt: s.startsAt,
    durationMinutes: s.durationMinutes,
  };
}

/** Staff edits a class: coach (a substitute keeps the original on record), type, time, duration; the
 * room when its map still holds every booked spot (capacity never below the bookings). */
export async function updateSession(db: Db, id: number, input: SessionInput, now: Date) {
  return db.transaction(async (tx) => {
    const info = await loadSession(tx, id, true);
    const s = info.session;
    if (s.status === "cancelled") throw AppError.conflict(t("booking.errors.sessionCancelled"));
    await tx.execute(sql`select pg_advisory_xact_lock(7421, ${input.roomId})`);
    const { layout, endsAt } = await validateInput(tx, input, now, id);
    const taken = await takenSpots(tx, id);
    const roomChanged = input.roomId !== s.roomId;
    // Capacity never goes below what is booked: the new room's map must hold every booked spot.
    const newSpots = spotsOf(layout);
    const lost = roomChanged ? taken.filter((r) => !newSpots.includes(r.spot)).map((r) => r.spot) : [];
    if (lost.length > 0)
      throw AppError.conflict(t("booking.errors.roomHasBookings", { spots: lost.sort((a, b) => a - b).join(", ") }), [
        { field: "room_id", message: t("booking.errors.roomHasBookings", { spots: lost.join(", ") }) },
      ]);
    const [row] = await tx
      .update(classSessions)
      .set({
        ...input,
        endsAt,
        ...(roomChanged ? { layout, capacity: spotsOf(layout).length } : {}),
        originalCoachId: input.coachId !== s.coachId ? (s.originalCoachId ?? s.coachId) : s.originalCoachId,
        updatedAt: now,
      })
      .where(eq(classSessions.id, id))
      .returning();
    await announce(tx, id);
    return row!;
  });
}

/** Cancels a class: every booked person is told and gets the credit back; the waitlist closes. */
export async function cancelSession(deps: Deps, id: number, actorUserId: number, reason: string | null, now: Date) {
  return deps.db.transaction(async (tx) => {
    const info = await loadSession(tx, id, true);
    if (info.session.status === "cancelled") throw AppError.conflict(t("booking.errors.sessionCancelled"));
    await tx
      .update(classSessions)
      .set({ status: "cancelled", cancelledAt: now, cancelReason: reason, waitlistClosedAt: now, updatedAt: now })
      .where(eq(classSessions.id, id));
    const active = await tx
      .select()
      .from(reservations)
      .where(and(eq(reservations.classSessionId, id), inArray(reservations.status, ["booked", "no_show", "attended"])))
      .for("update");
    const label = `${info.typeName} · ${humanDateTime(info.session.startsAt, info.tz)}`;
    for (const r of active) {
      await tx
        .update(reservations)
        .set({
          status: "cancelled",
          cancelledAt: now,
          cancelledByUserId: actorUserId,
          creditHeld: false,
          updatedAt: now,
        })
        .where(eq(reservations.id, r.id));
      if (r.lotId && r.creditHeld)
        await giveBackCredit(tx, {
          lotId: r.lotId,
          userId: r.userId,
          reason: t("booking.ledger.refundSessionCancelled", { class: label }),
          ref: `reservation:${r.id}`,
          actorUserId,
        });
      await sendBookingMail(deps, tx, {
        kind: "session-cancelled",
        userId: r.userId,
        info,
        reservationId: r.id,
        spot: r.spot,
      });
    }
    await tx
      .update(waitlistEntries)
      .set({ status: "closed", note: "session_cancelled", updatedAt: now })
      .where(and(eq(waitlistEntries.classSessionId, id), eq(waitlistEntries.status, "waiting")));
    await announce(tx, id);
    return { notified: active.length };
  });
}

/**
 * How much of a class's people `who` may see (issue 19, rosters by need):
 * - `full` (names, emails, history, waiting list): the back office (administrators of types 1 and 2),
 *   whose reservation screens show them;
 * - `scanner` (spot, name, status, attendance; no email): a front-desk account (any class) and a coach,
 *   for the classes she teaches only (the class's coach now, so a substitute and not the coach she
 *   replaced); another coach's class is answered exactly as an unknown class (404);
 * - nothing (403): anyone else — the cashier's and the door's screens show no roster.
 */
export async function rosterView(db: Db, who: Who & { id: number }, sessionId: number): Promise<"full" | "scanner"> {
  if (isBackOffice(who)) return "full";
  if (who.canScanAttendance) return "scanner";
  // Door staff (issue 22, the door page): the classes of the studio of their employee record.
  if (who.roleId === ROLE.door) {
    const [own] = await db
      .select({ id: classSessions.id })
      .from(classSessions)
      .innerJoin(employees, and(eq(employees.studioId, classSessions.studioId), eq(employees.active, true)))
      .where(and(eq(classSessions.id, sessionId), eq(employees.userId, who.id)));
    if (own) return "scanner";
    throw AppError.forbidden();
  }
  if (who.roleId !== ROLE.coach) throw AppError.forbidden();
  const [row] = await db
    .select({ userId: coach.userId })
    .from(classSessions)
    .innerJoin(coach, eq(coach.id, classSessions.coachId))
    .where(eq(classSessions.id, sessionId));
  if (!row || row.userId !== who.id) throw AppError.notFound(t("booking.errors.sessionNotFound"));
  return "scanner";
}

/** Checking in from a class's list (`POST /admin/reservations/:id/attendance`) follows the same rule
 * as reading that list: a coach only in her own classes, the cashier and the door not at all. */
export async function assertMayRecordAttendanceFromList(db: Db, who: Who & { id: number }, reservationId: number) {
  const [r] = await db
    .select({ sessionId: reservations.classSessionId })
    .from(reservations)
    .where(eq(reservations.id, reservationId));
  const unknown = () => AppError.notFound(t("booking.errors.reservationNotFound"));
  if (!r) throw unknown();
  // Another coach's class: the answer of an unknown reservation.
  await rosterView(db, who, r.sessionId).catch((e: unknown) => {
    throw e instanceof AppError && e.status === 404 ? unknown() : e;
  });
}

/** A roster row as the scanner screen shows it: no email, no account or credit details. */
export function scannerRow(r: {
  id: number;
  spot: number;
  status: ReservationStatus;
  name: string;
  attendedAt: Date | null;
}) {
  return { id: r.id, spot: r.spot, status: r.status, name: r.name, attendedAt: r.attendedAt?.toISOString() ?? null };
}

/** The people of a class (roster), booked first by spot, then cancelled. */
export async function roster(db: Db, sessionId: number) {
  return db
    .select({
      id: reservations.id,
      spot: reservations.spot,
      status: reservations.status,
      source: reservations.source,
      userId: reservations.userId,
      name: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      email: users.email,
      attendedAt: reservations.attendedAt,
      lateCancel: reservations.lateCancel,
      penaltyWaivedAt: reservations.penaltyWaivedAt,
      creditHeld: reservations.creditHeld,
      cancelledAt: reservations.cancelledAt,
      createdAt: reservations.createdAt,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(eq(reservations.classSessionId, sessionId))
    .orderBy(sql`${reservations.status} = 'cancelled'`, asc(reservations.spot), desc(reservations.id));
}

export async function waitlistOf(db: Db, sessionId: number) {
  return db
    .select({
      id: waitlistEntries.id,
      userId: waitlistEntries.userId,
      name: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      email: users.email,
      status: waitlistEntries.status,
      createdAt: waitlistEntries.createdAt,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.classSessionId, sessionId), eq(waitlistEntries.status, "waiting")))
    .orderBy(asc(waitlistEntries.id));
}

/** Creates the classes of every active template for the next `days` days (idempotent). */
export async function generateFromTemplates(db: Db, now: Date, days = 14) {
  const templates = await db
    .select({ tpl: sessionTemplates, tz: studios.timezone })
    .from(sessionTemplates)
    .innerJoin(studios, eq(studios.id, sessionTemplates.studioId))
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .where(eq(sessionTemplates.active, true));
  let created = 0;
  for (const { tpl, tz } of templates) {
    const today = localDay(now, tz);
    for (let i = 0; i <= days; i++) {
      const day = addDays(today, i);
      if (weekdayOf(day) !== tpl.weekday || day < tpl.startsOn || (tpl.endsOn && day > tpl.endsOn)) continue;
      const startsAt = zonedToUtc(day, tpl.localTime, tz);
      if (startsAt <= now) continue;
      const [exists] = await db
        .select({ id: classSessions.id })
        .from(classSessions)
        .where(and(eq(classSessions.templateId, tpl.id), eq(classSessions.startsAt, startsAt)));
      if (exists) continue;
      try {
        await createSession(
          db,
          {
            studioId: tpl.studioId,
            roomId: tpl.roomId,
            coachId: tpl.coachId,
            sessionTypeId: tpl.sessionTypeId,
            startsAt,
            durationMinutes: tpl.durationMinutes,
          },
          now,
          tpl.id,
        );
        created++;
      } catch (err) {
        // A busy room or a class made by another server meanwhile: skip that one.
        if (!(err instanceof AppError) && !String((err as { code?: string }).code ?? "").startsWith("23")) throw err;
      }
    }
  }
  return created;
}
