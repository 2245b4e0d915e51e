import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * File storage for uploads (avatars for now). The embedded default writes under
 * `<DATA_DIR>/uploads/`; an S3-compatible adapter can implement the same interface.
 * Keys are `<folder>/<name>`: lower-case letters, digits, dashes, one extension.
 */
export interface FileStorage {
  kind: "local";
  put(key: string, data: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const KEY = /^(avatars)\/[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|webp)$/;

export function isValidKey(key: string) {
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

/** The storage of this installation: `<DATA_DIR>/uploads`. */
export function storageFor(config: { dataDir: string }): FileStorage {
  return localStorage(path.join(config.dataDir, "uploads"));
}

/** Content type by extension, for serving what was stored. */
export const CONTENT_TYPES: Record<string, string> = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
};

export function contentTypeOf(key: string) {
  return CONTENT_TYPES[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}
