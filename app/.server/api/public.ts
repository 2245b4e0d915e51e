import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { id } from "~/shared/schemas/fields";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { AppError } from "../http/errors";
import { checkHealth } from "../http/health";
import { publicReads } from "../domain/content/public-reads";
import { findCity } from "../domain/places/service";
import { coachDto } from "../resources/coaches";
import { sessionTypeDto } from "../resources/session-types";
import type { HomeCoach, HomeSection, HomeSessionType } from "~/components/site/home/types";

const city = z.object({ id: z.number(), name: z.string(), suffix: z.string(), timezone: z.string() });
const studio = z.object({
  id: z.number(),
  city_id: z.number(),
  name: z.string(),
  slug: z.string(),
  address: z.string(),
  /** 10 digits (show it as 55 1234 5678, call it with tel:+52…). */
  phone: z.string(),
  description: z.string(),
  image_url: z.string().nullable(),
  map_url: z.string().nullable(),
  active: z.boolean(),
  is_external: z.boolean(),
  is_marketplace: z.boolean(),
});
const sponsor = z.object({ id: z.number(), name: z.string(), link: z.string(), image: z.string(), class: z.string() });

/** The home page's sections (each kind's `data` is its own), coaches, class types and sponsors. */
const homeDataAnswer = z.object({
  data: z.object({
    sections: z.array(
      z.object({
        key: z.string(),
        kind: z.string(),
        title: z.string(),
        subtitle: z.string(),
        body: z.string(),
        image_url: z.string().nullable(),
        cta_label: z.string().nullable(),
        cta_link: z.string().nullable(),
        data: z.record(z.string(), z.unknown()),
      }) satisfies z.ZodType<HomeSection>,
    ),
    coaches: z.array(
      coachDto.omit({
        facebook: true,
        tiktok: true,
        user_id: true,
        sort_order: true,
        active: true,
      }) satisfies z.ZodType<HomeCoach>,
    ),
    session_types: z.array(
      sessionTypeDto.omit({ sort_order: true, active: true }) satisfies z.ZodType<HomeSessionType>,
    ),
    sponsors: z.array(sponsor),
  }),
});

export function publicRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/health",
      summary: "Estado del servicio: base de datos, cola de tareas y disco (503 sin base de datos)",
      tags: ["Sistema"],
      response: z.object({
        data: z.object({
          status: z.enum(["ok", "degraded", "error"]),
          database: z.enum(["ok", "error"]),
          jobs: z.object({ status: z.enum(["ok", "error"]), queued: z.number().int(), failed: z.number().int() }),
          disk: z.object({ status: z.enum(["ok", "low", "error"]), free_mb: z.number().int() }),
          time: z.string(),
        }),
      }),
    },
    async ({ deps }) => {
      const health = await checkHealth(deps);
      if (health.database === "error") throw new AppError(503, t("errors.serviceUnavailable"));
      return { data: health };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/cities",
      summary: "Ciudades con estudios",
      tags: ["Ubicaciones"],
      response: z.object({ data: z.array(city) }),
    },
    async ({ deps, c }) => {
      c.header("Cache-Control", "public, max-age=60");
      return { data: await publicReads(deps).cities() };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/studios/city/:city",
      summary: "Estudios activos de una ciudad",
      tags: ["Ubicaciones"],
      params: idParam("city"),
      response: z.object({ data: z.array(studio) }),
    },
    async ({ deps, params }) => {
      if (!(await findCity(deps.db, params.city))) throw AppError.notFound(t("errors.cityNotFound"));
      return { data: await publicReads(deps).studiosByCity(params.city) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/home-data",
      summary: "Contenido de la página de inicio",
      tags: ["Contenido"],
      response: homeDataAnswer,
    },
    async ({ deps }) => ({ data: await publicReads(deps).home() }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/sponsors",
      summary: "Patrocinadores del sitio, o de un estudio (marketplace) con studio_id",
      tags: ["Contenido"],
      query: z.object({
        studio_id: id.optional(),
      }),
      response: z.object({ data: z.array(sponsor) }),
    },
    async ({ deps, query }) => ({ data: await publicReads(deps).sponsors(query.studio_id ?? null) }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/v2/configurations",
      summary: "Configuración pública que la aplicación carga al iniciar",
      tags: ["Contenido"],
      response: z.object({ data: z.record(z.string(), z.unknown()) }),
    },
    async ({ deps }) => ({ data: await publicReads(deps).configurations() }),
  );
}
