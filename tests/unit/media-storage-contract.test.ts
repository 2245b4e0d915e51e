/**
 * Nucleo Home's media storage (issue 23): one contract, run on the disk adapter and on the
 * S3-compatible one (against tests/support/fake-s3.ts): streamed put (multipart above a part),
 * stat, whole and ranged reads, adopt, remove, removePrefix, localFile for ffmpeg, keys refused.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localMediaStorage, mediaStorageFor, type MediaStorage } from "~/.server/adapters/media-storage";
import { loadConfig } from "~/.server/config/env";
import { startFakeS3, type FakeS3 } from "../support/fake-s3";

let s3: FakeS3;
let dir: string;
beforeAll(async () => {
  s3 = await startFakeS3();
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), "nb-media-"));
});
afterAll(async () => {
  await s3?.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

const s3Config = (extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    MEDIA_STORAGE: "s3",
    MEDIA_S3_BUCKET: s3.bucket,
    MEDIA_S3_ENDPOINT: s3.endpoint,
    MEDIA_S3_FORCE_PATH_STYLE: "true",
    MEDIA_S3_ACCESS_KEY_ID: "prueba",
    MEDIA_S3_SECRET_ACCESS_KEY: "secreto-de-prueba",
    MEDIA_S3_PREFIX: "instalacion/",
    ...extra,
  });

const adapters: [string, () => MediaStorage][] = [
  ["disk", () => localMediaStorage(path.join(dir, "disk"))],
  ["s3", () => mediaStorageFor(s3Config())],
];

const text = async (r: Readable | null) => {
  if (!r) return null;
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

describe.each(adapters)("%s media storage", (name, make) => {
  it("puts bytes and a stream, stats them and reads them whole and by range", async () => {
    const m = make();
    expect(m.kind).toBe(name === "disk" ? "local" : "s3");
    expect(await m.stat("videos/1/hls/master.m3u8")).toBeNull();
    expect(await m.read("videos/1/hls/master.m3u8")).toBeNull();
    expect(await m.put("videos/1/hls/master.m3u8", Buffer.from("#EXTM3U\n"))).toBe(8);
    expect((await m.stat("videos/1/hls/master.m3u8"))?.size).toBe(8);
    expect((await text(await m.read("videos/1/hls/master.m3u8")))!.toString()).toBe("#EXTM3U\n");

    // 20 MB streamed in 1 MB pieces: on S3, a multipart upload of several parts.
    const piece = crypto.randomBytes(1024 * 1024);
    const parts = s3.stats.parts;
    const size = await m.put(
      "videos/1/original.mp4",
      Readable.from(
        (function* () {
          for (let i = 0; i < 20; i++) yield piece;
        })(),
      ),
    );
    expect(size).toBe(20 * piece.length);
    if (name === "s3") expect(s3.stats.parts - parts).toBeGreaterThanOrEqual(3);
    expect((await m.stat("videos/1/original.mp4"))?.size).toBe(size);

    const ranged = s3.stats.rangedGets;
    const at = 5 * piece.length + 10;
    const slice = await text(await m.read("videos/1/original.mp4", { start: at, end: at + 99 }));
    expect(slice!.equals(piece.subarray(10, 110))).toBe(true);
    if (name === "s3") expect(s3.stats.rangedGets - ranged).toBe(1);
    const last = await text(await m.read("videos/1/original.mp4", { start: size - 1, end: size - 1 }));
    expect(last!.equals(piece.subarray(piece.length - 1))).toBe(true);
  });

  it("replaces a file whole, removes one and removes a folder (and nothing beside it)", async () => {
    const m = make();
    await m.put("videos/2/thumb.jpg", Buffer.from("uno"));
    await m.put("videos/2/thumb.jpg", Buffer.from("dos dos"));
    expect((await text(await m.read("videos/2/thumb.jpg")))!.toString()).toBe("dos dos");
    for (let i = 0; i < 5; i++) await m.put(`videos/2/hls/360p/seg_00${i}.ts`, Buffer.from(`s${i}`));
    await m.put("videos/20/thumb.jpg", Buffer.from("vecino"));
    await m.removePrefix("videos/2/hls/");
    expect(await m.stat("videos/2/hls/360p/seg_000.ts")).toBeNull();
    expect(await m.stat("videos/2/thumb.jpg")).not.toBeNull();
    await m.removePrefix("videos/2/");
    expect(await m.stat("videos/2/thumb.jpg")).toBeNull();
    expect((await m.stat("videos/20/thumb.jpg"))?.size).toBe(6);
    await m.remove("videos/20/thumb.jpg");
    await m.remove("videos/20/thumb.jpg"); // twice is fine
    expect(await m.stat("videos/20/thumb.jpg")).toBeNull();
  });

  it("adopts a finished local upload (the file leaves staging) and gives ffmpeg a local copy", async () => {
    const m = make();
    await fsp.mkdir(m.stagingDir, { recursive: true });
    const staged = path.join(m.stagingDir, `subida-${name}`);
    const bytes = crypto.randomBytes(300_000);
    await fsp.writeFile(staged, bytes);
    expect(await m.adopt("originals/3-abc.mp4", staged)).toBe(bytes.length);
    expect(fs.existsSync(staged)).toBe(false);
    const local = await m.localFile("originals/3-abc.mp4");
    expect((await fsp.readFile(local.path)).equals(bytes)).toBe(true);
    await local.release();
    if (name === "s3") expect(fs.existsSync(local.path)).toBe(false);
  });

  it("refuses keys outside the storage", async () => {
    const m = make();
    await expect(m.put("../fuera.txt", Buffer.from("x"))).rejects.toThrow(/inválida/);
    await expect(m.put("videos/../../x", Buffer.from("x"))).rejects.toThrow(/inválida/);
    expect(await m.stat("/etc/passwd")).toBeNull();
    expect(await m.read("videos/../x")).toBeNull();
  });
});

describe("S3 configuration", () => {
  it("keeps this installation's keys under its prefix in the bucket", async () => {
    const other = mediaStorageFor(s3Config({ MEDIA_S3_PREFIX: "otra/" }));
    const mine = mediaStorageFor(s3Config());
    await mine.put("videos/9/thumb.jpg", Buffer.from("mía"));
    expect(await other.stat("videos/9/thumb.jpg")).toBeNull();
    expect(await mine.stat("videos/9/thumb.jpg")).not.toBeNull();
  });

  it("refuses an S3 storage without a bucket, and one key without the other", () => {
    expect(() => loadConfig({ MEDIA_STORAGE: "s3" })).toThrow(/MEDIA_S3_BUCKET/);
    expect(() =>
      loadConfig({ MEDIA_STORAGE: "s3", MEDIA_S3_BUCKET: "mi-bucket", MEDIA_S3_ACCESS_KEY_ID: "a" }),
    ).toThrow(/MEDIA_S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ MEDIA_STORAGE: "s3", MEDIA_S3_BUCKET: "Mal_Bucket" })).toThrow(/MEDIA_S3_BUCKET/);
    expect(loadConfig({}).MEDIA_STORAGE).toBe("local");
  });
});
