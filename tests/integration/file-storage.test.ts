import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  databaseStorage,
  InvalidStorageKeyError,
  localStorage,
  storageFor,
  type FileStorage,
} from "../../app/.server/adapters/storage";
import { storedFiles } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";

/** Both storage adapters keep the same promises: put/get/replace/remove, and keys checked. */
const app = setupTestApp();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-files-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 0, 255]);

const adapters: [string, () => FileStorage][] = [
  ["database", () => databaseStorage(app.deps.db)],
  ["local", () => localStorage(dir)],
];

describe.each(adapters)("%s storage", (_name, make) => {
  it("stores, reads, replaces and removes a file, byte for byte", async () => {
    const s = make();
    expect(await s.get("avatars/nuevo-1.png")).toBeNull();
    await s.put("avatars/nuevo-1.png", png);
    expect(Buffer.compare((await s.get("avatars/nuevo-1.png"))!, png)).toBe(0);
    const other = Buffer.from("otra imagen");
    await s.put("avatars/nuevo-1.png", other);
    expect((await s.get("avatars/nuevo-1.png"))!.toString()).toBe("otra imagen");
    await s.remove("avatars/nuevo-1.png");
    expect(await s.get("avatars/nuevo-1.png")).toBeNull();
    await s.remove("avatars/nuevo-1.png"); // removing twice is fine
  });

  it("refuses keys outside the allowed folders and names", async () => {
    const s = make();
    for (const key of ["../secreto.png", "avatars/../../x.png", "otros/a.png", "avatars/A.png", "avatars/a.exe"]) {
      await expect(s.put(key, png)).rejects.toBeInstanceOf(InvalidStorageKeyError);
      expect(await s.get(key)).toBeNull();
    }
  });
});

describe("the installation's storage", () => {
  it("is the database by default, with the content type and size recorded", async () => {
    const s = storageFor({ ...app.deps.config }, app.deps.db);
    expect(s.kind).toBe("database");
    await s.put("avatars/tipo-2.webp", png);
    const [row] = await app.deps.db.select().from(storedFiles).where(eq(storedFiles.key, "avatars/tipo-2.webp"));
    expect(row).toMatchObject({ contentType: "image/webp", size: png.length });
  });

  it("is DATA_DIR/uploads with FILE_STORAGE=local", () => {
    expect(storageFor({ dataDir: dir, FILE_STORAGE: "local" }, app.deps.db).kind).toBe("local");
  });
});
