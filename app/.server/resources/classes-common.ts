/** Helpers shared by the class-area descriptors (class types, coaches, bazaar events). */
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import { AppError } from "../domain/errors";

/** "Sofía Garza" → "sofia-garza" (the part of a public address). */
export function slugify(v: string, fallback: string) {
  return (
    v
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 80)
      .replace(/-$/, "") || fallback
  );
}

/**
 * Refuses (422 on `field`) a value already used by another row of the table: `column = value`,
 * or compared without case when `caseless`.
 */
export async function assertUnique(
  tx: Db,
  table: PgTable & { id: PgColumn },
  column: PgColumn,
  value: string,
  id: number | null,
  error: { field: string; message: string },
  caseless = false,
) {
  const same: SQL = caseless ? sql`lower(${column}) = lower(${value})` : eq(column, value);
  const [taken] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(same, id === null ? undefined : ne(table.id, id)))
    .limit(1);
  if (taken) throw AppError.validation([error]);
}
