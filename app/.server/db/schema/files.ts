import { customType, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** PostgreSQL `bytea`: node-postgres answers a Buffer (a Uint8Array from other drivers becomes one too). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (avatars now; product and content images later) kept in the database, so every
 * server of an installation sees the same files and one backup holds everything. Keys are
 * `<folder>/<name>` (see `app/.server/adapters/storage.ts`).
 */
export const storedFiles = pgTable("stored_files", {
  key: text("key").primaryKey(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
