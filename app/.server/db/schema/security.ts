import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Failed sign-ins, counted per account and source (`acct-src:<email>:<ip>`) and per account
 * (`acct:<email>`): each failure past the free ones sets a growing wait (`blocked_until`) before
 * the next attempt of the same key. See app/.server/domain/identity/login-throttle.ts.
 */
export const loginThrottle = pgTable("login_throttle", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});
