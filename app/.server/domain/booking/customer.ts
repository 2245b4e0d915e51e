/** What a customer reads of their bookings: reservations, waitlist places, the calendar feed. */
import crypto from "node:crypto";
import { and, asc, desc, eq, gte, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import type { SecretBox } from "../../security/secret-box";
import {
  calendarFeeds,
  cities,
  classSessions,
  coaches,
  reservations,
  rooms,
  sessionTypes,
  studios,
  waitlistEntries,
} from "../../db/schema";
import { deadlines, policyOf } from "./policies";
import { humanDateTime, localDay, localTime } from "~/shared/mexico/time";
import type { IcsClass } from "./ics";

const coach = alias(coaches, "coach");

function baseQuery(db: Db) {
  return db
    .select({
      id: reservations.id,
      spot: reservations.spot,
      status: reservations.status,
      qrToken: reservations.qrToken,
      lateCancel: reservations.lateCancel,
      lotId: reservations.lotId,
      creditHeld: reservations.creditHeld,
      attendedAt: reservations.attendedAt,
      cancelledAt: reservations.cancelledAt,
      sessionId: classSessions.id,
      sessionStatus: classSessions.status,
      startsAt: classSessions.startsAt,
      durationMinutes: classSessions.durationMinutes,
      studioId: studios.id,
      studioName: studios.name,
      address: studios.address,
      tz: studios.timezone,
      roomName: rooms.name,
      coachName: sql<string>`trim(${coach.name} || ' ' || ${coach.lastName})`,
      typeName: sessionTypes.name,
      color: sessionTypes.color,
    })
    .from(reservations)
    .innerJoin(classSessions, eq(classSessions.id, reservations.classSessionId))
    .innerJoin(studios, eq(studios.id, classSessions.studioId))
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .innerJoin(rooms, eq(rooms.id, classSessions.roomId))
    .innerJoin(coach, eq(coach.id, classSessions.coachId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, classSessions.sessionTypeId));
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>["execute"]>>[number];

export function toIcsClass(r: Row, publicUrl: string): IcsClass {
  return {
    reservationId: r.id,
    title: r.typeName,
    coach: r.coachName,
    studio: r.studioName,
    address: r.address,
    room: r.roomName,
    spot: r.spot,
    startsAt: r.startsAt,
    durationMinutes: r.durationMinutes,
    cancelled: r.status === "cancelled",
    url: `${publicUrl}/profile/reservations`,
  };
}

/** Upcoming (not ended, not cancelled) and past reservations, with the cancellation terms. */
export async function customerReservations(db: Db, userId: number, now: Date) {
  const rows = await baseQuery(db)
    .where(eq(reservations.userId, userId))
    .orderBy(desc(classSessions.startsAt))
    .limit(300);
  const policies = new Map<number, Awaited<ReturnType<typeof policyOf>>>();
  const out = [];
  for (const r of rows) {
    if (!policies.has(r.studioId)) policies.set(r.studioId, await policyOf(db, r.studioId));
    const d = deadlines(r.startsAt, policies.get(r.studioId)!);
    const ended = new Date(r.startsAt.getTime() + r.durationMinutes * 60_000) <= now;
    const upcoming = !ended && r.status !== "cancelled";
    out.push({
      id: r.id,
      class_session_id: r.sessionId,
      spot: r.spot,
      status: r.status,
      session_status: r.sessionStatus,
      session_type: r.typeName,
      color: r.color,
      coach_name: r.coachName,
      studio_name: r.studioName,
      room_name: r.roomName,
      /** The studio's time zone: the class's day and time are shown in it. */
      timezone: r.tz,
      starts_at: r.startsAt.toISOString(),
      local_date: localDay(r.startsAt, r.tz),
      local_time: localTime(r.startsAt, r.tz),
      when: humanDateTime(r.startsAt, r.tz),
      duration_minutes: r.durationMinutes,
      upcoming,
      can_cancel: upcoming && r.status === "booked" && r.startsAt > now,
      /** Whether cancelling now gives the credit back. */
      refund_on_cancel: now <= d.cancelUntil,
      cancel_until: d.cancelUntil.toISOString(),
      cancel_until_text: humanDateTime(d.cancelUntil, r.tz),
      late_cancel: r.lateCancel,
      attended_at: r.attendedAt?.toISOString() ?? null,
      qr_code: upcoming ? r.qrToken : null,
    });
  }
  return {
    upcoming: out.filter((r) => r.upcoming).reverse(),
    past: out.filter((r) => !r.upcoming),
  };
}

export async function reservationForIcs(db: Db, userId: number, id: number) {
  const [r] = await baseQuery(db).where(and(eq(reservations.id, id), eq(reservations.userId, userId)));
  return r ?? null;
}

/** Reservations of the feed: the last 30 days and everything ahead. */
export async function feedReservations(db: Db, userId: number, now: Date) {
  return baseQuery(db)
    .where(and(eq(reservations.userId, userId), gte(classSessions.startsAt, new Date(now.getTime() - 30 * 86_400_000))))
    .orderBy(asc(classSessions.startsAt))
    .limit(500);
}

export async function customerWaitlist(db: Db, userId: number, now: Date) {
  const rows = await db
    .select({
      id: waitlistEntries.id,
      status: waitlistEntries.status,
      sessionId: classSessions.id,
      startsAt: classSessions.startsAt,
      studioName: studios.name,
      tz: studios.timezone,
      typeName: sessionTypes.name,
      coachName: sql<string>`trim(${coach.name} || ' ' || ${coach.lastName})`,
      position: sql<number>`(select count(*)::int from waitlist_entries w2 where w2.class_session_id = ${waitlistEntries.classSessionId} and w2.status = 'waiting' and w2.id <= ${waitlistEntries.id})`,
    })
    .from(waitlistEntries)
    .innerJoin(classSessions, eq(classSessions.id, waitlistEntries.classSessionId))
    .innerJoin(studios, eq(studios.id, classSessions.studioId))
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .innerJoin(coach, eq(coach.id, classSessions.coachId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, classSessions.sessionTypeId))
    .where(
      and(eq(waitlistEntries.userId, userId), eq(waitlistEntries.status, "waiting"), gte(classSessions.startsAt, now)),
    )
    .orderBy(asc(classSessions.startsAt));
  return rows.map((r) => ({
    id: r.id,
    class_session_id: r.sessionId,
    session_type: r.typeName,
    coach_name: r.coachName,
    studio_name: r.studioName,
    starts_at: r.startsAt.toISOString(),
    when: humanDateTime(r.startsAt, r.tz),
    position: r.position,
  }));
}

/**
 * Feed tokens are never stored (docs/decisions.md, "Calendar feed tokens are not stored"): the
 * token is derived from the address's random salt with the installation's key, so the profile can
 * show it again, and the database keeps only its sha256, to find the feed.
 */
const feedTokenOf = (secrets: SecretBox, salt: string) => secrets.derive(`calendar-feed:${salt}`);
const feedHash = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

function newFeedAddress(secrets: SecretBox) {
  const salt = crypto.randomBytes(16).toString("base64url");
  const token = feedTokenOf(secrets, salt);
  return { salt, token, tokenHash: feedHash(token) };
}

/** A new feed token for the customer at `now`: the old address answers 404 from then on. */
export async function resetFeedToken(db: Db, secrets: SecretBox, userId: number, now: Date): Promise<string> {
  const { salt, token, tokenHash } = newFeedAddress(secrets);
  await db
    .insert(calendarFeeds)
    .values({ userId, salt, tokenHash, createdAt: now })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { salt, tokenHash, legacyTokenHash: null, createdAt: now },
    });
  return token;
}

