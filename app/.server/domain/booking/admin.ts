/** Back-office reads and small writes of the booking area: reservations list, courtesies, today's
 * classes of a coach, recurring templates. */
import { and, asc, desc, eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import {
  cities,
  classSessions,
  coaches,
  creditLots,
  reservations,
  rooms,
  sessionTemplates,
  sessionTypes,
  studios,
  users,
  ROLE,
} from "../../db/schema";
import { AppError } from "../errors";
import { grantLot } from "../credits/ledger";
import { personSearch } from "../people/common";
import { posSearchable } from "~/shared/schemas/pos";
import { assertClassRefs } from "./sessions";
import { humanDateTime, localDay, localTime } from "~/shared/mexico/time";

const coach = alias(coaches, "coach");
const grantor = alias(users, "grantor");

export interface ReservationFilter {
  studioId?: number;
  from?: Date;
  to?: Date;
  q?: string;
  status?: string;
  limit?: number;
}

export async function adminReservations(db: Db, f: ReservationFilter & { id?: number }) {
  const q = f.q?.trim();
  const rows = await db
    .select({
      id: reservations.id,
      spot: reservations.spot,
      status: reservations.status,
      source: reservations.source,
      lateCancel: reservations.lateCancel,
      penaltyWaivedAt: reservations.penaltyWaivedAt,
      creditHeld: reservations.creditHeld,
      attendedAt: reservations.attendedAt,
      userId: users.id,
      customer: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      email: users.email,
      sessionId: classSessions.id,
      startsAt: classSessions.startsAt,
      tz: studios.timezone,
      studioId: studios.id,
      studioName: studios.name,
      typeName: sessionTypes.name,
      coachName: sql<string>`trim(${coach.name} || ' ' || ${coach.lastName})`,
      createdAt: reservations.createdAt,
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .innerJoin(classSessions, eq(classSessions.id, reservations.classSessionId))
    .innerJoin(studios, eq(studios.id, classSessions.studioId))
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, classSessions.sessionTypeId))
    .innerJoin(coach, eq(coach.id, classSessions.coachId))
    .where(
      and(
        f.id ? eq(reservations.id, f.id) : undefined,
        f.studioId ? eq(classSessions.studioId, f.studioId) : undefined,
        f.from ? gte(classSessions.startsAt, f.from) : undefined,
        f.to ? lt(classSessions.startsAt, f.to) : undefined,
        f.status ? eq(reservations.status, f.status as never) : undefined,
        q
          ? or(
              ilike(users.email, `%${q.replace(/[%_\\]/g, "\\$&")}%`),
              ilike(sql`${users.name} || ' ' || ${users.lastName}`, `%${q.replace(/[%_\\]/g, "\\$&")}%`),
            )
          : undefined,
      ),
    )
    .orderBy(desc(classSessions.startsAt), asc(reservations.spot))
    .limit(f.limit ?? 200);
  return rows.map((r) => ({
    id: r.id,
    spot: r.spot,
    status: r.status,
    source: r.source,
    studio_id: r.studioId,
    late_cancel: r.lateCancel,
    penalty_waived: !!r.penaltyWaivedAt,
    can_waive:
      ((r.status === "cancelled" && r.lateCancel) || r.status === "no_show") && !r.penaltyWaivedAt && r.creditHeld,
    attended_at: r.attendedAt?.toISOString() ?? null,
    user_id: r.userId,
    customer: r.customer,
    email: r.email,
    class_session_id: r.sessionId,
    starts_at: r.startsAt.toISOString(),
    when: humanDateTime(r.startsAt, r.tz),
    studio_name: r.studioName,
    session_type: r.typeName,
    coach_name: r.coachName,
  }));
}

export interface CourtesyInput {
  userId: number;
  cityId: number;
  sessions: number;
  expiresAt: Date | null;
  reason: string;
  actorUserId: number;
  now: Date;
}

/** A courtesy: a credit lot of the city (source courtesy), with its ledger movement. */
export async function grantCourtesy(db: Db, input: CourtesyInput) {
  return db.transaction(async (tx) => {
    const [u] = await tx.select({ roleId: users.roleId }).from(users).where(eq(users.id, input.userId));
    if (!u || u.roleId !== ROLE.customer)
      throw AppError.validation([{ field: "user_id", message: t("booking.errors.userNotCustomer") }]);
    const [c] = await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, input.cityId));
    if (!c) throw AppError.validation([{ field: "city_id", message: t("booking.errors.cityNotFound") }]);
    if (!Number.isInteger(input.sessions) || input.sessions < 1 || input.sessions > 100)
      throw AppError.validation([{ field: "sessions", message: t("booking.errors.sessionsInvalid") }]);
    const expiresAt = input.expiresAt ?? new Date(input.now.getTime() + 30 * 86_400_000);
    if (expiresAt <= input.now)
      throw AppError.validation([{ field: "expires_at", message: t("booking.errors.expiresInvalid") }]);
    const reason = input.reason.trim();
    if (!reason) throw AppError.validation([{ field: "reason", message: t("booking.errors.reasonRequired") }]);
    const lotId = await grantLot(tx, {
      userId: input.userId,
      scope: "in_person",
      cityId: input.cityId,
      quantity: input.sessions,
      startsAt: input.now,
      expiresAt,
      source: "courtesy",
      sourceRef: `courtesy:${input.actorUserId}`,
      actorUserId: input.actorUserId,
      reason: t("booking.ledger.courtesy", { reason }),
    });
    return { lotId };
  });
}

