/**
 * The manager's dashboard (issue 22, item 5): sales by studio and kind, bookings and occupancy per
 * class type and studio, no-shows and late cancellations, new customers and first visits, credits
 * about to expire and waiting-list demand, for a period of local days in Mexico City.
 *
 * Every figure is a SQL aggregate (GROUP BY in PostgreSQL over indexed timestamps: orders, class
 * sessions, users, credit lots); no query returns rows of sales or bookings, only sums per studio,
 * kind, class type or day. The queries run one after the other on one connection.
 */
import { sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { addDays, formatCalendarDay } from "~/shared/mexico/time";
import { queryRows, type Db } from "../../db/client";
import { calendarMarks, type Period } from "./period";

import { SALE_KINDS, type SaleKind } from "~/shared/sale-kinds";

/** How long ahead "about to expire" looks. */
const EXPIRING_DAYS = 7;

const rows = queryRows;

const n = (v: unknown) => Number(v ?? 0);
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Occupancy in percent with one decimal (booked spots over offered spots). */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0);

/** The kind of an order line: packs, on-demand plans, store products, certifications, gift cards. */
const KIND_SQL = sql`case oi.scope
    when 'pack' then 'packs'
    when 'plan' then 'plans'
    when 'gift_card' then 'gift_cards'
    else case when p.area = 'certificate' then 'certifications' else 'store' end
  end`;

const saleLines = (studioId: number | null) => sql`
  from orders o
  join order_items oi on oi.order_id = o.id
  left join products p on oi.scope = 'product' and p.id = oi.ref_id
  left join studios s on s.id = o.studio_id
  where true ${studioId ? sql`and o.studio_id = ${studioId}` : sql``}`;

export const kindLabel = (k: SaleKind) => t(`reports.kinds.${k}`);

interface SalesCell {
  cents: number;
  orders: number;
  today_cents: number;
  week_cents: number;
  month_cents: number;
}
const emptyCell = (): SalesCell => ({ cents: 0, orders: 0, today_cents: 0, week_cents: 0, month_cents: 0 });

