/**
 * Processing of an uploaded video (issue 23), run by the job queue, never in a request: ffprobe
 * reads the duration, ffmpeg makes a thumbnail and two HLS renditions (360p and 720p) with a
 * master playlist, all written under `videos/<id>/` in the media storage:
 *
 *   videos/<id>/hls/master.m3u8           lists 360p/index.m3u8 and 720p/index.m3u8 (relative)
 *   videos/<id>/hls/<height>p/index.m3u8  with its segments seg_000.ts… beside it (SEGMENTS: 1 s, 1 s, then 2 s)
 *   videos/<id>/thumb.jpg
 *
 * Idempotent: a retried job starts the folder over and ends with the same files and one row update;
 * a job for a video that is ready, deleted or not processing does nothing. A video deleted while
 * it is processed ends with its files removed and its row untouched. Any failure leaves the video
 * `failed` with a Spanish reason the staff read on its page, and "Reintentar" enqueues it again.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { AppDeps } from "../../deps";
import { onDemandVideos, type VideoRendition } from "../../db/schema";
import { ffmpegPath, probe, run, ToolError } from "../../adapters/ffmpeg";

export const VIDEO_JOB = "on-demand-process-video";

export const RENDITIONS = [
  { height: 360, videoKbps: 800, audioKbps: 96 },
  { height: 720, videoKbps: 2500, audioKbps: 128 },
] as const;

/**
 * How renditions are cut (issue 23, first frame on a phone): two segments of 1 s, then 2 s. Pressing
 * play waits for the whole first segment of the lowest rendition (about 90 KB at 360p, under half a
 * second on Lighthouse's slow 4G; one of 4 s was about 440 KB, over 2 s), and the short ones after it
 * arrive before the first is played out, so playback does not stall while the buffer grows.
 * `version` names the cut in the demo videos' cache key.
 */
export const SEGMENTS = {
  version: "1-1-2",
  keyFrames: "expr:if(lt(n_forced,2),gte(t,n_forced),gte(t,(n_forced-1)*2))",
} as const;

/** The folder of video `id` in the media storage. */
export const videoFolder = (id: number) => `videos/${id}/`;

type Deps = Pick<AppDeps, "db" | "media" | "config" | "log" | "clock">;

export type ProcessOutcome = "ready" | "failed" | "skipped" | "deleted";

class ProcessingFailure extends Error {}

/** Processes video `videoId` (the job's body). */
export async function processVideo(deps: Deps, videoId: number): Promise<{ outcome: ProcessOutcome }> {
  const [video] = await deps.db.select().from(onDemandVideos).where(eq(onDemandVideos.id, videoId));
  if (!video || video.deletedAt) return { outcome: "skipped" };
  if (video.status !== "processing" || !video.originalKey) return { outcome: "skipped" };
  await deps.db
    .update(onDemandVideos)
    .set({ processingAttempts: sql`${onDemandVideos.processingAttempts} + 1`, updatedAt: deps.clock() })
    .where(eq(onDemandVideos.id, videoId));
  const work = await fs.mkdtemp(path.join(os.tmpdir(), `nucleo-video-${videoId}-`));
  const original = await deps.media.localFile(video.originalKey);
  const folder = videoFolder(videoId);
  try {
    const made = await transcode(deps, original.path, work);
    // Start the folder's renditions over (a retried job may have left part of them).
    await deps.media.removePrefix(`${folder}hls/`);
    for (const rel of made.files) {
      const fh = await fs.open(path.join(work, rel), "r");
      try {
        await deps.media.put(`${folder}${rel}`, fh.createReadStream());
      } finally {
        await fh.close().catch(() => {});
      }
    }
    const renditions: VideoRendition[] = made.renditions.map((r) => ({
      height: r.height,
      bandwidth: r.bandwidth,
      playlist: `${folder}hls/${r.height}p/index.m3u8`,
    }));
    const updated = await deps.db
      .update(onDemandVideos)
      .set({
        status: "ready",
        failureReason: null,
        durationSeconds: made.durationSeconds,
        hlsKey: `${folder}hls/master.m3u8`,
        renditions,
        thumbnailKey: `${folder}thumb.jpg`,
        updatedAt: deps.clock(),
      })
      .where(
        and(eq(onDemandVideos.id, videoId), isNull(onDemandVideos.deletedAt), eq(onDemandVideos.status, "processing")),
      )
      .returning({ id: onDemandVideos.id });
    if (updated.length === 0) return await endDeleted(deps, videoId);
    return { outcome: "ready" };
  } catch (err) {
    const reason =
      err instanceof ProcessingFailure
        ? err.message
        : t("onDemandAdmin.processing.failed", { detail: err instanceof ToolError ? lastLine(err.stderr) : "" });
    deps.log.warn({ err, videoId }, "video processing failed");
    const updated = await deps.db
      .update(onDemandVideos)
      .set({ status: "failed", failureReason: reason.slice(0, 500), updatedAt: deps.clock() })
      .where(
        and(eq(onDemandVideos.id, videoId), isNull(onDemandVideos.deletedAt), eq(onDemandVideos.status, "processing")),
      )
      .returning({ id: onDemandVideos.id });
    if (updated.length === 0) return await endDeleted(deps, videoId);
    return { outcome: "failed" };
  } finally {
    await original.release();
    await fs.rm(work, { recursive: true, force: true });
  }
}

