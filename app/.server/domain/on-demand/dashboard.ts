/**
 * Nucleo Home's back-office dashboard (issue 23): views per day, minutes watched, top videos,
 * active subscribers, plans sold and churn over a range of days (Mexico City). Every figure is an
 * SQL aggregate over `on_demand_view_days`, `credit_lots` and the orders: no rows are loaded to be
 * counted in memory.
 *
 * Definitions:
 * - a view is one customer watching one video on one day (a row of `on_demand_view_days`);
 * - minutes watched are the seconds reported by the players, summed, divided by 60;
 * - an active subscriber has an on-demand lot valid at the moment (the range's end, or now if earlier);
 * - plans sold are order lines of plans in orders of the range that are not refunded;
 * - churned subscribers were active at the range's start and are not at its end; the churn rate is
 *   churned over active at the start.
 */
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { addDays, zonedToUtc } from "~/shared/mexico/time";
import { t } from "~/lib/messages";
import { AppError } from "../errors";

export interface DashboardRange {
  /** First day, YYYY-MM-DD (Mexico City). */
  from: string;
  /** Last day, inclusive. */
  to: string;
}

export interface OnDemandDashboard {
  range: DashboardRange;
  totals: {
    views: number;
    viewers: number;
    minutes_watched: number;
    active_subscribers: number;
    active_at_start: number;
    churned: number;
    /** Percent with one decimal, null when nobody was active at the start. */
    churn_rate: number | null;
    plans_sold: number;
    plans_revenue_cents: number;
  };
  per_day: { day: string; views: number; minutes: number }[];
  top_videos: { video_id: number; title: string; views: number; minutes: number }[];
  plans: { name: string; sold: number; revenue_cents: number }[];
}

/** The dashboard's figures over `range` (at most 366 days), with `now` capping "active" moments. */
export async function onDemandDashboard(db: Db, range: DashboardRange, now: Date): Promise<OnDemandDashboard> {
  const start = zonedToUtc(range.from, "00:00");
  const endExclusive = zonedToUtc(addDays(range.to, 1), "00:00");
  const endMoment = new Date(Math.min(endExclusive.getTime() - 1, now.getTime()));

  const [perDay, top, totals, subs, plans] = await Promise.all([
    queryRows<{ day: string; views: number; minutes: number }>(
      db,
      sql`
      select to_char(g.day, 'YYYY-MM-DD') as day,
             coalesce(count(v.user_id), 0)::int as views,
             coalesce(round(sum(v.seconds_watched) / 60.0, 1), 0)::float as minutes
      from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as g(day)
      left join on_demand_view_days v on v.day = g.day::date
      group by g.day order by g.day`,
    ),
    queryRows<{ video_id: number; title: string; views: number; minutes: number }>(
      db,
      sql`
      select v.video_id, d.title, count(*)::int as views, round(sum(v.seconds_watched) / 60.0, 1)::float as minutes
      from on_demand_view_days v join on_demand_videos d on d.id = v.video_id
      where v.day between ${range.from}::date and ${range.to}::date
      group by v.video_id, d.title
      order by sum(v.seconds_watched) desc, v.video_id limit 10`,
    ),
    queryRows<{ views: number; viewers: number; minutes: number }>(
      db,
      sql`
      select count(*)::int as views, count(distinct user_id)::int as viewers,
             coalesce(round(sum(seconds_watched) / 60.0, 1), 0)::float as minutes
      from on_demand_view_days where day between ${range.from}::date and ${range.to}::date`,
    ),
    queryRows<{ active: number; active_at_start: number; churned: number }>(
      db,
      sql`
      with s as (
        select user_id,
               bool_or(starts_at <= ${start} and expires_at > ${start}) as at_start,
               bool_or(starts_at <= ${endMoment} and expires_at > ${endMoment}) as at_end
        from credit_lots where scope = 'on_demand' and starts_at <= ${endMoment} and expires_at > ${start}
        group by user_id)
      select count(*) filter (where at_end)::int as active,
             count(*) filter (where at_start)::int as active_at_start,
             count(*) filter (where at_start and not at_end)::int as churned
      from s`,
    ),
    queryRows<{ name: string; sold: number; revenue_cents: number }>(
      db,
      sql`
      select i.name, sum(i.qty)::int as sold, sum(i.total_cents)::int as revenue_cents
      from order_items i join orders o on o.id = i.order_id
      where i.scope = 'plan' and o.status <> 'refunded'
        and o.created_at >= ${start} and o.created_at < ${endExclusive}
      group by i.name order by sum(i.qty) desc, i.name`,
    ),
  ]);
  const tot = totals[0] ?? { views: 0, viewers: 0, minutes: 0 };
  const sub = subs[0] ?? { active: 0, active_at_start: 0, churned: 0 };
  const planRows = plans.map((p) => ({
    name: p.name,
    sold: Number(p.sold),
    revenue_cents: Number(p.revenue_cents),
  }));
  return {
    range,
    totals: {
      views: Number(tot.views),
      viewers: Number(tot.viewers),
      minutes_watched: Number(tot.minutes),
      active_subscribers: Number(sub.active),
      active_at_start: Number(sub.active_at_start),
      churned: Number(sub.churned),
      churn_rate:
        Number(sub.active_at_start) > 0
          ? Math.round((Number(sub.churned) / Number(sub.active_at_start)) * 1000) / 10
          : null,
      plans_sold: planRows.reduce((s, p) => s + p.sold, 0),
      plans_revenue_cents: planRows.reduce((s, p) => s + p.revenue_cents, 0),
    },
    per_day: perDay.map((r) => ({ day: r.day, views: Number(r.views), minutes: Number(r.minutes) })),
    top_videos: top.map((r) => ({
      video_id: Number(r.video_id),
      title: r.title,
      views: Number(r.views),
      minutes: Number(r.minutes),
    })),
    plans: planRows,
  };
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The range asked for (`from`, `to` as YYYY-MM-DD), the last 30 days by default; a malformed date,
 * a range backwards or longer than 366 days is a 422 with a Spanish message.
 */
export function dashboardRange(from: string | undefined, to: string | undefined, today: string): DashboardRange {
  const valid = (d: string) =>
    DAY_RE.test(d) &&
    !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) &&
    new Date(`${d}T00:00:00Z`).toISOString().startsWith(d);
  const end = to ?? today;
  // A bad `to` is refused before a default `from` is counted back from it.
  if (!valid(end)) throw AppError.validation([{ field: "to", message: t("nucleoHome.errors.badRange") }]);
  const start = from ?? addDays(end, -29);
  if (!valid(start) || !valid(end) || start > end || addDays(start, 366) <= end)
    throw AppError.validation([
      { field: from && !valid(from) ? "from" : "to", message: t("nucleoHome.errors.badRange") },
    ]);
  return { from: start, to: end };
}