/**
 * The customer's feed token, created on first use. An address made before tokens were derived (no
 * salt: only its hash is known) gets a derived one at the first visit, and keeps working as well
 * (`legacyTokenHash`) until the customer resets.
 */
export async function feedToken(db: Db, secrets: SecretBox, userId: number): Promise<string> {
  const [row] = await db
    .select({ salt: calendarFeeds.salt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  if (row?.salt) return feedTokenOf(secrets, row.salt);
  const { salt, token, tokenHash } = newFeedAddress(secrets);
  // Two first visits at once: the first write wins and both answer its token.
  const [made] = await db
    .insert(calendarFeeds)
    .values({ userId, salt, tokenHash })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { salt, tokenHash, legacyTokenHash: sql`${calendarFeeds}.token_hash` },
      setWhere: isNull(calendarFeeds.salt),
    })
    .returning({ userId: calendarFeeds.userId });
  if (made) return token;
  const [kept] = await db
    .select({ salt: calendarFeeds.salt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return feedTokenOf(secrets, kept!.salt!);
}

export async function userOfFeed(db: Db, token: string): Promise<number | null> {
  const hash = feedHash(token);
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(or(eq(calendarFeeds.tokenHash, hash), eq(calendarFeeds.legacyTokenHash, hash)));
  return row?.userId ?? null;
}
