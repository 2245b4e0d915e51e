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
    // The lots an order item granted (a refund revokes them by `order_item:<id>`): issue 24.
    index("credit_lots_source_ref_idx").on(t.sourceRef),
    // Credits about to expire (the dashboard, issue 22): only lots with something left.
    index("credit_lots_expiring_idx")
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check("credit_lots_remaining_ck", sql`${t.remaining} >= 0`),
    check("credit_lots_city_ck", sql`(${t.scope} = 'on_demand') = (${t.cityId} is null)`),
  ],
);

/**
 * Every change to a customer's credits, with its reason and who made it: the ledger the customer
 * and staff read. A lot's `remaining` is the live balance; the movements explain it. `delta` is
 * +n for a grant or a give-back, -n for a spend or an expiry; 0 for an unlimited pass's booking.
 */
export const creditMovements = pgTable(
  "credit_movements",
  {
    id: serial("id").primaryKey(),
    lotId: integer("lot_id")
      .notNull()
      .references(() => creditLots.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    delta: integer("delta").notNull(),
    kind: text("kind")
      .$type<"grant" | "spend" | "refund" | "expire" | "revoke" | "adjust" | "penalty_waived">()
      .notNull(),
    /** Why, in words a person reads in the ledger (Spanish). */
    reason: text("reason").notNull(),
    /** What caused it: `reservation:12`, `order_item:5`, `courtesy:3`, `job:credit-expiry`. */
    ref: text("ref"),
    /** The staff member or customer who made it; null for the system (jobs). */
    actorUserId: integer("actor_user_id").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_movements_user_idx").on(t.userId, t.createdAt),
    index("credit_movements_lot_idx").on(t.lotId),
    // The credit balances report of a period (issue 22).
    index("credit_movements_created_idx").on(t.createdAt),
  ],
);
