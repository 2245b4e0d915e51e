/**
 * The reports of a period as CSV (issue 22, item 7): sales (one line per item sold), attendance
 * (one line per reservation of the period's classes) and credit balances (one line per customer:
 * balance at the start, what came in and went out, balance at the end). Times in Mexico City, the
 * screens' Spanish labels; each export is recorded in the Bitácora (`auditExport`).
 */
import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Pool } from "pg";
import { t } from "~/lib/messages";
import { centsToDecimal } from "~/shared/mexico/money";
import { csvDateTime } from "~/shared/mexico/time";
import { queryRows, type Db } from "../../db/client";
import { csvHead, csvLine, toCsv } from "../lists";
import { auditExport } from "../audit/exports";
import type { Actor } from "../people/access";
import type { SaleKind } from "~/shared/sale-kinds";
import { kindLabel } from "./dashboard";
import { coachPayClasses } from "./coach-pay";
import type { Period } from "./period";

export type ReportName = "sales" | "attendance" | "credits" | "coach-pay";

const rows = queryRows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;
const when = (v: Date | string | null) => csvDateTime(v ? new Date(v) : null);
const yesNo = (v: boolean) => (v ? t("reports.csv.yes") : t("reports.csv.no"));

type Column = { key: string; label: string };
type Line = Record<string, string | number>;
interface Report {
  filename: string;
  columns: Column[];
  rows: Line[];
}
/** A report read by one query: its rows as the screen shows them (`row`), whole or a batch at a time. */
interface ReportSpec<R> {
  filename: string;
  columns: Column[];
  query: SQL;
  row: (r: R) => Line;
}

async function readAll<R>(db: Db, spec: ReportSpec<R>): Promise<Report> {
  const result = await rows<R>(db, spec.query);
  return { filename: spec.filename, columns: spec.columns, rows: result.map(spec.row) };
}

type SaleRow = {
  order_id: number;
  created_at: string;
  customer: string;
  email: string;
  studio: string | null;
  kind: SaleKind;
  name: string;
  variant_label: string | null;
  qty: number;
  unit_cents: number;
  total_cents: number;
  payment_method: string;
  status: string;
};

function salesReport(p: Period): ReportSpec<SaleRow> {
  return {
    query: sql`select o.id as order_id, o.created_at, trim(u.name || ' ' || u.last_name) as customer, u.email,
          s.name as studio,
          case oi.scope when 'pack' then 'packs' when 'plan' then 'plans' when 'gift_card' then 'gift_cards'
            else case when p.area = 'certificate' then 'certifications' else 'store' end end as kind,
          oi.name, oi.variant_label, oi.qty, oi.unit_cents, oi.total_cents, o.payment_method, o.status
        from orders o
        join order_items oi on oi.order_id = o.id
        join users u on u.id = o.user_id
        left join products p on oi.scope = 'product' and p.id = oi.ref_id
        left join studios s on s.id = o.studio_id
        where o.created_at >= ${ts(p.start)} and o.created_at < ${ts(p.end)}
        ${p.studioId ? sql`and o.studio_id = ${p.studioId}` : sql``}
        order by o.created_at, o.id, oi.id`,
    filename: `ventas-${p.from}-a-${p.to}.csv`,
    columns: [
      { key: "when", label: t("reports.csv.dateMexico") },
      { key: "order_id", label: t("reports.csv.order") },
      { key: "customer", label: t("reports.csv.customer") },
      { key: "email", label: t("reports.csv.email") },
      { key: "studio", label: t("reports.csv.studio") },
      { key: "kind", label: t("reports.csv.kind") },
      { key: "item", label: t("reports.csv.item") },
      { key: "qty", label: t("reports.csv.qty") },
      { key: "unit", label: t("reports.csv.unitPrice") },
      { key: "total", label: t("reports.csv.total") },
      { key: "method", label: t("reports.csv.method") },
      { key: "status", label: t("reports.csv.status") },
    ],
    row: (r) => ({
      when: when(r.created_at),
      order_id: r.order_id,
      customer: r.customer,
      email: r.email,
      studio: r.studio ?? t("reports.noStudio"),
      kind: kindLabel(r.kind),
      item: r.variant_label ? `${r.name} · ${r.variant_label}` : r.name,
      qty: r.qty,
      unit: centsToDecimal(r.unit_cents),
      total: centsToDecimal(r.total_cents),
      method: t(`reports.methods.${r.payment_method as "card"}`),
      status: t(`reports.orderStatuses.${r.status as "paid"}`),
    }),
  };
}

