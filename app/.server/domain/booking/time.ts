/** Dates of the schedule: stored in UTC, shown and entered in the studio's time zone. */
import { DEFAULT_TZ } from "~/shared/zoned-time";

export { DEFAULT_TZ, zonedToUtc } from "~/shared/zoned-time";

/** The calendar day (`YYYY-MM-DD`) of an instant in `tz`. */
export function localDay(d: Date, tz = DEFAULT_TZ): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    d,
  );
}

/** `HH:mm` of an instant in `tz`. */
export function localTime(d: Date, tz = DEFAULT_TZ): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: tz,
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(d);
}

/** Day of week (0 = Sunday) of a local `YYYY-MM-DD`. */
export function weekdayOf(day: string): number {
  return new Date(`${day}T12:00:00Z`).getUTCDay();
}

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** "sábado 10 de mayo, 07:30" in the studio's time zone. */
export function humanDateTime(d: Date, tz = DEFAULT_TZ): string {
  return new Intl.DateTimeFormat("es-MX", {
    timeZone: tz,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(d);
}

export function humanDate(d: Date, tz = DEFAULT_TZ): string {
  return new Intl.DateTimeFormat("es-MX", { timeZone: tz, weekday: "long", day: "numeric", month: "long" }).format(d);
}
