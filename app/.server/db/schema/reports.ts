/**
 * The manager's view (issue 22: dashboard, coach pay, reports): what a coach earns per class taught,
 * and the counts the dashboard reads instead of every reservation. The indexes the reports need on
 * the sales, booking and credit tables are declared beside those tables.
 */
import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { classSessions } from "./booking";
import { coaches, studios } from "./places";
import { users } from "./identity";

/**
 * The reservations and waiting list of one class, counted: kept by the database in the same
 * transaction as every write to `reservations` and `waitlist_entries` (statement triggers of the
 * dashboard_rollups migration), so they are always exactly what counting the rows would give.
 * A class without a row has no reservations and no waiting list. Never written by the app.
 */
export const classSessionCounts = pgTable("class_session_counts", {
  classSessionId: integer("class_session_id")
    .primaryKey()
    .references(() => classSessions.id, { onDelete: "cascade" }),
  /** Not cancelled (booked, attended or no-show): the spots taken. */
  booked: integer("booked").notNull().default(0),
  attended: integer("attended").notNull().default(0),
  noShows: integer("no_shows").notNull().default(0),
  lateCancels: integer("late_cancels").notNull().default(0),
  /** Waiting-list entries, whatever became of them (the demand). */
  waitlist: integer("waitlist").notNull().default(0),
});

/**
 * The start of the first class a customer attended at a studio (first visits with a studio filter;
 * the first at any studio is on `users.first_visit_at`). Kept by the database like the counts above.
 */
export const studioFirstVisits = pgTable(
  "studio_first_visits",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    studioId: integer("studio_id")
      .notNull()
      .references(() => studios.id, { onDelete: "cascade" }),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.studioId] }),
    index("studio_first_visits_studio_idx").on(t.studioId, t.firstAt),
  ],
);

/**
 * Sales per studio, local day and kind, kept by the database like the counts above (statement
 * triggers on `order_items`, a row trigger on the orders whose status, studio or time changes, and
 * one on a studio whose time zone changes: the sales_daily migration). Only orders that are sales
 * count: paid, refunded or partly refunded (refunds are reported on their own), never an OXXO
 * voucher or transfer still pending, nor one cancelled unpaid. `kind` is one of the dashboard's sale
 * kinds, or `all`: the order's whole total, whose `orders` counts each order once. `studio_key` is
 * the studio's id, 0 for orders without a studio (their day is Mexico City's). Never written by the app.
 */
export const salesDaily = pgTable(
  "sales_daily",
  {
    studioKey: integer("studio_key").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    cents: bigint("cents", { mode: "number" }).notNull().default(0),
    orders: integer("orders").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.studioKey, t.day, t.kind] }), index("sales_daily_day_idx").on(t.day)],
);

/**
 * A coach's pay rate, in cents: for each class taught, `per_class` plus `per_attendee` times the
 * people who attended, and never less than `min_per_class` (0: no minimum). A coach without a row
 * earns nothing in the report until one is set.
 */
export const coachPayRates = pgTable("coach_pay_rates", {
  coachId: integer("coach_id")
    .primaryKey()
    .references(() => coaches.id, { onDelete: "cascade" }),
  perClassCents: integer("per_class_cents").notNull().default(0),
  perAttendeeCents: integer("per_attendee_cents").notNull().default(0),
  minPerClassCents: integer("min_per_class_cents").notNull().default(0),
  updatedByUserId: integer("updated_by_user_id").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
