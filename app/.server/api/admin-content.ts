/**
 * Content back office: CMS pages (resource kit), configuration pages, the home sections with their
 * drafts and publishing, the legal sections, a foundation application's detail.
 */
import { assertCan } from "../domain/people/access";
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { CONFIG_PAGES, configSchema } from "~/shared/configuration";
import { homeSectionSchema, legalSectionSchema } from "~/shared/schemas/cms";
import { defineRoute, type ApiEnv } from "../http/api";
import { AppError, zodFields } from "../http/errors";
import {
  getConfigPage,
  getHomeSectionAdmin,
  getLegalSectionAdmin,
  listHomeSectionsAdmin,
  listLegalSectionsAdmin,
  publishHome,
  saveConfigPage,
  saveHomeDraft,
  saveLegalSection,
} from "../domain/content/admin";
import { cmsPagesResource } from "../resources/cms-pages";
import { BACK_OFFICE, backOfficeActor } from "./admin-people";
import { resourceRoutes } from "./resource-routes";

const TAG = "Back office: contenido";
const message = z.object({ Message: z.string() });
const configValues = z.record(z.string(), z.union([z.string(), z.boolean()]));
const pageParam = z.object({ page: z.enum(CONFIG_PAGES, { error: t("errors.notFound") }) });
const keyParam = z.object({ key: z.string().regex(/^[a-z0-9_-]{1,60}$/, t("cms.errors.componentNotFound")) });
const slugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,80}$/, t("cms.errors.sectionNotFound")) });
const sectionValues = z.object({
  title: z.string().nullable(),
  subtitle: z.string().nullable(),
  body: z.string().nullable(),
  image_url: z.string().nullable(),
  cta_label: z.string().nullable(),
  cta_link: z.string().nullable(),
  sort_order: z.number(),
  active: z.boolean(),
  /** The features' cards and a banner's points, on the sections that have them. */
  items: z.array(z.object({ icon: z.string(), title: z.string(), text: z.string() })).optional(),
  points: z.array(z.string()).optional(),
});
const homeSection = z.object({
  id: z.number(),
  key: z.string(),
  kind: z.string(),
  published: sectionValues,
  draft: sectionValues.nullable(),
  updated_at: z.string(),
});
const legalSection = z.object({
  id: z.number(),
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  published: z.boolean(),
  updated_at: z.string(),
});
/** What the back office's content pages read after a save. */
export const configSavedAnswer = z.object({ data: message.extend({ values: configValues }) });
export const homeSectionSavedAnswer = z.object({ data: message.extend({ item: homeSection }) });
export const homeSectionsChangedAnswer = z.object({ data: message.extend({ count: z.number() }) });
export const legalSectionSavedAnswer = z.object({ data: message.extend({ item: legalSection }) });

export function adminContentRoutes(app: Hono<ApiEnv>) {
  resourceRoutes(app, cmsPagesResource);

  // ---------- configuration pages [type 1] ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/configurations/:page",
      summary: "Valores de una página de configuración: general, landing, on-demand o store (administrador tipo 1)",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: pageParam,
      response: z.object({ data: configValues }),
    },
    async ({ c, auth, deps, params }) => ({
      data: await getConfigPage(deps.db, backOfficeActor(c, auth), params.page),
    }),
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/configurations/:page",
      summary: "Guarda una página de configuración (administrador tipo 1; auditado; el sitio lo ve al instante)",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: pageParam,
      body: z.record(z.string(), z.unknown()),
      response: configSavedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = backOfficeActor(c, auth);
      // Who may change it first: staff without the permission hear 403, not what their body lacks.
      assertCan(actor, "configuration.write");
      const parsed = configSchema(params.page).safeParse(body);
      if (!parsed.success) {
        const fields = zodFields(parsed.error.issues);
        throw AppError.validation(fields);
      }
      const values = await saveConfigPage(deps, actor, params.page, parsed.data as Record<string, string | boolean>);
      return { data: { Message: t("cms.config.saved"), values } };
    },
  );

  // ---------- home sections, drafts and publishing [type 1] ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/home-sections",
      summary: "Secciones del inicio: lo publicado y el borrador de cada una (administrador tipo 1)",
      tags: [TAG],
      guard: BACK_OFFICE,
      response: z.object({ data: z.array(homeSection) }),
    },
    async ({ c, auth, deps }) => ({ data: await listHomeSectionsAdmin(deps.db, backOfficeActor(c, auth)) }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/home-sections/:key",
      summary: "Una sección del inicio con su borrador",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: keyParam,
      response: z.object({ data: homeSection }),
    },
    async ({ c, auth, deps, params }) => ({
      data: await getHomeSectionAdmin(deps.db, backOfficeActor(c, auth), params.key),
    }),
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/home-sections/:key",
      summary: "Guarda el borrador de una sección del inicio (no se publica hasta «Publicar cambios»)",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: keyParam,
      body: homeSectionSchema,
      response: homeSectionSavedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const item = await saveHomeDraft(deps, backOfficeActor(c, auth), params.key, body);
      return { data: { Message: t("cms.home.draftSaved"), item } };
    },
  );

  for (const action of ["publish", "discard"] as const)
    defineRoute(
      app,
      {
        method: "post",
        path: `/admin/home-sections/${action}`,
        summary:
          action === "publish"
            ? "Publica todos los borradores del inicio en una transacción (auditado)"
            : "Descarta todos los borradores del inicio (auditado)",
        tags: [TAG],
        guard: BACK_OFFICE,
        response: homeSectionsChangedAnswer,
      },
      async ({ c, auth, deps }) => {
        const count = await publishHome(deps, backOfficeActor(c, auth), { discard: action === "discard" });
        return { data: { Message: t(action === "publish" ? "cms.home.published_ok" : "cms.home.discarded"), count } };
      },
    );

  // ---------- legal sections (/legals/{section}) [type 1] ----------
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/legal-sections",
      summary: "Secciones de /legals (preguntas frecuentes…) para editar (administrador tipo 1)",
      tags: [TAG],
      guard: BACK_OFFICE,
      response: z.object({ data: z.array(legalSection) }),
    },
    async ({ c, auth, deps }) => ({ data: await listLegalSectionsAdmin(deps.db, backOfficeActor(c, auth)) }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/legal-sections/:slug",
      summary: "Una sección de /legals con su contenido como texto",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: slugParam,
      response: z.object({ data: legalSection }),
    },
    async ({ c, auth, deps, params }) => ({
      data: await getLegalSectionAdmin(deps.db, backOfficeActor(c, auth), params.slug),
    }),
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/legal-sections/:slug",
      summary: "Guarda una sección de /legals (administrador tipo 1; auditado)",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: slugParam,
      body: legalSectionSchema,
      response: legalSectionSavedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const item = await saveLegalSection(deps, backOfficeActor(c, auth), params.slug, body);
      return { data: { Message: t("cms.legals.saved"), item } };
    },
  );
}
