/**
 * Nucleo Home's media over HTTP (issue 23):
 *
 * - `GET|HEAD /api/media/:token/<file>`: the files of one video (`videos/<id>/…`: HLS playlists and
 *   segments, thumbnail, captions) behind a short-lived signed token in the path
 *   (`domain/on-demand/media-token.ts`). Invalid or tampered token: 403. Expired: 410 (the link
 *   existed and has ended: the player asks for a new one). A path outside the video's files
 *   (`..`, another folder, the original): 404. A deleted video: 404. Byte ranges (206, 416),
 *   streamed from the media storage, never read whole.
 *
 *   Caching (CDN): `Cache-Control: public, max-age=<seconds the token still lives, at most 1 day>,
 *   no-transform`. The token is part of the URL, so a CDN's cache key holds it: a cached copy is
 *   served only for the same (valid) URL and expires no later than the token. Deleting a video
 *   stops new tokens at once; copies a CDN already holds live at most until their token expires.
 *
 * - `/api/admin/on-demand/uploads[/:id]`: resumable uploads (tus 1.0, @tus/server with its file
 *   store, streamed to disk), for staff who may write content, video files only, under
 *   MEDIA_UPLOAD_MAX_BYTES. Each upload belongs to whoever created it: HEAD, PATCH and DELETE of
 *   someone else's upload id are refused (403). When it completes the file's first bytes must be a
 *   video (ffprobe), the video goes to processing (a job) and the answer's `X-Video-Id` names it.
 *
 * - `GET /api/on-demand/videos/:id/thumbnail`: the public thumbnail of a published, ready video
 *   (the staff's override when there is one).
 */
import path from "node:path";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import type { Hono } from "hono";
import { Server as TusServer } from "@tus/server";
import { FileStore } from "@tus/file-store";
import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { AppDeps } from "../deps";
import { mediaContentType, type ByteRange } from "../adapters/media-storage";
import { readMediaToken } from "../domain/on-demand/media-token";
import {
  finishVideoUpload,
  looksLikeVideo,
  publicThumbnailKey,
  startVideoUpload,
  uploadOwner,
} from "../domain/on-demand/videos-admin";
import { videoFolder } from "../domain/on-demand/processing";
import { onDemandVideos } from "../db/schema";
import { actorOf } from "../domain/people/access";
import { can } from "~/shared/permissions";
import type { ApiContext, ApiEnv } from "../http/api";
import { enforceGuard } from "../http/api";
import { AppError, errorBody } from "../http/errors";
import { clientIp } from "./back-office";

const UPLOADS_PATH = "/admin/on-demand/uploads";

/** The files of a video a token opens: renditions, playlists, segments, thumbnails, captions. */
const SERVABLE =
  /^(hls\/master\.m3u8|hls\/[0-9]{3,4}p\/(index\.m3u8|seg_[0-9]{3,6}\.(ts|m4s)|init\.mp4)|thumb\.jpg|thumb-override-[a-z0-9]+\.(jpg|png|webp)|captions\.vtt)$/;

const MAX_CACHE_SECONDS = 86_400;

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` against `size`: the range, "unsatisfiable", or null (whole file). */
function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  // Several ranges, or another unit: the whole file (RFC 9110 allows ignoring Range).
  if (!m) return null;
  const [, a, b] = m;
  if (a === "" && b === "") return null;
  if (a === "") {
    const n = Number(b);
    if (n === 0) return "unsatisfiable";
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(a);
  const end = b === "" ? size - 1 : Math.min(Number(b), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

function jsonError(c: ApiContext, status: 403 | 404 | 410 | 416, message: string, extra: Record<string, string> = {}) {
  return c.json(errorBody(message), status, { "Cache-Control": "no-store", ...extra });
}

/** Streams `key` of the media storage as the answer, honouring Range. */
async function serveMedia(c: ApiContext, deps: AppDeps, key: string, cacheControl: string) {
  const stat = await deps.media.stat(key);
  if (!stat) return jsonError(c, 404, t("onDemandAdmin.media.notFound"));
  const etag = `"${stat.size.toString(36)}-${stat.mtime.getTime().toString(36)}"`;
  const headers: Record<string, string> = {
    "Content-Type": mediaContentType(key),
    "Accept-Ranges": "bytes",
    "Cache-Control": cacheControl,
    ETag: etag,
    "Last-Modified": stat.mtime.toUTCString(),
  };
  if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
  let range = parseRange(c.req.header("range"), stat.size);
  const ifRange = c.req.header("if-range");
  if (range && ifRange && ifRange !== etag) range = null;
  if (range === "unsatisfiable")
    return jsonError(c, 416, t("onDemandAdmin.media.rangeNotSatisfiable"), {
      "Content-Range": `bytes */${stat.size}`,
      "Accept-Ranges": "bytes",
    });
  const length = range ? range.end - range.start + 1 : stat.size;
  headers["Content-Length"] = String(length);
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${stat.size}`;
  const status = range ? 206 : 200;
  if (c.req.method === "HEAD" || length === 0) return c.body(null, status, headers);
  const stream = await deps.media.read(key, range ?? undefined);
  if (!stream) return jsonError(c, 404, t("onDemandAdmin.media.notFound"));
  return c.body(Readable.toWeb(stream) as ReadableStream<Uint8Array>, status, headers);
}

