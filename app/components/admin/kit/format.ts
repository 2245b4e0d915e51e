/** Dates and numbers in the back office: es-MX, America/Mexico_City (browser-safe, same on server and client). */
const TZ = "America/Mexico_City";

const dateTime = new Intl.DateTimeFormat("es-MX", { timeZone: TZ, dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("es-MX", { timeZone: TZ, dateStyle: "medium" });
const number = new Intl.NumberFormat("es-MX");

/** "22 nov 2026, 9:30 a.m." — or the fallback for a missing value. */
export function formatDateTime(iso: string | Date | null | undefined, fallback = "—") {
  if (!iso) return fallback;
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? fallback : dateTime.format(d);
}

export function formatDate(iso: string | Date | null | undefined, fallback = "—") {
  if (!iso) return fallback;
  const d = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(d.getTime()) ? fallback : dateOnly.format(d);
}

/** A calendar date stored as "YYYY-MM-DD" (no time zone shift). */
export function formatCalendarDate(ymd: string | null | undefined, fallback = "—") {
  if (!ymd || !/^\d{4}-\d{2}-\d{2}$/.test(ymd)) return fallback;
  return new Intl.DateTimeFormat("es-MX", { timeZone: "UTC", dateStyle: "medium" }).format(
    new Date(`${ymd}T00:00:00Z`),
  );
}

export const formatNumber = (n: number) => number.format(n);
