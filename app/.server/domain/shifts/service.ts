/**
 * Shifts (turns) of the front desk: opening with petty cash (spec §2 "Shift-start screen", §3
 * "Shift-start payload", §4 "Shift", §7 `POST /cashier/turn/init`), the money that moves during a
 * shift, and closing with the cash counted by denomination. Every write runs in one transaction
 * with its audit entry. Amounts are integer cents.
 *
 * For the point of sale: `openShiftOf(db, userId)` / `requireOpenShift(db, userId)` find the
 * caller's open shift, and `addShiftMovement(tx, …)` records a sale or a refund inside the sale's
 * own transaction (it locks the shift, so a sale never lands on a shift that is being closed).
 */
import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import {
  cashDifference,
  countTotal,
  expectedCash,
  TURN_TYPES,
  type CashCount,
  type ShiftTotals,
} from "~/shared/shifts";
import { EMPLOYEE_TYPE, ROLE } from "~/shared/roles";
import type { Db } from "../../db/client";
import { employees, shiftMovements, shifts, studios, users } from "../../db/schema";
import type { CashMethod, CashMovementKind } from "../../db/schema";
import { AppError } from "../errors";
import { inTransaction } from "../tx";
import type { Actor } from "../people/access";

/** Administrator-type 1: needs no shift, may close or act on anyone's. */
export function isFullAdministrator(a: Pick<Actor, "roleId" | "employeeType">) {
  return a.roleId === ROLE.admin && a.employeeType === EMPLOYEE_TYPE.administrator;
}

/**
 * Who must open a shift before the back office (spec §4 "Shift", §6 "Non-admin, non-coach staff
 * need an open shift (id_employee present)"): staff with an employee record who are not
 * administrator-type 1, coaches, nor the scanner-only front-desk account.
 */
function needsShift(u: {
  roleId: number;
  employeeType: number | null;
  canScanAttendance: boolean;
  employeeId: number | null;
}) {
  if (u.employeeId === null || u.canScanAttendance) return false;
  if (u.roleId === ROLE.coach || u.roleId === ROLE.customer) return false;
  return !isFullAdministrator(u);
}

/** The active employee record of a user (its id is the user's id_employee), or null. */
async function employeeIdOf(db: Db, userId: number): Promise<number | null> {
  const [e] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.userId, userId), eq(employees.active, true)));
  return e?.id ?? null;
}

const openShiftColumns = {
  id: shifts.id,
  studioId: shifts.studioId,
  studioName: studios.name,
  employeeId: shifts.employeeId,
  turnType: shifts.turnType,
  openedAt: shifts.openedAt,
  openingCashCents: shifts.openingCashCents,
};

export type OpenShift = {
  id: number;
  studioId: number;
  studioName: string;
  employeeId: number;
  turnType: number;
  openedAt: Date;
  openingCashCents: number;
};

/** The open shift of a user's employee record, or null. */
export async function openShiftOf(db: Db, userId: number): Promise<OpenShift | null> {
  const [row] = await db
    .select(openShiftColumns)
    .from(shifts)
    .innerJoin(employees, eq(employees.id, shifts.employeeId))
    .innerJoin(studios, eq(studios.id, shifts.studioId))
    .where(and(eq(employees.userId, userId), isNull(shifts.closedAt)));
  return row ?? null;
}

/** The caller's open shift, or a 422 saying there is none (a sale at the desk needs one). */
export async function requireOpenShift(db: Db, userId: number): Promise<OpenShift> {
  const shift = await openShiftOf(db, userId);
  if (!shift) throw AppError.validation([{ field: "shift", message: t("shifts.errors.noOpenShift") }]);
  return shift;
}

/**
 * The studio's last recorded petty cash (spec §7 `GET /cashier/turn/smb/last/{studio}`): what the
 * last closed shift left in the drawer, unless a shift has opened at the studio since (it took it).
 */
export async function lastPettyCash(db: Db, studioId: number): Promise<number> {
  const [last] = await db
    .select({ left: shifts.leftCashCents, closedAt: shifts.closedAt })
    .from(shifts)
    .where(and(eq(shifts.studioId, studioId), sql`${shifts.closedAt} is not null`))
    .orderBy(desc(shifts.closedAt), desc(shifts.id))
    .limit(1);
  if (!last?.closedAt || !last.left) return 0;
  const [later] = await db
    .select({ id: shifts.id })
    .from(shifts)
    .where(and(eq(shifts.studioId, studioId), gt(shifts.openedAt, last.closedAt)))
    .limit(1);
  return later ? 0 : last.left;
}

