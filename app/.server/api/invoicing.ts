/**
 * CFDI invoices: the customer's fiscal data and invoices (profile), and staff's list, approval,
 * rejection, cancellation, downloads and the month's global invoice (back office).
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { messageAnswer } from "~/shared/schemas/answers";
import {
  fiscalDataAnswer,
  fiscalDataSchema,
  globalInvoiceAnswer,
  invoiceAnswer,
  invoiceCancelSchema,
  invoiceOrderSchema,
  invoiceRejectSchema,
  monthSchema,
} from "~/shared/schemas/invoicing";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { AppError } from "../http/errors";
import { assertCan } from "../domain/people/access";
import {
  approveInvoice,
  cancelInvoice,
  deleteFiscalProfile,
  fiscalProfileOf,
  globalInvoice,
  globalSummary,
  invoiceFile,
  rejectInvoice,
  requestInvoice,
  saveFiscalProfile,
} from "../domain/invoicing/service";
import { invoicesResource } from "../resources/invoices";
import { BACK_OFFICE, backOfficeActor } from "./back-office";
import { resourceRoutes } from "./resource-routes";

const brief = (i: { id: number; status: string; uuid: string | null }) => ({
  id: i.id,
  status: i.status,
  uuid: i.uuid,
});

/** The XML or the PDF as a download, never cached. */
const fileAnswer = (f: { bytes: Buffer; filename: string; contentType: string }) =>
  new Response(new Uint8Array(f.bytes), {
    headers: {
      "Content-Type": f.contentType,
      "Content-Disposition": `attachment; filename="${f.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
const fileKind = z.object({
  id: idParam("id").shape.id,
  kind: z.enum(["xml", "pdf"], { error: t("errors.notFound") }),
});

export function invoicingRoutes(app: Hono<ApiEnv>) {
  // ---------- the customer's fiscal data ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/profile/fiscal-data",
      summary: "Datos fiscales de la clienta (CFDI 4.0), o null si aún no los guarda",
      tags: ["Perfil"],
      guard: ["customer"],
      response: fiscalDataAnswer,
    },
    async ({ deps, auth }) => ({ data: await fiscalProfileOf(deps.db, auth.user!.id) }),
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/profile/fiscal-data",
      summary:
        "Guarda los datos fiscales: RFC con dígito verificador, razón social sin régimen societario, régimen y uso de CFDI según los catálogos del SAT",
      tags: ["Perfil"],
      guard: ["customer"],
      body: fiscalDataSchema,
      response: messageAnswer,
    },
    async ({ deps, auth, body }) => {
      await saveFiscalProfile(deps.db, auth.user!.id, body, deps.clock());
      return { data: { Message: t("invoicing.fiscal.saved") } };
    },
  );

  defineRoute(
    app,
    {
      method: "delete",
      path: "/profile/fiscal-data",
      summary: "Borra los datos fiscales de la clienta (las facturas emitidas conservan los suyos)",
      tags: ["Perfil"],
      guard: ["customer"],
      response: messageAnswer,
    },
    async ({ deps, auth }) => {
      await deleteFiscalProfile(deps.db, auth.user!.id);
      return { data: { Message: t("invoicing.fiscal.removed") } };
    },
  );

  // ---------- the customer's invoices ----------
  defineRoute(
    app,
    {
      method: "post",
      path: "/profile/invoices",
      summary:
        "Pide la factura CFDI de una compra pagada, dentro del mes de la compra y una sola vez; se timbra al aprobarse",
      tags: ["Perfil"],
      guard: ["customer"],
      body: invoiceOrderSchema,
      response: invoiceAnswer,
    },
    async ({ deps, auth, body }) => {
      const r = await requestInvoice(deps, auth.user!.id, body.order_id);
      const Message = r.stamped
        ? t("invoicing.request.stamped", { id: body.order_id })
        : t("invoicing.request.requested", { id: body.order_id });
      return { data: { Message, invoice: brief(r.invoice) } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/profile/invoices/:id/:kind",
      summary: "Descarga el XML o el PDF de una factura de la clienta (solo las suyas)",
      tags: ["Perfil"],
      guard: ["customer"],
      params: fileKind,
    },
    async ({ deps, auth, params }) => fileAnswer(await invoiceFile(deps.db, params.id, params.kind, auth.user!.id)),
  );

  // ---------- staff ----------
  resourceRoutes(app, invoicesResource);

  const staff = (path: string, summary: string) => ({
    method: "post" as const,
    path,
    summary,
    tags: [invoicesResource.tag],
    guard: BACK_OFFICE,
  });

  defineRoute(
    app,
    {
      ...staff("/admin/invoices/:id/approve", "Aprueba una factura solicitada (o reintenta una con error) y la timbra"),
      params: idParam("id"),
      response: invoiceAnswer,
    },
    async ({ c, deps, auth, params }) => {
      const actor = assertCan(backOfficeActor(c, auth), invoicesResource.permissions.write);
      const r = await approveInvoice(deps, actor, params.id);
      if (!r.ok) throw new AppError(502, r.error ?? t("invoicing.pac.unavailable"));
      return { data: { Message: t("invoicing.admin.approved"), invoice: brief(r.invoice) } };
    },
  );

  defineRoute(
    app,
    {
      ...staff("/admin/invoices/:id/reject", "Rechaza una solicitud de factura con una nota"),
      params: idParam("id"),
      body: invoiceRejectSchema,
      response: messageAnswer,
    },
    async ({ c, deps, auth, params, body }) => {
      const actor = assertCan(backOfficeActor(c, auth), invoicesResource.permissions.write);
      await rejectInvoice(deps.db, actor, params.id, body.note, deps.clock());
      return { data: { Message: t("invoicing.admin.rejected") } };
    },
  );

  defineRoute(
    app,
    {
      ...staff(
        "/admin/invoices/:id/cancel",
        "Cancela una factura timbrada ante el SAT con su motivo (01 a 04; 01 con el UUID que la sustituye)",
      ),
      params: idParam("id"),
      body: invoiceCancelSchema,
      response: invoiceAnswer,
    },
    async ({ c, deps, auth, params, body }) => {
      const actor = assertCan(backOfficeActor(c, auth), invoicesResource.permissions.write);
      const row = await cancelInvoice(deps, actor, params.id, body);
      return { data: { Message: t("invoicing.admin.cancelled"), invoice: brief(row) } };
    },
  );

  defineRoute(
    app,
    {
      ...staff(
        "/admin/invoices/global",
        "Emite la factura global (XAXX010101000, mensual) de un mes cerrado con las compras sin factura; una por mes",
      ),
      body: monthSchema,
      response: globalInvoiceAnswer,
    },
    async ({ c, deps, auth, body }) => {
      const actor = assertCan(backOfficeActor(c, auth), invoicesResource.permissions.write);
      const r = await globalInvoice(deps, body.month, actor.id);
      if (r.error) throw new AppError(502, r.error);
      const Message = !r.invoice
        ? t("invoicing.admin.globalEmpty", { month: body.month })
        : r.created
          ? globalSummary(body.month, r.count, r.invoice.totalCents)
          : t("invoicing.admin.globalExists", { month: body.month });
      return {
        data: { Message, invoice: r.invoice ? brief(r.invoice) : null, created: r.created, count: r.count },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/invoices/:id/files/:kind",
      summary: "Descarga el XML o el PDF de una factura",
      tags: [invoicesResource.tag],
      guard: BACK_OFFICE,
      params: fileKind,
    },
    async ({ c, deps, auth, params }) => {
      assertCan(backOfficeActor(c, auth), invoicesResource.permissions.read);
      return fileAnswer(await invoiceFile(deps.db, params.id, params.kind, null));
    },
  );
}
