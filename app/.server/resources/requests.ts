/**
 * What visitors send to the studio, read in the back office through the resource kit (read-only
 * lists, search, status filter, CSV): invoice (CFDI) requests from /facturacion and scholarship
 * applications from /foundation/application. Changing a status is a call of their own beside the
 * kit's (api/content.ts), audited.
 */
import { z } from "zod";
import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import { foundationApplications, invoiceRequests } from "../db/schema";
import { APPLICATION_STATUSES, INVOICE_STATUSES } from "../domain/content/pages";
import type { ResourceDescriptor } from "../kit/resource";

const TAG = "Back office: contenido";

const invoiceRequestDto = z.object({
  id: z.number(),
  rfc: z.string(),
  business_name: z.string(),
  tax_regime: z.string(),
  postal_code: z.string(),
  cfdi_use: z.string(),
  purchase_reference: z.string(),
  email: z.string(),
  status: z.enum(INVOICE_STATUSES),
  note: z.string(),
  created_at: z.string(),
});
export type InvoiceRequestDto = z.infer<typeof invoiceRequestDto>;

export const invoiceRequestsResource: ResourceDescriptor<typeof invoiceRequests, InvoiceRequestDto> = {
  name: "invoice-requests",
  entity: "invoice_request",
  apiPath: "/admin/invoice-requests",
  tag: TAG,
  labels: { one: t("cms.invoices.one"), many: t("cms.invoices.title") },
  table: invoiceRequests,
  dto: invoiceRequestDto,
  toDto: (r) => ({
    id: r.id,
    rfc: r.rfc,
    business_name: r.businessName,
    tax_regime: r.taxRegime,
    postal_code: r.postalCode,
    cfdi_use: r.cfdiUse,
    purchase_reference: r.purchaseReference,
    email: r.email,
    status: r.status as InvoiceRequestDto["status"],
    note: r.note,
    created_at: r.createdAt.toISOString(),
  }),
  permissions: { read: "content.read", write: "content.write" },
  search: [invoiceRequests.rfc, invoiceRequests.businessName, invoiceRequests.email, invoiceRequests.purchaseReference],
  sorts: { created_at: invoiceRequests.createdAt },
  defaultSort: { column: invoiceRequests.createdAt, dir: "desc" },
  filters: {
    status: {
      schema: z.enum(INVOICE_STATUSES).optional(),
      where: (v: string) => eq(invoiceRequests.status, v),
    },
  },
  csv: {
    // Tax data leaving the system: the kit audits the export like every other list's.
    filename: "solicitudes-de-factura.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "created_at", label: "Fecha" },
      { key: "rfc", label: t("content.invoice.rfc") },
      { key: "business_name", label: t("content.invoice.businessName") },
      { key: "tax_regime", label: t("content.invoice.taxRegime") },
      { key: "postal_code", label: t("content.invoice.postalCode") },
      { key: "cfdi_use", label: t("content.invoice.cfdiUse") },
      { key: "purchase_reference", label: t("content.invoice.purchaseReference") },
      { key: "email", label: t("content.foundation.email") },
      { key: "status", label: "Estado" },
    ],
  },
  api: {
    summaries: {
      list: "Solicitudes de factura (lista, búsqueda por RFC, razón social, email o referencia; CSV)",
      get: "Una solicitud de factura",
    },
  },
};

const foundationApplicationDto = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  kind: z.string(),
  organization: z.string(),
  message: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  created_at: z.string(),
});
export type FoundationApplicationDto = z.infer<typeof foundationApplicationDto>;

export const foundationApplicationsResource: ResourceDescriptor<
  typeof foundationApplications,
  FoundationApplicationDto
> = {
  name: "foundation-applications",
  entity: "foundation_application",
  apiPath: "/admin/foundation-applications",
  tag: TAG,
  labels: { one: t("cms.foundation.one"), many: t("cms.foundation.title") },
  table: foundationApplications,
  dto: foundationApplicationDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: r.phone,
    city: r.city,
    kind: r.kind,
    organization: r.organization,
    message: r.message,
    status: r.status as FoundationApplicationDto["status"],
    created_at: r.createdAt.toISOString(),
  }),
  permissions: { read: "content.read", write: "content.write" },
  search: [
    foundationApplications.name,
    foundationApplications.email,
    foundationApplications.city,
    foundationApplications.organization,
  ],
  sorts: { created_at: foundationApplications.createdAt },
  defaultSort: { column: foundationApplications.createdAt, dir: "desc" },
  filters: {
    status: {
      schema: z.enum(APPLICATION_STATUSES).optional(),
      where: (v: string) => eq(foundationApplications.status, v),
    },
  },
  messages: { notFound: t("cms.foundation.notFound") },
  api: {
    summaries: {
      list: "Solicitudes de beca de la Fundación (lista y búsqueda)",
      get: "Una solicitud de beca de la Fundación",
    },
  },
};
