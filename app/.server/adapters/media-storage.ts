import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Readable } from "node:stream";
import type { AppConfig } from "../config/env";
import { s3MediaStorage } from "./media-storage-s3";

/**
 * Media storage for Nucleo Home (issue 23): originals, HLS renditions, thumbnails and captions.
 * Files are large, so everything streams: `put` writes a stream, `read` returns a stream of a byte
 * range, nothing is held whole in memory. Keys are relative paths of lower-case letters, digits,
 * dots, dashes and underscores (`videos/12/hls/360p/seg_000.ts`); `..` and absolute paths are refused.
 *
 * `MEDIA_STORAGE=local` (the default) keeps them under `MEDIA_DIR` (`<DATA_DIR>/media`);
 * `MEDIA_STORAGE=s3` in an S3-compatible bucket (`media-storage-s3.ts`: put = multipart upload,
 * read = ranged GET, stat = HEAD, removePrefix = list + delete), with the resumable uploads still
 * received under `MEDIA_DIR`. tests/integration/media-storage-contract.test.ts runs one contract on both.
 */
interface MediaStat {
  size: number;
  mtime: Date;
}

export interface ByteRange {
  /** First byte (inclusive). */
  start: number;
  /** Last byte (inclusive). */
  end: number;
}

export interface MediaStorage {
  kind: "local" | "s3";
  /** A local folder for work in progress (resumable uploads land here before `adopt`). */
  stagingDir: string;
  /** Streams `body` into `key` (atomically: readers see the old file or the whole new one). Returns the size. */
  put(key: string, body: Readable | Uint8Array): Promise<number>;
  /** Moves a finished local file into `key` (a rename on the same disk; a streamed copy elsewhere). */
  adopt(key: string, file: string): Promise<number>;
  stat(key: string): Promise<MediaStat | null>;
  /** A stream of the file (or of `range`), or null when it does not exist. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  remove(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (a folder: `videos/12/`). */
  removePrefix(prefix: string): Promise<void>;
  /** A local path ffmpeg can read `key` from (the file itself on disk; a temporary copy elsewhere). */
  localFile(key: string): Promise<{ path: string; release(): Promise<void> }>;
}

const KEY = /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/;

export function isValidMediaKey(key: string) {
  return KEY.test(key) && !key.split("/").some((part) => part === "." || part === "..") && key.length <= 300;
}

export class InvalidMediaKeyError extends Error {
  constructor(key: string) {
    super(`Clave de archivo multimedia inválida: ${key}`);
  }
}

/** Local disk under `root`. */
export function localMediaStorage(root: string): MediaStorage {
  const resolve = (key: string, prefix = false) => {
    const k = prefix ? key.replace(/\/$/, "") : key;
    if (!isValidMediaKey(k)) throw new InvalidMediaKeyError(key);
    return path.join(root, ...k.split("/"));
  };
  const tmpOf = (file: string) => `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
  return {
    kind: "local",
    // Beside the keys: no key can start with "_".
    stagingDir: path.join(root, "_uploads"),
    async put(key, body) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      const tmp = tmpOf(file);
      try {
        if (body instanceof Uint8Array) await fsp.writeFile(tmp, body);
        else await pipeline(body, fs.createWriteStream(tmp));
        await fsp.rename(tmp, file);
      } catch (err) {
        await fsp.rm(tmp, { force: true });
        throw err;
      }
      return (await fsp.stat(file)).size;
    },
    async adopt(key, from) {
      const file = resolve(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        await fsp.rename(from, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
        const tmp = tmpOf(file);
        await pipeline(fs.createReadStream(from), fs.createWriteStream(tmp));
        await fsp.rename(tmp, file);
        await fsp.rm(from, { force: true });
      }
      return (await fsp.stat(file)).size;
    },
    async stat(key) {
      if (!isValidMediaKey(key)) return null;
      try {
        const s = await fsp.stat(resolve(key));
        return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async read(key, range) {
      if (!isValidMediaKey(key)) return null;
      const file = resolve(key);
      // Opened first, so a missing file is null here rather than an error in the middle of an answer.
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(file, "r");
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
      return handle.createReadStream({
        start: range?.start,
        end: range?.end,
        highWaterMark: 64 * 1024,
        autoClose: true,
      });
    },
    async remove(key) {
      if (!isValidMediaKey(key)) return;
      await fsp.rm(resolve(key), { force: true });
    },
    async removePrefix(prefix) {
      await fsp.rm(resolve(prefix, true), { recursive: true, force: true });
    },
    async localFile(key) {
      return { path: resolve(key), release: async () => {} };
    },
  };
}

/** The media storage of this installation (`MEDIA_STORAGE`, `MEDIA_DIR`, `MEDIA_S3_*`). */
export function mediaStorageFor(
  config: Pick<
    AppConfig,
    | "dataDir"
    | "MEDIA_DIR"
    | "MEDIA_STORAGE"
    | "MEDIA_S3_BUCKET"
    | "MEDIA_S3_REGION"
    | "MEDIA_S3_ENDPOINT"
    | "MEDIA_S3_ACCESS_KEY_ID"
    | "MEDIA_S3_SECRET_ACCESS_KEY"
    | "MEDIA_S3_FORCE_PATH_STYLE"
    | "MEDIA_S3_PREFIX"
  >,
): MediaStorage {
  const local = localMediaStorage(mediaRootOf(config));
  if (config.MEDIA_STORAGE !== "s3") return local;
  return s3MediaStorage({
    bucket: config.MEDIA_S3_BUCKET!,
    region: config.MEDIA_S3_REGION,
    endpoint: config.MEDIA_S3_ENDPOINT,
    accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    prefix: config.MEDIA_S3_PREFIX,
    stagingDir: local.stagingDir,
  });
}

function mediaRootOf(config: { dataDir: string; MEDIA_DIR?: string }) {
  return config.MEDIA_DIR ? path.resolve(config.MEDIA_DIR) : path.join(config.dataDir, "media");
}

/** Content types of what the media storage serves. */
const MEDIA_TYPES: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  m4s: "video/iso.segment",
  mp4: "video/mp4",
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  vtt: "text/vtt; charset=utf-8",
};

export function mediaContentType(key: string) {
  return MEDIA_TYPES[key.slice(key.lastIndexOf(".") + 1).toLowerCase()] ?? "application/octet-stream";
}
