/**
 * Lists over HTTP: the list rules live in the domain (domain/lists.ts, re-exported here for the API
 * and existing imports); this file adds the CSV answer.
 */
export * from "../domain/lists";

export function csvResponse(filename: string, csv: string) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
