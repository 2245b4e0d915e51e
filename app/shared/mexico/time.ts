/**
 * Time in Mexico, written once: instants are stored in UTC and shown (or typed) in the studio's
 * time zone, Mexico City when there is no studio. Every date shown on a page, in a mail or in an
 * export goes through these formatters; no other module names a time zone (a lint rule refuses it).
 * Browser-safe.
 */
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import timezone from "dayjs/plugin/timezone.js";

dayjs.extend(utc);
dayjs.extend(timezone);

/** The time zone of Mexico City: the default of a studio, of the jobs' cron and of what has no studio. */
export const DEFAULT_TZ = "America/Mexico_City";

/** The time zones a studio may be in (the studio form's choices). */
export const STUDIO_TIME_ZONES = [
  DEFAULT_TZ,
  "America/Monterrey",
  "America/Cancun",
  "America/Tijuana",
  "America/Hermosillo",
] as const;

const LOCALE = "es-MX";

/** Is `v` a time zone this runtime knows (IANA name)? */
export function isTimeZone(v: string): boolean {
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone: v });
    return true;
  } catch {
    return false;
  }
}

const cache = new Map<string, Intl.DateTimeFormat>();
/** One formatter per locale, zone and options (building one costs more than using it). */
function formatter(locale: string, tz: string, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${tz}|${JSON.stringify(options)}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: tz });
    cache.set(key, f);
  }
  return f;
}

const toDate = (v: Date | string) => (typeof v === "string" ? new Date(v) : v);

// ─── Instants and local days ─────────────────────────────────────────────────────────────────────

/** `2026-05-10` and `07:30` in `tz` → the UTC instant. */
export function zonedToUtc(dateStr: string, timeStr: string, tz: string = DEFAULT_TZ): Date {
  return dayjs.tz(`${dateStr} ${timeStr}`, "YYYY-MM-DD HH:mm", tz).toDate();
}

