import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookingPolicies } from "../../db/schema";

import type { BookingPolicy } from "~/shared/schemas/booking-admin";

export type { BookingPolicy };

/** What a studio without its own row uses. */
export const DEFAULT_POLICY: BookingPolicy = {
  bookingOpensDays: 14,
  bookingCutoffMinutes: 10,
  cancelCutoffMinutes: 720,
  noShowWindowMinutes: 30,
  waitlistMax: 10,
  waitlistCutoffMinutes: 60,
  reminderMinutes: 180,
  attendanceOpensMinutes: 60,
  attendanceClosesMinutes: 15,
};

export async function policyOf(db: Db, studioId: number): Promise<BookingPolicy> {
  const [row] = await db.select().from(bookingPolicies).where(eq(bookingPolicies.studioId, studioId));
  if (!row) return { ...DEFAULT_POLICY };
  const { studioId: _s, updatedAt: _u, ...p } = row;
  return p;
}

export async function savePolicy(db: Db, studioId: number, p: BookingPolicy, now: Date) {
  await db
    .insert(bookingPolicies)
    .values({ studioId, ...p, updatedAt: now })
    .onConflictDoUpdate({ target: bookingPolicies.studioId, set: { ...p, updatedAt: now } });
}

const minutes = (n: number) => n * 60_000;

/** The instants a class's rules turn on. */
export function deadlines(startsAt: Date, p: BookingPolicy) {
  const s = startsAt.getTime();
  return {
    opensAt: new Date(s - p.bookingOpensDays * 86_400_000),
    onlineClosesAt: new Date(s - minutes(p.bookingCutoffMinutes)),
    cancelUntil: new Date(s - minutes(p.cancelCutoffMinutes)),
    waitlistPromotionUntil: new Date(s - minutes(p.waitlistCutoffMinutes)),
    reminderAt: new Date(s - minutes(p.reminderMinutes)),
    attendanceOpensAt: new Date(s - minutes(p.attendanceOpensMinutes)),
    attendanceClosesAt: new Date(s + minutes(p.attendanceClosesMinutes)),
  };
}
