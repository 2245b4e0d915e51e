/**
 * Scheduled booking work. Each run is idempotent and safe on several servers at once: it marks
 * what it has done on the class row (`no_shows_marked_at`, `waitlist_closed_at`,
 * `reminders_sent_at`) under a row lock taken with SKIP LOCKED, so a second run skips it.
 */
import { and, eq, gt, isNull, lte, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { AppDeps } from "../../deps";
import { bookingPolicies, classSessions, reservations, waitlistEntries } from "../../db/schema";
import { expireLots } from "../credits/spend";
import { loadSession } from "./context";
import { sendBookingMail } from "./mails";
import { DEFAULT_POLICY } from "./policies";
import { generateFromTemplates } from "./sessions";

type Deps = Pick<AppDeps, "db" | "config" | "mailer" | "log">;

/** A policy column of the class's studio, or the default, as SQL minutes. */
const policy = (col: "no_show_window_minutes" | "reminder_minutes") =>
  sql<number>`coalesce((select bp.${sql.raw(col)} from ${bookingPolicies} bp where bp.studio_id = ${classSessions.studioId}), ${
    col === "no_show_window_minutes" ? DEFAULT_POLICY.noShowWindowMinutes : DEFAULT_POLICY.reminderMinutes
  })`;

export async function expireCredits(deps: Deps, now: Date) {
  let total = 0;
  for (;;) {
    const n = await expireLots(deps.db, now, t("booking.ledger.expire"));
    total += n;
    if (n < 500) return total;
  }
}

/** After class start + the studio's no-show window, booked people not checked in become no-shows
 * (the credit stays spent; staff may waive it). */
export async function markNoShows(deps: Deps, now: Date) {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(
        and(
          eq(classSessions.status, "scheduled"),
          isNull(classSessions.noShowsMarkedAt),
          lte(sql`${classSessions.startsAt} + make_interval(mins => ${policy("no_show_window_minutes")})`, now),
        ),
      )
      .limit(200)
      .for("update", { skipLocked: true });
    let marked = 0;
    for (const s of due) {
      const r = await tx
        .update(reservations)
        .set({ status: "no_show", updatedAt: now })
        .where(and(eq(reservations.classSessionId, s.id), eq(reservations.status, "booked")))
        .returning({ id: reservations.id });
      marked += r.length;
      await tx.update(classSessions).set({ noShowsMarkedAt: now }).where(eq(classSessions.id, s.id));
    }
    return { classes: due.length, noShows: marked };
  });
}

/** Once a class has started its waitlist closes: the people still waiting are told by the list. */
export async function closeWaitlists(deps: Deps, now: Date) {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(and(isNull(classSessions.waitlistClosedAt), lte(classSessions.startsAt, now)))
      .limit(500)
      .for("update", { skipLocked: true });
    let closed = 0;
    for (const s of due) {
      const r = await tx
        .update(waitlistEntries)
        .set({ status: "closed", note: "class_started", updatedAt: now })
        .where(and(eq(waitlistEntries.classSessionId, s.id), eq(waitlistEntries.status, "waiting")))
        .returning({ id: waitlistEntries.id });
      closed += r.length;
      await tx.update(classSessions).set({ waitlistClosedAt: now }).where(eq(classSessions.id, s.id));
    }
    return { classes: due.length, entries: closed };
  });
}

/** The reminder mail, once per class, when the studio's reminder time has come. */
export async function sendReminders(deps: Deps, now: Date) {
  return deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(
        and(
          eq(classSessions.status, "scheduled"),
          isNull(classSessions.remindersSentAt),
          gt(classSessions.startsAt, now),
          lte(sql`${classSessions.startsAt} - make_interval(mins => ${policy("reminder_minutes")})`, now),
        ),
      )
      .limit(100)
      .for("update", { skipLocked: true });
    let sent = 0;
    for (const s of due) {
      const info = await loadSession(tx, s.id);
      const booked = await tx
        .select()
        .from(reservations)
        .where(and(eq(reservations.classSessionId, s.id), eq(reservations.status, "booked")));
      for (const r of booked) {
        await sendBookingMail(deps, tx, {
          kind: "reminder",
          userId: r.userId,
          info,
          reservationId: r.id,
          spot: r.spot,
        });
        sent++;
      }
      await tx.update(classSessions).set({ remindersSentAt: now }).where(eq(classSessions.id, s.id));
    }
    return { classes: due.length, mails: sent };
  });
}

export async function generateSchedule(deps: Deps, now: Date) {
  return { created: await generateFromTemplates(deps.db, now) };
}
