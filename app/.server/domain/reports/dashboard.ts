/**
 * The manager's dashboard (issue 22, item 5): sales by studio and kind, bookings and occupancy per
 * class type and studio, no-shows and late cancellations, new customers and first visits, credits
 * about to expire and waiting-list demand, for a period of local days.
 *
 * Each studio's figures fall on that studio's local days (`studios.timezone`): a sale, a class or a
 * first visit belongs to the day it was at its studio (orders and customers without a studio: Mexico
 * City). Each query reads an indexed timestamp over a range one day wider than the period on each
 * side (no zone is more than 14 hours from UTC), then keeps the rows whose local day is in it.
 *
 * Every figure is a SQL aggregate; no query returns rows of sales or bookings. Bookings read the
 * counts the database keeps per class (`class_session_counts`) and first visits the first attended
 * class kept per customer (`users.first_visit_at`, `studio_first_visits`), never every reservation
 * (docs/decisions.md, "Dashboard figures from kept counts"). The queries run one after the other.
 */
import { sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { addDays, DEFAULT_TZ, formatCalendarDay, localDay } from "~/shared/mexico/time";
import { queryRows, type Db } from "../../db/client";
import { type Period } from "./period";

import { SALE_KINDS, type SaleKind } from "~/shared/sale-kinds";

/** How long ahead "about to expire" looks. */
const EXPIRING_DAYS = 7;

const rows = queryRows;

const n = (v: unknown) => Number(v ?? 0);
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const date = (day: string) => sql`${day}::date`;
/** A range of instants that holds every local day from `from` to `to` in any zone (UTC-12 to UTC+14). */
const wide = (from: string, to: string) => ({
  start: sql`(${addDays(from, -1)}::date::timestamp at time zone 'UTC')`,
  end: sql`(${addDays(to, 2)}::date::timestamp at time zone 'UTC')`,
});
/** The zone of a studio row (alias `s`), Mexico City's when there is none. */
const ZONE = sql`coalesce(s.timezone, ${DEFAULT_TZ})`;
/** The local day of an instant at the studio `s`. */
const localDayOf = (instant: ReturnType<typeof sql>) => sql`(${instant} at time zone ${ZONE})::date`;
/** Occupancy in percent with one decimal (booked spots over offered spots). */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

export const kindLabel = (k: SaleKind) => t(`reports.kinds.${k}`);

interface SalesCell {
  cents: number;
  orders: number;
  today_cents: number;
  week_cents: number;
  month_cents: number;
}
const emptyCell = (): SalesCell => ({ cents: 0, orders: 0, today_cents: 0, week_cents: 0, month_cents: 0 });

/**
 * Sums of sales: the period's, and today's, this week's (from Monday) and this month's, by studio
 * and kind, each on its studio's local days, from the totals the database keeps per studio, local
 * day and kind (`sales_daily`: a few rows per studio and day, never the order lines).
 */
async function sales(db: Db, p: Period, now: Date) {
  // Today in any zone is within a day of today in Mexico City; the week and month start before it.
  const today = localDay(now);
  const monthStart = `${addDays(today, -1).slice(0, 8)}01`;
  const weekStart = addDays(today, -8);
  const first = [p.from, monthStart, weekStart].sort()[0]!;
  const last = [p.to, addDays(today, 1)].sort().at(-1)!;
  type Row = {
    grp: "studio_kind" | "day_kind";
    studio_key: number | null;
    studio: string | null;
    kind: SaleKind | "all";
    day: string | null;
  } & Record<"cents" | "orders" | "today_cents" | "week_cents" | "month_cents", string | null>;
  const result = await rows<Row>(
    db,
    sql`with kept as (
          select d.studio_key, s.name as studio, d.kind, d.day, d.cents, d.orders,
            (${ts(now)} at time zone ${ZONE})::date as today
          from sales_daily d left join studios s on s.id = d.studio_key
          where d.day between ${date(first)} and ${date(last)}
          ${p.studioId ? sql`and d.studio_key = ${p.studioId}` : sql``}
        ), marked as (
          select *, day between ${date(p.from)} and ${date(p.to)} as in_period,
            day <= today and day >= date_trunc('month', today)::date as in_month,
            day <= today and day >= date_trunc('week', today)::date as in_week
          from kept
        )
        select case when grouping(studio_key) = 1 then 'day_kind' else 'studio_kind' end as grp,
          studio_key, studio, kind, to_char(day, 'YYYY-MM-DD') as day,
          sum(cents) filter (where in_period)::bigint as cents,
          sum(orders) filter (where in_period)::int as orders,
          sum(cents) filter (where day = today)::bigint as today_cents,
          sum(cents) filter (where in_week)::bigint as week_cents,
          sum(cents) filter (where in_month)::bigint as month_cents
        from marked
        group by grouping sets ((studio_key, studio, kind), (day, kind))`,
  );
  const [refunded] = await rows<{ cents: string; refunds: number }>(
    db,
    sql`select coalesce(sum(r.amount_cents), 0)::bigint as cents, count(*)::int as refunds
        from refunds r join payments pay on pay.id = r.payment_id left join studios s on s.id = pay.studio_id
        where r.created_at >= ${wide(p.from, p.to).start} and r.created_at < ${wide(p.from, p.to).end}
        and ${localDayOf(sql`r.created_at`)} between ${date(p.from)} and ${date(p.to)}
        ${p.studioId ? sql`and pay.studio_id = ${p.studioId}` : sql``}`,
  );

  const byKind = new Map<SaleKind, SalesCell>(SALE_KINDS.map((k) => [k, emptyCell()]));
  const byStudio = new Map<string, SalesCell & { studio_id: number | null; studio: string }>();
  const perDay = new Map<string, Record<SaleKind, number>>();
  let orders = 0;
  for (const r of result) {
    if (r.grp === "day_kind") {
      if (r.cents === null || r.kind === "all") continue;
      let d = perDay.get(r.day!);
      if (!d) perDay.set(r.day!, (d = Object.fromEntries(SALE_KINDS.map((k) => [k, 0])) as Record<SaleKind, number>));
      d[r.kind] += n(r.cents);
      continue;
    }
    const add = (c: SalesCell) => {
      c.cents += n(r.cents);
      c.orders += n(r.orders);
      c.today_cents += n(r.today_cents);
      c.week_cents += n(r.week_cents);
      c.month_cents += n(r.month_cents);
    };
    if (r.kind !== "all") {
      add(byKind.get(r.kind)!);
      continue;
    }
    if (r.cents === null && r.today_cents === null && r.week_cents === null && r.month_cents === null) continue;
    // Orders without a studio are kept under studio 0.
    const studioId = r.studio_key ? Number(r.studio_key) : null;
    const key = String(studioId ?? "none");
    if (!byStudio.has(key))
      byStudio.set(key, { ...emptyCell(), studio_id: studioId, studio: r.studio ?? t("reports.noStudio") });
    add(byStudio.get(key)!);
    orders += n(r.orders);
  }
  const money = (c: SalesCell) => ({
    ...c,
    display: formatMoney(c.cents),
    display_today: formatMoney(c.today_cents),
    display_week: formatMoney(c.week_cents),
    display_month: formatMoney(c.month_cents),
  });
  const total = [...byKind.values()].reduce(
    (a, c) => ({
      cents: a.cents + c.cents,
      today: a.today + c.today_cents,
      week: a.week + c.week_cents,
      month: a.month + c.month_cents,
    }),
    { cents: 0, today: 0, week: 0, month: 0 },
  );
  return {
    today_cents: total.today,
    week_cents: total.week,
    month_cents: total.month,
    display_today: formatMoney(total.today),
    display_week: formatMoney(total.week),
    display_month: formatMoney(total.month),
    total_cents: total.cents,
    display_total: formatMoney(total.cents),
    orders,
    refunded_cents: n(refunded?.cents),
    display_refunded: formatMoney(n(refunded?.cents)),
    refunds: refunded?.refunds ?? 0,
    by_kind: SALE_KINDS.map((k) => ({ kind: k, label: kindLabel(k), ...money(byKind.get(k)!) })),
    by_studio: [...byStudio.values()]
      .sort((a, b) =>
        a.studio_id === null ? 1 : b.studio_id === null ? -1 : b.cents - a.cents || a.studio.localeCompare(b.studio),
      )
      .map((s) => ({ ...money(s), studio_id: s.studio_id, studio: s.studio })),
    daily: eachDay(p).map((day) => {
      const d = perDay.get(day);
      const cents = Object.fromEntries(SALE_KINDS.map((k) => [k, d?.[k] ?? 0])) as Record<SaleKind, number>;
      return { day, label: dayLabel(day), ...cents, total: SALE_KINDS.reduce((a, k) => a + cents[k], 0) };
    }),
  };
}

/** Every local day of the period, in order. */
function eachDay(p: Pick<Period, "from" | "to">) {
  const out: string[] = [];
  for (let d = p.from; d <= p.to; d = addDays(d, 1)) out.push(d);
  return out;
}
const dayLabel = (day: string) => formatCalendarDay(day, { day: "numeric", month: "short" });

interface BookingCounts {
  classes: number;
  capacity: number;
  booked: number;
  attended: number;
  no_shows: number;
  late_cancels: number;
  waitlist: number;
  waitlisted_classes: number;
}
const COUNT_KEYS = [
  "classes",
  "capacity",
  "booked",
  "attended",
  "no_shows",
  "late_cancels",
  "waitlist",
  "waitlisted_classes",
] as const;
const zeroCounts = (): BookingCounts => ({
  classes: 0,
  capacity: 0,
  booked: 0,
  attended: 0,
  no_shows: 0,
  late_cancels: 0,
  waitlist: 0,
  waitlisted_classes: 0,
});
const withOccupancy = <T extends BookingCounts>(c: T) => ({ ...c, occupancy_pct: percent(c.booked, c.capacity) });

/**
 * The classes of the period (not cancelled) with their reservations and waiting lists, summed per
 * studio and class type and per day in one statement (GROUPING SETS).
 */
async function bookings(db: Db, p: Period) {
  type Row = Record<(typeof COUNT_KEYS)[number], string> & {
    by_day: number;
    day: string | null;
    studio_id: number | null;
    studio: string | null;
    session_type_id: number | null;
    type: string | null;
  };
  const range = wide(p.from, p.to);
  const result = await rows<Row>(
    db,
    sql`with cs as (
          select c.id, c.studio_id, s.name as studio, c.session_type_id, c.capacity,
            ${localDayOf(sql`c.starts_at`)} as day
          from class_sessions c join studios s on s.id = c.studio_id
          where c.starts_at >= ${range.start} and c.starts_at < ${range.end} and c.status = 'scheduled'
          ${p.studioId ? sql`and c.studio_id = ${p.studioId}` : sql``}
        )
        select grouping(cs.day) = 0 as by_day, to_char(cs.day, 'YYYY-MM-DD') as day, cs.studio_id, cs.studio,
          cs.session_type_id, ty.name as type,
          count(*) as classes, sum(cs.capacity) as capacity,
          coalesce(sum(k.booked), 0) as booked, coalesce(sum(k.attended), 0) as attended,
          coalesce(sum(k.no_shows), 0) as no_shows, coalesce(sum(k.late_cancels), 0) as late_cancels,
          coalesce(sum(k.waitlist), 0) as waitlist, count(*) filter (where k.waitlist > 0) as waitlisted_classes
        from cs
        left join class_session_counts k on k.class_session_id = cs.id
        left join session_types ty on ty.id = cs.session_type_id
        where cs.day between ${date(p.from)} and ${date(p.to)}
        group by grouping sets ((cs.studio_id, cs.studio, cs.session_type_id, ty.name), (cs.day))`,
  );
  const totals = zeroCounts();
  const byStudio = new Map<number, BookingCounts & { studio_id: number; studio: string }>();
  const byType = new Map<number, BookingCounts & { session_type_id: number; name: string }>();
  const perDay = new Map<string, BookingCounts>();
  const add = (into: BookingCounts, r: Row) => {
    for (const k of COUNT_KEYS) into[k] += n(r[k]);
  };
  for (const r of result) {
    if (r.by_day) {
      const d = zeroCounts();
      add(d, r);
      perDay.set(r.day!, d);
      continue;
    }
    add(totals, r);
    const s =
      byStudio.get(r.studio_id!) ??
      byStudio
        .set(r.studio_id!, { ...zeroCounts(), studio_id: r.studio_id!, studio: r.studio ?? "" })
        .get(r.studio_id!)!;
    add(s, r);
    const ty =
      byType.get(r.session_type_id!) ??
      byType
        .set(r.session_type_id!, { ...zeroCounts(), session_type_id: r.session_type_id!, name: r.type ?? "" })
        .get(r.session_type_id!)!;
    add(ty, r);
  }
  const order = <T extends BookingCounts & { occupancy_pct: number }>(a: T, b: T) =>
    b.occupancy_pct - a.occupancy_pct || b.booked - a.booked;
  return {
    totals: withOccupancy(totals),
    by_studio: [...byStudio.values()].map(withOccupancy).sort(order),
    by_class: [...byType.values()].map(withOccupancy).sort(order),
    daily: eachDay(p).map((day) => {
      const d = perDay.get(day) ?? zeroCounts();
      return {
        day,
        label: dayLabel(day),
        classes: d.classes,
        capacity: d.capacity,
        booked: d.booked,
        attended: d.attended,
        no_shows: d.no_shows,
        late_cancels: d.late_cancels,
        occupancy_pct: percent(d.booked, d.capacity),
      };
    }),
  };
}

/**
 * New customers (accounts created in the period, on their home studio's days; with a studio, those
 * whose home studio it is) and first visits (customers whose first attended class, at any studio or
 * at the chosen one, was in the period, on that class's studio's days).
 */
async function people(db: Db, p: Period) {
  const range = wide(p.from, p.to);
  const inPeriod = (instant: ReturnType<typeof sql>) =>
    sql`${instant} >= ${range.start} and ${instant} < ${range.end} and ${localDayOf(instant)} between ${date(p.from)} and ${date(p.to)}`;
  const [row] = await rows<{ new_customers: number; first_visits: number }>(
    db,
    sql`select
        (select count(*) from users u left join studios s on s.id = u.home_studio_id
          where u.role_id = 2 and ${inPeriod(sql`u.created_at`)}
          ${p.studioId ? sql`and u.home_studio_id = ${p.studioId}` : sql``})::int as new_customers,
        ${
          p.studioId
            ? sql`(select count(*) from studio_first_visits v join studios s on s.id = v.studio_id
                where v.studio_id = ${p.studioId} and ${inPeriod(sql`v.first_at`)})::int`
            : sql`(select count(*) from users u join studios s on s.id = u.first_visit_studio_id
                where ${inPeriod(sql`u.first_visit_at`)})::int`
        } as first_visits`,
  );
  return { new_customers: row?.new_customers ?? 0, first_visits: row?.first_visits ?? 0 };
}

/** Credits left on lots that expire within EXPIRING_DAYS from now (with a studio: its city's and on-demand ones). */
async function expiringCredits(db: Db, p: Period, now: Date) {
  const until = new Date(now.getTime() + EXPIRING_DAYS * 86_400_000);
  const result = await rows<{ scope: "in_person" | "on_demand"; lots: number; customers: number; credits: string }>(
    db,
    sql`select l.scope, count(*)::int as lots, count(distinct l.user_id)::int as customers, sum(l.remaining)::bigint as credits
        from credit_lots l
        where l.remaining > 0 and l.expires_at >= ${ts(now)} and l.expires_at < ${ts(until)}
        ${p.studioId ? sql`and (l.city_id = (select city_id from studios where id = ${p.studioId}) or l.scope = 'on_demand')` : sql``}
        group by l.scope`,
  );
  const [people] = await rows<{ customers: number }>(
    db,
    sql`select count(distinct l.user_id)::int as customers from credit_lots l
        where l.remaining > 0 and l.expires_at >= ${ts(now)} and l.expires_at < ${ts(until)}
        ${p.studioId ? sql`and (l.city_id = (select city_id from studios where id = ${p.studioId}) or l.scope = 'on_demand')` : sql``}`,
  );
  const scope = (s: "in_person" | "on_demand") => {
    const r = result.find((x) => x.scope === s);
    return { lots: r?.lots ?? 0, customers: r?.customers ?? 0, credits: n(r?.credits) };
  };
  const inPerson = scope("in_person");
  const onDemand = scope("on_demand");
  return {
    days: EXPIRING_DAYS,
    lots: inPerson.lots + onDemand.lots,
    credits: inPerson.credits + onDemand.credits,
    customers: people?.customers ?? 0,
    in_person: inPerson,
    on_demand: onDemand,
  };
}

/** The whole dashboard for a period. */
export async function dashboardFigures(db: Db, p: Period, now: Date) {
  return {
    period: { from: p.from, to: p.to, studio_id: p.studioId, days: eachDay(p).length },
    sales: await sales(db, p, now),
    bookings: await bookings(db, p),
    people: await people(db, p),
    credits: await expiringCredits(db, p, now),
  };
}