type AttendanceRow = {
  starts_at: string;
  studio: string;
  type: string;
  coach: string;
  customer: string;
  email: string;
  spot: number;
  status: "booked" | "attended" | "no_show" | "cancelled";
  late_cancel: boolean;
  attended_at: string | null;
};

const ATTENDANCE_STATUS = {
  booked: "booking.scanner.statusBooked",
  attended: "booking.scanner.statusAttended",
  no_show: "booking.scanner.statusNoShow",
  cancelled: "booking.scanner.statusCancelled",
} as const;

function attendanceReport(p: Period): ReportSpec<AttendanceRow> {
  return {
    query: sql`select cs.starts_at, st.name as studio, ty.name as type, trim(c.name || ' ' || c.last_name) as coach,
          trim(u.name || ' ' || u.last_name) as customer, u.email, r.spot, r.status, r.late_cancel, r.attended_at
        from class_sessions cs
        join reservations r on r.class_session_id = cs.id
        join users u on u.id = r.user_id
        join studios st on st.id = cs.studio_id
        join session_types ty on ty.id = cs.session_type_id
        join coaches c on c.id = cs.coach_id
        where cs.starts_at >= ${ts(p.start)} and cs.starts_at < ${ts(p.end)} and cs.status = 'scheduled'
        ${p.studioId ? sql`and cs.studio_id = ${p.studioId}` : sql``}
        order by cs.starts_at, cs.id, r.spot, r.id`,
    filename: `asistencia-${p.from}-a-${p.to}.csv`,
    columns: [
      { key: "when", label: t("reports.csv.classMexico") },
      { key: "studio", label: t("reports.csv.studio") },
      { key: "type", label: t("reports.csv.classType") },
      { key: "coach", label: t("reports.csv.coach") },
      { key: "customer", label: t("reports.csv.customer") },
      { key: "email", label: t("reports.csv.email") },
      { key: "spot", label: t("reports.csv.spot") },
      { key: "status", label: t("reports.csv.status") },
      { key: "late_cancel", label: t("reports.csv.lateCancel") },
      { key: "attendance_recorded", label: t("reports.csv.attendanceRecorded") },
    ],
    row: (r) => ({
      when: when(r.starts_at),
      studio: r.studio,
      type: r.type,
      coach: r.coach,
      customer: r.customer,
      email: r.email,
      spot: r.spot,
      status: t(ATTENDANCE_STATUS[r.status]),
      late_cancel: yesNo(r.late_cancel),
      attendance_recorded: when(r.attended_at),
    }),
  };
}

/**
 * Balances from the ledger: a customer's balance at an instant is the sum of their movements'
 * deltas before it. Customers with a balance or a movement in the period. With a studio, only the
 * credits of its city (in person).
 */
type CreditsRow = {
  user_id: number;
  customer: string;
  email: string;
  opening: string;
  added: string;
  spent: string;
  expired: string;
  other: string;
  closing: string;
};

function creditsReport(p: Period): ReportSpec<CreditsRow> {
  return {
    query: sql`select u.id as user_id, trim(u.name || ' ' || u.last_name) as customer, u.email,
          coalesce(sum(m.delta) filter (where m.created_at < ${ts(p.start)}), 0) as opening,
          coalesce(sum(m.delta) filter (where m.created_at >= ${ts(p.start)} and m.delta > 0), 0) as added,
          coalesce(-sum(m.delta) filter (where m.created_at >= ${ts(p.start)} and m.delta < 0 and m.kind = 'spend'), 0) as spent,
          coalesce(-sum(m.delta) filter (where m.created_at >= ${ts(p.start)} and m.delta < 0 and m.kind = 'expire'), 0) as expired,
          coalesce(-sum(m.delta) filter (where m.created_at >= ${ts(p.start)} and m.delta < 0 and m.kind not in ('spend', 'expire')), 0) as other,
          coalesce(sum(m.delta), 0) as closing
        from credit_movements m
        join users u on u.id = m.user_id
        ${p.studioId ? sql`join credit_lots l on l.id = m.lot_id and l.city_id = (select city_id from studios where id = ${p.studioId})` : sql``}
        where m.created_at < ${ts(p.end)}
        group by u.id, u.name, u.last_name, u.email
        having coalesce(sum(m.delta), 0) <> 0 or count(*) filter (where m.created_at >= ${ts(p.start)}) > 0
        order by u.name, u.last_name, u.id`,
    filename: `saldos-de-creditos-${p.from}-a-${p.to}.csv`,
    columns: [
      { key: "user_id", label: t("reports.csv.customerId") },
      { key: "customer", label: t("reports.csv.customer") },
      { key: "email", label: t("reports.csv.email") },
      { key: "opening", label: t("reports.csv.opening") },
      { key: "added", label: t("reports.csv.added") },
      { key: "spent", label: t("reports.csv.spent") },
      { key: "expired", label: t("reports.csv.expired") },
      { key: "other", label: t("reports.csv.other") },
      { key: "closing", label: t("reports.csv.closing") },
    ],
    row: (r) => ({
      user_id: r.user_id,
      customer: r.customer,
      email: r.email,
      opening: Number(r.opening),
      added: Number(r.added),
      spent: Number(r.spent),
      expired: Number(r.expired),
      other: Number(r.other),
      closing: Number(r.closing),
    }),
  };
}