/** Sums of order lines: the period's, and today's, this week's and this month's, by studio and kind. */
async function sales(db: Db, p: Period, now: Date) {
  const m = calendarMarks(now);
  const calendarFrom = m.weekStart < m.monthStart ? m.weekStart : m.monthStart;
  type Row = { studio_id: number | null; studio: string | null; kind: SaleKind; by_kind: boolean } & Record<
    string,
    string
  >;
  // Per studio and kind (sums), and per studio alone (its orders: one order may hold several kinds).
  const inRange = await rows<Row>(
    db,
    sql`select o.studio_id, s.name as studio, ${KIND_SQL} as kind, grouping(${KIND_SQL}) = 0 as by_kind,
          sum(oi.total_cents)::bigint as cents, count(distinct o.id)::int as orders
        ${saleLines(p.studioId)} and o.created_at >= ${ts(p.start)} and o.created_at < ${ts(p.end)}
        group by grouping sets ((o.studio_id, s.name, ${KIND_SQL}), (o.studio_id, s.name))`,
  );
  const calendar = await rows<Row>(
    db,
    sql`select o.studio_id, null as studio, ${KIND_SQL} as kind,
          coalesce(sum(oi.total_cents) filter (where o.created_at >= ${ts(m.todayStart)}), 0)::bigint as today_cents,
          coalesce(sum(oi.total_cents) filter (where o.created_at >= ${ts(m.weekStart)}), 0)::bigint as week_cents,
          coalesce(sum(oi.total_cents) filter (where o.created_at >= ${ts(m.monthStart)}), 0)::bigint as month_cents
        ${saleLines(p.studioId)} and o.created_at >= ${ts(calendarFrom)} and o.created_at < ${ts(m.tomorrowStart)}
        group by 1, 2, 3`,
  );
  const daily = await rows<{ day: string; kind: SaleKind; cents: string }>(
    db,
    sql`select to_char((o.created_at at time zone ${p.tz})::date, 'YYYY-MM-DD') as day, ${KIND_SQL} as kind,
          sum(oi.total_cents)::bigint as cents
        ${saleLines(p.studioId)} and o.created_at >= ${ts(p.start)} and o.created_at < ${ts(p.end)}
        group by 1, 2`,
  );
  const [refunded] = await rows<{ cents: string; refunds: number }>(
    db,
    sql`select coalesce(sum(r.amount_cents), 0)::bigint as cents, count(*)::int as refunds
        from refunds r join payments pay on pay.id = r.payment_id
        where r.created_at >= ${ts(p.start)} and r.created_at < ${ts(p.end)}
        ${p.studioId ? sql`and pay.studio_id = ${p.studioId}` : sql``}`,
  );
  const [orderCount] = await rows<{ orders: number }>(
    db,
    sql`select count(*)::int as orders from orders o
        where o.created_at >= ${ts(p.start)} and o.created_at < ${ts(p.end)}
        ${p.studioId ? sql`and o.studio_id = ${p.studioId}` : sql``}`,
  );

  const byKind = new Map<SaleKind, SalesCell>(SALE_KINDS.map((k) => [k, emptyCell()]));
  const byStudio = new Map<string, SalesCell & { studio_id: number | null; studio: string }>();
  const studioCell = (id: number | null, name: string | null) => {
    const key = String(id ?? "none");
    let cell = byStudio.get(key);
    if (!cell) byStudio.set(key, (cell = { ...emptyCell(), studio_id: id, studio: name ?? t("reports.noStudio") }));
    if (name) cell.studio = name;
    return cell;
  };
  for (const r of inRange) {
    if (r.by_kind) {
      const k = byKind.get(r.kind)!;
      k.cents += n(r.cents);
      k.orders += n(r.orders);
    } else {
      const s = studioCell(r.studio_id, r.studio);
      s.cents += n(r.cents);
      s.orders += n(r.orders);
    }
  }
  for (const r of calendar) {
    const k = byKind.get(r.kind)!;
    const s = studioCell(r.studio_id, null);
    for (const c of [k, s]) {
      c.today_cents += n(r.today_cents);
      c.week_cents += n(r.week_cents);
      c.month_cents += n(r.month_cents);
    }
  }
  // Studios only seen in the calendar figures still need their names.
  const unnamed = [...byStudio.values()].filter((s) => s.studio_id !== null && s.studio === t("reports.noStudio"));
  if (unnamed.length) {
    const names = await rows<{ id: number; name: string }>(
      db,
      sql`select id, name from studios where id in (${sql.join(
        unnamed.map((s) => sql`${s.studio_id}`),
        sql`, `,
      )})`,
    );
    for (const row of names) studioCell(row.id, row.name);
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
  const perDay = new Map<string, Record<SaleKind, number>>();
  for (const r of daily) {
    let d = perDay.get(r.day);
    if (!d) perDay.set(r.day, (d = Object.fromEntries(SALE_KINDS.map((k) => [k, 0])) as Record<SaleKind, number>));
    d[r.kind] += n(r.cents);
  }
  return {
    today_cents: total.today,
    week_cents: total.week,
    month_cents: total.month,
    display_today: formatMoney(total.today),
    display_week: formatMoney(total.week),
    display_month: formatMoney(total.month),
    total_cents: total.cents,
    display_total: formatMoney(total.cents),
    orders: orderCount?.orders ?? 0,
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
const zeroCounts = (): BookingCounts => Object.fromEntries(COUNT_KEYS.map((k) => [k, 0])) as unknown as BookingCounts;
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
  const result = await rows<Row>(
    db,
    sql`with cs as (
          select id, studio_id, session_type_id, capacity,
            to_char((starts_at at time zone ${p.tz})::date, 'YYYY-MM-DD') as day
          from class_sessions
          where starts_at >= ${ts(p.start)} and starts_at < ${ts(p.end)} and status = 'scheduled'
          ${p.studioId ? sql`and studio_id = ${p.studioId}` : sql``}
        ), r as (
          select class_session_id,
            count(*) filter (where status <> 'cancelled') as booked,
            count(*) filter (where status = 'attended') as attended,
            count(*) filter (where status = 'no_show') as no_shows,
            count(*) filter (where status = 'cancelled' and late_cancel) as late_cancels
          from reservations where class_session_id in (select id from cs)
          group by class_session_id
        ), w as (
          select class_session_id, count(*) as entries
          from waitlist_entries where class_session_id in (select id from cs)
          group by class_session_id
        )
        select grouping(cs.day) = 0 as by_day, cs.day, cs.studio_id, st.name as studio, cs.session_type_id, ty.name as type,
          count(*) as classes, sum(cs.capacity) as capacity,
          coalesce(sum(r.booked), 0) as booked, coalesce(sum(r.attended), 0) as attended,
          coalesce(sum(r.no_shows), 0) as no_shows, coalesce(sum(r.late_cancels), 0) as late_cancels,
          coalesce(sum(w.entries), 0) as waitlist, count(w.class_session_id) as waitlisted_classes
        from cs
        left join r on r.class_session_id = cs.id
        left join w on w.class_session_id = cs.id
        left join studios st on st.id = cs.studio_id
        left join session_types ty on ty.id = cs.session_type_id
        group by grouping sets ((cs.studio_id, st.name, cs.session_type_id, ty.name), (cs.day))`,
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
 * New customers (accounts created in the period; with a studio, those whose home studio it is)
 * and first visits (customers who attended a class in the period and never before it: at that
 * studio, when one is chosen).
 */
async function people(db: Db, p: Period) {
  const studioOf = (alias: string) => (p.studioId ? sql`and ${sql.raw(alias)}.studio_id = ${p.studioId}` : sql``);
  const [row] = await rows<{ new_customers: number; first_visits: number }>(
    db,
    sql`select
        (select count(*) from users u
          where u.role_id = 2 and u.created_at >= ${ts(p.start)} and u.created_at < ${ts(p.end)}
          ${p.studioId ? sql`and u.home_studio_id = ${p.studioId}` : sql``})::int as new_customers,
        (select count(distinct r.user_id) from class_sessions cs
          join reservations r on r.class_session_id = cs.id and r.status = 'attended'
          where cs.starts_at >= ${ts(p.start)} and cs.starts_at < ${ts(p.end)} ${studioOf("cs")}
          and not exists (
            select 1 from reservations r2 join class_sessions c2 on c2.id = r2.class_session_id
            where r2.user_id = r.user_id and r2.status = 'attended' and c2.starts_at < ${ts(p.start)} ${studioOf("c2")}
          ))::int as first_visits`,
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
