import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { backup, restore, BackupError } from "../../app/.server/db/backup";
import type { Database } from "../../app/.server/db/client";
import { freshDatabase } from "../support/db";
import { withDatabase } from "../support/global-setup";
import { makeCustomer } from "../support/booking";

/**
 * `npm run backup` / `npm run restore` (issue 24 item 5): the demo data and two upload folders are
 * backed up, destroyed, restored into an empty database and empty folders, and every table comes
 * back with the same rows (count and checksum of each), every sequence where it was, every file.
 */
const dir = path.resolve(".tmp", `backup-${process.pid}`);
const folders = { uploads: path.join(dir, "uploads"), media: path.join(dir, "media") };
const archive = path.join(dir, "out", "nucleo.tar.gz");
let database: Database;
const extra: string[] = [];

async function withClient<T>(url: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** Every table of `public`: its row count and an md5 of its rows (in a fixed order); every sequence's value. */
async function fingerprint(url: string) {
  return withClient(url, async (c) => {
    const tables = (
      await c.query<{ name: string }>(
        `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
      )
    ).rows;
    const out: Record<string, string> = {};
    for (const t of tables) {
      const { rows } = await c.query<{ n: number; sum: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from public."${t.name}" x`,
      );
      out[t.name] = `${rows[0]!.n} ${rows[0]!.sum}`;
    }
    const seqs = (
      await c.query<{ name: string; v: string }>(
        `select sequencename as name, coalesce(last_value, 0)::text as v from pg_sequences where schemaname = 'public' order by 1`,
      )
    ).rows;
    for (const s of seqs) out[`seq:${s.name}`] = s.v;
    return out;
  });
}

async function emptyDatabase() {
  const name = `nb_r_${crypto.randomBytes(5).toString("hex")}`;
  await withClient(inject("pgUrl"), (c) => c.query(`create database ${name}`));
  extra.push(name);
  return withDatabase(inject("pgUrl"), name);
}

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  database = await freshDatabase();
  // Rows of our own beside the demo seed, and files in both folders (one in a subfolder).
  for (let i = 0; i < 3; i++) await makeCustomer(database.db, "backup");
  fs.mkdirSync(path.join(folders.uploads, "avatars"), { recursive: true });
  fs.writeFileSync(path.join(folders.uploads, "avatars", "1-abc.png"), crypto.randomBytes(2048));
  fs.mkdirSync(path.join(folders.media, "videos", "7"), { recursive: true });
  fs.writeFileSync(path.join(folders.media, "videos", "7", "master.m3u8"), "#EXTM3U\n");
});

afterAll(async () => {
  await database?.close();
  await withClient(inject("pgUrl"), async (c) => {
    for (const name of extra) await c.query(`drop database if exists ${name} with (force)`);
  });
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("backs up, destroys, restores: every table's rows, every sequence, every file", { timeout: 120_000 }, async () => {
    const before = await fingerprint(database.url);
    const files = fs.readFileSync(path.join(folders.uploads, "avatars", "1-abc.png"));
    const manifest = await backup(database.url, archive, folders);
    expect(fs.statSync(archive).size).toBeGreaterThan(0);
    expect(manifest.folders.sort()).toEqual(["media", "uploads"]);
    expect(manifest.tables.find((t) => t.name === "users")!.rows).toBeGreaterThan(3);

    // Destroyed: the folders are gone, the database is replaced by an empty one.
    fs.rmSync(folders.uploads, { recursive: true });
    fs.rmSync(folders.media, { recursive: true });
    const target = await emptyDatabase();
    await restore(target, archive, folders, path.resolve("drizzle"));

    const after = await fingerprint(target);
    expect(Object.keys(after).length).toBeGreaterThan(50);
    expect(after).toEqual(before);
    expect(fs.readFileSync(path.join(folders.uploads, "avatars", "1-abc.png"))).toEqual(files);
    expect(fs.readFileSync(path.join(folders.media, "videos", "7", "master.m3u8"), "utf8")).toBe("#EXTM3U\n");
    // The restored database takes new rows (its sequences go on after the restored ids).
    await withClient(target, (c) =>
      c.query(
        `insert into users (name, last_name, email, password_hash, role_id) values ('N', 'R', 'nuevo@prueba.mx', 'x', 2)`,
      ),
    );
  });

  it("refuses a database that is not empty, and changes nothing", async () => {
    const before = await fingerprint(database.url);
    await expect(restore(database.url, archive, {}, path.resolve("drizzle"))).rejects.toThrow(BackupError);
    await expect(restore(database.url, archive, {}, path.resolve("drizzle"))).rejects.toThrow(/no está vacía/);
    expect(await fingerprint(database.url)).toEqual(before);
  });

  it("npm run restore says so in Spanish (and English) and exits 1", { timeout: 60_000 }, () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/restore.ts", archive], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "test" },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("La base de datos no está vacía");
    expect(r.stderr).toContain("The database is not empty");
  });
});
