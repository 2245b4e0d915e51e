import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { cities } from "./places";
import { users } from "./identity";

/**
 * Class credits as lots: each purchase, courtesy or gift adds a lot for one city (in-person) or for
 * on-demand, with its own expiry. `quantity` null is an unlimited pass for the lot's period.
 * Bookings spend from the lot that expires first (row-locked), refunds give back to it.
 */
export const creditLots = pgTable(
  "credit_lots",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    scope: text("scope").$type<"in_person" | "on_demand">().notNull(),
    cityId: integer("city_id").references(() => cities.id),
    quantity: integer("quantity"),
    remaining: integer("remaining").notNull().default(0),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    source: text("source").$type<"purchase" | "courtesy" | "gift" | "adjustment" | "reward">().notNull(),
    /** The order line, courtesy or staff action that created it. */
    sourceRef: text("source_ref"),
    createdByUserId: integer("created_by_user_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_lots_user_idx").on(t.userId, t.scope, t.expiresAt),
    check("credit_lots_remaining_ck", sql`${t.remaining} >= 0`),
    check("credit_lots_city_ck", sql`(${t.scope} = 'on_demand') = (${t.cityId} is null)`),
  ],
);