export interface OpenShiftInput {
  /** The chosen employee (spec `id_employee_data`): whose shift it is. */
  employeeDataId: number;
  studioId: number;
  turnType: number;
  /** The caller's own employee id (spec `id_employee`). */
  employeeId: number;
  /** Petty cash typed (spec `small_box_init`), in cents; undefined when the field was disabled. */
  smallBoxInitCents: number | undefined;
}

const field = (f: string, key: Parameters<typeof t>[0], vars?: Record<string, string | number>) =>
  AppError.validation([{ field: f, message: t(key, vars) }]);

function isOpenShiftConflict(e: unknown) {
  let cur: unknown = e;
  for (let i = 0; i < 4 && cur && typeof cur === "object"; i++) {
    const err = cur as { code?: string; constraint?: string; cause?: unknown };
    if (err.code === "23505" && err.constraint === "shifts_open_employee_uq") return true;
    cur = err.cause;
  }
  return false;
}

/**
 * Opens a shift (spec §7 `POST /cashier/turn/init`). Refused with a Spanish 422, nothing written:
 * an unknown or inactive studio, an employee not of that studio, an `id_employee` that is not the
 * caller's, someone else's shift (only administrator-type 1 opens one for another employee), a
 * shift type other than 1 or 2, a petty cash different from the one the last shift left, and a
 * second open shift for the same employee (two simultaneous openings: the unique index refuses one).
 */
export async function openShift(db: Db, actor: Actor, input: OpenShiftInput, now: Date) {
  if (!(TURN_TYPES as readonly number[]).includes(input.turnType)) throw field("turn_type", "shifts.errors.turnType");
  const callerEmployee = await employeeIdOf(db, actor.id);
  if (callerEmployee === null || callerEmployee !== input.employeeId)
    throw field("id_employee", "shifts.errors.notYourEmployee");
  if (input.employeeDataId !== callerEmployee && !isFullAdministrator(actor))
    throw field("id_employee_data", "shifts.errors.onlyOwnShift");
  try {
    return await inTransaction(db, async ({ tx, lock, audit }) => {
      const [studio] = await tx
        .select({ id: studios.id, active: studios.active, name: studios.name })
        .from(studios)
        .where(eq(studios.id, input.studioId));
      if (!studio?.active) throw field("id_studio", "shifts.errors.studio");
      // The employee's row, locked: two openings for one employee queue here.
      const [emp] = await lock(employees, eq(employees.id, input.employeeDataId));
      if (!emp?.active || emp.studioId !== input.studioId) throw field("id_employee_data", "shifts.errors.employee");
      const [open] = await tx
        .select({ id: shifts.id })
        .from(shifts)
        .where(and(eq(shifts.employeeId, emp.id), isNull(shifts.closedAt)));
      if (open) throw field("id_employee_data", "shifts.errors.alreadyOpen");
      const last = await lastPettyCash(tx, input.studioId);
      let opening = input.smallBoxInitCents ?? 0;
      if (last > 0) {
        if (input.smallBoxInitCents !== undefined && input.smallBoxInitCents !== last)
          throw field("small_box_init", "shifts.errors.pettyCashFixed", { amount: formatMoney(last) });
        opening = last;
      }
      const [row] = await tx
        .insert(shifts)
        .values({
          studioId: input.studioId,
          employeeId: emp.id,
          turnType: input.turnType,
          openedByUserId: actor.id,
          openedAt: now,
          openingCashCents: opening,
        })
        .returning({ id: shifts.id });
      audit({
        actorUserId: actor.id,
        action: "shift.opened",
        entity: "shift",
        entityId: row!.id,
        data: {
          studio_id: input.studioId,
          employee_id: emp.id,
          turn_type: input.turnType,
          opening_cash_cents: opening,
        },
        ip: actor.ip,
      });
      return { id: row!.id, openingCashCents: opening, studioName: studio.name };
    });
  } catch (e) {
    if (isOpenShiftConflict(e)) throw field("id_employee_data", "shifts.errors.alreadyOpen");
    throw e;
  }
}

export interface MovementInput {
  kind: CashMovementKind;
  method: CashMethod;
  amountCents: number;
  reason?: string | null;
  reference?: string | null;
  orderId?: number | null;
  paymentId?: number | null;
}

/**
 * Records money on an open shift inside the caller's transaction (a sale, a refund, a withdrawal):
 * locks the shift, refuses a closed one, a non-positive amount, or a withdrawal not in cash.
 * The caller writes its own audit entry (the sale, the withdrawal).
 */
