/**
 * Backups without pg_dump (the embedded PostgreSQL ships none, nor does a fresh machine): one
 * archive (tar.gz) with the database as of one snapshot and the upload folders.
 *
 * Backup: one REPEATABLE READ READ ONLY transaction (every table as of the same instant), `COPY … TO
 * STDOUT` of each application table in foreign-key order, the drizzle migrations it was at, and every
 * sequence's value; then the folders (DATA_DIR/uploads, MEDIA_DIR). Restore: into an EMPTY database
 * only: the migrations up to the backup's, `COPY … FROM STDIN` of every table in the same order, the
 * sequences, then the migrations written since (a backup of an older version comes back migrated),
 * all in one transaction; then the folders.
 *
 * Archive layout: `manifest.json`, `db/<n>.copy` (COPY's text format), `files/<folder>/…`.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { from as copyFrom, to as copyTo } from "pg-copy-streams";
import * as tar from "tar";

const FORMAT = "nucleo-backup";
const VERSION = 1;
/** The application's tables (drizzle migrations create them); pg-boss's job history is not kept. */
const SCHEMA = "public";
const MIGRATIONS_TABLE = `drizzle."__drizzle_migrations"`;

interface TableEntry {
  name: string;
  columns: string[];
  file: string;
  rows: number;
}

export interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  migrations: { hash: string; created_at: string }[];
  tables: TableEntry[];
  sequences: { name: string; value: string; called: boolean }[];
  folders: string[];
}

/** A folder of files the backup holds, by the name it has in the archive (`uploads`, `media`). */
export type Folders = Record<string, string>;

