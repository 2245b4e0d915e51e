/** A class with what its rules and messages need: studio, city, time zone, coach, type, room. */
import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import {
  bookingPolicies,
  cities,
  classSessions,
  coaches,
  reservations,
  rooms,
  sessionTypes,
  studios,
} from "../../db/schema";
import type { RoomLayout } from "../../db/schema";
import { t } from "~/lib/messages";
import { AppError } from "../errors";
import { DEFAULT_POLICY, type BookingPolicy } from "./policies";

type ClassSessionRow = typeof classSessions.$inferSelect;

export interface SessionInfo {
  session: ClassSessionRow;
  studioName: string;
  cityId: number;
  cityName: string;
  tz: string;
  coachName: string;
  typeName: string;
  typeColor: string;
  roomName: string;
  /** The studio's booking policy (the defaults when it has none), read in the same query. */
  policy: BookingPolicy;
}

const subCoach = alias(coaches, "c");

/**
 * Loads a class in one round trip, optionally row-locked: `true`/"update" (FOR UPDATE: changes
 * to the class itself, cancellations, the waitlist, attendance) or "share" (FOR SHARE: bookings,
 * which may run side by side — the partial unique indexes keep one person per spot and one place
 * per person — but wait for, and are waited for by, anything holding the class FOR UPDATE).
 * 404 with the catalogue's message when absent.
 */
export async function loadSession(
  db: Db,
  id: number,
  lock: boolean | "update" | "share" = false,
): Promise<SessionInfo> {
  const q = db
    .select({
      session: classSessions,
      studioName: studios.name,
      cityId: cities.id,
      cityName: cities.name,
      tz: studios.timezone,
      coachName: sql<string>`trim(${subCoach.name} || ' ' || ${subCoach.lastName})`,
      typeName: sessionTypes.name,
      typeColor: sessionTypes.color,
      roomName: rooms.name,
      policy: bookingPolicies,
    })
    .from(classSessions)
    .innerJoin(studios, eq(studios.id, classSessions.studioId))
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .innerJoin(subCoach, eq(subCoach.id, classSessions.coachId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, classSessions.sessionTypeId))
    .innerJoin(rooms, eq(rooms.id, classSessions.roomId))
    .leftJoin(bookingPolicies, eq(bookingPolicies.studioId, classSessions.studioId))
    .where(eq(classSessions.id, id));
  const mode = lock === true ? "update" : lock;
  const [row] = mode ? await q.for(mode, { of: classSessions }) : await q;
  if (!row) throw AppError.notFound(t("booking.errors.sessionNotFound"));
  let policy: BookingPolicy = { ...DEFAULT_POLICY };
  if (row.policy) {
    const { studioId: _s, updatedAt: _u, ...p } = row.policy;
    policy = p;
  }
  return { ...row, policy };
}

/** The spot numbers of a map, in reading order. */
export function spotsOf(layout: RoomLayout): number[] {
  return layout.rows.flat().filter((n): n is number => typeof n === "number");
}

/** A room without a drawn map gets rows of up to 6 spots. */
export function defaultLayout(capacity: number): RoomLayout {
  const rows: (number | null)[][] = [];
  for (let n = 1; n <= capacity; n += 6)
    rows.push(Array.from({ length: Math.min(6, capacity - n + 1) }, (_, i) => n + i));
  return { rows, coachPosition: "top" };
}

/** Spots taken by active reservations, with who holds them. */
export async function takenSpots(db: Db, sessionId: number) {
  return db
    .select({ spot: reservations.spot, userId: reservations.userId, id: reservations.id, source: reservations.source })
    .from(reservations)
    .where(and(eq(reservations.classSessionId, sessionId), ne(reservations.status, "cancelled")));
}
