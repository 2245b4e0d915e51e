import type { Hono } from "hono";
import { z } from "zod";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { AppError } from "../http/errors";
import { BACK_OFFICE, backOfficeActor } from "./back-office";
import { assertCan } from "../domain/people/access";
import {
  coachWithVideos,
  filterId,
  landing,
  libraryFacets,
  listLibrary,
  streamForIcs,
  upcomingStreams,
  assertOnDemandOn,
} from "../domain/on-demand/library";
import { play, reportProgress, watchHistory } from "../domain/on-demand/watch";
import { dashboardRange, onDemandDashboard } from "../domain/on-demand/dashboard";
import { streamIcs } from "../domain/on-demand/ics";
import {
  coachVideosAnswer,
  facetsAnswer,
  historyAnswer,
  landingAnswer,
  libraryAnswer,
  onDemandDashboardAnswer,
  playAnswer,
  progressAnswer,
  streamsAnswer,
} from "~/shared/schemas/on-demand-answers";
import { localDay } from "~/shared/mexico/time";

/** A filter value of the query: an id, anything else is ignored (never a 500). */
const optionalId = z
  .string()
  .optional()
  .transform((v) => filterId(v));

const libraryQuery = z.object({
  type: optionalId,
  coach: optionalId,
  difficulty: optionalId,
  duration: optionalId,
  equipment: optionalId,
  q: z.string().max(200).optional(),
  page: z
    .string()
    .optional()
    .transform((v) => filterId(v) ?? 1),
});

const seconds = z.coerce.number().finite().min(0).max(86_400);

/** Nucleo Home for customers: the library, live classes, plays and progress; the staff's dashboard. */
export function onDemandRoutes(app: Hono<ApiEnv>) {
  const tester = (auth: { user: { isTester: boolean } | null }) => auth.user?.isTester ?? false;

  defineRoute(
    app,
    {
      method: "get",
      path: "/on-demand/videos",
      summary: "Biblioteca de Nucleo Home: videos publicados con filtros combinables, búsqueda y páginas",
      tags: ["Nucleo Home"],
      query: libraryQuery,
      response: libraryAnswer,
    },
    async ({ deps, query, auth }) => {
      await assertOnDemandOn(deps.db);
      return { data: await listLibrary(deps.db, query, { tester: tester(auth) }) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/on-demand/filters",
      summary: "Valores de cada filtro de la biblioteca (tipos, coaches con videos, dificultades, duraciones, equipo)",
      tags: ["Nucleo Home"],
      response: facetsAnswer,
    },
    async ({ deps, auth }) => {
      await assertOnDemandOn(deps.db);
      return { data: await libraryFacets(deps.db, { tester: tester(auth) }) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/on-demand/landing",
      summary: "Portada de Nucleo Home: destacados, nuevos esta semana, clases en vivo y coaches",
      tags: ["Nucleo Home"],
      response: landingAnswer,
    },
    async ({ deps, auth }) => {
      await assertOnDemandOn(deps.db);
      return { data: await landing(deps.db, deps.clock(), { tester: tester(auth) }) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/on-demand/coaches/:id",
      summary: "Una coach y sus videos de Nucleo Home",
      tags: ["Nucleo Home"],
      params: idParam("id"),
      response: coachVideosAnswer,
    },
    async ({ deps, params, auth }) => {
      await assertOnDemandOn(deps.db);
      const found = await coachWithVideos(deps.db, params.id, { tester: tester(auth) });
      if (!found) throw AppError.notFound();
      return { data: found };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/on-demand/streams",
      summary: "Clases en vivo que no han terminado (el enlace aparece 15 minutos antes)",
      tags: ["Nucleo Home"],
      response: streamsAnswer,
    },
    async ({ deps }) => {
      await assertOnDemandOn(deps.db);
      return { data: await upcomingStreams(deps.db, deps.clock()) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/on-demand/streams/:id/calendar.ics",
      summary: "Archivo de calendario (.ics) de una clase en vivo",
      tags: ["Nucleo Home"],
      params: idParam("id"),
    },
    async ({ deps, params }) => {
      await assertOnDemandOn(deps.db);
      const s = await streamForIcs(deps.db, params.id);
      if (!s) throw AppError.notFound();
      return new Response(streamIcs(s, deps.config.publicUrl), {
        headers: {
          "Content-Type": "text/calendar; charset=utf-8",
          "Content-Disposition": `attachment; filename="nucleo-home-${s.id}.ics"`,
        },
      });
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/on-demand/videos/:id/play",
      summary: "Reproduce un video: revisa el plan y firma el enlace corto del video para esta clienta",
      tags: ["Nucleo Home"],
      guard: ["customer"],
      params: idParam("id"),
      response: playAnswer,
    },
    async ({ deps, params, auth }) => {
      await assertOnDemandOn(deps.db);
      return {
        data: await play(deps.db, {
          userId: auth.user!.id,
          videoId: params.id,
          tester: tester(auth),
          now: deps.clock(),
          secret: deps.secrets.derive("on-demand-media"),
        }),
      };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/on-demand/videos/:id/progress",
      summary:
        "Guarda dónde va la clienta y lo que vio; un plan de clases descuenta una clase la primera vez que pasa el umbral",
      tags: ["Nucleo Home"],
      guard: ["customer"],
      params: idParam("id"),
      body: z.object({ position_seconds: seconds, watched_seconds: seconds.default(0) }),
      response: progressAnswer,
    },
    async ({ deps, params, auth, body }) => {
      await assertOnDemandOn(deps.db);
      return {
        data: await reportProgress(deps.db, {
          userId: auth.user!.id,
          videoId: params.id,
          tester: tester(auth),
          positionSeconds: body.position_seconds,
          watchedSeconds: body.watched_seconds,
          now: deps.clock(),
        }),
      };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/on-demand/history",
      summary: "Continuar viendo e historial de Nucleo Home de la clienta",
      tags: ["Nucleo Home"],
      guard: ["customer"],
      response: historyAnswer,
    },
    async ({ deps, auth }) => ({ data: await watchHistory(deps.db, auth.user!.id, { tester: tester(auth) }) }),
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/on-demand/dashboard",
      summary:
        "Panel de Nucleo Home: vistas por día, minutos vistos, top de videos, suscriptores, planes vendidos y bajas",
      tags: ["Nucleo Home"],
      guard: BACK_OFFICE,
      query: z.object({ from: z.string().max(10).optional(), to: z.string().max(10).optional() }),
      response: onDemandDashboardAnswer,
    },
    async ({ c, auth, deps, query }) => {
      assertCan(backOfficeActor(c, auth), "on_demand.read");
      const now = deps.clock();
      return { data: await onDemandDashboard(deps.db, dashboardRange(query.from, query.to, localDay(now)), now) };
    },
  );
}