/** The tus server of this API (one per app: its file store and its hooks). */
function tusServer(deps: AppDeps, users: WeakMap<Request, ApiContext>) {
  const directory = deps.media.stagingDir;
  return new TusServer({
    path: `/api${UPLOADS_PATH}`,
    relativeLocation: true,
    maxSize: deps.config.MEDIA_UPLOAD_MAX_BYTES,
    allowedOrigins: [deps.config.publicUrl],
    exposedHeaders: ["X-Video-Id"],
    // tus's Upload-Expires (a week); uploads left untouched MEDIA_UPLOAD_ABANDON_HOURS are swept with
    // their video row by the `on-demand-abandoned-uploads` task (domain/on-demand/upload-sweep.ts).
    datastore: new FileStore({ directory, expirationPeriodInMilliseconds: 7 * 86_400_000 }),
    async onUploadCreate(req, upload) {
      const c = users.get(req)!;
      const auth = c.get("auth");
      const actor = actorOf(auth.user!, clientIp(c));
      await startVideoUpload(deps, actor, {
        uploadId: upload.id,
        filename: upload.metadata?.filename ?? "video",
        size: upload.size ?? null,
      });
      return { metadata: { ...upload.metadata, uploaderId: String(actor.id) } };
    },
    async onUploadFinish(_req, upload) {
      try {
        const id = await finishVideoUpload(deps, upload.id, path.join(directory, upload.id), upload.offset);
        await fs.rm(path.join(directory, `${upload.id}.json`), { force: true });
        return { headers: { "X-Video-Id": id } };
      } catch (err) {
        await fs.rm(path.join(directory, upload.id), { force: true });
        await fs.rm(path.join(directory, `${upload.id}.json`), { force: true });
        if (err instanceof AppError) throw { status_code: err.status, body: JSON.stringify(err.toBody()) };
        throw err;
      }
    },
    onResponseError(_req, err) {
      // tus's own refusals in Spanish (the client shows them).
      const e = err as { status_code?: number; body?: string };
      if (e.status_code === 413)
        return {
          status_code: 413,
          body: JSON.stringify(errorBody(tooLargeMessage(deps.config.MEDIA_UPLOAD_MAX_BYTES, null))),
        };
      return undefined;
    },
  });
}

const gb = (n: number) => `${(n / 1024 ** 3).toLocaleString("es-MX", { maximumFractionDigits: 2 })} GB`;
const tooLargeMessage = (max: number, size: number | null) =>
  t("onDemandAdmin.upload.errors.tooLarge", { size: size === null ? "más" : gb(size), max: gb(max) });

/** tus's Upload-Metadata: `key base64,key base64`. */
function parseMetadata(header: string | undefined) {
  const out: Record<string, string> = {};
  for (const pair of (header ?? "").split(",")) {
    const [k, v] = pair.trim().split(" ");
    if (!k) continue;
    try {
      out[k] = v ? Buffer.from(v, "base64").toString("utf8") : "";
    } catch {
      out[k] = "";
    }
  }
  return out;
}

