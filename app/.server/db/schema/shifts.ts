import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAtOnly, timestamps } from "./columns";
import { employees, users } from "./identity";
import { orders, payments } from "./commerce";
import { studios } from "./places";

/**
 * Shifts (turns) of the front desk (spec §2 "Shift-start screen", §3 shift types, §4 "Shift"): one
 * employee at one studio, from opening (petty cash counted in) to closing (cash counted by
 * denomination against what the shift's movements say). Amounts are integer cents of MXN.
 */

/** Bills and coins counted at closing: denomination in cents → how many. */
export type CashCount = Record<string, number>;

export const shifts = pgTable(
  "shifts",
  {
    id: serial("id").primaryKey(),
    studioId: integer("studio_id")
      .notNull()
      .references(() => studios.id),
    /** Whose shift it is (the chosen employee, spec's `id_employee_data`). */
    employeeId: integer("employee_id")
      .notNull()
      .references(() => employees.id),
    /** Spec §3 "Shift types: id 1 and 2". */
    turnType: smallint("turn_type").notNull(),
    openedByUserId: integer("opened_by_user_id")
      .notNull()
      .references(() => users.id),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull(),
    /** Petty cash in the drawer at opening (spec `small_box_init`). */
    openingCashCents: integer("opening_cash_cents").notNull(),
    closedByUserId: integer("closed_by_user_id").references(() => users.id),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** What was counted, by denomination, and its total. */
    countedCash: jsonb("counted_cash").$type<CashCount>(),
    countedCashCents: integer("counted_cash_cents"),
    /** Snapshot at closing: opening + cash sales − withdrawals − cash refunds. */
    cashSalesCents: integer("cash_sales_cents"),
    withdrawalsCents: integer("withdrawals_cents"),
    cashRefundsCents: integer("cash_refunds_cents"),
    expectedCashCents: integer("expected_cash_cents"),
    /** Counted − expected (negative: cash missing). */
    differenceCents: integer("difference_cents"),
    /** Card-terminal and transfer totals: as the shift recorded them, and as the cashier reported them. */
    cardRecordedCents: integer("card_recorded_cents"),
    transferRecordedCents: integer("transfer_recorded_cents"),
    cardReportedCents: integer("card_reported_cents"),
    transferReportedCents: integer("transfer_reported_cents"),
    /** Petty cash left in the drawer for the next shift (the next opening's "last petty cash"). */
    leftCashCents: integer("left_cash_cents"),
    notes: text("notes"),
    ...timestamps,
  },
  (t) => [
    // One open shift per employee: two concurrent openings cannot both commit.
    uniqueIndex("shifts_open_employee_uq")
      .on(t.employeeId)
      .where(sql`${t.closedAt} is null`),
    index("shifts_studio_opened_idx").on(t.studioId, t.openedAt),
    index("shifts_opened_idx").on(t.openedAt),
    check("shifts_turn_type_ck", sql`${t.turnType} in (1, 2)`),
    check("shifts_opening_ck", sql`${t.openingCashCents} >= 0`),
    check("shifts_left_ck", sql`${t.leftCashCents} is null or ${t.leftCashCents} >= 0`),
    check(
      "shifts_closed_ck",
      sql`(${t.closedAt} is null) = (${t.closedByUserId} is null) and (${t.closedAt} is null) = (${t.countedCashCents} is null)`,
    ),
  ],
);

export type CashMovementKind = "sale" | "refund" | "withdrawal" | "deposit";
export type CashMethod = "cash" | "card_terminal" | "transfer";

/** Money that moved during a shift: sales and refunds at the desk (any method), cash withdrawals and deposits. */
export const shiftMovements = pgTable(
  "shift_movements",
  {
    id: serial("id").primaryKey(),
    shiftId: integer("shift_id")
      .notNull()
      .references(() => shifts.id),
    kind: text("kind").$type<CashMovementKind>().notNull(),
    method: text("method").$type<CashMethod>().notNull(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason"),
    /** The card terminal's authorisation or the transfer's reference. */
    reference: text("reference"),
    orderId: integer("order_id").references(() => orders.id),
    paymentId: integer("payment_id").references(() => payments.id),
    createdByUserId: integer("created_by_user_id")
      .notNull()
      .references(() => users.id),
    ...createdAtOnly,
  },
  (t) => [
    index("shift_movements_shift_idx").on(t.shiftId),
    check("shift_movements_amount_ck", sql`${t.amountCents} > 0`),
    check("shift_movements_kind_ck", sql`${t.kind} in ('sale', 'refund', 'withdrawal', 'deposit')`),
    check("shift_movements_method_ck", sql`${t.method} in ('cash', 'card_terminal', 'transfer')`),
    check("shift_movements_cash_only_ck", sql`${t.kind} in ('sale', 'refund') or ${t.method} = 'cash'`),
  ],
);
