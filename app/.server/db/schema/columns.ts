/** Columns many tables share, written once (the generated SQL is the same as writing them out). */
import { timestamp } from "drizzle-orm/pg-core";

/** `created_at` and `updated_at`, both set on insert; the kit's updates set `updated_at`. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** `created_at` alone, for rows that are written once (movements, events, entitlements). */
export const createdAtOnly = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
};