/** The video was deleted while processing: what this job wrote goes too. */
async function endDeleted(deps: Deps, videoId: number): Promise<{ outcome: ProcessOutcome }> {
  const [row] = await deps.db
    .select({ deletedAt: onDemandVideos.deletedAt })
    .from(onDemandVideos)
    .where(eq(onDemandVideos.id, videoId));
  if (!row || row.deletedAt) await deps.media.removePrefix(videoFolder(videoId));
  return { outcome: "deleted" };
}

const lastLine = (stderr: string) =>
  stderr
    .trim()
    .split("\n")
    .filter((l) => l.trim())
    .pop()
    ?.slice(0, 200) ?? "";

interface Transcoded {
  durationSeconds: number;
  /** Paths relative to the work folder, as they go under the video's folder. */
  files: string[];
  renditions: { height: number; bandwidth: number }[];
}

/** Makes the thumbnail, the renditions and the master playlist of `input` in `work`. */
async function transcode(deps: Pick<Deps, "config">, input: string, work: string): Promise<Transcoded> {
  const info = await probe(input, deps.config);
  if (!info) throw new ProcessingFailure(t("onDemandAdmin.processing.notVideo"));
  if (info.durationSeconds <= 0) throw new ProcessingFailure(t("onDemandAdmin.processing.noDuration"));
  const ffmpeg = ffmpegPath(deps.config);
  const files: string[] = [];
  // One frame a third of the way in (at most 5 s), 640 px wide.
  const at = Math.min(5, info.durationSeconds / 3).toFixed(2);
  await run(ffmpeg, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-ss",
    at,
    "-i",
    input,
    "-frames:v",
    "1",
    "-vf",
    "scale=640:-2",
    "-q:v",
    "4",
    path.join(work, "thumb.jpg"),
  ]);
  files.push("thumb.jpg");
  const renditions: Transcoded["renditions"] = [];
  for (const r of RENDITIONS) {
    const dir = path.join(work, "hls", `${r.height}p`);
    await fs.mkdir(dir, { recursive: true });
    const audio = info.hasAudio ? ["-c:a", "aac", "-b:a", `${r.audioKbps}k`, "-ac", "2"] : ["-an"];
    await run(ffmpeg, [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-i",
      input,
      "-map",
      "0:v:0",
      ...(info.hasAudio ? ["-map", "0:a:0"] : []),
      "-vf",
      `scale=-2:${r.height}`,
      "-c:v",
      "libx264",
      "-preset",
      "veryfast",
      "-profile:v",
      "main",
      "-pix_fmt",
      "yuv420p",
      "-b:v",
      `${r.videoKbps}k`,
      "-maxrate",
      `${Math.round(r.videoKbps * 1.07)}k`,
      "-bufsize",
      `${r.videoKbps * 2}k`,
      // Key frames at 0 s, 1 s, then every 2 s (none at scene cuts, so every rendition cuts at the
      // same times), each one a cut: segments of 1 s, 1 s, then 2 s (SEGMENTS).
      "-force_key_frames",
      SEGMENTS.keyFrames,
      "-sc_threshold",
      "0",
      ...audio,
      "-f",
      "hls",
      "-hls_time",
      "1",
      "-hls_playlist_type",
      "vod",
      "-hls_segment_filename",
      path.join(dir, "seg_%03d.ts"),
      path.join(dir, "index.m3u8"),
    ]);
    for (const f of (await fs.readdir(dir)).sort()) files.push(`hls/${r.height}p/${f}`);
    renditions.push({ height: r.height, bandwidth: (r.videoKbps + (info.hasAudio ? r.audioKbps : 0)) * 1000 });
  }
  const width = (h: number) => {
    const w = info.height > 0 ? Math.round((info.width / info.height) * h) : Math.round((16 / 9) * h);
    return w % 2 === 0 ? w : w + 1;
  };
  const master = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    ...renditions.flatMap((r) => [
      `#EXT-X-STREAM-INF:BANDWIDTH=${r.bandwidth},RESOLUTION=${width(r.height)}x${r.height},CODECS="avc1.4d401f${info.hasAudio ? ",mp4a.40.2" : ""}"`,
      `${r.height}p/index.m3u8`,
    ]),
    "",
  ].join("\n");
  await fs.writeFile(path.join(work, "hls", "master.m3u8"), master);
  files.push("hls/master.m3u8");
  return { durationSeconds: Math.round(info.durationSeconds), files, renditions };
}