export class BackupError extends Error {}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Tables of `public`, parents before the tables that reference them (self references aside). */
async function tablesInOrder(client: pg.Client): Promise<{ name: string; columns: string[] }[]> {
  const tables = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name,
            array_agg(a.attname::text order by a.attnum) filter (where a.attgenerated = '') as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
      group by c.relname order by c.relname`,
    [SCHEMA],
  );
  const deps = await client.query<{ child: string; parent: string }>(
    `select distinct c.relname as child, p.relname as parent
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = $1 and c.oid <> p.oid`,
    [SCHEMA],
  );
  const parents = new Map<string, Set<string>>();
  for (const t of tables.rows) parents.set(t.name, new Set());
  for (const d of deps.rows) parents.get(d.child)?.add(d.parent);
  const ordered: { name: string; columns: string[] }[] = [];
  const done = new Set<string>();
  const byName = new Map(tables.rows.map((t) => [t.name, t]));
  while (ordered.length < tables.rows.length) {
    const ready = tables.rows.filter((t) => !done.has(t.name) && [...parents.get(t.name)!].every((p) => done.has(p)));
    if (ready.length === 0) {
      const left = tables.rows.filter((t) => !done.has(t.name)).map((t) => t.name);
      throw new BackupError(`Referencias circulares entre tablas: ${left.join(", ")}`);
    }
    for (const t of ready) {
      done.add(t.name);
      ordered.push(byName.get(t.name)!);
    }
  }
  return ordered;
}

/** Writes the archive of the database at `url` and of `folders` to `out` (written whole, then renamed). */
export async function backup(url: string, out: string, folders: Folders): Promise<Manifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "nucleo-backup-"));
  const client = new pg.Client({ connectionString: url, application_name: "nucleo-backup" });
  await client.connect();
  try {
    fs.mkdirSync(path.join(staging, "db"));
    await client.query("begin transaction isolation level repeatable read read only");
    const migrations = (
      await client.query<{ hash: string; created_at: string }>(
        `select hash, created_at::text from ${MIGRATIONS_TABLE} order by id`,
      )
    ).rows;
    const tables: TableEntry[] = [];
    for (const [i, t] of (await tablesInOrder(client)).entries()) {
      const file = `db/${String(i).padStart(4, "0")}.copy`;
      const cols = t.columns.map(quote).join(", ");
      const stream = client.query(copyTo(`copy ${quote(SCHEMA)}.${quote(t.name)} (${cols}) to stdout`));
      await pipeline(stream, fs.createWriteStream(path.join(staging, file)));
      tables.push({ name: t.name, columns: t.columns, file, rows: Number(stream.rowCount ?? 0) });
    }
    const seqNames = (
      await client.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = $1 and c.relkind = 'S' order by 1`,
        [SCHEMA],
      )
    ).rows;
    const sequences: Manifest["sequences"] = [];
    for (const s of seqNames) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `select last_value::text, is_called from ${quote(SCHEMA)}.${quote(s.name)}`,
      );
      sequences.push({ name: s.name, value: rows[0]!.last_value, called: rows[0]!.is_called });
    }
    await client.query("commit");
    // The folders: linked into the staging folder, archived through the links.
    fs.mkdirSync(path.join(staging, "files"));
    const kept: string[] = [];
    for (const [name, dir] of Object.entries(folders)) {
      if (!fs.existsSync(dir)) continue;
      fs.symlinkSync(path.resolve(dir), path.join(staging, "files", name));
      kept.push(name);
    }
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      migrations,
      tables,
      sequences,
      folders: kept,
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), JSON.stringify(manifest, null, 2));
    const tmp = `${out}.${crypto.randomBytes(4).toString("hex")}.part`;
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    await tar.create({ gzip: true, file: tmp, cwd: staging, follow: true, portable: true }, [
      "manifest.json",
      "db",
      "files",
    ]);
    fs.renameSync(tmp, out);
    return manifest;
  } finally {
    await client.end().catch(() => {});
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** What is in the database already: its application tables, and any row of them. */
async function isEmpty(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and c.relkind in ('r', 'p')`,
    [SCHEMA],
  );
  return rows[0]!.n === 0;
}

/** A migrations folder holding only the first `count` migrations of `dir` (drizzle's journal cut short). */
function migrationsUpTo(dir: string, count: number, into: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const out = path.join(into, "migrations");
  fs.mkdirSync(path.join(out, "meta"), { recursive: true });
  const entries = journal.entries.slice(0, count);
  for (const e of entries) fs.copyFileSync(path.join(dir, `${e.tag}.sql`), path.join(out, `${e.tag}.sql`));
  fs.writeFileSync(path.join(out, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
  return out;
}

/**
 * Restores `file` into the EMPTY database at `url` and its folders into `folders` (by archive name;
 * existing files of the same name are replaced). Refuses a database that has tables.
 */
export async function restore(url: string, file: string, folders: Folders, migrationsDir: string): Promise<Manifest> {
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "nucleo-restore-"));
  const client = new pg.Client({ connectionString: url, application_name: "nucleo-restore" });
  await client.connect();
  try {
    if (!(await isEmpty(client)))
      throw new BackupError(
        "La base de datos no está vacía: la restauración solo escribe en una base de datos vacía. " +
          "(The database is not empty: restore only writes into an empty database.)",
      );
    await tar.extract({ file, cwd: staging });
    const manifestFile = path.join(staging, "manifest.json");
    if (!fs.existsSync(manifestFile)) throw new BackupError(`${file} no es una copia de seguridad de Nucleo Barre.`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8")) as Manifest;
    if (manifest.format !== FORMAT || manifest.version !== VERSION)
      throw new BackupError(`${file}: formato de copia desconocido (${manifest.format} ${manifest.version}).`);
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    if (manifest.migrations.length > journal.entries.length)
      throw new BackupError(
        `La copia es de una versión más nueva (${manifest.migrations.length} migraciones; esta versión tiene ${journal.entries.length}): actualice el código primero.`,
      );
    // The schema as the backup had it, its rows (one transaction), then whatever migrations came after
    // (the migrator opens its own transactions).
    await migrate(drizzle(client), {
      migrationsFolder: migrationsUpTo(migrationsDir, manifest.migrations.length, staging),
    });
    await client.query("begin");
    // Migrations may write reference rows: the backup's rows replace them.
    const names = manifest.tables.map((t) => `${quote(SCHEMA)}.${quote(t.name)}`);
    if (names.length) await client.query(`truncate ${names.join(", ")} restart identity cascade`);
    // The rows come back as they were, kept figures included (the dashboard's counts): the tables'
    // own triggers must not count them again while they are copied (like pg_restore's
    // --disable-triggers; foreign keys stay checked). Transactional: a failed restore leaves them on.
    for (const name of names) await client.query(`alter table ${name} disable trigger user`);
    for (const t of manifest.tables) {
      const cols = t.columns.map(quote).join(", ");
      const sink = client.query(copyFrom(`copy ${quote(SCHEMA)}.${quote(t.name)} (${cols}) from stdin`));
      await pipeline(fs.createReadStream(path.join(staging, t.file)), sink);
    }
    for (const s of manifest.sequences) {
      await client.query(`select setval($1::regclass, $2::bigint, $3)`, [
        `${quote(SCHEMA)}.${quote(s.name)}`,
        s.value,
        s.called,
      ]);
    }
    for (const name of names) await client.query(`alter table ${name} enable trigger user`);
    await client.query("commit");
    await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    for (const name of manifest.folders) {
      const target = folders[name];
      if (!target) continue;
      fs.mkdirSync(target, { recursive: true });
      fs.cpSync(path.join(staging, "files", name), target, { recursive: true });
    }
    return manifest;
  } catch (err) {
    await client.query("rollback").catch(() => {});
    throw err;
  } finally {
    await client.end().catch(() => {});
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