/** The calendar day (`YYYY-MM-DD`) of an instant in `tz` (today: `localDay(new Date())`). */
export function localDay(d: Date, tz: string = DEFAULT_TZ): string {
  return formatter("en-CA", tz, { year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
}

/** `HH:mm` of an instant in `tz`. */
export function localTime(d: Date, tz: string = DEFAULT_TZ): string {
  return formatter("en-GB", tz, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(d);
}

/** `YYYY-MM-DDTHH:mm:ss` of an instant in `tz`, without offset: the CFDI's Fecha (local time of issue). */
export function cfdiDateTime(d: Date, tz: string = DEFAULT_TZ): string {
  return dayjs(d).tz(tz).format("YYYY-MM-DDTHH:mm:ss");
}

/** The month (`YYYY-MM`) of an instant in `tz`: an invoice's month of purchase. */
export function localMonth(d: Date, tz: string = DEFAULT_TZ): string {
  return localDay(d, tz).slice(0, 7);
}

/** The first instant of a month `YYYY-MM` in `tz`, and of the next one: the month's [from, to). */
export function monthBounds(month: string, tz: string = DEFAULT_TZ): { from: Date; to: Date } {
  const start = dayjs.tz(`${month}-01 00:00`, "YYYY-MM-DD HH:mm", tz);
  const next = dayjs.tz(`${start.add(1, "month").format("YYYY-MM")}-01 00:00`, "YYYY-MM-DD HH:mm", tz);
  return { from: start.toDate(), to: next.toDate() };
}

/** The month before `YYYY-MM`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, "0")}`;
}

/** Day of week (0 = Sunday) of a local `YYYY-MM-DD`. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

/** A local `YYYY-MM-DD` moved `n` days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

// ─── Instants as people read them ────────────────────────────────────────────────────────────────

/** "sábado, 10 de mayo, 07:30" in the studio's time zone (mails, class pages). */
export function humanDateTime(d: Date, tz: string = DEFAULT_TZ): string {
  return formatter(LOCALE, tz, {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(d);
}

/** "sábado, 10 de mayo" in the studio's time zone. */
export function humanDate(d: Date, tz: string = DEFAULT_TZ): string {
  return formatter(LOCALE, tz, { weekday: "long", day: "numeric", month: "long" }).format(d);
}

type Shown = { tz?: string; fallback?: string };
/** An instant that may be missing or unreadable, as its formatter's input (or null for the fallback). */
function readable(v: Date | string | null | undefined): Date | null {
  if (!v) return null;
  const d = toDate(v);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** "22 nov 2026, 9:30 a.m." (lists, the back office); a missing value is the fallback ("—"). */
export function formatDateTime(v: Date | string | null | undefined, opts: Shown = {}): string {
  const d = readable(v);
  return d
    ? formatter(LOCALE, opts.tz ?? DEFAULT_TZ, { dateStyle: "medium", timeStyle: "short" }).format(d)
    : (opts.fallback ?? "—");
}

/** "22 de noviembre de 2026, 9:30 a.m." (mails, receipts). */
export function formatDateTimeLong(v: Date | string, tz: string = DEFAULT_TZ): string {
  return formatter(LOCALE, tz, { dateStyle: "long", timeStyle: "short" }).format(toDate(v));
}

/** "viernes, 22 de noviembre de 2026, 9:30 a.m." (when booking opens). */
export function formatDateTimeFull(v: Date | string, tz: string = DEFAULT_TZ): string {
  return formatter(LOCALE, tz, { dateStyle: "full", timeStyle: "short" }).format(toDate(v));
}

/** "22 nov 2026"; a missing value is the fallback ("—"). */
export function formatDate(v: Date | string | null | undefined, opts: Shown = {}): string {
  const d = readable(v);
  return d ? formatter(LOCALE, opts.tz ?? DEFAULT_TZ, { dateStyle: "medium" }).format(d) : (opts.fallback ?? "—");
}

/** "24 de noviembre de 2026" (content pages). */
export function formatDateLong(v: Date | string, tz: string = DEFAULT_TZ): string {
  return formatter(LOCALE, tz, { dateStyle: "long" }).format(toDate(v));
}

/** A class's day as a badge, in its studio's time zone: `{ wd: "sáb", d: "10", m: "may" }`. */
export function dayBadge(v: Date | string, tz: string = DEFAULT_TZ) {
  const d = toDate(v);
  return {
    wd: formatter(LOCALE, tz, { weekday: "short" }).format(d).replace(".", ""),
    d: formatter(LOCALE, tz, { day: "numeric" }).format(d),
    m: formatter(LOCALE, tz, { month: "short" }).format(d).replace(".", ""),
  };
}

/** The day and the `HH:mm` of an instant, for a range ("sábado, 12 de diciembre" and "10:00"). */
export function dayAndTime(v: Date | string, tz: string = DEFAULT_TZ) {
  const d = toDate(v);
  return {
    day: formatter(LOCALE, tz, { weekday: "long", day: "numeric", month: "long" }).format(d),
    time: formatter(LOCALE, tz, { hour: "2-digit", minute: "2-digit", hour12: false }).format(d),
  };
}

/** Dates in exports: wall time, "2026-11-22 09:30"; missing is "". */
export function csvDateTime(v: Date | string | null | undefined, tz: string = DEFAULT_TZ): string {
  const d = readable(v);
  return d ? `${localDay(d, tz)} ${localTime(d, tz)}` : "";
}

// ─── Calendar days (no time zone: a `YYYY-MM-DD` is the same day everywhere) ────────────────────

/**
 * A calendar day `YYYY-MM-DD` with the given parts ("sáb 10", "sábado, 10 de mayo"); the default is
 * "10 may 2026". Not shifted by any time zone.
 */
export function formatCalendarDay(ymd: string, options: Intl.DateTimeFormatOptions = { dateStyle: "medium" }): string {
  return formatter(LOCALE, "UTC", options).format(new Date(`${ymd}T12:00:00Z`));
}

/** A stored `YYYY-MM-DD` as "10 may 2026", or the fallback ("—") when it is not one. */
export function formatCalendarDate(ymd: string | null | undefined, fallback = "—"): string {
  return ymd && /^\d{4}-\d{2}-\d{2}$/.test(ymd) ? formatCalendarDay(ymd) : fallback;
}
