/** Local day and time in a time zone → the UTC instant: browser-safe (the calendar's forms and the server). */
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc.js";
import timezone from "dayjs/plugin/timezone.js";

dayjs.extend(utc);
dayjs.extend(timezone);

export const DEFAULT_TZ = "America/Mexico_City";

/** `2026-05-10` and `07:30` in `tz` → the UTC instant. */
export function zonedToUtc(dateStr: string, timeStr: string, tz = DEFAULT_TZ): Date {
  return dayjs.tz(`${dateStr} ${timeStr}`, "YYYY-MM-DD HH:mm", tz).toDate();
}
