/**
 * The back office's schedule: a class, a weekly template, a studio's booking policies. Browser-safe:
 * the calendar's drawers check their fields with the same rules (and messages) as the API
 * (`app/.server/api/admin-booking.ts`).
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { id, isCalendarDate, wholeNumber } from "~/shared/schemas/fields";

/** An instant written ISO 8601 (`2026-05-10T07:00:00-06:00`). */
export const isoDate = (msg = t("booking.errors.startsAtInvalid")) =>
  z
    .string({ error: msg })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)), { message: msg })
    .transform((v) => new Date(v));

const duration = wholeNumber(10, 240, t("booking.errors.durationInvalid"));

/** A local calendar day `YYYY-MM-DD` and a local time `HH:MM` (the class's start in its studio). */
const localDate = z.string().refine(isCalendarDate, t("booking.errors.startsAtInvalid"));
const localTime = (msg: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, msg);

/** Which class, coach and room, and how long: a class and a weekly template share them. */
const classFields = {
  room_id: id,
  coach_id: id,
  session_type_id: id,
  duration_minutes: duration,
};

/** A class (`POST /admin/class-sessions`, `PUT /admin/class-sessions/:id`). */
export const classSessionSchema = z.object({ studio_id: id, ...classFields, starts_at: isoDate() });

/** The class form of the calendar: its day and time as the studio reads them (sent as `starts_at`). */
export const classFormSchema = z.object({
  date: localDate,
  time: localTime(t("booking.errors.startsAtInvalid")),
  ...classFields,
});

/** A copy of a class on another day, at the same local time (`POST /admin/class-sessions/:id/duplicate`). */
export const duplicateSchema = z.object({ date: localDate });

/** A substitute coach for a class (`POST /admin/class-sessions/:id/coach`). */
export const substituteCoachSchema = z.object({ coach_id: id });

/** A blank optional day is absent. */
const optionalDay = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
  localDate.optional(),
);

/** A weekly template (`POST /admin/session-templates`, `PUT /admin/session-templates/:id`). */
export const sessionTemplateSchema = z.object({
  studio_id: id,
  ...classFields,
  weekday: wholeNumber(0, 6, t("booking.errors.weekdayInvalid")),
  local_time: localTime(t("booking.errors.templateTimeInvalid")),
  starts_on: optionalDay,
  ends_on: optionalDay,
});

/** A policy value: a whole number from 0 to `max` (blank is refused, not read as 0). */
const minutes = (max: number) => wholeNumber(0, max, t("booking.errors.policyInvalid"));

/** A studio's booking policies (`PUT /admin/booking-policies/:studio`). */
/** A studio's booking policy as the domain and the back office's form hold it. */
export interface BookingPolicy {
  bookingOpensDays: number;
  bookingCutoffMinutes: number;
  cancelCutoffMinutes: number;
  noShowWindowMinutes: number;
  waitlistMax: number;
  waitlistCutoffMinutes: number;
  reminderMinutes: number;
  /** The door's attendance window: from this many minutes before class start... */
  attendanceOpensMinutes: number;
  /** ...until this many minutes after it. */
  attendanceClosesMinutes: number;
}

export const bookingPolicySchema = z.object({
  booking_opens_days: minutes(90),
  booking_cutoff_minutes: minutes(1440),
  cancel_cutoff_minutes: minutes(10080),
  no_show_window_minutes: minutes(1440),
  waitlist_max: minutes(200),
  waitlist_cutoff_minutes: minutes(1440),
  reminder_minutes: minutes(2880),
  attendance_opens_minutes: minutes(1440),
  attendance_closes_minutes: minutes(1440),
});

/** Cancelling a class: the reason the people booked are told (optional). */
export const cancelSessionSchema = z.object({ reason: z.string().max(500).optional() });
