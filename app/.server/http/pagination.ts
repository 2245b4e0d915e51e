import { z } from "zod";

/**
 * The query every back-office list takes: `page`, `per_page`, `search`, `sort`, `dir`, plus
 * filters of its own. `format=csv` asks for the whole filtered list as CSV.
 */
export const listQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional().default(""),
  sort: z.string().max(40).optional(),
  dir: z.enum(["asc", "desc"]).optional().default("asc"),
  format: z.enum(["json", "csv"]).optional().default("json"),
});
export type ListQuery = z.infer<typeof listQuery>;

export interface Page<T> {
  data: T[];
  meta: { page: number; per_page: number; total: number; last_page: number };
}

export function pageOf<T>(rows: T[], total: number, q: Pick<ListQuery, "page" | "per_page">): Page<T> {
  return {
    data: rows,
    meta: { page: q.page, per_page: q.per_page, total, last_page: Math.max(1, Math.ceil(total / q.per_page)) },
  };
}

/** RFC 4180 CSV with a BOM so Excel opens accents right; cells that start a formula are quoted with '. */
export function toCsv(columns: { key: string; label: string }[], rows: Record<string, unknown>[]) {
  const cell = (v: unknown) => {
    let s = v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : String(v);
    if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
    return /[",\n\r;]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  const lines = [columns.map((c) => cell(c.label)).join(",")];
  for (const r of rows) lines.push(columns.map((c) => cell(r[c.key])).join(","));
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}

export function csvResponse(filename: string, csv: string) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
