import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { onDemandVideos } from "../../app/.server/db/schema";
import { ffmpegPath } from "../../app/.server/adapters/ffmpeg";
import { mediaToken } from "../../app/.server/domain/on-demand/media-token";
import { VIDEO_JOB } from "../../app/.server/domain/on-demand/processing";
import { setupTestApp } from "../support/app";
import { createStaff, sessionFor } from "../support/factories";

/** Nucleo Home's media (issue 23): resumable uploads (tus), processing with ffmpeg, signed media links. */
const app = setupTestApp();

let admin = "";
let otherAdmin = "";
let adminId = 0;
let video: Buffer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "vod-test-"));

beforeAll(async () => {
  const a = await createStaff(app.deps.db, "administrator");
  adminId = a.id;
  admin = await sessionFor(app.deps.db, a);
  otherAdmin = await sessionFor(app.deps.db, await createStaff(app.deps.db, "administrator"));
  video = makeClip(3);
});

/** A real video of `seconds` with sound, made by the same ffmpeg the product uses. */
function makeClip(seconds: number) {
  const file = path.join(work, `clase-${seconds}s.mp4`);
  execFileSync(ffmpegPath(), [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc2=size=640x360:rate=25:duration=${seconds}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=440:duration=${seconds}`,
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-c:a",
    "aac",
    "-shortest",
    file,
  ]);
  return fs.readFileSync(file);
}

const b64 = (s: string) => Buffer.from(s).toString("base64");
const TUS = { "Tus-Resumable": "1.0.0" };

async function create(size: number, name = "clase.mp4", type = "video/mp4", token = admin) {
  return app.request("/admin/on-demand/uploads", {
    method: "POST",
    token,
    headers: {
      ...TUS,
      "Upload-Length": String(size),
      "Upload-Metadata": `filename ${b64(name)},filetype ${b64(type)}`,
    },
  });
}
const uploadPath = (res: Response) => res.headers.get("location")!.replace(/^\/api/, "");
function patch(url: string, bytes: Uint8Array, offset: number, token = admin) {
  return app.request(url, {
    method: "PATCH",
    token,
    headers: { ...TUS, "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(bytes),
  });
}

async function uploadWhole(bytes: Uint8Array, name = "clase.mp4") {
  const created = await create(bytes.byteLength, name);
  expect(created.status).toBe(201);
  return { url: uploadPath(created), res: await patch(uploadPath(created), bytes, 0) };
}

const videoRow = async (id: number) =>
  (await app.deps.db.select().from(onDemandVideos).where(eq(onDemandVideos.id, id)))[0]!;

describe("resumable uploads (tus)", () => {
  it("uploads a video in one PATCH: the video is processing and its job is queued", async () => {
    const { res } = await uploadWhole(video);
    expect(res.status).toBe(204);
    const id = Number(res.headers.get("x-video-id"));
    expect(id).toBeGreaterThan(0);
    const row = await videoRow(id);
    expect(row).toMatchObject({ status: "processing", originalSize: video.byteLength, uploadedByUserId: adminId });
    expect((await app.deps.media.stat(row.originalKey!))?.size).toBe(video.byteLength);
  });

  it("resumes a cut upload: half, HEAD says where it stopped, then the rest", async () => {
    const created = await create(video.byteLength);
    const url = uploadPath(created);
    const half = Math.floor(video.byteLength / 2);
    expect((await patch(url, video.subarray(0, half), 0)).status).toBe(204);
    const head = await app.request(url, { method: "HEAD", token: admin, headers: TUS });
    expect(head.status).toBe(200);
    expect(head.headers.get("upload-offset")).toBe(String(half));
    // Another administrator may not look at it nor continue it.
    const stolenHead = await app.request(url, { method: "HEAD", token: otherAdmin, headers: TUS });
    expect(stolenHead.status).toBe(403);
    const stolen = await patch(url, video.subarray(half), half, otherAdmin);
    expect(stolen.status).toBe(403);
    expect(((await stolen.json()) as any).errorMessage).toMatch(/otra persona/);
    const rest = await patch(url, video.subarray(half), half);
    expect(rest.status).toBe(204);
    const row = await videoRow(Number(rest.headers.get("x-video-id")));
    expect(row.status).toBe("processing");
    expect((await app.deps.media.stat(row.originalKey!))?.size).toBe(video.byteLength);
  });

  it("refuses a file that is not a video: by its name, and by its bytes once uploaded", async () => {
    const byName = await create(100, "notas.pdf", "application/pdf");
    expect(byName.status).toBe(422);
    expect(((await byName.json()) as any).errorMessage).toMatch(/no es un video/);
    const text = Buffer.from("esto no es un video, solo texto ".repeat(40));
    const { url, res } = await uploadWhole(text, "falso.mp4");
    expect(res.status).toBe(422);
    expect(((await res.json()) as any).errorMessage).toMatch(/no es un video/);
    const id = url.split("/").pop()!;
    expect(await app.deps.db.select().from(onDemandVideos).where(eq(onDemandVideos.uploadId, id))).toHaveLength(0);
  });

  it("refuses a file over the size limit before any byte is sent", async () => {
    const res = await create(app.deps.config.MEDIA_UPLOAD_MAX_BYTES + 1);
    expect(res.status).toBe(413);
    expect(((await res.json()) as any).errorMessage).toMatch(/máximo es 5 GB/);
  });

  it("refuses customers and anonymous callers", async () => {
    expect((await app.request("/admin/on-demand/uploads", { method: "POST", headers: TUS })).status).toBe(401);
  });
});

describe("processing on the job queue", () => {
  let id = 0;
  it("makes the thumbnail, the 360p and 720p renditions and the master playlist", async () => {
    const { res } = await uploadWhole(video);
    id = Number(res.headers.get("x-video-id"));
    const ran = await app.deps.jobs.runPending(VIDEO_JOB);
    expect(ran.failed).toBe(0);
    const row = await videoRow(id);
    expect(row).toMatchObject({ status: "ready", durationSeconds: 3, failureReason: null });
    expect(row.renditions.map((r) => r.height)).toEqual([360, 720]);
    const master = await app.deps.media.read(`videos/${id}/hls/master.m3u8`);
    let text = "";
    for await (const chunk of master!) text += chunk;
    expect(text).toContain("360p/index.m3u8");
    expect(text).toContain("720p/index.m3u8");
    expect(await app.deps.media.stat(`videos/${id}/hls/720p/seg_000.ts`)).not.toBeNull();
    expect(await app.deps.media.stat(`videos/${id}/thumb.jpg`)).not.toBeNull();
    // A job run again for the same video changes nothing (it is ready).
    await app.deps.jobs.send(app.deps.db, VIDEO_JOB, { videoId: id });
    await app.deps.jobs.runPending(VIDEO_JOB);
    expect((await videoRow(id)).processingAttempts).toBe(1);
  }, 120_000);

  it("cuts every rendition into segments of 1 s, 1 s, then 2 s (issue 23, first frame on a phone)", async () => {
    // Five seconds: 1 + 1 + 2, and the last second.
    const { res } = await uploadWhole(makeClip(5), "corte.mp4");
    const cut = Number(res.headers.get("x-video-id"));
    expect((await app.deps.jobs.runPending(VIDEO_JOB)).failed).toBe(0);
    expect((await videoRow(cut)).status).toBe("ready");
    for (const height of [360, 720]) {
      let playlist = "";
      for await (const chunk of (await app.deps.media.read(`videos/${cut}/hls/${height}p/index.m3u8`))!)
        playlist += chunk;
      const durations = [...playlist.matchAll(/^#EXTINF:([\d.]+),/gm)].map((m) => Math.round(Number(m[1]) * 10) / 10);
      expect(durations, `${height}p`).toEqual([1, 1, 2, 1]);
    }
  }, 120_000);

  it("a broken original ends failed with a Spanish reason, and Reintentar queues it again", async () => {
    const { res } = await uploadWhole(video);
    const broken = Number(res.headers.get("x-video-id"));
    const row = await videoRow(broken);
    await app.deps.media.put(row.originalKey!, Buffer.from("ya no es un video"));
    await app.deps.jobs.runPending(VIDEO_JOB);
    const failed = await videoRow(broken);
    expect(failed.status).toBe("failed");
    expect(failed.failureReason).toMatch(/no es un video/);
    await app.deps.media.put(row.originalKey!, video);
    const retry = await app.request(`/admin/on-demand/videos/${broken}/retry`, { method: "POST", token: admin });
    expect(retry.status).toBe(200);
    await app.deps.jobs.runPending(VIDEO_JOB);
    expect((await videoRow(broken)).status).toBe("ready");
  }, 120_000);

  it("a video deleted while it is processed ends without files", async () => {
    const { res } = await uploadWhole(video);
    const gone = Number(res.headers.get("x-video-id"));
    expect((await app.request(`/admin/on-demand/videos/${gone}`, { method: "DELETE", token: admin })).status).toBe(200);
    await app.deps.jobs.runPending(VIDEO_JOB);
    const row = await videoRow(gone);
    expect(row.status).toBe("processing");
    expect(row.deletedAt).not.toBeNull();
    expect(await app.deps.media.stat(`videos/${gone}/hls/master.m3u8`)).toBeNull();
  });

  it("publishes only a ready video", async () => {
    const { res } = await uploadWhole(video);
    const pending = Number(res.headers.get("x-video-id"));
    const refused = await app.request(`/admin/on-demand/videos/${pending}`, {
      method: "PUT",
      token: admin,
      json: { title: "Barre 30", published: true },
    });
    expect(refused.status).toBe(422);
    const ok = await app.request(`/admin/on-demand/videos/${id}`, {
      method: "PUT",
      token: admin,
      json: { title: "Barre 30", published: true },
    });
    expect(ok.status).toBe(200);
    const thumb = await app.request(`/on-demand/videos/${id}/thumbnail`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/jpeg");
  });

  describe("signed media links", () => {
    const secret = () => app.deps.secrets.derive("on-demand-media");
    const now = () => Math.floor(Date.now() / 1000);
    const link = (videoId: number, file: string, expiresAt = now() + 600) =>
      `/media/${mediaToken({ videoId, userId: 1, expiresAt }, secret())}/${file}`;

    it("serves a playlist and byte ranges of a segment, exactly", async () => {
      const master = await app.request(link(id, "hls/master.m3u8"));
      expect(master.status).toBe(200);
      expect(master.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
      expect(master.headers.get("cache-control")).toMatch(/^public, max-age=(600|599), no-transform$/);
      const seg = `videos/${id}/hls/360p/seg_000.ts`;
      const size = (await app.deps.media.stat(seg))!.size;
      const whole = await app.request(link(id, "hls/360p/seg_000.ts"));
      expect(whole.headers.get("accept-ranges")).toBe("bytes");
      expect(whole.headers.get("content-length")).toBe(String(size));
      const bytes = Buffer.from(await whole.arrayBuffer());
      const part = await app.request(link(id, "hls/360p/seg_000.ts"), { headers: { Range: "bytes=100-299" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 100-299/${size}`);
      expect(part.headers.get("content-length")).toBe("200");
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 300))).toBe(true);
      const tail = await app.request(link(id, "hls/360p/seg_000.ts"), { headers: { Range: "bytes=-10" } });
      expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(size - 10))).toBe(true);
      const beyond = await app.request(link(id, "hls/360p/seg_000.ts"), { headers: { Range: `bytes=${size}-` } });
      expect(beyond.status).toBe(416);
      expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
    });

    it("refuses a tampered token (403) and an expired one (410)", async () => {
      const good = link(id, "hls/master.m3u8");
      const tampered = good.replace(`/media/m1.${id}.`, `/media/m1.${id + 1}.`);
      const t1 = await app.request(tampered);
      expect(t1.status).toBe(403);
      expect(((await t1.json()) as any).errorMessage).toMatch(/no es válido/);
      const expired = await app.request(link(id, "hls/master.m3u8", now() - 1));
      expect(expired.status).toBe(410);
      expect(((await expired.json()) as any).errorMessage).toMatch(/expiró/);
    });

    it("keeps to the video's own files: no way out of its folder", async () => {
      for (const bad of [
        "../1/thumb.jpg",
        "..%2F1%2Fthumb.jpg",
        "hls/../../../etc/passwd",
        "original.mp4",
        "%2e%2e/x",
      ]) {
        const res = await app.request(link(id, bad));
        // 404 inside the folder; a path that climbs out of /media/<token>/ loses its token (403).
        expect([403, 404]).toContain(res.status);
      }
      // Only the player's files are served: anything else in the folder is not.
      await app.deps.media.put(`videos/${id}/notas-internas.txt`, Buffer.from("privado"));
      expect((await app.request(link(id, "notas-internas.txt"))).status).toBe(404);
      // The original upload is never served, even by its exact key.
      const row = await videoRow(id);
      expect((await app.request(link(id, row.originalKey!))).status).toBe(404);
    });

    it("refuses the files of a deleted video", async () => {
      const url = link(id, "hls/master.m3u8");
      expect((await app.request(url)).status).toBe(200);
      await app.request(`/admin/on-demand/videos/${id}`, { method: "DELETE", token: admin });
      const res = await app.request(url);
      expect(res.status).toBe(404);
      expect(((await res.json()) as any).errorMessage).toMatch(/ya no está disponible/);
    });
  });
});
