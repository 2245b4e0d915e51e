/** A class with what its rules and messages need: studio, city, time zone, coach, type, room. */
import { and, eq, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { cities, classSessions, coaches, reservations, rooms, sessionTypes, studios } from "../../db/schema";
import type { RoomLayout } from "../../db/schema";
import { t } from "~/lib/messages";
import { AppError } from "../errors";

export type ClassSessionRow = typeof classSessions.$inferSelect;

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
}

const subCoach = alias(coaches, "c");

/** Loads a class (row-locked with `lock`); 404 with the catalogue's message when absent. */
export async function loadSession(db: Db, id: number, lock = false): Promise<SessionInfo> {
  if (lock) {
    const locked = await db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(eq(classSessions.id, id))
      .for("update");
    if (locked.length === 0) throw AppError.notFound(t("booking.errors.sessionNotFound"));
  }
  const [row] = await db
    .select({
      session: classSessions,
      studioName: studios.name,
      cityId: cities.id,
      cityName: cities.name,
      tz: cities.timezone,
      coachName: sql<string>`trim(${subCoach.name} || ' ' || ${subCoach.lastName})`,
      typeName: sessionTypes.name,
      typeColor: sessionTypes.color,
      roomName: rooms.name,
    })
    .from(classSessions)
    .innerJoin(studios, eq(studios.id, classSessions.studioId))
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .innerJoin(subCoach, eq(subCoach.id, classSessions.coachId))
    .innerJoin(sessionTypes, eq(sessionTypes.id, classSessions.sessionTypeId))
    .innerJoin(rooms, eq(rooms.id, classSessions.roomId))
    .where(eq(classSessions.id, id));
  if (!row) throw AppError.notFound(t("booking.errors.sessionNotFound"));
  return row;
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
    .select({ spot: reservations.spot, userId: reservations.userId, id: reservations.id })
    .from(reservations)
    .where(and(eq(reservations.classSessionId, sessionId), ne(reservations.status, "cancelled")));
}
