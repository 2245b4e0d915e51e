/**
 * Periods of the manager's view in local days of Mexico City (DEFAULT_TZ): `from` and `to` both
 * included, turned into UTC instants once here so every query compares indexed timestamps.
 */
import { addDays, DEFAULT_TZ, localDay, weekdayOf, zonedToUtc } from "~/shared/mexico/time";
import { periodQuery, type PeriodQuery } from "~/shared/schemas/reports";

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
const dayStart = (day: string, tz = DEFAULT_TZ) => zonedToUtc(day, "00:00", tz);

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
function calendarMarks(now: Date) {
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

/**
 * The period of a page's URL (`?from&to&studio_id`): a bad one falls back to the month so far and
 * says why (the page shows it), instead of failing the page.
 */
export function periodFromUrl(url: string, now: Date): { period: Period; error: string | null } {
  const q = new URL(url).searchParams;
  const parsed = periodQuery.safeParse({
    from: q.get("from") ?? undefined,
    to: q.get("to") ?? undefined,
    studio_id: q.get("studio_id") ?? undefined,
  });
  if (parsed.success) return { period: resolvePeriod(parsed.data, now), error: null };
  return { period: resolvePeriod({}, now), error: parsed.error.issues[0]?.message ?? null };
}

/** The quick periods of the filter: today, this week, this month, the last 30 days. */
export function quickPeriods(now: Date) {
  const m = calendarMarks(now);
  const monday = addDays(m.today, -((weekdayOf(m.today) + 6) % 7));
  return {
    today: { from: m.today, to: m.today },
    week: { from: monday, to: m.today },
    month: { from: `${m.today.slice(0, 8)}01`, to: m.today },
    last30: { from: addDays(m.today, -29), to: m.today },
  };
}
