/**
 * The manager's view (issue 22: dashboard, coach pay, reports): what a coach earns per class taught.
 * The dashboard and the reports themselves read the sales, booking and credit tables; the indexes
 * they need are declared beside those tables.
 */
import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { coaches } from "./places";
import { users } from "./identity";

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