export function onDemandMediaRoutes(app: Hono<ApiEnv>, deps: AppDeps) {
  // ---------- signed media files ----------
  const media = async (c: ApiContext) => {
    const token = c.req.param("token") ?? "";
    const secret = deps.secrets.derive("on-demand-media");
    const read = readMediaToken(token, secret, Math.floor(deps.clock().getTime() / 1000));
    if (!read.ok)
      return read.reason === "expired"
        ? jsonError(c, 410, t("onDemandAdmin.media.expired"))
        : jsonError(c, 403, t("onDemandAdmin.media.invalid"));
    const prefix = `/media/${token}/`;
    const at = c.req.path.indexOf(prefix);
    let rel = at >= 0 ? c.req.path.slice(at + prefix.length) : "";
    try {
      rel = decodeURIComponent(rel);
    } catch {
      rel = "";
    }
    if (!SERVABLE.test(rel)) return jsonError(c, 404, t("onDemandAdmin.media.notFound"));
    const { videoId } = read.grant;
    const [video] = await deps.db
      .select({ deletedAt: onDemandVideos.deletedAt })
      .from(onDemandVideos)
      .where(eq(onDemandVideos.id, videoId));
    if (!video || video.deletedAt) return jsonError(c, 404, t("onDemandAdmin.media.videoGone"));
    const left = read.grant.expiresAt - Math.floor(deps.clock().getTime() / 1000);
    const maxAge = Math.max(0, Math.min(MAX_CACHE_SECONDS, left));
    return serveMedia(c, deps, `${videoFolder(videoId)}${rel}`, `public, max-age=${maxAge}, no-transform`);
  };
  app.get("/media/:token/*", media);

  // ---------- public thumbnails ----------
  app.get("/on-demand/videos/:id/thumbnail", async (c) => {
    const id = Number(c.req.param("id"));
    if (!/^\d{1,10}$/.test(c.req.param("id")) || id < 1) return jsonError(c, 404, t("onDemandAdmin.media.notFound"));
    const key = await publicThumbnailKey(deps, id);
    if (!key) return jsonError(c, 404, t("onDemandAdmin.media.notFound"));
    return serveMedia(c, deps, key, "public, max-age=300");
  });

  // ---------- resumable uploads (tus) ----------
  const users = new WeakMap<Request, ApiContext>();
  let tus: TusServer | null = null;
  const uploads = async (c: ApiContext) => {
    const auth = c.get("auth");
    enforceGuard(["admin", "noCashiers"], auth);
    const actor = actorOf(auth.user!, clientIp(c));
    if (!can(actor, "on_demand.write")) throw AppError.forbidden();
    const method = c.req.raw.method;
    // Hono routes HEAD through GET; a real GET (tus's download) is not offered.
    if (method === "GET") throw new AppError(404, t("onDemandAdmin.upload.errors.notFound"));
    const id = c.req.param("id");
    if (id) {
      const owner = await uploadOwner(deps, id);
      if (!owner) throw new AppError(404, t("onDemandAdmin.upload.errors.notFound"));
      if (owner.userId !== actor.id) throw AppError.forbidden(t("onDemandAdmin.upload.errors.notYours"));
    } else if (method === "POST") {
      const max = deps.config.MEDIA_UPLOAD_MAX_BYTES;
      const length = c.req.header("upload-length");
      if (!length || !/^\d{1,15}$/.test(length)) throw new AppError(422, t("onDemandAdmin.upload.errors.noLength"));
      if (Number(length) > max) throw new AppError(413, tooLargeMessage(max, Number(length)));
      const meta = parseMetadata(c.req.header("upload-metadata"));
      if (!looksLikeVideo(meta.filename ?? "", meta.filetype ?? null))
        throw new AppError(422, t("onDemandAdmin.upload.errors.notVideo"));
    }
    await fs.mkdir(deps.media.stagingDir, { recursive: true });
    tus ??= tusServer(deps, users);
    users.set(c.req.raw, c);
    const res = await tus.handleWeb(c.req.raw);
    return res;
  };
  app.on(["POST", "OPTIONS"], UPLOADS_PATH, uploads);
  // HEAD arrives through GET (Hono), with the request's method kept.
  app.on(["GET", "PATCH", "DELETE", "OPTIONS"], `${UPLOADS_PATH}/:id`, uploads);
}
