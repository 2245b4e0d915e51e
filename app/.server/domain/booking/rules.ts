/**
 * Booking's rules, pure: the booking window and online cut-off, the cancel cut-off (late cancel),
 * joining and being promoted from the waitlist, and the door's attendance window. Each takes the facts
 * (the class, its studio's policy, the time now, who acts) and answers or throws the catalogue's
 * Spanish refusal; none reads or writes the database, so each is unit-tested alone
 * (tests/unit/booking-rules.test.ts) beside the integration tests of reservations.ts, which gathers
 * the facts under its locks and applies these answers.
 */
import { t } from "~/lib/messages";
import { AppError } from "../errors";
import { deadlines, type BookingPolicy } from "./policies";
import { humanDate, humanDateTime, localDay, localTime } from "~/shared/mexico/time";

/** What the rules need to know of a class. */
export interface ClassFacts {
  status: string;
  startsAt: Date;
  /** The studio's time zone (the refusals say its dates and times). */
  tz: string;
  policy: BookingPolicy;
  /** Staff closed the class's waitlist. */
  waitlistClosedAt?: Date | null;
}

/** A class not cancelled and not begun; otherwise the refusal. */
function assertUpcoming(c: ClassFacts, now: Date) {
  if (c.status === "cancelled") throw AppError.conflict(t("booking.errors.sessionCancelled"));
  if (c.startsAt <= now) throw AppError.conflict(t("booking.errors.sessionPast"));
}

/** Refuses before the booking window opens (the studio's days ahead); staff book any time. */
function assertWindowOpen(c: ClassFacts, now: Date) {
  const d = deadlines(c.startsAt, c.policy);
  if (now < d.opensAt)
    throw AppError.conflict(t("booking.errors.notOpenYet", { date: humanDateTime(d.opensAt, c.tz) }));
  return d;
}

/**
 * May a spot be booked now? Online: from the window's opening until the online cut-off. Staff: any
 * time before the class starts. Answers the class's deadlines (the mail tells the cancel cut-off).
 */
export function assertBookable(c: ClassFacts, now: Date, staff: boolean) {
  assertUpcoming(c, now);
  if (staff) return deadlines(c.startsAt, c.policy);
  const d = assertWindowOpen(c, now);
  if (now > d.onlineClosesAt) throw AppError.conflict(t("booking.errors.onlineClosed"));
  return d;
}

/**
 * What a cancellation does to the credit. A customer cannot cancel a class that has begun; before
 * the studio's cancel cut-off the credit returns, after it the cancel is late and the credit stays
 * spent. Staff choose: with penalty (kept) or without (returned), whatever the time.
 */
export function cancelOutcome(c: ClassFacts, now: Date, staff?: { penalty: boolean }) {
  if (!staff && c.startsAt <= now) throw AppError.conflict(t("booking.errors.cannotCancelStarted"));
  const late = now > deadlines(c.startsAt, c.policy).cancelUntil;
  const refund = staff ? !staff.penalty : !late;
  return { refund, late: !refund };
}

/** The class's waitlist takes entries and promotes from them until the promotion cut-off, unless closed. */
export function waitlistOpen(c: ClassFacts, now: Date) {
  return (
    c.status === "scheduled" && !c.waitlistClosedAt && now <= deadlines(c.startsAt, c.policy).waitlistPromotionUntil
  );
}

/** The people side of joining a waitlist, as the locked rows say. */
export interface WaitlistFacts {
  /** The person holds a place in the class. */
  booked: boolean;
  /** Places held / spots of the map. */
  taken: number;
  spots: number;
  /** The person is waiting already. */
  waiting: boolean;
  /** People waiting now. */
  queue: number;
}

/** May this person join the class's waitlist? (Overlaps with their other classes are checked apart.) */
export function assertMayJoinWaitlist(c: ClassFacts, now: Date, w?: WaitlistFacts) {
  assertUpcoming(c, now);
  assertWindowOpen(c, now);
  if (!waitlistOpen(c, now)) throw AppError.conflict(t("booking.errors.waitlistClosed"));
  if (!w) return;
  if (w.booked) throw AppError.conflict(t("booking.errors.alreadyBooked"));
  if (w.taken < w.spots) throw AppError.conflict(t("booking.errors.notFull"));
  if (w.waiting) throw AppError.conflict(t("booking.errors.alreadyWaiting"));
  if (w.queue >= c.policy.waitlistMax) throw AppError.conflict(t("booking.errors.waitlistFull"));
}

/** Why the first person waiting is passed over for a free spot (null: they get it). */
export function promotionSkip(p: { booked: boolean; overlap: boolean; credit: boolean }) {
  if (p.booked) return "already_booked" as const;
  if (p.overlap) return "overlap" as const;
  if (!p.credit) return "no_credit" as const;
  return null;
}

/** Where and when a reservation is being checked in. */
export interface AttendanceFacts {
  /** A QR's code (the door or a class's scanner); false: from the class's list (staff's own act). */
  byCode: boolean;
  /** The class the scanner page is for, and the class of the reservation. */
  scannerClassId?: number;
  classId: number;
  /** The studio the door page is at, and the class's studio (and its name, for the message). */
  doorStudioId?: number;
  classStudioId: number;
  studioName: string;
}

/**
 * The door's rules. Never overridden: a record of attendance from the list on another day, a QR on another
 * class's scanner. Refused unless staff who may override give a reason (the answer's `refusal`): a
 * QR at another studio, or outside the class's attendance window (by default 60 minutes before start
 * to 15 after, the studio's policy). Answers the refusal to override, or null.
 */
export function attendanceRefusal(c: ClassFacts, now: Date, f: AttendanceFacts): string | null {
  const otherDay = t("booking.errors.qrOtherDay", { date: humanDate(c.startsAt, c.tz) });
  const sameDay = localDay(c.startsAt, c.tz) === localDay(now, c.tz);
  const at = { time: localTime(c.startsAt, c.tz), studio: f.studioName };
  if (!f.byCode && !sameDay) throw AppError.conflict(otherDay);
  if (f.scannerClassId && f.scannerClassId !== f.classId)
    throw AppError.conflict(sameDay ? t("booking.errors.qrOtherClass", at) : otherDay);
  if (!f.byCode) return null;
  const w = deadlines(c.startsAt, c.policy);
  if (f.doorStudioId && f.doorStudioId !== f.classStudioId)
    return t("booking.errors.qrOtherStudio", { studio: f.studioName });
  if (now < w.attendanceOpensAt)
    return sameDay ? t("booking.errors.qrTooEarly", { ...at, opens: localTime(w.attendanceOpensAt, c.tz) }) : otherDay;
  if (now > w.attendanceClosesAt)
    return sameDay ? t("booking.errors.qrTooLate", { ...at, closes: localTime(w.attendanceClosesAt, c.tz) }) : otherDay;
  return null;
}
