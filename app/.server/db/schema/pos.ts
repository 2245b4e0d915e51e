import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAtOnly } from "./columns";
import { users } from "./identity";
import { orders } from "./commerce";
import { shifts, type CashMethod } from "./shifts";

/**
 * A sale at the front desk (issue 22, point of sale): the order it became (the same order, payment,
 * credit lot and ledger rows as an online sale), the shift it belongs to, how it was paid (cash with
 * what was received and the change, the card terminal's or the transfer's reference) and the
 * browser's idempotency key, so a double submit answers the same sale instead of selling twice.
 */
export const posSales = pgTable(
  "pos_sales",
  {
    id: serial("id").primaryKey(),
    shiftId: integer("shift_id")
      .notNull()
      .references(() => shifts.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id)
      .unique(),
    customerUserId: integer("customer_user_id")
      .notNull()
      .references(() => users.id),
    cashierUserId: integer("cashier_user_id")
      .notNull()
      .references(() => users.id),
    method: text("method").$type<CashMethod>().notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Cash only: what the customer handed over, and the change given back. */
    receivedCents: integer("received_cents"),
    changeCents: integer("change_cents"),
    /** The card terminal's authorisation or the transfer's reference. */
    reference: text("reference"),
    idempotencyKey: text("idempotency_key").notNull(),
    ...createdAtOnly,
  },
  (t) => [
    uniqueIndex("pos_sales_key_uq").on(t.cashierUserId, t.idempotencyKey),
    index("pos_sales_shift_idx").on(t.shiftId),
    check("pos_sales_method_ck", sql`${t.method} in ('cash', 'card_terminal', 'transfer')`),
    check("pos_sales_total_ck", sql`${t.totalCents} >= 0`),
    check(
      "pos_sales_cash_ck",
      sql`${t.method} <> 'cash' or (${t.receivedCents} >= ${t.totalCents} and ${t.changeCents} = ${t.receivedCents} - ${t.totalCents})`,
    ),
    check("pos_sales_reference_ck", sql`${t.method} = 'cash' or length(${t.reference}) > 0`),
  ],
);
