/**
 * Periods of the manager's view in local days of Mexico City (DEFAULT_TZ): `from` and `to` both
 * included, turned into UTC instants once here so every query compares indexed timestamps.
 */
import { addDays, DEFAULT_TZ, localDay, weekdayOf, zonedToUtc } from "~/shared/mexico/time";
import type { PeriodQuery } from "~/shared/schemas/reports";

export interface Period {
  from: string;
  to: string;
  studioId: number | null;
  /** First instant of `from` and first instant after `to`, in UTC. */
  start: Date;
  end: Date;
  tz: string;
}

/** The first instant of a local day. */
export const dayStart = (day: string, tz = DEFAULT_TZ) => zonedToUtc(day, "00:00", tz);

/** The period asked for; without dates, the month so far (the 1st of this month to today). */
export function resolvePeriod(q: PeriodQuery, now: Date): Period {
  const today = localDay(now);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const from = q.from ?? (to.slice(0, 8) + "01" <= to ? `${to.slice(0, 8)}01` : to);
  return {
    from,
    to,
    studioId: q.studio_id ?? null,
    start: dayStart(from),
    end: dayStart(addDays(to, 1)),
    tz: DEFAULT_TZ,
  };
}

/** Today, this week (from Monday) and this month, as instants, for `now` in Mexico City. */
export function calendarMarks(now: Date) {
  const today = localDay(now);
  const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
  return {
    today,
    todayStart: dayStart(today),
    weekStart: dayStart(monday),
    monthStart: dayStart(`${today.slice(0, 8)}01`),
    tomorrowStart: dayStart(addDays(today, 1)),
  };
}