export async function addShiftMovement(tx: Db, shiftId: number, byUserId: number, m: MovementInput) {
  if (!Number.isSafeInteger(m.amountCents) || m.amountCents <= 0) throw field("amount", "shifts.errors.amount");
  if ((m.kind === "withdrawal" || m.kind === "deposit") && m.method !== "cash")
    throw field("method", "shifts.errors.cashOnly");
  const [shift] = await tx.select().from(shifts).where(eq(shifts.id, shiftId)).for("update");
  if (!shift) throw AppError.notFound(t("shifts.errors.notFound"));
  if (shift.closedAt) throw field("shift", "shifts.errors.closed");
  const [row] = await tx
    .insert(shiftMovements)
    .values({
      shiftId,
      kind: m.kind,
      method: m.method,
      amountCents: m.amountCents,
      reason: m.reason ?? null,
      reference: m.reference ?? null,
      orderId: m.orderId ?? null,
      paymentId: m.paymentId ?? null,
      createdByUserId: byUserId,
    })
    .returning();
  return row!;
}

/** The shift (locked), refused unless open and the actor's own (administrator-type 1: anyone's). */
async function ownOpenShift(tx: Db, actor: Actor, shiftId: number) {
  const [shift] = await tx
    .select({ id: shifts.id, closedAt: shifts.closedAt, userId: employees.userId })
    .from(shifts)
    .innerJoin(employees, eq(employees.id, shifts.employeeId))
    .where(eq(shifts.id, shiftId))
    .for("update", { of: shifts });
  if (!shift) throw AppError.notFound(t("shifts.errors.notFound"));
  if (shift.userId !== actor.id && !isFullAdministrator(actor)) throw AppError.forbidden(t("shifts.errors.notYours"));
  if (shift.closedAt) throw field("shift", "shifts.errors.closed");
  return shift;
}

/** A cash withdrawal during the shift, with its reason (audited). */
export async function recordWithdrawal(
  db: Db,
  actor: Actor,
  shiftId: number,
  input: { amountCents: number; reason: string },
) {
  const reason = input.reason.trim();
  if (!reason) throw field("reason", "shifts.errors.reason");
  return inTransaction(db, async ({ tx, audit }) => {
    await ownOpenShift(tx, actor, shiftId);
    const figures = await shiftTotals(tx, shiftId);
    if (input.amountCents > expectedCash(figures))
      throw field("amount", "shifts.errors.withdrawalTooLarge", { amount: formatMoney(expectedCash(figures)) });
    const row = await addShiftMovement(tx, shiftId, actor.id, {
      kind: "withdrawal",
      method: "cash",
      amountCents: input.amountCents,
      reason,
    });
    audit({
      actorUserId: actor.id,
      action: "shift.withdrawal",
      entity: "shift",
      entityId: shiftId,
      data: { movement_id: row.id, amount_cents: input.amountCents, reason },
      ip: actor.ip,
    });
    return row;
  });
}

/** The shift's figures from its movements (card and transfer net of their refunds). */
export async function shiftTotals(db: Db, shiftId: number): Promise<ShiftTotals> {
  const [shift] = await db.select({ opening: shifts.openingCashCents }).from(shifts).where(eq(shifts.id, shiftId));
  if (!shift) throw AppError.notFound(t("shifts.errors.notFound"));
  const sum = (kind: CashMovementKind, method: CashMethod) =>
    sql<number>`coalesce(sum(${shiftMovements.amountCents}) filter (where ${shiftMovements.kind} = ${kind} and ${shiftMovements.method} = ${method}), 0)::int`;
  const [s] = await db
    .select({
      cashSales: sum("sale", "cash"),
      cashRefunds: sum("refund", "cash"),
      withdrawals: sum("withdrawal", "cash"),
      deposits: sum("deposit", "cash"),
      cardSales: sum("sale", "card_terminal"),
      cardRefunds: sum("refund", "card_terminal"),
      transferSales: sum("sale", "transfer"),
      transferRefunds: sum("refund", "transfer"),
    })
    .from(shiftMovements)
    .where(eq(shiftMovements.shiftId, shiftId));
  return {
    openingCashCents: shift.opening,
    cashSalesCents: s!.cashSales,
    cashRefundsCents: s!.cashRefunds,
    withdrawalsCents: s!.withdrawals,
    depositsCents: s!.deposits,
    cardSalesCents: s!.cardSales - s!.cardRefunds,
    transferSalesCents: s!.transferSales - s!.transferRefunds,
    cardRefundsCents: s!.cardRefunds,
    transferRefundsCents: s!.transferRefunds,
  };
}

