/**
 * Abandoned resumable uploads (issue 23): a video whose upload was never finished and has not been
 * touched for `MEDIA_UPLOAD_ABANDON_HOURS` (default 24) is removed with everything it left behind:
 * the partial file and tus's `.json` in the staging folder, an original already copied to the
 * media storage, and its row (its equipment links go with it) (still `uploading`, so never seen by customers).
 * Staging files no video names (an upload whose row was never made or is already gone) go too once
 * as old. "Touched" is the partial file's last write: an upload still receiving bytes is kept.
 *
 * Idempotent and safe on several servers at once: a row is deleted only while it is still
 * `uploading` and untouched (a conditional delete), and removing a file twice is harmless.
 */
import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import { onDemandStreams, onDemandVideos } from "../../db/schema";
import { inTransaction } from "../tx";

type Deps = Pick<AppDeps, "db" | "media" | "config" | "log">;

const HOUR = 3_600_000;
/** tus's upload ids (@tus/server's default: 32 hex characters); nothing else in the folder is touched. */
const UPLOAD_FILE = /^([0-9a-f]{16,64})(\.json)?$/;

async function lastWrite(file: string) {
  try {
    return (await fsp.stat(file)).mtime;
  } catch {
    return null;
  }
}

export async function sweepAbandonedUploads(deps: Deps, now: Date) {
  const cutoff = new Date(now.getTime() - deps.config.MEDIA_UPLOAD_ABANDON_HOURS * HOUR);
  const dir = deps.media.stagingDir;
  const stale = await deps.db
    .select({ id: onDemandVideos.id, uploadId: onDemandVideos.uploadId, originalKey: onDemandVideos.originalKey })
    .from(onDemandVideos)
    .where(
      and(
        eq(onDemandVideos.status, "uploading"),
        isNotNull(onDemandVideos.uploadId),
        lt(onDemandVideos.updatedAt, cutoff),
      ),
    );
  let videos = 0;
  for (const v of stale) {
    const partial = path.join(dir, v.uploadId!);
    const touched = await lastWrite(partial);
    if (touched && touched >= cutoff) continue;
    const removed = await inTransaction(deps.db, async ({ tx, audit }) => {
      // A live class may name it as its replay (any video not deleted may be chosen): it no longer does.
      await tx.update(onDemandStreams).set({ replayVideoId: null }).where(eq(onDemandStreams.replayVideoId, v.id));
      const gone = await tx
        .delete(onDemandVideos)
        .where(
          and(
            eq(onDemandVideos.id, v.id),
            eq(onDemandVideos.status, "uploading"),
            lt(onDemandVideos.updatedAt, cutoff),
          ),
        )
        .returning({ id: onDemandVideos.id });
      if (!gone.length) return false;
      audit({
        actorUserId: null,
        action: "on_demand_video.upload_abandoned",
        entity: "on_demand_video",
        entityId: v.id,
        data: { upload_id: v.uploadId, hours: deps.config.MEDIA_UPLOAD_ABANDON_HOURS },
        ip: null,
      });
      return true;
    });
    if (!removed) continue;
    await fsp.rm(partial, { force: true });
    await fsp.rm(`${partial}.json`, { force: true });
    if (v.originalKey) await deps.media.remove(v.originalKey);
    videos++;
  }

  // Staging files of no video in progress, as old as an abandoned upload.
  let files = 0;
  let names: string[] = [];
  try {
    names = await fsp.readdir(dir);
  } catch {
    names = [];
  }
  const ids = [...new Set(names.flatMap((n) => UPLOAD_FILE.exec(n)?.[1] ?? []))];
  if (ids.length) {
    const live = new Set(
      (
        await deps.db
          .select({ uploadId: onDemandVideos.uploadId })
          .from(onDemandVideos)
          .where(and(inArray(onDemandVideos.uploadId, ids), eq(onDemandVideos.status, "uploading")))
      ).map((r) => r.uploadId),
    );
    for (const n of names) {
      const m = UPLOAD_FILE.exec(n);
      if (!m || live.has(m[1]!)) continue;
      const file = path.join(dir, n);
      const touched = await lastWrite(file);
      if (!touched || touched >= cutoff) continue;
      await fsp.rm(file, { force: true });
      files++;
    }
  }
  if (videos || files) deps.log.info({ videos, files }, "abandoned uploads swept");
  return { videos, files };
}
