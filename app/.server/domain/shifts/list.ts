/**
 * `/admin/turns` (administrator-type 1): every shift with its figures, filtered by studio, employee
 * and the Mexico City days it opened, and the same list as CSV with the screen's labels.
 */
import { and, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { addDays, zonedToUtc } from "~/shared/mexico/time";
import type { Db } from "../../db/client";
import { employees, shiftMovements, shifts, studios, users } from "../../db/schema";
import { countUpTo, csvDateTime, CSV_MAX_ROWS, offsetOf, pageOf, toCsv } from "../lists";

export interface ShiftFilter {
  page: number;
  per_page: number;
  studio_id?: number;
  employee_id?: number;
  /** Mexico City days, inclusive (`YYYY-MM-DD`). */
  from?: string;
  to?: string;
}

function where(f: ShiftFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.studio_id) parts.push(eq(shifts.studioId, f.studio_id));
  if (f.employee_id) parts.push(eq(shifts.employeeId, f.employee_id));
  if (f.from) parts.push(gte(shifts.openedAt, zonedToUtc(f.from, "00:00")));
  if (f.to) parts.push(lt(shifts.openedAt, zonedToUtc(addDays(f.to, 1), "00:00")));
  return parts.length ? and(...parts) : undefined;
}

/** Cash expected of a shift still open, from its movements (a closed one has it stored). */
const liveExpected = sql<number>`${shifts.openingCashCents} + coalesce((select sum(case when m.kind in ('sale', 'deposit') then m.amount_cents else -m.amount_cents end) from ${shiftMovements} m where m.shift_id = ${shifts.id} and m.method = 'cash'), 0)::int`;

async function rows(db: Db, f: ShiftFilter, limit: number, offset: number) {
  return db
    .select({
      id: shifts.id,
      studio_id: shifts.studioId,
      studio_name: studios.name,
      employee_id: shifts.employeeId,
      employee_name: sql<string>`${users.name} || ' ' || ${users.lastName}`,
      turn_type: shifts.turnType,
      opened_at: shifts.openedAt,
      closed_at: shifts.closedAt,
      opening_cash_cents: shifts.openingCashCents,
      expected_cash_cents: sql<number>`coalesce(${shifts.expectedCashCents}, ${liveExpected})`,
      counted_cash_cents: shifts.countedCashCents,
      difference_cents: shifts.differenceCents,
      withdrawals_cents: shifts.withdrawalsCents,
      card_cents: shifts.cardReportedCents,
      transfer_cents: shifts.transferReportedCents,
      notes: shifts.notes,
    })
    .from(shifts)
    .innerJoin(studios, eq(studios.id, shifts.studioId))
    .innerJoin(employees, eq(employees.id, shifts.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(where(f))
    .orderBy(desc(shifts.openedAt), desc(shifts.id))
    .limit(limit)
    .offset(offset);
}

export async function listShifts(db: Db, f: ShiftFilter) {
  const [data, total] = await Promise.all([rows(db, f, f.per_page, offsetOf(f)), countUpTo(db, shifts, where(f))]);
  return pageOf(data, total, f);
}

/** The filtered list as CSV: Mexico City times, amounts as the screen shows them. */
export async function shiftsCsv(db: Db, f: ShiftFilter) {
  const list = await rows(db, f, CSV_MAX_ROWS, 0);
  const money = (v: number | null) => (v === null ? "" : formatMoney(v));
  const columns = [
    { key: "id", label: t("shifts.list.id") },
    { key: "studio", label: t("shifts.list.studio") },
    { key: "employee", label: t("shifts.list.employee") },
    { key: "turn", label: t("shifts.list.turnType") },
    { key: "opened", label: t("shifts.list.openedAt") },
    { key: "closed", label: t("shifts.list.closedAt") },
    { key: "opening", label: t("shifts.list.opening") },
    { key: "expected", label: t("shifts.list.expected") },
    { key: "counted", label: t("shifts.list.counted") },
    { key: "difference", label: t("shifts.list.difference") },
    { key: "card", label: t("shifts.list.card") },
    { key: "transfer", label: t("shifts.list.transfer") },
    { key: "notes", label: t("shifts.list.notes") },
  ];
  return toCsv(
    columns,
    list.map((r) => ({
      id: r.id,
      studio: r.studio_name,
      employee: r.employee_name,
      turn: r.turn_type,
      opened: csvDateTime(r.opened_at),
      closed: r.closed_at ? csvDateTime(r.closed_at) : t("shifts.list.open"),
      opening: money(r.opening_cash_cents),
      expected: money(r.expected_cash_cents),
      counted: money(r.counted_cash_cents),
      difference: money(r.difference_cents),
      card: money(r.card_cents),
      transfer: money(r.transfer_cents),
      notes: r.notes ?? "",
    })),
  );
}

/** Employees who have had a shift (the list's employee filter). */
export async function shiftEmployees(db: Db) {
  const list = await db
    .selectDistinct({ id: employees.id, name: sql<string>`${users.name} || ' ' || ${users.lastName}` })
    .from(shifts)
    .innerJoin(employees, eq(employees.id, shifts.employeeId))
    .innerJoin(users, eq(users.id, employees.userId));
  return list.sort((a, b) => a.name.localeCompare(b.name, "es"));
}
