/**
 * Nucleo Home's back office (issue 23, leftovers): the live-class list page
 * (/admin/on-demand/videos/streams) and the sweep of resumable uploads abandoned half-way
 * (MEDIA_UPLOAD_ABANDON_HOURS), with their video rows and files.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { onDemandStreams, onDemandVideos } from "../../app/.server/db/schema";
import { anonymous } from "../../app/.server/http/api";
import { scheduledTasks } from "../../app/.server/jobs/tasks";
import { sweepAbandonedUploads } from "../../app/.server/domain/on-demand/upload-sweep";
import { loader as streamsLoader } from "../../app/routes/admin/on-demand/streams-list";
import { setupTestApp } from "../support/app";
import { createCoach, createStaff, sessionFor } from "../support/factories";

const app = setupTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let admin = "";
let adminRow: { id: number };

beforeAll(async () => {
  adminRow = await createStaff(app.deps.db, "administrator");
  admin = await sessionFor(app.deps.db, adminRow as never);
});

async function listPage(search = "") {
  const user = (await app.deps.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.id, adminRow.id) }))!;
  const auth = { ...anonymous, user, session: { twoFactorAt: null } } as never;
  return streamsLoader({
    request: new Request(`http://localhost/admin/on-demand/videos/streams${search}`),
    params: {},
    context: { deps: app.deps, auth, cookies: {} },
  } as never);
}

describe("the live-class list page", () => {
  it("lists the live classes with coach, start, replay and state; upcoming soonest first, past latest first; searchable", async () => {
    const coach = await createCoach(app.deps.db, { name: "Sofía" });
    const [replay] = await app.deps.db
      .insert(onDemandVideos)
      .values({ title: "Repetición barre fuego", status: "ready" })
      .returning();
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms);
    const tag = crypto.randomBytes(3).toString("hex");
    const rows = await app.deps.db
      .insert(onDemandStreams)
      .values([
        {
          title: `En vivo ${tag} pasada`,
          coachId: coach.id,
          startsAt: at(-2 * DAY),
          durationMinutes: 45,
          streamUrl: "https://vivo.example/1",
          replayVideoId: replay!.id,
        },
        {
          title: `En vivo ${tag} lejana`,
          coachId: coach.id,
          startsAt: at(5 * DAY),
          durationMinutes: 30,
          streamUrl: "https://vivo.example/2",
        },
        {
          title: `En vivo ${tag} pronto`,
          startsAt: at(DAY),
          durationMinutes: 60,
          streamUrl: "https://vivo.example/3",
          active: false,
        },
      ])
      .returning();
    const [past, later, soon] = rows;

    const all = await listPage(`?search=${tag}`);
    expect(all.meta.total).toBe(3);
    expect(all.data.map((r) => r.id)).toEqual([later!.id, soon!.id, past!.id]);
    expect(all.data.find((r) => r.id === past!.id)).toMatchObject({
      coachName: "Sofía",
      replayVideoId: replay!.id,
      replayTitle: "Repetición barre fuego",
      ended: true,
      durationMinutes: 45,
    });
    expect(all.data.find((r) => r.id === soon!.id)).toMatchObject({ active: false, ended: false, coachName: null });

    const upcoming = await listPage(`?search=${tag}&when=upcoming`);
    expect(upcoming.data.map((r) => r.id)).toEqual([soon!.id, later!.id]);
    const gone = await listPage(`?search=${tag}&when=past`);
    expect(gone.data.map((r) => r.id)).toEqual([past!.id]);
    expect((await listPage(`?search=${tag}%20lejana`)).data.map((r) => r.id)).toEqual([later!.id]);
  });

  it("is refused to staff without the on-demand permission", async () => {
    const cashier = await createStaff(app.deps.db, "cashier");
    const user = (await app.deps.db.query.users.findFirst({ where: (u, { eq: e }) => e(u.id, cashier.id) }))!;
    const auth = { ...anonymous, user, session: { twoFactorAt: null } } as never;
    await expect(
      streamsLoader({
        request: new Request("http://localhost/admin/on-demand/videos/streams"),
        params: {},
        context: { deps: app.deps, auth, cookies: {} },
      } as never),
    ).rejects.toBeTruthy();
  });
});

// ---------------------------------------------------------------- abandoned uploads

const b64 = (s: string) => Buffer.from(s).toString("base64");
const TUS = { "Tus-Resumable": "1.0.0" };

async function startUpload(bytes: number) {
  const created = await app.request("/admin/on-demand/uploads", {
    method: "POST",
    token: admin,
    headers: {
      ...TUS,
      "Upload-Length": String(bytes),
      "Upload-Metadata": `filename ${b64("clase.mp4")},filetype ${b64("video/mp4")}`,
    },
  });
  expect(created.status).toBe(201);
  const url = created.headers.get("location")!.replace(/^\/api/, "");
  const half = await app.request(url, {
    method: "PATCH",
    token: admin,
    headers: { ...TUS, "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" },
    body: new Uint8Array(crypto.randomBytes(Math.floor(bytes / 2))),
  });
  expect(half.status).toBe(204);
  const id = url.split("/").pop()!;
  const [row] = await app.deps.db.select().from(onDemandVideos).where(eq(onDemandVideos.uploadId, id));
  return { url, id, row: row!, file: path.join(app.deps.media.stagingDir, id) };
}

describe("the sweep of abandoned uploads", () => {
  it("is a scheduled task", () => {
    expect(scheduledTasks.find((t) => t.name === "on-demand-abandoned-uploads")).toBeTruthy();
  });

  it("removes an upload untouched for MEDIA_UPLOAD_ABANDON_HOURS with its row and files; keeps one still receiving bytes", async () => {
    expect(app.deps.config.MEDIA_UPLOAD_ABANDON_HOURS).toBe(24);
    const abandoned = await startUpload(200_000);
    const active = await startUpload(200_000);
    expect(abandoned.row.status).toBe("uploading");
    expect(fs.existsSync(abandoned.file)).toBe(true);
    expect(fs.existsSync(`${abandoned.file}.json`)).toBe(true);
    // A staging file no video names (its row never made); and something that is not an upload.
    const orphan = path.join(app.deps.media.stagingDir, crypto.randomBytes(16).toString("hex"));
    await fsp.writeFile(orphan, "medio archivo");
    const old = new Date(Date.now() - 2 * DAY);
    const other = path.join(app.deps.media.stagingDir, "LEEME.txt");
    await fsp.writeFile(other, "no es una subida");
    await fsp.utimes(other, old, old);

    // Within the hours: nothing goes.
    expect(await sweepAbandonedUploads(app.deps, new Date(Date.now() + 23 * HOUR))).toEqual({ videos: 0, files: 0 });
    expect(fs.existsSync(abandoned.file)).toBe(true);

    // 25 hours later; the other upload wrote a byte an hour ago.
    const later = new Date(Date.now() + 25 * HOUR);
    const recent = new Date(later.getTime() - HOUR);
    await fsp.utimes(active.file, recent, recent);
    const r = await sweepAbandonedUploads(app.deps, later);
    expect(r).toEqual({ videos: 1, files: 1 });
    expect(await app.deps.db.select().from(onDemandVideos).where(eq(onDemandVideos.id, abandoned.row.id))).toEqual([]);
    expect(fs.existsSync(abandoned.file)).toBe(false);
    expect(fs.existsSync(`${abandoned.file}.json`)).toBe(false);
    expect(fs.existsSync(orphan)).toBe(false);
    expect(fs.existsSync(other)).toBe(true);
    const [kept] = await app.deps.db.select().from(onDemandVideos).where(eq(onDemandVideos.id, active.row.id));
    expect(kept?.status).toBe("uploading");
    expect(fs.existsSync(active.file)).toBe(true);

    // The swept upload cannot be resumed: a clear 404, not a half-made video.
    const resumed = await app.request(abandoned.url, { method: "HEAD", token: admin, headers: TUS });
    expect(resumed.status).toBe(404);
    // Running again changes nothing (several servers may run it).
    expect(await sweepAbandonedUploads(app.deps, later)).toEqual({ videos: 0, files: 0 });
  });
});
