/**
 * Legal texts: read by anyone (the public pages), listed and edited by administrators of type 1.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { legalTextSchema } from "~/shared/schemas/legal";
import { defineRoute, type ApiEnv } from "../http/api";
import { getLegalText, listLegalTexts, updateLegalText } from "../domain/legal/service";
import { assertFullAdministrator } from "../domain/people/access";
import { BACK_OFFICE, backOfficeActor } from "./admin-people";

const legalText = z.object({
  slug: z.enum(["privacy", "terms"]),
  title: z.string(),
  body: z.string(),
  updated_at: z.string().nullable(),
});
/** A legal text saved in the back office. */
export const legalTextSavedAnswer = z.object({ data: z.object({ Message: z.string(), text: legalText }) });

const slugParam = z.object({ slug: z.string().max(40) });

export function legalRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/legal/:slug",
      summary: "Texto legal vigente: privacy (Aviso de Privacidad) o terms (Términos y Condiciones)",
      tags: ["Contenido"],
      params: slugParam,
      response: z.object({ data: legalText }),
    },
    async ({ deps, params }) => ({ data: await getLegalText(deps.db, params.slug) }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/legal",
      summary: "Textos legales editables (solo administrador tipo 1)",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      response: z.object({ data: z.array(legalText) }),
    },
    async ({ c, auth, deps }) => {
      assertFullAdministrator(backOfficeActor(c, auth));
      return { data: await listLegalTexts(deps.db) };
    },
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/legal/:slug",
      summary: "Guarda el título y el texto de una página legal (solo administrador tipo 1; auditado)",
      tags: ["Back office: contenido"],
      guard: BACK_OFFICE,
      params: slugParam,
      body: legalTextSchema,
      response: legalTextSavedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const text = await updateLegalText(deps.db, backOfficeActor(c, auth), params.slug, body, deps.clock());
      return { data: { Message: t("legal.admin.saved"), text } };
    },
  );
}
