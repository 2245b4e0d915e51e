/**
 * Content API: public pages and legals, the forms visitors send (invoice requests, foundation
 * applications, newsletter) and the staff lists of what they sent.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import {
  foundationApplicationSchema,
  customerInvoiceRequestSchema,
  invoiceRequestBodySchema,
  invoiceRequestSchema,
  newsletterConfirmSchema,
  newsletterSchema,
  unsubscribeQuery,
  unsubscribeSchema,
} from "~/shared/schemas/content";
import { applicationStatusSchema } from "~/shared/schemas/cms";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { AppError, zodFields } from "../http/errors";
import { ROLE } from "~/shared/roles";
import { listQuery, pageOf } from "../http/pagination";
import { hit } from "../domain/identity/rate-limit";
import {
  INVOICE_STATUSES,
  createFoundationApplication,
  createInvoiceRequest,
  getCmsPage,
  getLegalSection,
  listLegalSections,
  setApplicationStatus,
  setInvoiceStatus,
} from "../domain/content/pages";
import { confirmNewsletter, subscribeNewsletter, unsubscribeNewsletter } from "../domain/content/newsletter";
import { deleteImage, listImages, storeImage } from "../domain/content/images";
import { imageUploadLimit } from "../http/body";
import { contentTypeOf } from "../adapters/storage";
import { assertCan } from "../domain/people/access";
import { foundationApplicationsResource, invoiceRequestsResource } from "../resources/requests";
import { cmsPageDto } from "../resources/cms-pages";
import { BACK_OFFICE, backOfficeActor, clientIp } from "./admin-people";
import { resourceRoutes } from "./resource-routes";
import { messageAnswer } from "~/shared/schemas/answers";
import type { ContentBlock } from "../db/schema/content";
import { mediaAnswer, mediaListAnswer } from "~/shared/schemas/kit-answers";

const message = messageAnswer;

/** One block of a content page (db/schema/content.ts `ContentBlock`). */
const contentBlock = z.object({
  heading: z.string().optional(),
  text: z.string().optional(),
  items: z.array(z.object({ title: z.string(), text: z.string().optional() })).optional(),
  image: z.string().nullable().optional(),
  imageAlt: z.string().optional(),
  ctaLabel: z.string().optional(),
  ctaLink: z.string().optional(),
}) satisfies z.ZodType<ContentBlock>;
/** A published CMS page (`/v2/pages/:slug`). */
const cmsPageAnswer = z.object({
  data: cmsPageDto.omit({ id: true, body: true }).extend({ blocks: z.array(contentBlock) }),
});
/** A published legal section, listed without its blocks. */
const legalSection = z.object({ slug: z.string(), title: z.string(), summary: z.string(), updated_at: z.string() });
const legalSectionsAnswer = z.object({ data: z.array(legalSection) });
const legalSectionAnswer = z.object({ data: legalSection.extend({ blocks: z.array(contentBlock) }) });

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
      response: cmsPageAnswer,
    },
    async ({ deps, params }) => {
      const page = await getCmsPage(deps.db, params.slug);
      if (!page) throw AppError.notFound();
      return { data: page };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/legals",
      summary: "Secciones legales publicadas",
      tags: ["Contenido"],
      response: legalSectionsAnswer,
    },
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
      response: legalSectionAnswer,
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
      body: invoiceRequestBodySchema,
      response: message,
      status: 201,
    },
    async ({ deps, body, auth, c }) => {
      await hit(deps.db, { key: `invoice:ip:${clientIp(c) ?? "?"}`, ...FORM_LIMIT }, deps.clock());
      // A logged-in customer chooses one of their paid orders; anyone else names the purchase.
      const customerId = auth.user?.roleId === ROLE.customer ? auth.user.id : null;
      const parsed = (customerId !== null ? customerInvoiceRequestSchema : invoiceRequestSchema).safeParse(body);
      if (!parsed.success) throw AppError.validation(zodFields(parsed.error.issues));
      await createInvoiceRequest(deps.db, parsed.data, auth.user?.id ?? null, customerId);
      return { data: { Message: t("content.invoice.success", { email: parsed.data.email.toLowerCase() }) } };
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
      await subscribeNewsletter(deps, body.email);
      return { data: { Message: t("content.newsletter.subscribed") } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/newsletter/confirm",
      summary: "Confirmar la suscripción con el token del correo de confirmación (doble opt-in)",
      tags: ["Contenido"],
      body: newsletterConfirmSchema,
      response: message,
    },
    async ({ deps, body }) => {
      if (!(await confirmNewsletter(deps.db, body.token, deps.clock()))) {
        throw AppError.notFound(t("content.newsletter.confirmInvalid"));
      }
      return { data: { Message: t("content.newsletter.confirmed") } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/v2/newsletter/unsubscribe",
      summary: "Cancelar la suscripción con el token del enlace del correo",
      description:
        "El token va en el cuerpo (botón de la página) o en la URL: es el destino del encabezado List-Unsubscribe de cada correo de novedades (un clic, RFC 8058, cuerpo `List-Unsubscribe=One-Click`). Sin sesión.",
      tags: ["Contenido"],
      query: unsubscribeQuery,
      body: unsubscribeSchema,
      response: message,
    },
    async ({ deps, body, query }) => {
      const token = body.token ?? query.token;
      if (!token) throw AppError.validation([{ field: "token", message: t("content.newsletter.invalidLink") }]);
      if (!(await unsubscribeNewsletter(deps.db, token, deps.clock()))) {
        throw AppError.notFound(t("content.newsletter.invalidLink"));
      }
      return { data: { Message: t("content.newsletter.unsubscribed") } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/newsletter/unsubscribe",
      summary: "Abrir el enlace de List-Unsubscribe en el navegador: lleva a la página de cancelación",
      tags: ["Contenido"],
      query: unsubscribeQuery,
    },
    async ({ c, query }) => {
      const q = query.token ? `?token=${encodeURIComponent(query.token)}` : "";
      return c.redirect(`/newsletter/unsubscribe${q}`, 303);
    },
  );

  // ---------- staff ----------

  resourceRoutes(app, invoiceRequestsResource);
  resourceRoutes(app, foundationApplicationsResource);

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
      const actor = assertCan(backOfficeActor(c, auth), invoiceRequestsResource.permissions.write);
      await setInvoiceStatus(deps.db, actor, params.id, body.status, body.note);
      return { data: { Message: t(`content.invoice.status.${body.status}`) } };
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
      body: applicationStatusSchema,
      response: message,
    },
    async ({ deps, params, body, auth, c }) => {
      const actor = assertCan(backOfficeActor(c, auth), foundationApplicationsResource.permissions.write);
      await setApplicationStatus(deps.db, actor, params.id, body.status);
      return { data: { Message: t(`content.foundation.status.${body.status}`) } };
    },
  );

  // ---------- files library ----------

  // Before the body is read: a 50 MB picture gets the library's own message, not a generic one.
  app.use("/admin/files", imageUploadLimit);

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/files",
      summary:
        "Sube una imagen a la biblioteca (multipart: file, alt). JPG, PNG o WebP de hasta 4 MB; se guarda en 5 anchos WebP",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      body: z.object({
        file: z.any().optional(),
        alt: z.preprocess((v) => (typeof v === "string" ? v.trim() : ""), z.string().max(200, t("media.altTooLong"))),
      }),
      response: mediaAnswer,
      status: 201,
    },
    async ({ deps, body, auth, c }) => {
      const actor = backOfficeActor(c, auth);
      const media = await storeImage(deps.db, deps.storage, body.file, { alt: body.alt, uploadedBy: actor.id, actor });
      return { data: media };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/files",
      summary: "Biblioteca de imágenes (búsqueda por nombre o texto alternativo)",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      query: listQuery,
      response: mediaListAnswer,
    },
    async ({ deps, query, auth, c }) => {
      backOfficeActor(c, auth);
      const { rows, total } = await listImages(deps.db, query);
      return pageOf(rows, total, query);
    },
  );

  defineRoute(
    app,
    {
      method: "delete",
      path: "/admin/files/:id",
      summary: "Elimina una imagen de la biblioteca y todos sus tamaños",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: message,
    },
    async ({ deps, params, auth, c }) => {
      const actor = backOfficeActor(c, auth);
      await deleteImage(deps.db, deps.storage, params.id, actor);
      deps.cache.clear("public:");
      return { data: { Message: t("media.deleted") } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/files/content/:name",
      summary: "Una imagen de contenido en uno de sus anchos (WebP, caché de un año)",
      tags: ["Contenido"],
      params: z.object({ name: z.string().regex(/^[a-f0-9]{20}-\d{3,4}\.webp$/, t("media.notFound")) }),
    },
    async ({ deps, params }) => {
      const key = `content/${params.name}`;
      const data = await deps.storage.get(key);
      if (!data) throw AppError.notFound(t("media.notFound"));
      return new Response(new Uint8Array(data), {
        headers: {
          "Content-Type": contentTypeOf(key),
          "Content-Length": String(data.length),
          "Cache-Control": "public, max-age=31536000, immutable",
        },
      });
    },
  );
}