export interface CloseShiftInput {
  count: CashCount;
  cardReportedCents: number;
  transferReportedCents: number;
  /** Petty cash left in the drawer for the next shift; at most what was counted. */
  leftCashCents: number;
  notes: string | null;
}

/**
 * Closes a shift: counted cash by denomination against the expected cash, the card-terminal and
 * transfer totals, the difference and notes. Only its employee closes it (administrator-type 1:
 * anyone's); a closed shift cannot close again. Sales wait on the shift's lock, so the figures
 * written are the final ones.
 */
export async function closeShift(db: Db, actor: Actor, shiftId: number, input: CloseShiftInput, now: Date) {
  let counted: number;
  try {
    counted = countTotal(input.count);
  } catch {
    throw field("count", "shifts.errors.count");
  }
  if (input.leftCashCents > counted) throw field("left_cash", "shifts.errors.leftTooLarge");
  return inTransaction(db, async ({ tx, audit }) => {
    await ownOpenShift(tx, actor, shiftId);
    const totals = await shiftTotals(tx, shiftId);
    const expected = expectedCash(totals);
    const difference = cashDifference(counted, expected);
    await tx
      .update(shifts)
      .set({
        closedAt: now,
        closedByUserId: actor.id,
        countedCash: input.count,
        countedCashCents: counted,
        cashSalesCents: totals.cashSalesCents,
        withdrawalsCents: totals.withdrawalsCents,
        cashRefundsCents: totals.cashRefundsCents,
        expectedCashCents: expected,
        differenceCents: difference,
        cardRecordedCents: totals.cardSalesCents,
        transferRecordedCents: totals.transferSalesCents,
        cardReportedCents: input.cardReportedCents,
        transferReportedCents: input.transferReportedCents,
        leftCashCents: input.leftCashCents,
        notes: input.notes?.trim() || null,
        updatedAt: now,
      })
      .where(eq(shifts.id, shiftId));
    audit({
      actorUserId: actor.id,
      action: "shift.closed",
      entity: "shift",
      entityId: shiftId,
      data: { counted_cents: counted, expected_cents: expected, difference_cents: difference },
      ip: actor.ip,
    });
    return { id: shiftId, countedCents: counted, expectedCents: expected, differenceCents: difference };
  });
}

/** One shift with its people, figures (live while open, stored once closed) and movements. */
export async function shiftDetail(db: Db, shiftId: number) {
  const opener = sql<string>`(select ${users.name} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${shifts.openedByUserId})`;
  const closer = sql<
    string | null
  >`(select ${users.name} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${shifts.closedByUserId})`;
  const [row] = await db
    .select({
      shift: shifts,
      studioName: studios.name,
      employeeName: sql<string>`${users.name} || ' ' || ${users.lastName}`,
      employeeUserId: users.id,
      openedBy: opener,
      closedBy: closer,
    })
    .from(shifts)
    .innerJoin(studios, eq(studios.id, shifts.studioId))
    .innerJoin(employees, eq(employees.id, shifts.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(shifts.id, shiftId));
  if (!row) throw AppError.notFound(t("shifts.errors.notFound"));
  const totals = await shiftTotals(db, shiftId);
  const movements = await db
    .select()
    .from(shiftMovements)
    .where(eq(shiftMovements.shiftId, shiftId))
    .orderBy(asc(shiftMovements.createdAt), asc(shiftMovements.id));
  return { ...row, totals, expectedCents: expectedCash(totals), movements };
}
export type ShiftDetail = Awaited<ReturnType<typeof shiftDetail>>;

/**
 * The shift guard (spec §4 "Shift"): true when this staff member must open a shift before the
 * back office (`needsShift`) and has none open. Only an employee record attached to a studio
 * counts (the shift-start form lists a studio's employees: one without a studio could never open
 * one). Administrator-type 1 and coaches never query.
 */
export async function mustStartShift(
  db: Db,
  user: { id: number; roleId: number; employeeType: number | null; canScanAttendance: boolean },
): Promise<boolean> {
  if (!needsShift({ ...user, employeeId: 0 })) return false;
  const [e] = await db
    .select({ id: employees.id, open: shifts.id })
    .from(employees)
    .leftJoin(shifts, and(eq(shifts.employeeId, employees.id), isNull(shifts.closedAt)))
    .where(and(eq(employees.userId, user.id), eq(employees.active, true), sql`${employees.studioId} is not null`));
  return Boolean(e) && e!.open === null;
}
