/**
 * Nucleo Home's media on an S3-compatible object store (AWS S3, MinIO, Cloudflare R2, DigitalOcean
 * Spaces…), chosen with `MEDIA_STORAGE=s3` (config/env.ts). The same `MediaStorage` as the disk:
 *
 * - `put` streams with `@aws-sdk/lib-storage`'s multipart `Upload`: at most `PART_SIZE ×
 *   QUEUE_SIZE` bytes are in memory whatever the file's size (a small body is one PutObject);
 * - `read` is a GetObject with `Range`: the object store's answer is piped on, never held whole;
 * - `stat` is a HeadObject, `remove` a DeleteObject, `removePrefix` ListObjectsV2 + DeleteObjects;
 * - `adopt` streams a finished local file (a resumable upload) up and removes it;
 * - `localFile` downloads the object to a temporary file for ffmpeg, removed by `release`.
 *
 * Resumable uploads are still received on this server's disk (`stagingDir`) before `adopt`.
 * The SDK is loaded on first use, so installations on disk never load it.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { S3Client } from "@aws-sdk/client-s3";
import { InvalidMediaKeyError, isValidMediaKey, type MediaStorage } from "./media-storage";

export interface S3MediaOptions {
  bucket: string;
  region: string;
  /** Another host than AWS's (MinIO, R2, a test's fake). */
  endpoint?: string;
  /** Both or neither: without them the SDK's default chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most fakes). */
  forcePathStyle: boolean;
  /** Keys are stored under this prefix (`nucleo/`), so one bucket can hold several installations. */
  prefix?: string;
  /** The local folder for resumable uploads and ffmpeg's temporary copies. */
  stagingDir: string;
}

/** 8 MB parts, two in flight: the most an upload holds in memory is about 16 MB. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
};

/** Counts the bytes that stream through (the size `put` answers without a HEAD). */
function byteCounter() {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

export function s3MediaStorage(opts: S3MediaOptions): MediaStorage {
  const prefix = opts.prefix ? `${opts.prefix.replace(/\/+$/, "")}/` : "";
  const objectKey = (key: string, isPrefix = false) => {
    const k = isPrefix ? key.replace(/\/$/, "") : key;
    if (!isValidMediaKey(k)) throw new InvalidMediaKeyError(key);
    return `${prefix}${k}${isPrefix ? "/" : ""}`;
  };
  let sdk: Promise<{ client: S3Client; s3: typeof import("@aws-sdk/client-s3") }> | null = null;
  const load = () =>
    (sdk ??= import("@aws-sdk/client-s3").then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: opts.region,
        endpoint: opts.endpoint,
        forcePathStyle: opts.forcePathStyle,
        credentials:
          opts.accessKeyId && opts.secretAccessKey
            ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
            : undefined,
        // Checksums only where S3 requires them: S3-compatible stores do not all accept the
        // streamed trailing checksums newer SDKs add by default.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));

  const put = async (key: string, body: Readable | Uint8Array) => {
    const Key = objectKey(key);
    const { client, s3 } = await load();
    if (body instanceof Uint8Array) {
      await client.send(new s3.PutObjectCommand({ Bucket: opts.bucket, Key, Body: body }));
      return body.byteLength;
    }
    const { Upload } = await import("@aws-sdk/lib-storage");
    const counter = byteCounter();
    const upload = new Upload({
      client,
      params: { Bucket: opts.bucket, Key, Body: body.pipe(counter) },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // A failed part aborts the multipart upload: no orphaned parts are billed.
      leavePartsOnError: false,
    });
    body.once("error", (err) => counter.destroy(err));
    await upload.done();
    return counter.bytes;
  };

  return {
    kind: "s3",
    stagingDir: opts.stagingDir,
    put,
    async adopt(key, file) {
      const size = await put(key, fs.createReadStream(file, { highWaterMark: 1024 * 1024 }));
      await fsp.rm(file, { force: true });
      return size;
    },
    async stat(key) {
      if (!isValidMediaKey(key)) return null;
      const { client, s3 } = await load();
      try {
        const r = await client.send(new s3.HeadObjectCommand({ Bucket: opts.bucket, Key: objectKey(key) }));
        return { size: r.ContentLength ?? 0, mtime: r.LastModified ?? new Date(0) };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async read(key, range) {
      if (!isValidMediaKey(key)) return null;
      const { client, s3 } = await load();
      try {
        const r = await client.send(
          new s3.GetObjectCommand({
            Bucket: opts.bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        // In Node the body is the HTTP response itself (an IncomingMessage): piped on as it arrives.
        return r.Body as Readable;
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
    async remove(key) {
      if (!isValidMediaKey(key)) return;
      const { client, s3 } = await load();
      await client.send(new s3.DeleteObjectCommand({ Bucket: opts.bucket, Key: objectKey(key) }));
    },
    async removePrefix(folder) {
      const Prefix = objectKey(folder, true);
      const { client, s3 } = await load();
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new s3.ListObjectsV2Command({ Bucket: opts.bucket, Prefix, ContinuationToken, MaxKeys: 1000 }),
        );
        const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
        if (keys.length)
          await client.send(
            new s3.DeleteObjectsCommand({ Bucket: opts.bucket, Delete: { Objects: keys, Quiet: true } }),
          );
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async localFile(key) {
      const body = await this.read(key);
      if (!body) throw new Error(`No existe el archivo multimedia ${key}`);
      const dir = path.join(opts.stagingDir, "_work");
      await fsp.mkdir(dir, { recursive: true });
      const file = path.join(dir, `${crypto.randomBytes(8).toString("hex")}${path.extname(key)}`);
      try {
        await pipeline(body, fs.createWriteStream(file));
      } catch (err) {
        await fsp.rm(file, { force: true });
        throw err;
      }
      return { path: file, release: () => fsp.rm(file, { force: true }) };
    },
  };
}
