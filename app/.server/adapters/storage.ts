import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { storedFiles } from "../db/schema";

/**
 * File storage for uploads (avatars for now), chosen by `FILE_STORAGE`: `database` (the default:
 * the `stored_files` table, so every server sees every file and one backup holds everything) or
 * `local` (under `<DATA_DIR>/uploads/`, one server only). An S3-compatible adapter can implement
 * the same interface. Keys are `<folder>/<name>`: lower-case letters, digits, dashes, one extension.
 */
export interface FileStorage {
  kind: "local" | "database";
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^(avatars|sponsors|content)\/[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|webp)$/;

function isValidKey(key: string) {
  return KEY.test(key);
}

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Clave de archivo inválida: ${key}`);
  }
}

/** Local disk under `root` (written atomically: temporary file, then rename). */
export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
    return path.join(root, ...key.split("/"));
  };
  return {
    kind: "local",
    async put(key, data) {
      const file = resolve(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, file);
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        return await fs.readFile(resolve(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw err;
      }
    },
    async remove(key) {
      if (!isValidKey(key)) return;
      await fs.rm(resolve(key), { force: true });
    },
  };
}

/** The `stored_files` table of the installation's database. */
export function databaseStorage(db: Db): FileStorage {
  return {
    kind: "database",
    async put(key, data) {
      if (!isValidKey(key)) throw new InvalidStorageKeyError(key);
      const bytes = Buffer.from(data);
      const row = { key, contentType: contentTypeOf(key), size: bytes.length, data: bytes };
      await db
        .insert(storedFiles)
        .values(row)
        .onConflictDoUpdate({
          target: storedFiles.key,
          set: { contentType: row.contentType, size: row.size, data: bytes, createdAt: sql`now()` },
        });
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const [row] = await db.select({ data: storedFiles.data }).from(storedFiles).where(eq(storedFiles.key, key));
      return row?.data ?? null;
    },
    async remove(key) {
      if (!isValidKey(key)) return;
      await db.delete(storedFiles).where(eq(storedFiles.key, key));
    },
  };
}

/** The storage of this installation, as `FILE_STORAGE` says. */
export function storageFor(config: { dataDir: string; FILE_STORAGE: "database" | "local" }, db: Db): FileStorage {
  return config.FILE_STORAGE === "local" ? localStorage(path.join(config.dataDir, "uploads")) : databaseStorage(db);
}

/** Content type by extension, for serving what was stored. */
const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

export function contentTypeOf(key: string) {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
