/**
 * Demo schedule and bookings: two weeks of classes in every demo studio with a room (from the day
 * the seed runs, plus last week's as history), some nearly full, one full with a waitlist; a few
 * dozen customers with credits and history; `cliente@example.com` with credits in two cities and a
 * few reservations. Runs once: a database that already has classes is left as it is.
 */
import crypto from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import * as s from "../db/schema";
import { grantLot } from "../domain/credits/ledger";
import { addDays, localDay, zonedToUtc } from "~/shared/mexico/time";
import { spotsOf } from "../domain/booking/context";

const FIRST = [
  "Ana",
  "Lucía",
  "Fernanda",
  "Paola",
  "Regina",
  "Ximena",
  "Camila",
  "Daniela",
  "Andrea",
  "Valeria",
  "Renata",
  "Sofía",
  "Mariana",
  "Gabriela",
  "Natalia",
  "Isabel",
  "Carmen",
  "Alejandra",
  "Jimena",
  "Montserrat",
  "Karla",
  "Diana",
  "Laura",
  "Elena",
  "Patricia",
  "Mónica",
  "Claudia",
  "Verónica",
  "Adriana",
  "Luisa",
  "Rodrigo",
  "Emilio",
];
const LAST = [
  "Hernández",
  "García",
  "Martínez",
  "López",
  "González",
  "Pérez",
  "Rodríguez",
  "Sánchez",
  "Ramírez",
  "Cruz",
  "Flores",
  "Gómez",
  "Morales",
  "Vázquez",
  "Jiménez",
  "Reyes",
  "Díaz",
  "Torres",
  "Gutiérrez",
  "Ruiz",
  "Mendoza",
  "Aguilar",
  "Ortiz",
  "Castillo",
  "Romero",
  "Medina",
  "Herrera",
  "Vargas",
  "Chávez",
  "Ríos",
  "Navarro",
  "Salinas",
];

const TIMES = ["07:00", "09:00", "18:30", "20:00"];

