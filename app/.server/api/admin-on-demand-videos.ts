/**
 * Nucleo Home's videos and live classes in the back office (issue 23): list with filters, edit,
 * publish (only when ready), retry, delete, captions and thumbnail override; live classes.
 * Uploads themselves are resumable (tus) in `on-demand-media.ts`.
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { optionalId as sharedOptionalId } from "~/shared/schemas/fields";
import {
  streamBodySchema as streamBody,
  videoBodySchema as videoBody,
  type StreamBody,
} from "~/shared/schemas/on-demand-admin";
import { zonedToUtc } from "~/shared/mexico/time";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { AppError } from "../http/errors";
import {
  deleteVideo,
  getStreamAdmin,
  getVideoAdmin,
  listVideosAdmin,
  retryVideo,
  saveStream,
  setCaptions,
  setThumbnailOverride,
  updateVideo,
} from "../domain/on-demand/videos-admin";
import { BACK_OFFICE, backOfficeActor, metaSchema } from "./back-office";

const TAG = "Back office: Nucleo Home";
const STATUSES = ["uploading", "processing", "ready", "failed"] as const;
// Ids within PostgreSQL's integer, with the shared Spanish message (a bigger one is a 422, not a 500).
const idFilter = sharedOptionalId.optional().transform((v) => v ?? undefined);

const message = z.object({ Message: z.string() });

const videoDto = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  status: z.enum(STATUSES),
  failure_reason: z.string().nullable(),
  processing_attempts: z.number(),
  coach_id: z.number().nullable(),
  type_id: z.number().nullable(),
  difficulty_id: z.number().nullable(),
  duration_id: z.number().nullable(),
  equipment_ids: z.array(z.number()),
  published: z.boolean(),
  testing: z.boolean(),
  featured: z.boolean(),
  duration_seconds: z.number().nullable(),
  renditions: z.array(z.object({ height: z.number(), bandwidth: z.number(), playlist: z.string() })),
  has_thumbnail: z.boolean(),
  has_thumbnail_override: z.boolean(),
  has_captions: z.boolean(),
});

export const videoSavedAnswer = z.object({ data: message.extend({ item: videoDto }) });

type VideoRow = Awaited<ReturnType<typeof getVideoAdmin>>;
function videoDtoOf(v: VideoRow): z.input<typeof videoDto> {
  return {
    id: v.id,
    title: v.title,
    description: v.description,
    status: v.status,
    failure_reason: v.failureReason,
    processing_attempts: v.processingAttempts,
    coach_id: v.coachId,
    type_id: v.typeId,
    difficulty_id: v.difficultyId,
    duration_id: v.durationId,
    equipment_ids: v.equipmentIds,
    published: v.published,
    testing: v.testing,
    featured: v.featured,
    duration_seconds: v.durationSeconds,
    renditions: v.renditions,
    has_thumbnail: Boolean(v.thumbnailKey),
    has_thumbnail_override: Boolean(v.thumbnailOverrideKey),
    has_captions: Boolean(v.captionsKey),
  };
}

/** What the back office's pages read after a command. */
export const videoMessageAnswer = z.object({ data: message });
export const streamSavedAnswer = z.object({ data: message.extend({ id: z.number() }) });