export async function listCourtesies(db: Db, limit = 300) {
  const rows = await db
    .select({
      id: creditLots.id,
      userId: users.id,
      customer: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      email: users.email,
      cityName: cities.name,
      quantity: creditLots.quantity,
      remaining: creditLots.remaining,
      expiresAt: creditLots.expiresAt,
      createdAt: creditLots.createdAt,
      grantedBy: sql<string | null>`trim(${grantor.name} || ' ' || ${grantor.lastName})`,
      reason: sql<
        string | null
      >`(select m.reason from credit_movements m where m.lot_id = ${creditLots.id} and m.kind = 'grant' order by m.id limit 1)`,
    })
    .from(creditLots)
    .innerJoin(users, eq(users.id, creditLots.userId))
    .leftJoin(cities, eq(cities.id, creditLots.cityId))
    .leftJoin(grantor, eq(grantor.id, creditLots.createdByUserId))
    .where(eq(creditLots.source, "courtesy"))
    .orderBy(desc(creditLots.createdAt), desc(creditLots.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    user_id: r.userId,
    customer: r.customer,
    email: r.email,
    city_name: r.cityName,
    sessions: r.quantity,
    remaining: r.remaining,
    expires_at: r.expiresAt.toISOString(),
    created_at: r.createdAt.toISOString(),
    granted_by: r.grantedBy,
    reason: r.reason,
  }));
}

/** Classes of today (in each studio's time zone) — of one coach, or all. */
export async function classesToday(db: Db, now: Date, coachUserId: number | null) {
  const from = new Date(now.getTime() - 36 * 3_600_000);
  const to = new Date(now.getTime() + 36 * 3_600_000);
  const rows = await db
    .select({
      id: classSessions.id,
      startsAt: classSessions.startsAt,
      durationMinutes: classSessions.durationMinutes,
      capacity: classSessions.capacity,
      tz: studios.timezone,
      studioId: studios.id,
      studioName: studios.name,
      roomName: rooms.name,
      typeName: sessionTypes.name,
      color: sessionTypes.color,
      coachName: sql<string>`trim(${coach.name} || ' ' || ${coach.lastName})`,
      booked: sql<number>`(select count(*)::int from reservations r where r.class_session_id = ${classSessions.id} and r.status <> 'cancelled')`,
      attended: sql<number>`(select count(*)::int from reservations r where r.class_session_id = ${classSessions.id} and r.status = 'attended')`,
    })
    .from(classSessions)
    .innerJoin(studios, eq(studios.id, classSessions.studioId))
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .innerJoin(rooms, eq(rooms.id, classSessions.roomId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, classSessions.sessionTypeId))
    .innerJoin(coach, eq(coach.id, classSessions.coachId))
    .where(
      and(
        gte(classSessions.startsAt, from),
        lt(classSessions.startsAt, to),
        eq(classSessions.status, "scheduled"),
        coachUserId ? eq(coach.userId, coachUserId) : undefined,
      ),
    )
    .orderBy(asc(classSessions.startsAt));
  return rows
    .filter((r) => localDay(r.startsAt, r.tz) === localDay(now, r.tz))
    .map((r) => ({
      id: r.id,
      starts_at: r.startsAt.toISOString(),
      local_time: localTime(r.startsAt, r.tz),
      duration_minutes: r.durationMinutes,
      capacity: r.capacity,
      studio_id: r.studioId,
      studio_name: r.studioName,
      room_name: r.roomName,
      session_type: r.typeName,
      color: r.color,
      coach_name: r.coachName,
      booked: r.booked,
      attended: r.attended,
    }));
}