function strip(v: string) {
  return v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** Deterministic pseudo-random numbers (the demo looks the same on every install). */
function rng(seed: number) {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

export async function seedBooking(tx: Db, opts: { passwordHash: string; now?: Date }) {
  const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(s.classSessions);
  if ((existing?.n ?? 0) > 0) return;
  const now = opts.now ?? new Date();
  const rand = rng(20261124);

  const roomRows = await tx
    .select({ room: s.rooms, cityId: s.studios.cityId, tz: s.studios.timezone })
    .from(s.rooms)
    .innerJoin(s.studios, eq(s.studios.id, s.rooms.studioId))
    .innerJoin(s.cities, eq(s.cities.id, s.studios.cityId))
    .where(eq(s.studios.active, true))
    .orderBy(asc(s.rooms.id));
  const coachIds = (await tx.select({ id: s.coaches.id }).from(s.coaches).orderBy(asc(s.coaches.id))).map((c) => c.id);
  const types = await tx.select().from(s.sessionTypes).orderBy(asc(s.sessionTypes.id));
  if (roomRows.length === 0 || coachIds.length === 0 || types.length === 0) return;

  // Demo customers (a few dozen).
  const customers: { id: number; cityId: number }[] = [];
  const cityIds = [...new Set(roomRows.map((r) => r.cityId))];
  for (let i = 0; i < 16; i++) {
    const name = FIRST[i % FIRST.length]!;
    const lastName = `${LAST[i % LAST.length]} ${LAST[(i * 7 + 3) % LAST.length]}`;
    const email = `${strip(name)}.${strip(LAST[i % LAST.length]!)}${i + 1}@example.com`;
    const [found] = await tx
      .select({ id: s.users.id })
      .from(s.users)
      .where(sql`lower(${s.users.email}) = ${email}`);
    const id =
      found?.id ??
      (
        await tx
          .insert(s.users)
          .values({
            name,
            lastName,
            email,
            passwordHash: opts.passwordHash,
            roleId: s.ROLE.customer,
            phone: `55${String(30000000 + i * 7919).slice(0, 8)}`,
            emailVerifiedAt: now,
          })
          .returning({ id: s.users.id })
      )[0]!.id;
    customers.push({ id, cityId: cityIds[i % cityIds.length]! });
  }

  // Classes: last 7 days (history) and the next 14, up to four a day per room.
  type NewClass = typeof s.classSessions.$inferInsert;
  const classes: NewClass[] = [];
  for (const [ri, { room, tz }] of roomRows.entries()) {
    const layout = room.layout && spotsOf(room.layout).length ? room.layout : { rows: [[1, 2, 3, 4, 5, 6]] };
    const today = localDay(now, tz);
    for (let d = -7; d < 14; d++) {
      const day = addDays(today, d);
      const times = TIMES.filter((_, k) => (k + ri + d) % 4 !== 3 || ri === 0);
      for (const [k, time] of times.entries()) {
        const type = types[(ri + d + k + 14) % types.length]!;
        const startsAt = zonedToUtc(day, time, tz);
        classes.push({
          studioId: room.studioId,
          roomId: room.id,
          coachId: coachIds[(ri + k + d + 21) % coachIds.length]!,
          sessionTypeId: type.id,
          startsAt,
          endsAt: new Date(startsAt.getTime() + type.durationMinutes * 60_000),
          durationMinutes: type.durationMinutes,
          capacity: spotsOf(layout).length,
          layout,
        });
      }
    }
  }
  const inserted = await tx.insert(s.classSessions).values(classes).returning();
  const smallest = [...roomRows].sort((a, b) => a.room.capacity - b.room.capacity)[0]!;

  // Who books what: each customer keeps one class per time slot at most.
  const busy = new Map<number, { start: number; end: number }[]>();
  const used = new Map<string, number>();
  const reservations: (typeof s.reservations.$inferInsert)[] = [];
  const waitlist: (typeof s.waitlistEntries.$inferInsert)[] = [];
  // The full class with a waitlist: the smallest room's first class at least 12 hours ahead (first
  // in line, so nobody is busy elsewhere at that hour yet).
  const fullTarget = inserted.find(
    (c) => c.roomId === smallest.room.id && c.startsAt.getTime() - now.getTime() > 12 * 3_600_000,
  );
  const ordered = fullTarget ? [fullTarget, ...inserted.filter((c) => c !== fullTarget)] : inserted;
  for (const [i, c] of ordered.entries()) {
    const cityId = roomRows.find((r) => r.room.id === c.roomId)!.cityId;
    const spots = spotsOf(c.layout);
    const isPast = c.startsAt < now;
    const tomorrowMorning = c === fullTarget;
    const share = tomorrowMorning ? 1 : i % 6 === 1 ? 0.9 : isPast ? 0.6 : 0.25 + rand() * 0.3;
    const want = Math.min(spots.length, Math.round(spots.length * share));
    const pool =
      tomorrowMorning || i % 6 === 1 ? customers : customers.filter((u) => u.cityId === cityId || rand() < 0.1);
    const order = [...pool].sort(() => rand() - 0.5);
    const shuffledSpots = [...spots].sort(() => rand() - 0.5);
    let n = 0;
    const overlaps = (uid: number) =>
      (busy.get(uid) ?? []).some((b) => b.start < c.endsAt.getTime() && b.end > c.startsAt.getTime());
    for (const u of order) {
      if (n >= want) break;
      if (overlaps(u.id)) continue;
      busy.set(u.id, [...(busy.get(u.id) ?? []), { start: c.startsAt.getTime(), end: c.endsAt.getTime() }]);
      const key = `${u.id}:${cityId}`;
      used.set(key, (used.get(key) ?? 0) + 1);
      reservations.push({
        classSessionId: c.id,
        userId: u.id,
        spot: shuffledSpots[n]!,
        status: isPast ? (rand() < 0.9 ? "attended" : "no_show") : "booked",
        attendedAt: isPast ? c.startsAt : null,
        qrToken: crypto.randomBytes(18).toString("base64url"),
        createdAt: new Date(c.startsAt.getTime() - (2 + Math.floor(rand() * 5)) * 86_400_000),
      });
      n++;
    }
    if (tomorrowMorning) {
      for (const u of order
        .filter((x) => !reservations.some((r) => r.classSessionId === c.id && r.userId === x.id))
        .slice(0, 3)) {
        if (overlaps(u.id)) continue;
        waitlist.push({ classSessionId: c.id, userId: u.id });
      }
    }
  }
  for (let k = 0; k < reservations.length; k += 500) {
    await tx
      .insert(s.reservations)
      .values(reservations.slice(k, k + 500))
      .onConflictDoNothing();
  }
  if (waitlist.length) await tx.insert(s.waitlistEntries).values(waitlist);
  // Mark no-shows as such (their attendance is cleared).
  await tx.execute(sql`update reservations set attended_at = null where status = 'no_show'`);

  // Credits: each demo customer bought a pack of 20 per city they used; what they booked is spent.
  for (const [key, count] of used.entries()) {
    const [userId, cityId] = key.split(":").map(Number) as [number, number];
    const lotId = await grantLot(tx, {
      userId,
      scope: "in_person",
      cityId,
      quantity: Math.max(20, count + 4),
      startsAt: new Date(now.getTime() - 10 * 86_400_000),
      expiresAt: new Date(now.getTime() + 50 * 86_400_000),
      source: "purchase",
      sourceRef: "seed",
      actorUserId: userId,
      reason: "Paquete de clases (demo)",
    });
    await tx
      .update(s.creditLots)
      .set({ remaining: sql`${s.creditLots.remaining} - ${count}` })
      .where(eq(s.creditLots.id, lotId));
    await tx.execute(sql`
      update reservations set lot_id = ${lotId}
      where user_id = ${userId} and class_session_id in (
        select cs.id from class_sessions cs join studios st on st.id = cs.studio_id where st.city_id = ${cityId})`);
    await tx.execute(sql`
      insert into credit_movements (lot_id, user_id, delta, kind, reason, ref, actor_user_id, created_at)
      select ${lotId}, r.user_id, -1, 'spend', 'Reservación (demo)', 'reservation:' || r.id, r.user_id, r.created_at
      from reservations r where r.lot_id = ${lotId}`);
  }

  // cliente@example.com: credits in two cities (a pack and a courtesy) and a few reservations.
  const [cliente] = await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, "cliente@example.com"));
  if (cliente && cityIds.length > 0) {
    const [first, second] = cityIds;
    const lot = await grantLot(tx, {
      userId: cliente.id,
      scope: "in_person",
      cityId: first!,
      quantity: 10,
      startsAt: new Date(now.getTime() - 5 * 86_400_000),
      expiresAt: new Date(now.getTime() + 40 * 86_400_000),
      source: "purchase",
      sourceRef: "seed",
      actorUserId: cliente.id,
      reason: "Paquete 10 clases (demo)",
    });
    if (second)
      await grantLot(tx, {
        userId: cliente.id,
        scope: "in_person",
        cityId: second,
        quantity: 3,
        startsAt: new Date(now.getTime() - 86_400_000),
        expiresAt: new Date(now.getTime() + 30 * 86_400_000),
        source: "courtesy",
        sourceRef: "seed",
        actorUserId: null,
        reason: "Cortesía de bienvenida (demo)",
      });
    const firstRoomIds = roomRows.filter((r) => r.cityId === first).map((r) => r.room.id);
    const upcoming = inserted.filter(
      (c) => firstRoomIds.includes(c.roomId) && c.startsAt.getTime() > now.getTime() + 30 * 3_600_000,
    );
    const days = [...new Set(upcoming.map((c) => localDay(c.startsAt)))];
    const mine = [days[1], days[3], days[6]]
      .filter(Boolean)
      .map((day) => upcoming.find((c) => localDay(c.startsAt) === day)!);
    const past = inserted.find(
      (c) => firstRoomIds.includes(c.roomId) && c.startsAt < new Date(now.getTime() - 2 * 86_400_000),
    );
    for (const c of [...mine, ...(past ? [past] : [])]) {
      const taken = new Set(
        (
          await tx
            .select({ spot: s.reservations.spot })
            .from(s.reservations)
            .where(eq(s.reservations.classSessionId, c.id))
        ).map((r) => r.spot),
      );
      const already = await tx
        .select({ id: s.reservations.id })
        .from(s.reservations)
        .where(sql`${s.reservations.classSessionId} = ${c.id} and ${s.reservations.userId} = ${cliente.id}`);
      const spot = spotsOf(c.layout).find((n) => !taken.has(n));
      if (!spot || already.length) continue;
      const isPast = c.startsAt < now;
      const [r] = await tx
        .insert(s.reservations)
        .values({
          classSessionId: c.id,
          userId: cliente.id,
          spot,
          status: isPast ? "attended" : "booked",
          attendedAt: isPast ? c.startsAt : null,
          qrToken: crypto.randomBytes(18).toString("base64url"),
          lotId: lot,
        })
        .returning({ id: s.reservations.id });
      await tx
        .update(s.creditLots)
        .set({ remaining: sql`${s.creditLots.remaining} - 1` })
        .where(eq(s.creditLots.id, lot));
      await tx.insert(s.creditMovements).values({
        lotId: lot,
        userId: cliente.id,
        delta: -1,
        kind: "spend",
        reason: "Reservación (demo)",
        ref: `reservation:${r!.id}`,
        actorUserId: cliente.id,
      });
    }
  }
}