export function adminOnDemandVideoRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/on-demand/videos",
      summary: "Videos de Nucleo Home con búsqueda y filtros (estado, tipo, coach, publicado)",
      tags: [TAG],
      guard: BACK_OFFICE,
      query: z.object({
        q: z.string().max(100).optional(),
        status: z.enum(STATUSES).optional(),
        type_id: idFilter,
        coach_id: idFilter,
        published: z.enum(["1", "0"]).optional(),
        page: z.coerce.number().int().min(1).max(100000).optional().default(1),
        per_page: z.coerce.number().int().min(1).max(100).optional().default(25),
      }),
      response: z.object({
        data: z.array(
          z.object({
            id: z.number(),
            title: z.string(),
            status: z.enum(STATUSES),
            published: z.boolean(),
            testing: z.boolean(),
            featured: z.boolean(),
            duration_seconds: z.number().nullable(),
            coach: z.string().nullable(),
            type: z.string().nullable(),
          }),
        ),
        meta: metaSchema,
      }),
    },
    async ({ c, auth, deps, query }) => {
      const r = await listVideosAdmin(deps, backOfficeActor(c, auth), {
        q: query.q?.trim() || null,
        status: query.status ?? null,
        typeId: query.type_id ?? null,
        coachId: query.coach_id ?? null,
        published: query.published === undefined ? null : query.published === "1",
        limit: query.per_page,
        offset: (query.page - 1) * query.per_page,
      });
      return {
        data: r.items.map((v) => ({
          id: v.id,
          title: v.title,
          status: v.status,
          published: v.published,
          testing: v.testing,
          featured: v.featured,
          duration_seconds: v.durationSeconds,
          coach: v.coachName,
          type: v.typeName,
        })),
        meta: {
          page: query.page,
          per_page: query.per_page,
          total: r.total,
          last_page: Math.max(1, Math.ceil(r.total / query.per_page)),
        },
      };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/on-demand/videos/:id",
      summary: "Un video de Nucleo Home con su estado de procesamiento",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: z.object({ data: videoDto }),
    },
    async ({ c, auth, deps, params }) => ({
      data: videoDtoOf(await getVideoAdmin(deps, backOfficeActor(c, auth), params.id)),
    }),
  );

  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/on-demand/videos/:id",
      summary: "Guarda un video (publicar solo cuando está listo; auditado)",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: videoBody,
      response: videoSavedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = backOfficeActor(c, auth);
      await updateVideo(deps, actor, params.id, {
        title: body.title,
        description: body.description,
        coachId: body.coach_id,
        typeId: body.type_id,
        difficultyId: body.difficulty_id,
        durationId: body.duration_id,
        equipmentIds: body.equipment_ids,
        published: body.published,
        testing: body.testing,
        featured: body.featured,
      });
      const item = videoDtoOf(await getVideoAdmin(deps, actor, params.id));
      return { data: { Message: t("onDemandAdmin.videos.edit.saved"), item } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/on-demand/videos/:id/retry",
      summary: "Vuelve a procesar un video cuyo procesamiento falló",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: videoMessageAnswer,
    },
    async ({ c, auth, deps, params }) => {
      await retryVideo(deps, backOfficeActor(c, auth), params.id);
      return { data: { Message: t("onDemandAdmin.videos.edit.retried") } };
    },
  );

  defineRoute(
    app,
    {
      method: "delete",
      path: "/admin/on-demand/videos/:id",
      summary: "Elimina un video (deja de verse y de reproducirse; queda en el historial)",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: videoMessageAnswer,
    },
    async ({ c, auth, deps, params }) => {
      await deleteVideo(deps, backOfficeActor(c, auth), params.id);
      return { data: { Message: t("onDemandAdmin.videos.edit.deleted") } };
    },
  );

  const fileBytes = async (file: unknown) => {
    if (file instanceof File) return new Uint8Array(await file.arrayBuffer());
    return null;
  };

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/on-demand/videos/:id/captions",
      summary: "Sube (multipart, campo file: WebVTT de hasta 2 MB) o, sin archivo, quita los subtítulos",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: z.object({ file: z.any().optional() }),
      bodyLimit: 2_200_000,
      response: videoMessageAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      await setCaptions(deps, backOfficeActor(c, auth), params.id, await fileBytes(body.file));
      return { data: { Message: t("onDemandAdmin.videos.edit.captionsUploaded") } };
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/on-demand/videos/:id/thumbnail",
      summary: "Sube (multipart, campo file: JPG, PNG o WebP de hasta 5 MB) o, sin archivo, quita la miniatura propia",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: z.object({ file: z.any().optional() }),
      bodyLimit: 5_300_000,
      response: videoMessageAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      await setThumbnailOverride(deps, backOfficeActor(c, auth), params.id, await fileBytes(body.file));
      return { data: { Message: t("onDemandAdmin.videos.edit.thumbnailUploaded") } };
    },
  );

  // ---------- live classes ----------
  const streamDto = z.object({
    id: z.number(),
    title: z.string(),
    description: z.string(),
    coach_id: z.number().nullable(),
    starts_at: z.string(),
    duration_minutes: z.number(),
    stream_url: z.string(),
    replay_video_id: z.number().nullable(),
    active: z.boolean(),
  });
  const streamInput = (body: StreamBody) => {
    const [day, time] = body.starts_at.replace("T", " ").split(" ") as [string, string];
    const startsAt = zonedToUtc(day, time);
    if (Number.isNaN(startsAt.getTime())) {
      const m = t("onDemandAdmin.streams.errors.startsAtInvalid");
      throw new AppError(422, m, [{ field: "starts_at", message: m }]);
    }
    return {
      title: body.title,
      description: body.description,
      coachId: body.coach_id,
      startsAt,
      durationMinutes: body.duration_minutes,
      streamUrl: body.stream_url,
      replayVideoId: body.replay_video_id,
      active: body.active,
    };
  };
  defineRoute(
    app,
    {
      method: "post",
      path: "/admin/on-demand/streams",
      summary: "Crea una clase en vivo (inicio en hora de la Ciudad de México)",
      tags: [TAG],
      guard: BACK_OFFICE,
      body: streamBody,
      status: 201,
      response: streamSavedAnswer,
    },
    async ({ c, auth, deps, body }) => {
      const id = await saveStream(deps, backOfficeActor(c, auth), null, streamInput(body));
      return { data: { Message: t("onDemandAdmin.streams.created"), id } };
    },
  );
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/on-demand/streams/:id",
      summary: "Una clase en vivo",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: z.object({ data: streamDto }),
    },
    async ({ c, auth, deps, params }) => {
      const s = await getStreamAdmin(deps, backOfficeActor(c, auth), params.id);
      return {
        data: {
          id: s.id,
          title: s.title,
          description: s.description,
          coach_id: s.coachId,
          starts_at: s.startsAt.toISOString(),
          duration_minutes: s.durationMinutes,
          stream_url: s.streamUrl,
          replay_video_id: s.replayVideoId,
          active: s.active,
        },
      };
    },
  );
  defineRoute(
    app,
    {
      method: "put",
      path: "/admin/on-demand/streams/:id",
      summary: "Guarda una clase en vivo",
      tags: [TAG],
      guard: BACK_OFFICE,
      params: idParam("id"),
      body: streamBody,
      response: streamSavedAnswer,
    },
    async ({ c, auth, deps, params, body }) => {
      const id = await saveStream(deps, backOfficeActor(c, auth), params.id, streamInput(body));
      return { data: { Message: t("onDemandAdmin.streams.saved"), id } };
    },
  );
}
