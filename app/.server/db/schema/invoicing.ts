import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";
import { orders } from "./commerce";
import { users } from "./identity";

/**
 * A customer's fiscal data (the CFDI 4.0 receiver), saved once in the profile: one row per
 * customer, checked against the SAT's catalogues when saved (app/shared/schemas/invoicing.ts).
 */
export const fiscalProfiles = pgTable("fiscal_profiles", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  rfc: text("rfc").notNull(),
  /** As the Constancia de Situación Fiscal writes it: upper case, without the corporate suffix. */
  legalName: text("legal_name").notNull(),
  taxRegime: text("tax_regime").notNull(),
  postalCode: text("postal_code").notNull(),
  cfdiUse: text("cfdi_use").notNull(),
  /** The customer chose (in the profile or at checkout) to have every paid order invoiced. */
  autoInvoice: boolean("auto_invoice").notNull().default(false),
  ...timestamps,
});

export type InvoiceStatus = "requested" | "approved" | "stamped" | "error" | "cancelled" | "rejected";

/** One concept of an invoice as it was computed (integer cents; base + tax = amount with IVA). */
export interface InvoiceConcept {
  productKey: string;
  unitKey: string;
  unitName: string;
  description: string;
  qty: number;
  /** What was paid for the line, IVA included (after its share of the order's discount). */
  totalCents: number;
  baseCents: number;
  taxCents: number;
  /** The order's number (a global invoice's concept is one sale). */
  reference: string;
}

/**
 * CFDI 4.0 invoices: one per order on request (or automatically), or the month's global invoice
 * (`kind` "global", receiver XAXX010101000) covering the paid orders not invoiced one by one.
 * requested → approved → stamped (or error, retried) → cancelled; or rejected by staff.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").$type<"single" | "global">().notNull().default("single"),
    orderId: integer("order_id").references(() => orders.id),
    userId: integer("user_id").references(() => users.id),
    /** A global invoice's month, "YYYY-MM"; a single invoice's month of purchase. */
    period: text("period").notNull(),
    /** The orders a global invoice covers. */
    orderIds: jsonb("order_ids").$type<number[]>().notNull().default([]),
    status: text("status").$type<InvoiceStatus>().notNull().default("requested"),
    /** "customer" (asked from the profile), "checkout" (chosen when paying), "staff", "job". */
    origin: text("origin").notNull(),
    rfc: text("rfc").notNull(),
    legalName: text("legal_name").notNull(),
    taxRegime: text("tax_regime").notNull(),
    postalCode: text("postal_code").notNull(),
    cfdiUse: text("cfdi_use").notNull(),
    email: text("email"),
    paymentForm: text("payment_form").notNull(),
    concepts: jsonb("concepts").$type<InvoiceConcept[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Which PAC stamped it (sandbox, facturapi), its id there and the SAT's folio fiscal. */
    pac: text("pac"),
    pacId: text("pac_id"),
    uuid: text("uuid"),
    /** The sandbox's preview is not a CFDI: marked "SIN VALIDEZ FISCAL" in the XML and the PDF. */
    sandbox: boolean("sandbox").notNull().default(false),
    xml: text("xml"),
    pdf: text("pdf_base64"),
    stampedAt: timestamp("stamped_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    note: text("note").notNull().default(""),
    cancelReason: text("cancel_reason"),
    substituteUuid: text("substitute_uuid"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    // An order has at most one live invoice: asked twice (or by two tabs at once) is refused.
    uniqueIndex("invoices_order_live_idx")
      .on(t.orderId)
      .where(sql`kind = 'single' AND status NOT IN ('cancelled', 'rejected')`),
    // One global invoice per month, whoever runs it and however often.
    uniqueIndex("invoices_global_period_idx")
      .on(t.period)
      .where(sql`kind = 'global' AND status <> 'cancelled'`),
    index("invoices_status_idx").on(t.status, t.createdAt),
    index("invoices_user_idx").on(t.userId),
  ],
);
