import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { coaches, rooms, sessionTypes, studios, type RoomLayout } from "./places";
import { users } from "./identity";
import { creditLots } from "./credits";

/**
 * Weekly recurring classes of a studio: every `weekday` at `localTime` (the studio's time zone),
 * from `startsOn` until `endsOn`. A job generates the class sessions ahead (idempotent: one
 * session per template and start).
 */
export const sessionTemplates = pgTable(
  "session_templates",
  {
    id: serial("id").primaryKey(),
    studioId: integer("studio_id")
      .notNull()
      .references(() => studios.id),
    roomId: integer("room_id")
      .notNull()
      .references(() => rooms.id),
    coachId: integer("coach_id")
      .notNull()
      .references(() => coaches.id),
    sessionTypeId: integer("session_type_id")
      .notNull()
      .references(() => sessionTypes.id),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: integer("weekday").notNull(),
    /** `HH:MM`, in the studio's time zone. */
    localTime: text("local_time").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    index("session_templates_studio_idx").on(t.studioId, t.active),
    check("session_templates_weekday_ck", sql`${t.weekday} between 0 and 6`),
  ],
);

/**
 * One class: studio, room, coach, type, start (UTC; shown in the studio's time zone), duration,
 * capacity and the room's spot map as it was when the class was created (a later room change
 * does not move booked people).
 */
export const classSessions = pgTable(
  "class_sessions",
  {
    id: serial("id").primaryKey(),
    studioId: integer("studio_id")
      .notNull()
      .references(() => studios.id),
    roomId: integer("room_id")
      .notNull()
      .references(() => rooms.id),
    coachId: integer("coach_id")
      .notNull()
      .references(() => coaches.id),
    sessionTypeId: integer("session_type_id")
      .notNull()
      .references(() => sessionTypes.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    capacity: integer("capacity").notNull(),
    layout: jsonb("layout").$type<RoomLayout>().notNull(),
    status: text("status").$type<"scheduled" | "cancelled">().notNull().default("scheduled"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    /** The template that generated it, if any. */
    templateId: integer("template_id").references(() => sessionTemplates.id),
    /** When the coach was substituted (the previous coach, for the record). */
    originalCoachId: integer("original_coach_id").references(() => coaches.id),
    waitlistClosedAt: timestamp("waitlist_closed_at", { withTimezone: true }),
    noShowsMarkedAt: timestamp("no_shows_marked_at", { withTimezone: true }),
    remindersSentAt: timestamp("reminders_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("class_sessions_studio_start_idx").on(t.studioId, t.startsAt),
    index("class_sessions_start_idx").on(t.startsAt),
    uniqueIndex("class_sessions_template_start_uq").on(t.templateId, t.startsAt),
    check("class_sessions_capacity_ck", sql`${t.capacity} > 0`),
    check("class_sessions_duration_ck", sql`${t.durationMinutes} > 0`),
  ],
);

export type ReservationStatus = "booked" | "attended" | "no_show" | "cancelled";

/**
 * A customer's spot in a class. Active = not cancelled. One active reservation per customer per
 * class and one per spot: partial unique indexes back the row locks of the booking service.
 * The credit lot spent is kept so a give-back returns to it.
 */
export const reservations = pgTable(
  "reservations",
  {
    id: serial("id").primaryKey(),
    classSessionId: integer("class_session_id")
      .notNull()
      .references(() => classSessions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    spot: integer("spot").notNull(),
    status: text("status").$type<ReservationStatus>().notNull().default("booked"),
    /** online, staff (on behalf), waitlist (promoted). */
    source: text("source").$type<"online" | "staff" | "waitlist">().notNull().default("online"),
    lotId: integer("lot_id").references(() => creditLots.id),
    /** Whether a credit is currently held by this reservation (false once given back). */
    creditHeld: boolean("credit_held").notNull().default(true),
    /** Unguessable code of the QR shown at the door. */
    qrToken: text("qr_token").notNull(),
    attendedAt: timestamp("attended_at", { withTimezone: true }),
    attendanceRecordedByUserId: integer("attendance_recorded_by_user_id").references(() => users.id),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledByUserId: integer("cancelled_by_user_id").references(() => users.id),
    /** A cancellation after the cut-off (the credit stays spent) unless waived. */
    lateCancel: boolean("late_cancel").notNull().default(false),
    penaltyWaivedAt: timestamp("penalty_waived_at", { withTimezone: true }),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("reservations_user_active_uq")
      .on(t.classSessionId, t.userId)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex("reservations_spot_active_uq")
      .on(t.classSessionId, t.spot)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex("reservations_qr_uq").on(t.qrToken),
    index("reservations_user_idx").on(t.userId, t.status),
    // The dashboard's and reports' counts per class (issue 22).
    index("reservations_session_status_idx").on(t.classSessionId, t.status),
  ],
);

/** A place in a full class's waitlist: strictly first come, first served (by id). */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    classSessionId: integer("class_session_id")
      .notNull()
      .references(() => classSessions.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status").$type<"waiting" | "promoted" | "left" | "skipped" | "closed">().notNull().default("waiting"),
    /** Why the entry ended (skipped: no valid credit; closed: class started). */
    note: text("note"),
    reservationId: integer("reservation_id").references(() => reservations.id),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("waitlist_user_waiting_uq")
      .on(t.classSessionId, t.userId)
      .where(sql`${t.status} = 'waiting'`),
    index("waitlist_session_idx").on(t.classSessionId, t.status, t.id),
    index("waitlist_user_idx").on(t.userId, t.status),
  ],
);

/** Booking rules of one studio (a studio without a row uses the defaults in the service). */
export const bookingPolicies = pgTable("booking_policies", {
  studioId: integer("studio_id")
    .primaryKey()
    .references(() => studios.id),
  /** Booking opens this many days before class. */
  bookingOpensDays: integer("booking_opens_days").notNull().default(14),
  /** Online booking closes this many minutes before class (staff can still book). */
  bookingCutoffMinutes: integer("booking_cutoff_minutes").notNull().default(10),
  /** Before this many minutes before class a cancellation gives the credit back. */
  cancelCutoffMinutes: integer("cancel_cutoff_minutes").notNull().default(720),
  /** After class start + this many minutes, anyone not checked in is a no-show. */
  noShowWindowMinutes: integer("no_show_window_minutes").notNull().default(30),
  waitlistMax: integer("waitlist_max").notNull().default(10),
  /** No automatic promotion from the waitlist later than this many minutes before class. */
  waitlistCutoffMinutes: integer("waitlist_cutoff_minutes").notNull().default(60),
  /** Reminder mail this many minutes before class. */
  reminderMinutes: integer("reminder_minutes").notNull().default(180),
  /** The door lets a class's QR in from this many minutes before class start... */
  attendanceOpensMinutes: integer("attendance_opens_minutes").notNull().default(60),
  /** ...until this many minutes after it (issue 20, item 4). */
  attendanceClosesMinutes: integer("attendance_closes_minutes").notNull().default(15),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A customer's private calendar feed (ICS) address; reset makes a new one. The address's token is
 * never stored: it is derived from `salt` with the installation's key (`feedToken`), and only its
 * sha256 is kept, to find the feed (docs/decisions.md, "Calendar feed tokens are not stored").
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id),
  /** Random, per address. Null: an address made before tokens were derived (only its hash is known). */
  salt: text("salt"),
  /** sha256 (hex) of the current address's token. */
  tokenHash: text("token_hash").notNull().unique(),
  /** sha256 of the address made before tokens were derived, while the customer has not reset it. */
  legacyTokenHash: text("legacy_token_hash").unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
