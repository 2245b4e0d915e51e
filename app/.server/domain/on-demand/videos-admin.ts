/**
 * Nucleo Home's videos and live classes in the back office (issue 23): the row an upload makes,
 * its hand-over to processing, the staff's edits (publishing only when ready), retry, delete,
 * captions and thumbnail override, and the live classes. Every write is audited.
 */
import path from "node:path";
import { and, asc, desc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { AppDeps } from "../../deps";
import {
  coaches,
  onDemandDifficulties,
  onDemandDurations,
  onDemandEquipments,
  onDemandStreams,
  onDemandTypes,
  onDemandVideoEquipments,
  onDemandVideos,
  type OnDemandVideoStatus,
} from "../../db/schema";
import { probe } from "../../adapters/ffmpeg";
import { AppError } from "../errors";
import { assertCan, type Actor } from "../people/access";
import { inTransaction } from "../tx";
import { VIDEO_JOB, videoFolder } from "./processing";

type Deps = Pick<AppDeps, "db" | "media" | "jobs" | "config" | "clock" | "log">;

const VIDEO_EXTENSIONS = ["mp4", "mov", "m4v", "webm", "mkv", "avi", "mpg", "mpeg"] as const;

/** Is this name and MIME type (what the browser says) a video we accept? The bytes are checked later. */
export function looksLikeVideo(filename: string, mime: string | null | undefined) {
  const ext = filename.toLowerCase().split(".").pop() ?? "";
  const extOk = (VIDEO_EXTENSIONS as readonly string[]).includes(ext);
  const mimeOk = !mime || mime.startsWith("video/") || mime === "application/octet-stream";
  return extOk && mimeOk;
}

const titleFromFilename = (name: string) =>
  (
    name
      .replace(/\.[^.]+$/, "")
      .replace(/[_-]+/g, " ")
      .trim() || "Video"
  ).slice(0, 160);

/** The row of a new upload (status `uploading`), made when the resumable upload is created. */
export async function startVideoUpload(
  deps: Deps,
  actor: Actor,
  input: { uploadId: string; filename: string; size: number | null },
) {
  assertCan(actor, "on_demand.write");
  return inTransaction(deps.db, async ({ tx, audit }) => {
    const [row] = await tx
      .insert(onDemandVideos)
      .values({
        title: titleFromFilename(input.filename),
        status: "uploading",
        uploadId: input.uploadId,
        uploadedByUserId: actor.id,
        originalSize: input.size,
      })
      .returning({ id: onDemandVideos.id });
    audit({
      actorUserId: actor.id,
      action: "on_demand_video.uploaded",
      entity: "on_demand_video",
      entityId: row!.id,
      data: { filename: input.filename, size: input.size },
      ip: actor.ip,
    });
    return row!.id;
  });
}

/** Who started upload `uploadId`, and its video (null: unknown upload). */
export async function uploadOwner(deps: Pick<Deps, "db">, uploadId: string) {
  const [row] = await deps.db
    .select({ id: onDemandVideos.id, userId: onDemandVideos.uploadedByUserId, status: onDemandVideos.status })
    .from(onDemandVideos)
    .where(eq(onDemandVideos.uploadId, uploadId));
  return row ?? null;
}

/**
 * The upload of `uploadId` is complete in `file`: its first bytes must be a video (ffprobe), then
 * it becomes the video's original, the video goes to `processing` and the job is enqueued in the
 * same transaction. Not a video: the file and the row are removed and a 422 says why.
 */
export async function finishVideoUpload(deps: Deps, uploadId: string, file: string, size: number) {
  const owner = await uploadOwner(deps, uploadId);
  if (!owner) throw new AppError(404, t("onDemandAdmin.upload.errors.notFound"));
  const info = await probe(file, deps.config);
  if (!info) {
    await deps.db.delete(onDemandVideos).where(eq(onDemandVideos.id, owner.id));
    throw new AppError(422, t("onDemandAdmin.upload.errors.notVideo"));
  }
  const ext = path.extname(file).replace(".", "").toLowerCase();
  const key = `originals/${owner.id}-${uploadId
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .slice(0, 40)}${ext && /^[a-z0-9]{2,5}$/.test(ext) ? `.${ext}` : ""}`;
  await deps.media.adopt(key, file);
  await inTransaction(deps.db, async ({ tx }) => {
    await tx
      .update(onDemandVideos)
      .set({ status: "processing", originalKey: key, originalSize: size, failureReason: null, updatedAt: deps.clock() })
      .where(eq(onDemandVideos.id, owner.id));
    await deps.jobs.send(tx, VIDEO_JOB, { videoId: owner.id });
  });
  return owner.id;
}

// ---------------------------------------------------------------- reads

export interface VideoFilters {
  q?: string | null;
  status?: OnDemandVideoStatus | null;
  typeId?: number | null;
  coachId?: number | null;
  published?: boolean | null;
  limit: number;
  offset: number;
}

export async function listVideosAdmin(deps: Pick<Deps, "db">, actor: Actor, f: VideoFilters) {
  assertCan(actor, "on_demand.read");
  const where: SQL[] = [isNull(onDemandVideos.deletedAt)];
  if (f.q) where.push(ilike(onDemandVideos.title, `%${f.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (f.status) where.push(eq(onDemandVideos.status, f.status));
  if (f.typeId) where.push(eq(onDemandVideos.typeId, f.typeId));
  if (f.coachId) where.push(eq(onDemandVideos.coachId, f.coachId));
  if (f.published !== null && f.published !== undefined) where.push(eq(onDemandVideos.published, f.published));
  const rows = await deps.db
    .select({
      id: onDemandVideos.id,
      title: onDemandVideos.title,
      status: onDemandVideos.status,
      published: onDemandVideos.published,
      testing: onDemandVideos.testing,
      featured: onDemandVideos.featured,
      durationSeconds: onDemandVideos.durationSeconds,
      coachName: coaches.name,
      typeName: onDemandTypes.name,
      createdAt: onDemandVideos.createdAt,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(onDemandVideos)
    .leftJoin(coaches, eq(coaches.id, onDemandVideos.coachId))
    .leftJoin(onDemandTypes, eq(onDemandTypes.id, onDemandVideos.typeId))
    .where(and(...where))
    .orderBy(desc(onDemandVideos.createdAt), desc(onDemandVideos.id))
    .limit(f.limit)
    .offset(f.offset);
  return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...r }) => r) };
}

export async function getVideoAdmin(deps: Pick<Deps, "db">, actor: Actor, id: number) {
  assertCan(actor, "on_demand.read");
  const [video] = await deps.db
    .select()
    .from(onDemandVideos)
    .where(and(eq(onDemandVideos.id, id), isNull(onDemandVideos.deletedAt)));
  if (!video) throw new AppError(404, t("onDemandAdmin.videos.errors.notFound"));
  const equipments = await deps.db
    .select({ id: onDemandVideoEquipments.equipmentId })
    .from(onDemandVideoEquipments)
    .where(eq(onDemandVideoEquipments.videoId, id));
  return { ...video, equipmentIds: equipments.map((e) => e.id) };
}

/** The choices of the video form: coaches and the four taxonomies. */
export async function videoFormOptions(deps: Pick<Deps, "db">) {
  const [coachRows, types, difficulties, durations, equipments] = await Promise.all([
    deps.db.select({ id: coaches.id, name: coaches.name }).from(coaches).orderBy(asc(coaches.name)),
    deps.db
      .select({ id: onDemandTypes.id, name: onDemandTypes.name })
      .from(onDemandTypes)
      .orderBy(asc(onDemandTypes.sortOrder), asc(onDemandTypes.name)),
    deps.db
      .select({ id: onDemandDifficulties.id, name: onDemandDifficulties.name })
      .from(onDemandDifficulties)
      .orderBy(asc(onDemandDifficulties.sortOrder)),
    deps.db
      .select({ id: onDemandDurations.id, name: onDemandDurations.name })
      .from(onDemandDurations)
      .orderBy(asc(onDemandDurations.sortOrder)),
    deps.db
      .select({ id: onDemandEquipments.id, name: onDemandEquipments.name })
      .from(onDemandEquipments)
      .orderBy(asc(onDemandEquipments.sortOrder), asc(onDemandEquipments.name)),
  ]);
  return { coaches: coachRows, types, difficulties, durations, equipments };
}

// ---------------------------------------------------------------- writes

export interface VideoInput {
  title: string;
  description: string;
  coachId: number | null;
  typeId: number | null;
  difficultyId: number | null;
  durationId: number | null;
  equipmentIds: number[];
  published: boolean;
  testing: boolean;
  featured: boolean;
}

async function assertExists(
  db: Deps["db"],
  table: typeof coaches | typeof onDemandTypes,
  id: number | null,
  message: string,
  field: string,
) {
  if (id === null) return;
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  if (!row) throw new AppError(422, message, [{ field, message }]);
}

export async function updateVideo(deps: Deps, actor: Actor, id: number, input: VideoInput) {
  assertCan(actor, "on_demand.write");
  return inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [video] = await lock(onDemandVideos, and(eq(onDemandVideos.id, id), isNull(onDemandVideos.deletedAt)));
    if (!video) throw new AppError(404, t("onDemandAdmin.videos.errors.notFound"));
    if (input.published && !video.published && video.status !== "ready") {
      const message = t("onDemandAdmin.videos.errors.notReady");
      throw new AppError(422, message, [{ field: "published", message }]);
    }
    await assertExists(tx, coaches, input.coachId, t("onDemandAdmin.videos.errors.unknownCoach"), "coach_id");
    await assertExists(tx, onDemandTypes, input.typeId, t("onDemandAdmin.videos.errors.unknownType"), "type_id");
    await assertExists(
      tx,
      onDemandDifficulties as never,
      input.difficultyId,
      t("onDemandAdmin.videos.errors.unknownDifficulty"),
      "difficulty_id",
    );
    await assertExists(
      tx,
      onDemandDurations as never,
      input.durationId,
      t("onDemandAdmin.videos.errors.unknownDuration"),
      "duration_id",
    );
    const equipmentIds = [...new Set(input.equipmentIds)];
    if (equipmentIds.length) {
      const found = await tx
        .select({ id: onDemandEquipments.id })
        .from(onDemandEquipments)
        .where(inArray(onDemandEquipments.id, equipmentIds));
      if (found.length !== equipmentIds.length) {
        const message = t("onDemandAdmin.videos.errors.unknownEquipment");
        throw new AppError(422, message, [{ field: "equipment_ids", message }]);
      }
    }
    const now = deps.clock();
    await tx
      .update(onDemandVideos)
      .set({
        title: input.title,
        description: input.description,
        coachId: input.coachId,
        typeId: input.typeId,
        difficultyId: input.difficultyId,
        durationId: input.durationId,
        published: input.published,
        publishedAt: input.published ? (video.publishedAt ?? now) : video.publishedAt,
        testing: input.testing,
        featured: input.featured,
        updatedAt: now,
      })
      .where(eq(onDemandVideos.id, id));
    await tx.delete(onDemandVideoEquipments).where(eq(onDemandVideoEquipments.videoId, id));
    if (equipmentIds.length)
      await tx
        .insert(onDemandVideoEquipments)
        .values(equipmentIds.map((equipmentId) => ({ videoId: id, equipmentId })));
    const action =
      input.published !== video.published
        ? input.published
          ? "on_demand_video.published"
          : "on_demand_video.unpublished"
        : "on_demand_video.updated";
    audit({
      actorUserId: actor.id,
      action,
      entity: "on_demand_video",
      entityId: id,
      data: { title: input.title },
      ip: actor.ip,
    });
  });
}

/** Puts a failed video back on the processing queue. */
export async function retryVideo(deps: Deps, actor: Actor, id: number) {
  assertCan(actor, "on_demand.write");
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [video] = await lock(onDemandVideos, and(eq(onDemandVideos.id, id), isNull(onDemandVideos.deletedAt)));
    if (!video) throw new AppError(404, t("onDemandAdmin.videos.errors.notFound"));
    if (video.status !== "failed" || !video.originalKey)
      throw new AppError(409, t("onDemandAdmin.videos.errors.notFailed"));
    await tx
      .update(onDemandVideos)
      .set({ status: "processing", failureReason: null, updatedAt: deps.clock() })
      .where(eq(onDemandVideos.id, id));
    await deps.jobs.send(tx, VIDEO_JOB, { videoId: id });
    audit({
      actorUserId: actor.id,
      action: "on_demand_video.retried",
      entity: "on_demand_video",
      entityId: id,
      ip: actor.ip,
    });
  });
}

/**
 * Deletes a video: it leaves the library, the player and every list at once (the row stays for
 * history and statistics, unpublished); its renditions and original are removed after commit (its
 * thumbnail stays for the customers' history). A job still processing it ends cleanly.
 */
export async function deleteVideo(deps: Deps, actor: Actor, id: number) {
  assertCan(actor, "on_demand.write");
  const video = await inTransaction(deps.db, async ({ tx, lock, audit, afterCommit }) => {
    const [row] = await lock(onDemandVideos, and(eq(onDemandVideos.id, id), isNull(onDemandVideos.deletedAt)));
    if (!row) throw new AppError(404, t("onDemandAdmin.videos.errors.notFound"));
    await tx
      .update(onDemandVideos)
      .set({ deletedAt: deps.clock(), published: false, featured: false, updatedAt: deps.clock() })
      .where(eq(onDemandVideos.id, id));
    audit({
      actorUserId: actor.id,
      action: "on_demand_video.deleted",
      entity: "on_demand_video",
      entityId: id,
      data: { title: row.title },
      ip: actor.ip,
    });
    afterCommit(async () => {
      await deps.media.removePrefix(`${videoFolder(id)}hls/`).catch(() => {});
      if (row.originalKey) await deps.media.remove(row.originalKey).catch(() => {});
    });
    return row;
  });
  return { id: video.id };
}

/** Saves (or, with null, removes) the video's WebVTT captions. */
export async function setCaptions(deps: Deps, actor: Actor, id: number, vtt: Uint8Array | null) {
  assertCan(actor, "on_demand.write");
  if (vtt) {
    if (vtt.byteLength > 2 * 1024 * 1024) throw new AppError(422, t("onDemandAdmin.videos.errors.captionsTooLarge"));
    const head = Buffer.from(vtt.subarray(0, 16))
      .toString("utf8")
      .replace(/^\uFEFF/, "");
    if (!head.startsWith("WEBVTT")) throw new AppError(422, t("onDemandAdmin.videos.errors.captionsInvalid"));
  }
  const key = `${videoFolder(id)}captions.vtt`;
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [row] = await lock(onDemandVideos, and(eq(onDemandVideos.id, id), isNull(onDemandVideos.deletedAt)));
    if (!row) throw new AppError(404, t("onDemandAdmin.videos.errors.notFound"));
    if (vtt) await deps.media.put(key, vtt);
    else await deps.media.remove(key);
    await tx
      .update(onDemandVideos)
      .set({ captionsKey: vtt ? key : null, updatedAt: deps.clock() })
      .where(eq(onDemandVideos.id, id));
    audit({
      actorUserId: actor.id,
      action: "on_demand_video.captions",
      entity: "on_demand_video",
      entityId: id,
      ip: actor.ip,
    });
  });
}

const IMAGE_MAGIC: [string, number[]][] = [
  ["jpg", [0xff, 0xd8, 0xff]],
  ["png", [0x89, 0x50, 0x4e, 0x47]],
  ["webp", [0x52, 0x49, 0x46, 0x46]],
];

/** Saves (or, with null, removes) the staff's thumbnail instead of the generated one. */
export async function setThumbnailOverride(deps: Deps, actor: Actor, id: number, image: Uint8Array | null) {
  assertCan(actor, "on_demand.write");
  let ext: string | null = null;
  if (image) {
    ext = IMAGE_MAGIC.find(([, magic]) => magic.every((b, i) => image[i] === b))?.[0] ?? null;
    if (!ext || image.byteLength > 5 * 1024 * 1024)
      throw new AppError(422, t("onDemandAdmin.videos.errors.thumbnailInvalid"));
  }
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [row] = await lock(onDemandVideos, and(eq(onDemandVideos.id, id), isNull(onDemandVideos.deletedAt)));
    if (!row) throw new AppError(404, t("onDemandAdmin.videos.errors.notFound"));
    if (row.thumbnailOverrideKey) await deps.media.remove(row.thumbnailOverrideKey);
    const key = image ? `${videoFolder(id)}thumb-override-${Date.now().toString(36)}.${ext}` : null;
    if (image && key) await deps.media.put(key, image);
    await tx
      .update(onDemandVideos)
      .set({ thumbnailOverrideKey: key, updatedAt: deps.clock() })
      .where(eq(onDemandVideos.id, id));
    audit({
      actorUserId: actor.id,
      action: "on_demand_video.thumbnail",
      entity: "on_demand_video",
      entityId: id,
      ip: actor.ip,
    });
  });
}

/** The storage key of the public thumbnail of a published, ready video (the override first), or null. */
export async function publicThumbnailKey(deps: Pick<Deps, "db">, id: number) {
  const [row] = await deps.db
    .select({
      key: sql<string | null>`coalesce(${onDemandVideos.thumbnailOverrideKey}, ${onDemandVideos.thumbnailKey})`,
    })
    .from(onDemandVideos)
    .where(
      and(
        eq(onDemandVideos.id, id),
        isNull(onDemandVideos.deletedAt),
        eq(onDemandVideos.published, true),
        eq(onDemandVideos.status, "ready"),
      ),
    );
  return row?.key ?? null;
}

// ---------------------------------------------------------------- live classes

export interface StreamInput {
  title: string;
  description: string;
  coachId: number | null;
  startsAt: Date;
  durationMinutes: number;
  streamUrl: string;
  replayVideoId: number | null;
  active: boolean;
}

export async function getStreamAdmin(deps: Pick<Deps, "db">, actor: Actor, id: number) {
  assertCan(actor, "on_demand.read");
  const [row] = await deps.db.select().from(onDemandStreams).where(eq(onDemandStreams.id, id));
  if (!row) throw new AppError(404, t("onDemandAdmin.streams.errors.notFound"));
  return row;
}

/**
 * Live classes for the back office's list: `upcoming` (not yet ended; soonest first), `past`
 * (ended; latest first) or all (latest start first), searched by title, with the coach's name and
 * the replay's title.
 */
export async function listStreamsAdmin(
  deps: Pick<Deps, "db" | "clock">,
  actor: Actor,
  f: { q?: string | null; when?: "upcoming" | "past" | null; limit: number; offset: number },
) {
  assertCan(actor, "on_demand.read");
  const now = deps.clock();
  const ends = sql`${onDemandStreams.startsAt} + make_interval(mins => ${onDemandStreams.durationMinutes})`;
  const where: SQL[] = [];
  if (f.q) where.push(ilike(onDemandStreams.title, `%${f.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (f.when === "upcoming") where.push(sql`${ends} > ${now}`);
  if (f.when === "past") where.push(sql`${ends} <= ${now}`);
  const order =
    f.when === "upcoming"
      ? [asc(onDemandStreams.startsAt), asc(onDemandStreams.id)]
      : [desc(onDemandStreams.startsAt), desc(onDemandStreams.id)];
  const rows = await deps.db
    .select({
      id: onDemandStreams.id,
      title: onDemandStreams.title,
      startsAt: onDemandStreams.startsAt,
      durationMinutes: onDemandStreams.durationMinutes,
      active: onDemandStreams.active,
      coachName: coaches.name,
      replayVideoId: onDemandStreams.replayVideoId,
      replayTitle: onDemandVideos.title,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(onDemandStreams)
    .leftJoin(coaches, eq(coaches.id, onDemandStreams.coachId))
    .leftJoin(
      onDemandVideos,
      and(eq(onDemandVideos.id, onDemandStreams.replayVideoId), isNull(onDemandVideos.deletedAt)),
    )
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order)
    .limit(f.limit)
    .offset(f.offset);
  return {
    total: rows[0]?.total ?? 0,
    items: rows.map(({ total: _total, ...r }) => ({
      ...r,
      ended: r.startsAt.getTime() + r.durationMinutes * 60_000 <= now.getTime(),
    })),
  };
}

/** Ready videos a live class may name as its replay. */
export async function replayChoices(deps: Pick<Deps, "db">) {
  return deps.db
    .select({ id: onDemandVideos.id, title: onDemandVideos.title })
    .from(onDemandVideos)
    .where(and(isNull(onDemandVideos.deletedAt), eq(onDemandVideos.status, "ready")))
    .orderBy(desc(onDemandVideos.createdAt))
    .limit(500);
}

async function checkStream(tx: Deps["db"], input: StreamInput) {
  await assertExists(tx, coaches, input.coachId, t("onDemandAdmin.videos.errors.unknownCoach"), "coach_id");
  if (input.replayVideoId !== null) {
    const [v] = await tx
      .select({ id: onDemandVideos.id })
      .from(onDemandVideos)
      .where(and(eq(onDemandVideos.id, input.replayVideoId), isNull(onDemandVideos.deletedAt)));
    if (!v) {
      const message = t("onDemandAdmin.streams.errors.unknownVideo");
      throw new AppError(422, message, [{ field: "replay_video_id", message }]);
    }
  }
}

export async function saveStream(deps: Deps, actor: Actor, id: number | null, input: StreamInput) {
  assertCan(actor, "on_demand.write");
  return inTransaction(deps.db, async ({ tx, lock, audit }) => {
    await checkStream(tx, input);
    let streamId = id;
    if (id === null) {
      const [row] = await tx.insert(onDemandStreams).values(input).returning({ id: onDemandStreams.id });
      streamId = row!.id;
    } else {
      const [row] = await lock(onDemandStreams, eq(onDemandStreams.id, id));
      if (!row) throw new AppError(404, t("onDemandAdmin.streams.errors.notFound"));
      await tx
        .update(onDemandStreams)
        .set({ ...input, updatedAt: deps.clock() })
        .where(eq(onDemandStreams.id, id));
    }
    audit({
      actorUserId: actor.id,
      action: id === null ? "on_demand_stream.created" : "on_demand_stream.updated",
      entity: "on_demand_stream",
      entityId: streamId,
      data: { title: input.title },
      ip: actor.ip,
    });
    return streamId!;
  });
}