async function coachPayCsv(db: Db, p: Period, now: Date): Promise<Report> {
  const classes = await coachPayClasses(db, p, now);
  return {
    filename: `pago-coaches-${p.from}-a-${p.to}.csv`,
    columns: [
      { key: "coach", label: t("reports.csv.coach") },
      { key: "when", label: t("reports.csv.classMexico") },
      { key: "studio", label: t("reports.csv.studio") },
      { key: "type", label: t("reports.csv.classType") },
      { key: "attended", label: t("reports.csv.attended") },
      { key: "pay", label: t("reports.csv.pay") },
    ],
    rows: classes.map((c) => ({
      coach: c.coach,
      when: when(c.starts_at.toISOString()),
      studio: c.studio,
      type: c.type,
      attended: c.attended,
      pay: centsToDecimal(c.pay_cents),
    })),
  };
}

/** A report of the period, as rows (the JSON answer) and as CSV text, its export recorded. */
export async function buildReport(db: Db, actor: Actor, name: ReportName, p: Period, now: Date, csv: boolean) {
  const report =
    name === "sales"
      ? await readAll(db, salesReport(p))
      : name === "attendance"
        ? await readAll(db, attendanceReport(p))
        : name === "credits"
          ? await readAll(db, creditsReport(p))
          : await coachPayCsv(db, p, now);
  if (csv)
    await auditExport(
      db,
      actor,
      `reports.${name}`,
      { from: p.from, to: p.to, studio_id: p.studioId },
      report.rows.length,
    );
  return { ...report, csv: csv ? toCsv(report.columns, report.rows) : "" };
}

/** Rows a cursor reads at a time while a CSV streams. */
const STREAM_BATCH = 2000;

/**
 * A report's CSV as a stream (sales, attendance and credits; coach pay is built whole): a cursor in
 * a read-only transaction on a connection of its own reads `STREAM_BATCH` rows each time the client
 * is ready for more, so a year's export keeps the server's memory flat. The bytes are those of
 * `buildReport(..., csv)`; the export is recorded in the Bitácora when the last row is sent.
 */
export async function streamReport(
  db: Db,
  actor: Actor,
  name: ReportName,
  p: Period,
  now: Date,
): Promise<{ filename: string; body: ReadableStream<Uint8Array> | string }> {
  const spec: ReportSpec<never> | null =
    name === "sales"
      ? salesReport(p)
      : name === "attendance"
        ? attendanceReport(p)
        : name === "credits"
          ? creditsReport(p)
          : null;
  if (!spec) {
    const whole = await buildReport(db, actor, name, p, now, true);
    return { filename: whole.filename, body: whole.csv };
  }
  const { sql: text, params } = new PgDialect().sqlToQuery(spec.query);
  // Cast kept: Db (also a transaction) does not carry node-postgres's $client; the app's database does.
  const pool = (db as unknown as { $client: Pool }).$client;
  const client = await pool.connect();
  let open = true;
  const close = async (ok: boolean) => {
    if (!open) return;
    open = false;
    await client.query(ok ? "commit" : "rollback").catch(() => {});
    client.release();
  };
  try {
    await client.query("begin read only");
    await client.query({ text: `declare report_rows no scroll cursor for ${text}`, values: params as unknown[] });
  } catch (err) {
    await close(false);
    throw err;
  }
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(csvHead(spec.columns)));
    },
    async pull(controller) {
      try {
        const batch = await client.query(`fetch ${STREAM_BATCH} from report_rows`);
        if (batch.rows.length === 0) {
          await close(true);
          await auditExport(db, actor, `reports.${name}`, { from: p.from, to: p.to, studio_id: p.studioId }, sent);
          controller.close();
          return;
        }
        sent += batch.rows.length;
        controller.enqueue(encoder.encode(batch.rows.map((r) => csvLine(spec.columns, spec.row(r as never))).join("")));
      } catch (err) {
        await close(false);
        controller.error(err);
      }
    },
    async cancel() {
      await close(false);
    },
  });
  return { filename: spec.filename, body };
}
