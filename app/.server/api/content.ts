/**
 * Content API: public pages and legals, the forms visitors send (invoice requests, foundation
 * applications, newsletter) and the staff lists of what they sent.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import {
  foundationApplicationSchema,
  invoiceRequestSchema,
  newsletterSchema,
  unsubscribeSchema,
} from "~/shared/schemas/content";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { AppError } from "../http/errors";
import { csvResponse, enumFilter, listQuery, pageOf, toCsv } from "../http/pagination";
import { hit } from "../domain/identity/rate-limit";
import { audit } from "../domain/audit/service";
import {
  APPLICATION_STATUSES,
  INVOICE_STATUSES,
  createFoundationApplication,
  createInvoiceRequest,
  getCmsPage,
  getLegalSection,
  listFoundationApplications,
  listInvoiceRequests,
  listLegalSections,
  setApplicationStatus,
  setInvoiceStatus,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from "../domain/content/pages";
import { BACK_OFFICE, backOfficeActor, clientIp, metaSchema } from "./admin-people";

const message = z.object({ data: z.object({ Message: z.string() }) });
const slugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, t("errors.notFound")) });

/** Public forms: a few per hour per IP, so a script cannot fill the staff lists. */
const FORM_LIMIT = { max: 10, windowSeconds: 3600 };

export function contentRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/pages/:slug",
      summary: "Página de contenido publicada (nosotros, covid, empleos, fundación…)",
      tags: ["Contenido"],
      params: slugParam,
    },
    async ({ deps, params }) => {
      const page = await getCmsPage(deps.db, params.slug);
      if (!page) throw AppError.notFound();
      return { data: page };
    },
  );

  defineRoute(
    app,
    { method: "get", path: "/v2/legals", summary: "Secciones legales publicadas", tags: ["Contenido"] },
    async ({ deps }) => ({ data: await listLegalSections(deps.db) }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/legals/:slug",
      summary: "Una sección legal (terms-and-conditions, faq)",
      tags: ["Contenido"],
      params: slugParam,
    },
    async ({ deps, params }) => {
      const section = await getLegalSection(deps.db, params.slug);
      if (!section) throw AppError.notFound();
      return { data: section };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/invoice-requests",
      summary: "Solicitud de factura (CFDI) de una compra",
      tags: ["Contenido"],
      body: invoiceRequestSchema,
      response: message,
      status: 201,
    },
    async ({ deps, body, auth, c }) => {
      await hit(deps.db, { key: `invoice:ip:${clientIp(c) ?? "?"}`, ...FORM_LIMIT }, deps.clock());
      await createInvoiceRequest(deps.db, body, auth.user?.id ?? null);
      return { data: { Message: t("content.invoice.success", { email: body.email.toLowerCase() }) } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/foundation/applications",
      summary: "Solicitud de beca de la Fundación",
      tags: ["Contenido"],
      body: foundationApplicationSchema,
      response: message,
      status: 201,
    },
    async ({ deps, body, c }) => {
      await hit(deps.db, { key: `foundation:ip:${clientIp(c) ?? "?"}`, ...FORM_LIMIT }, deps.clock());
      await createFoundationApplication(deps.db, body);
      return { data: { Message: t("content.foundation.success", { email: body.email.toLowerCase() }) } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/newsletter",
      summary: "Suscribirse a las novedades (pie de página)",
      tags: ["Contenido"],
      body: newsletterSchema,
      response: message,
    },
    async ({ deps, body, c }) => {
      await hit(deps.db, { key: `newsletter:ip:${clientIp(c) ?? "?"}`, ...FORM_LIMIT }, deps.clock());
      await subscribeNewsletter(deps.db, body.email);
      return { data: { Message: t("content.newsletter.subscribed") } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/newsletter/unsubscribe",
      summary: "Cancelar la suscripción con el token del enlace del correo",
      tags: ["Contenido"],
      body: unsubscribeSchema,
      response: message,
    },
    async ({ deps, body }) => {
      if (!(await unsubscribeNewsletter(deps.db, body.token))) {
        throw AppError.notFound(t("content.newsletter.invalidLink"));
      }
      return { data: { Message: t("content.newsletter.unsubscribed") } };
    },
  );

  // ---------- staff ----------

  const invoiceQuery = listQuery.extend({ status: enumFilter(INVOICE_STATUSES) });
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/invoice-requests",
      summary: "Solicitudes de factura (lista, búsqueda por RFC, razón social, email o referencia; CSV)",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      query: invoiceQuery,
      response: z.object({ data: z.array(z.record(z.string(), z.unknown())), meta: metaSchema }),
    },
    async ({ deps, query, auth, c }) => {
      backOfficeActor(c, auth);
      if (query.format === "csv") {
        const { rows } = await listInvoiceRequests(deps.db, { ...query, page: 1, per_page: 10_000 });
        const columns = [
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
        ];
        return csvResponse("solicitudes-de-factura.csv", toCsv(columns, rows));
      }
      const { rows, total } = await listInvoiceRequests(deps.db, query);
      return pageOf(rows, total, query);
    },
  );

  defineRoute(
    app,
    {
      method: "patch",
      path: "/admin/invoice-requests/:id",
      summary: "Cambia el estado de una solicitud de factura (pendiente, emitida, rechazada)",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: z.object({
        status: z.enum(INVOICE_STATUSES, { error: t("errors.validation") }),
        note: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(500)),
      }),
      response: message,
    },
    async ({ deps, params, body, auth, c }) => {
      const actor = backOfficeActor(c, auth);
      await deps.db.transaction(async (tx) => {
        if (!(await setInvoiceStatus(tx, params.id, body.status, body.note))) throw AppError.notFound();
        await audit(tx, {
          actorUserId: actor.id,
          action: "invoice_request.status",
          entity: "invoice_request",
          entityId: params.id,
          data: { status: body.status },
          ip: actor.ip,
        });
      });
      return { data: { Message: t(`content.invoice.status.${body.status}`) } };
    },
  );

  const applicationQuery = listQuery.extend({ status: enumFilter(APPLICATION_STATUSES) });
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/foundation-applications",
      summary: "Solicitudes de beca de la Fundación (lista y búsqueda)",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      query: applicationQuery,
      response: z.object({ data: z.array(z.record(z.string(), z.unknown())), meta: metaSchema }),
    },
    async ({ deps, query, auth, c }) => {
      backOfficeActor(c, auth);
      const { rows, total } = await listFoundationApplications(deps.db, query);
      return pageOf(rows, total, query);
    },
  );

  defineRoute(
    app,
    {
      method: "patch",
      path: "/admin/foundation-applications/:id",
      summary: "Cambia el estado de una solicitud de beca",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: z.object({ status: z.enum(APPLICATION_STATUSES, { error: t("errors.validation") }) }),
      response: message,
    },
    async ({ deps, params, body, auth, c }) => {
      const actor = backOfficeActor(c, auth);
      await deps.db.transaction(async (tx) => {
        if (!(await setApplicationStatus(tx, params.id, body.status))) throw AppError.notFound();
        await audit(tx, {
          actorUserId: actor.id,
          action: "foundation_application.status",
          entity: "foundation_application",
          entityId: params.id,
          data: { status: body.status },
          ip: actor.ip,
        });
      });
      return { data: { Message: t(`content.foundation.status.${body.status}`) } };
    },
  );
}
