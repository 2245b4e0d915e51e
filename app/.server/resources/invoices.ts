/**
 * CFDI invoices in the back office (server half, list only: approving, cancelling and the global
 * invoice are commands of their own in api/invoicing.ts): search by RFC, name, UUID or order,
 * filters by state, kind and date, CSV.
 */
import { eq, gte, ilike, lt, or, sql } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { zonedToUtc, addDays } from "~/shared/mexico/time";
import type { ResourceDescriptor } from "../kit/resource";
import { invoices } from "../db/schema";
import { likePattern } from "../domain/lists";

const STATUSES = ["requested", "approved", "stamped", "error", "cancelled", "rejected"] as const;
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional();

const invoiceDto = z.object({
  id: z.number(),
  kind: z.enum(["single", "global"]),
  order_id: z.number().nullable(),
  period: z.string(),
  order_count: z.number(),
  status: z.enum(STATUSES),
  origin: z.string(),
  rfc: z.string(),
  legal_name: z.string(),
  tax_regime: z.string(),
  postal_code: z.string(),
  cfdi_use: z.string(),
  email: z.string().nullable(),
  subtotal_cents: z.number(),
  tax_cents: z.number(),
  total_cents: z.number(),
  uuid: z.string().nullable(),
  pac: z.string().nullable(),
  sandbox: z.boolean(),
  has_files: z.boolean(),
  attempts: z.number(),
  last_error: z.string().nullable(),
  note: z.string(),
  cancel_reason: z.string().nullable(),
  substitute_uuid: z.string().nullable(),
  stamped_at: z.string().nullable(),
  created_at: z.string(),
});
type InvoiceDto = z.infer<typeof invoiceDto>;

/** Lists read every column but the XML and the PDF (they are downloaded one by one). */
const listColumns = {
  id: invoices.id,
  kind: invoices.kind,
  orderId: invoices.orderId,
  period: invoices.period,
  orderIds: invoices.orderIds,
  status: invoices.status,
  origin: invoices.origin,
  rfc: invoices.rfc,
  legalName: invoices.legalName,
  taxRegime: invoices.taxRegime,
  postalCode: invoices.postalCode,
  cfdiUse: invoices.cfdiUse,
  email: invoices.email,
  subtotalCents: invoices.subtotalCents,
  taxCents: invoices.taxCents,
  totalCents: invoices.totalCents,
  uuid: invoices.uuid,
  pac: invoices.pac,
  sandbox: invoices.sandbox,
  hasFiles: sql<boolean>`${invoices.xml} IS NOT NULL`,
  attempts: invoices.attempts,
  lastError: invoices.lastError,
  note: invoices.note,
  cancelReason: invoices.cancelReason,
  substituteUuid: invoices.substituteUuid,
  stampedAt: invoices.stampedAt,
  createdAt: invoices.createdAt,
};
type Row = {
  [K in keyof typeof listColumns]: (typeof listColumns)[K] extends { _: { data: infer D } } ? D : never;
};

export const invoicesResource: ResourceDescriptor<typeof invoices, InvoiceDto, Record<string, unknown>, Row> = {
  name: "invoices",
  entity: "invoice",
  apiPath: "/admin/invoices",
  tag: "Back office: facturación",
  labels: { one: t("invoicing.admin.one"), many: t("invoicing.admin.title") },
  table: invoices,
  dto: invoiceDto,
  select: (db) => db.select(listColumns).from(invoices),
  toDto: (r) => ({
    id: r.id,
    kind: r.kind,
    order_id: r.orderId,
    period: r.period,
    order_count: r.kind === "global" ? r.orderIds.length : 1,
    status: r.status,
    origin: r.origin,
    rfc: r.rfc,
    legal_name: r.legalName,
    tax_regime: r.taxRegime,
    postal_code: r.postalCode,
    cfdi_use: r.cfdiUse,
    email: r.email,
    subtotal_cents: r.subtotalCents,
    tax_cents: r.taxCents,
    total_cents: r.totalCents,
    uuid: r.uuid,
    pac: r.pac,
    sandbox: r.sandbox,
    has_files: Boolean(r.hasFiles),
    attempts: r.attempts,
    last_error: r.lastError,
    note: r.note,
    cancel_reason: r.cancelReason,
    substitute_uuid: r.substituteUuid,
    stamped_at: r.stampedAt ? r.stampedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
  }),
  permissions: { read: "commerce.read", write: "commerce.write" },
  search: (term) => {
    const p = likePattern(term);
    const n = /^\d{1,9}$/.test(term.trim()) ? Number(term.trim()) : null;
    return or(
      ilike(invoices.rfc, p),
      ilike(invoices.legalName, p),
      ilike(invoices.uuid, p),
      ...(n !== null ? [eq(invoices.orderId, n), eq(invoices.id, n)] : []),
    );
  },
  sorts: { created_at: invoices.createdAt, total: invoices.totalCents, id: invoices.id },
  defaultSort: { column: invoices.createdAt, dir: "desc" },
  filters: {
    status: { schema: z.enum(STATUSES).optional(), where: (v: string) => eq(invoices.status, v as never) },
    kind: { schema: z.enum(["single", "global"]).optional(), where: (v: string) => eq(invoices.kind, v as never) },
    rfc: {
      schema: z.string().max(13).optional(),
      where: (v: string) => (v ? eq(invoices.rfc, v.trim().toUpperCase()) : undefined),
    },
    // Days in Mexico City: from the first instant of `from` to the end of `to`.
    from: { schema: day, where: (v: string) => gte(invoices.createdAt, zonedToUtc(v, "00:00")) },
    to: { schema: day, where: (v: string) => lt(invoices.createdAt, zonedToUtc(addDays(v, 1), "00:00")) },
  },
  csv: {
    filename: "facturas-cfdi.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "created_at", label: t("invoicing.admin.date") },
      { key: "kind", label: t("invoicing.admin.kind") },
      { key: "order_id", label: t("invoicing.admin.order") },
      { key: "period", label: "Periodo" },
      { key: "status", label: t("invoicing.admin.status") },
      { key: "rfc", label: t("invoicing.admin.rfc") },
      { key: "legal_name", label: t("invoicing.admin.name") },
      { key: "uuid", label: t("invoicing.admin.uuid") },
      { key: "subtotal_cents", label: "Subtotal (centavos)" },
      { key: "tax_cents", label: "IVA (centavos)" },
      { key: "total_cents", label: "Total (centavos)" },
      { key: "cancel_reason", label: t("invoicing.admin.reason") },
    ],
  },
  api: {
    summaries: {
      list: "Facturas CFDI (lista, búsqueda por RFC, receptor, UUID u orden; filtros por estado, tipo, RFC y fechas; CSV)",
      get: "Una factura CFDI",
    },
  },
};
