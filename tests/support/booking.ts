import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../app/.server/db/client";
import { cities, coaches, sessionTypes, studios, users } from "../../app/.server/db/schema";
import { createSession as createAuthSession } from "../../app/.server/domain/identity/sessions";
import { grantLot } from "../../app/.server/domain/credits/ledger";
import { createSession } from "../../app/.server/domain/booking/sessions";
import { createRoom } from "./factories";

/** A customer of its own (not a demo account) and a bearer token valid for a year of moved clock. */
export async function makeCustomer(db: Db, label = "c") {
  const email = `${label}-${crypto.randomBytes(6).toString("hex")}@prueba.mx`;
  const [u] = await db
    .insert(users)
    .values({ name: "Prueba", lastName: label, email, passwordHash: "x", roleId: 2 })
    .returning({ id: users.id });
  const { token } = await createAuthSession(db, u!.id, {
    remember: true,
    now: new Date(Date.now() - 86_400_000),
    policy: { sessionHours: 12, rememberDays: 365 },
  });
  return { id: u!.id, email, token };
}

export async function giveCredits(
  db: Db,
  userId: number,
  cityId: number,
  quantity: number | null,
  from: Date,
  days = 60,
) {
  return grantLot(db, {
    userId,
    scope: "in_person",
    cityId,
    quantity,
    startsAt: from,
    expiresAt: new Date(from.getTime() + days * 86_400_000),
    source: "courtesy",
    sourceRef: "test",
    actorUserId: null,
    reason: "Prueba",
  });
}

/** A studio's first room (of the seed) with a fresh, drawn room of `capacity` spots of our own. */
export async function makeRoom(db: Db, capacity: number, studioIndex = 0) {
  const all = await db.select().from(studios).orderBy(studios.id);
  const studio = all.filter((s) => s.active)[studioIndex]!;
  const [city] = await db.select().from(cities).where(eq(cities.id, studio.cityId));
  const rows: number[][] = [];
  for (let n = 1; n <= capacity; n += 5)
    rows.push(Array.from({ length: Math.min(5, capacity - n + 1) }, (_, i) => n + i));
  const room = await createRoom(db, {
    studioId: studio.id,
    name: `Sala prueba ${crypto.randomBytes(3).toString("hex")}`,
    capacity,
    layout: { rows },
  });
  const [coach] = await db.select().from(coaches).limit(1);
  const [type] = await db.select().from(sessionTypes).limit(1);
  return { studio, city: city!, room, coach: coach!, type: type! };
}

export async function makeClass(
  db: Db,
  place: Awaited<ReturnType<typeof makeRoom>>,
  startsAt: Date,
  now = new Date(),
  durationMinutes = 50,
) {
  return createSession(
    db,
    {
      studioId: place.studio.id,
      roomId: place.room.id,
      coachId: place.coach.id,
      sessionTypeId: place.type.id,
      startsAt,
      durationMinutes,
    },
    now,
  );
}
