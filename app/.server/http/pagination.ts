/**
 * Lists over HTTP: the list rules live in the domain (domain/lists.ts, re-exported here for the API
 * and existing imports); this file adds the CSV answer.
 */
export * from "../domain/lists";

/** A CSV download: the text whole, or a stream written as it is read (the reports of a period). */
export function csvResponse(filename: string, csv: string | ReadableStream<Uint8Array>) {
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
