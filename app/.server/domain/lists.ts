import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { t } from "~/lib/messages";
import type { Db } from "../db/client";
import { INTEGER_MAX, searchText, wholeNumber } from "~/shared/schemas/fields";

/**
 * Lists (pure: no HTTP). The query every back-office list takes: `page`, `per_page`, `search`, `sort`, `dir`, plus
 * filters of its own. `format=csv` asks for the whole filtered list as CSV.
 */
export const listQuery = z.object({
  page: wholeNumber(1, INTEGER_MAX, t("fields.pageInvalid"), 1),
  per_page: wholeNumber(1, 100, t("fields.perPageInvalid"), 20),
  search: searchText.optional().default(""),
  sort: z.string().max(40).optional(),
  dir: z.enum(["asc", "desc"]).optional().default("asc"),
  format: z.enum(["json", "csv"]).optional().default("json"),
});
export type ListQuery = z.infer<typeof listQuery>;

export interface Page<T> {
  data: T[];
  /** `total_capped`: there are more than `total` (COUNT_CAP) rows; present only then. */
  meta: { page: number; per_page: number; total: number; last_page: number; total_capped?: true };
}

/**
 * Rows a list counts at most. Past it the pager says "más de 10,000" instead of an exact number:
 * counting 100,000 customers or 500,000 audit entries on every page cost more than the page itself,
 * and nobody pages that far (they search or filter). The same number as CSV_MAX_ROWS.
 */
export const COUNT_CAP = 10_000;

/**
 * The rows `where` selects in `table`, counted up to COUNT_CAP + 1 (`count(*)` of a subquery with
 * `LIMIT`, so the scan stops there): a result above COUNT_CAP means "more than COUNT_CAP", which
 * `pageOf` shows as such.
 */
export async function countUpTo(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const counted = db
    .select({ one: sql`1`.as("one") })
    .from(table)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as("counted");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(counted);
  return row?.n ?? 0;
}

/**
 * A page of a list and its paging. A total above COUNT_CAP (from `countUpTo`) is given as COUNT_CAP
 * with `total_capped: true`; the last page is then the cap's, or the next one while this page is full.
 */
export function pageOf<T>(rows: T[], total: number, q: Pick<ListQuery, "page" | "per_page">): Page<T> {
  if (total > COUNT_CAP) {
    const lastPage = Math.max(Math.ceil(COUNT_CAP / q.per_page), rows.length < q.per_page ? q.page : q.page + 1);
    return {
      data: rows,
      meta: { page: q.page, per_page: q.per_page, total: COUNT_CAP, last_page: lastPage, total_capped: true },
    };
  }
  return {
    data: rows,
    meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) },
  };
}

/** Dates in exports: Mexico City wall time, "2026-11-22 09:30". */
export { csvDateTime } from "~/shared/mexico/time";

/** RFC 4180 CSV with a BOM so Excel opens accents right; cells that start a formula are quoted with '. */
export function toCsv(columns: { key: string; label: string }[], rows: Record<string, unknown>[]) {
  return csvHead(columns) + rows.map((r) => csvLine(columns, r)).join("");
}

const csvCell = (v: unknown) => {
  let s = v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** The start of a CSV (the BOM and the labels' line): `toCsv` is `csvHead` then one `csvLine` per row. */
export function csvHead(columns: { key: string; label: string }[]) {
  return "\uFEFF" + columns.map((c) => csvCell(c.label)).join(",") + "\r\n";
}

/** One row of a CSV, its line end included (for exports written a batch at a time). */
export function csvLine(columns: { key: string; label: string }[], row: Record<string, unknown>) {
  return columns.map((c) => csvCell(row[c.key])).join(",") + "\r\n";
}

/**
 * The same query read leniently from a page URL (`?page=&per_page=&search=&sort=&dir=`): a bad
 * value falls back to its default instead of failing the page. `filters` adds the list's own
 * parameters (give each a `.catch()` so a bad value is ignored).
 */
export function listQueryFromUrl<F extends z.ZodRawShape = Record<never, never>>(
  url: URL | string,
  filters?: F,
): ListQuery & z.infer<z.ZodObject<F>> {
  const params = Object.fromEntries(new URL(url, "http://localhost").searchParams);
  const lenient = z.object({
    page: listQuery.shape.page.catch(1),
    per_page: listQuery.shape.per_page.catch(20),
    search: listQuery.shape.search.catch(""),
    sort: listQuery.shape.sort.catch(undefined),
    dir: listQuery.shape.dir.catch("asc"),
    format: listQuery.shape.format.catch("json"),
    ...(filters ?? {}),
  });
  return lenient.parse(params) as ListQuery & z.infer<z.ZodObject<F>>;
}

/** A filter value that is one of `values`, or absent (an unknown value is ignored). */
export function enumFilter<const V extends readonly [string, ...string[]]>(values: V) {
  return z.enum(values).optional().catch(undefined);
}

/** `search` as an ILIKE pattern: its own %, _ and \ are matched literally. */
export function likePattern(search: string) {
  return `%${search.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Rows of a CSV export at most (the export is of the whole filtered list, not one page). */
export const CSV_MAX_ROWS = 10_000;

/** Offset of the page in `q`. */
export function offsetOf(q: Pick<ListQuery, "page" | "per_page">) {
  return (q.page - 1) * q.per_page;
}