export interface TemplateInput {
  studioId: number;
  roomId: number;
  coachId: number;
  sessionTypeId: number;
  weekday: number;
  localTime: string;
  durationMinutes: number;
  startsOn: string;
  endsOn: string | null;
}

async function validateTemplate(db: Db, input: TemplateInput) {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(input.localTime))
    throw AppError.validation([{ field: "local_time", message: t("booking.errors.templateTimeInvalid") }]);
  if (!Number.isInteger(input.weekday) || input.weekday < 0 || input.weekday > 6)
    throw AppError.validation([{ field: "weekday", message: t("booking.errors.weekdayInvalid") }]);
  await assertClassRefs(db, input);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.startsOn) || (input.endsOn && !/^\d{4}-\d{2}-\d{2}$/.test(input.endsOn)))
    throw AppError.validation([{ field: "starts_on", message: t("booking.errors.startsAtInvalid") }]);
  if (input.endsOn && input.endsOn < input.startsOn)
    throw AppError.validation([{ field: "ends_on", message: t("booking.errors.startsAtInvalid") }]);
}

export async function createTemplate(db: Db, input: TemplateInput) {
  await validateTemplate(db, input);
  const [row] = await db.insert(sessionTemplates).values(input).returning();
  return row!;
}

/** Edits a weekly template: the classes it creates from now on follow it (those made stay as they are). */
export async function updateTemplate(db: Db, id: number, input: TemplateInput, now: Date) {
  await validateTemplate(db, input);
  const [row] = await db
    .update(sessionTemplates)
    .set({ ...input, updatedAt: now })
    .where(eq(sessionTemplates.id, id))
    .returning();
  if (!row) throw AppError.notFound(t("booking.errors.templateNotFound"));
  return row;
}

export async function listTemplates(db: Db, studioId?: number) {
  return db
    .select({
      id: sessionTemplates.id,
      studioId: sessionTemplates.studioId,
      studioName: studios.name,
      roomId: sessionTemplates.roomId,
      coachId: sessionTemplates.coachId,
      sessionTypeId: sessionTemplates.sessionTypeId,
      roomName: rooms.name,
      coachName: sql<string>`trim(${coach.name} || ' ' || ${coach.lastName})`,
      typeName: sessionTypes.name,
      weekday: sessionTemplates.weekday,
      localTime: sessionTemplates.localTime,
      durationMinutes: sessionTemplates.durationMinutes,
      startsOn: sessionTemplates.startsOn,
      endsOn: sessionTemplates.endsOn,
      active: sessionTemplates.active,
    })
    .from(sessionTemplates)
    .innerJoin(studios, eq(studios.id, sessionTemplates.studioId))
    .innerJoin(rooms, eq(rooms.id, sessionTemplates.roomId))
    .innerJoin(coach, eq(coach.id, sessionTemplates.coachId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, sessionTemplates.sessionTypeId))
    .where(studioId ? eq(sessionTemplates.studioId, studioId) : undefined)
    .orderBy(asc(sessionTemplates.weekday), asc(sessionTemplates.localTime));
}

export async function setTemplateActive(db: Db, id: number, active: boolean) {
  await db.update(sessionTemplates).set({ active }).where(eq(sessionTemplates.id, id));
}

/** One reservation as the back office shows it; 404 when absent. */
export async function adminReservation(db: Db, id: number) {
  const [row] = await adminReservations(db, { id, limit: 1 });
  if (!row) throw AppError.notFound(t("booking.errors.reservationNotFound"));
  return row;
}

/**
 * Active customers matching the front desk's search (name, surname, email or phone), for booking on
 * their behalf. Searched only as the point of sale searches (`posSearchable`: 3 letters or digits in
 * a row): one or two letters match almost everyone and no trigram of the index.
 */
export async function searchCustomers(db: Db, q: string, limit = 10) {
  const where = posSearchable(q) ? personSearch(q) : undefined;
  if (!where) return [];
  return db
    .select({
      id: users.id,
      name: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.roleId, ROLE.customer), eq(users.active, true), where))
    .orderBy(asc(users.name), asc(users.lastName))
    .limit(limit);
}

/** A customer's name and email (the booking-on-behalf page); null when not an active customer. */
export async function customerBrief(db: Db, id: number) {
  const [u] = await db
    .select({ id: users.id, name: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`, email: users.email })
    .from(users)
    .where(and(eq(users.id, id), eq(users.roleId, ROLE.customer), eq(users.active, true)));
  return u ?? null;
}
