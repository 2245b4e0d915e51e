/**
 * A server whose database is unreachable answers 503 (issue 24, "Bad input and faults"): the API
 * with the shared Spanish JSON error, pages with a Spanish page of their own (no React render: that
 * needs the database). Nothing to switch back: the pool opens new connections once the database
 * answers again, so the next request after it returns is served normally.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { escapeHtml } from "../lib/html";
import { t } from "~/lib/messages";

/** Node's socket errors and PostgreSQL's connection-class states: the database, not the query. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH"]);
const PG_STATES = new Set(["57P01", "57P02", "57P03"]);
const MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** True when `err` (or an error it wraps: Drizzle puts the driver's in `cause`) says the database is unreachable. */
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== "object") return false;
    const code = String((e as { code?: unknown }).code ?? "");
    if (NETWORK_CODES.has(code) || PG_STATES.has(code) || code.startsWith("08")) return true;
    const errors = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(errors) && errors.some(isDatabaseDown)) return true;
    if (MESSAGES.test(String((e as { message?: unknown }).message ?? ""))) return true;
  }
  return false;
}

/** Whether the database answers `select 1` within `ms` (a page that failed asks before saying 503). */
export async function databaseAnswers(db: Db, ms = 2000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Seconds a client is told to wait before asking again. */
export const RETRY_AFTER_SECONDS = 5;

/** The page a browser gets while the database is away: Spanish, self-contained, no script. */
export function unavailablePage(): Response {
  const title = t("errors.serviceUnavailableTitle");
  const html = `<!doctype html>
<html lang="es-MX">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} · Nucleo Barre</title></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t("errors.serviceUnavailable"))}</p><p><a href="">${escapeHtml(t("errors.serviceUnavailableRetry"))}</a></p></main></body>
</html>`;
  return new Response(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(RETRY_AFTER_SECONDS),
    },
  });
}
