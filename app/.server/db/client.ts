import fs from "node:fs";
import path from "node:path";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { watchPool } from "../http/metrics";
import * as schema from "./schema";
import { startEmbeddedPostgres, type EmbeddedCluster } from "./embedded";

type Schema = typeof schema;
/** The database or a transaction: services take this and never reach for a global. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * The rows of a raw SQL query, typed by the caller (the one place that says what node-postgres
 * answers: `{ rows }`), so callers need no cast of their own.
 */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  // Cast kept: Db is driver-neutral (PgQueryResultHKT), so execute()'s result type does not say node-postgres's { rows }.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface Database {
  db: Db;
  /** Always "postgres": one engine everywhere (PGlite is retired, see docs/decisions.md). */
  kind: "postgres";
  /** True on the embedded cluster in DATA_DIR (DATABASE_URL unset). */
  embedded?: boolean;
  /** The connection URL (pg-boss opens its own pool on it). */
  url: string;
  /** Applies the committed SQL migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = path.resolve(process.cwd(), "drizzle");

/** Connects to PostgreSQL through a pool. Migrations run under an advisory lock so that
 * several servers starting together apply them once. */
export async function openPostgres(url: string, poolMax = 10): Promise<Database> {
  const { Pool } = (await import("pg")).default;
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new Pool({ connectionString: url, max: poolMax });
  pool.on("error", () => {});
  watchPool(pool);
  const db: Db = drizzle(pool, { schema });
  return {
    db,
    kind: "postgres",
    url,
    async migrate() {
      const { migrate } = await import("drizzle-orm/node-postgres/migrator");
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(742001)");
        await migrate(drizzle(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query("select pg_advisory_unlock(742001)").catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export class DataDirLockedError extends Error {}

async function ensureDatabase(cluster: EmbeddedCluster, name: string) {
  const { Client } = (await import("pg")).default;
  const client = new Client({ connectionString: cluster.url("postgres") });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!found.rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Starts the embedded PostgreSQL in DATA_DIR (holding the DATA_DIR lock) and connects to it;
 * `close()` ends the pool, stops the cluster and releases the lock. */
export async function openEmbedded(opts: {
  dataDir: string;
  poolMax?: number;
  durable?: boolean;
  onLog?: (line: string) => void;
  onRecovered?: () => void;
  ownSignals?: boolean;
  /** Database of the cluster the app uses (default `nucleo`), created when missing. */
  database?: string;
}): Promise<Database & { cluster: EmbeddedCluster }> {
  const release = lockDataDir(opts.dataDir);
  let cluster: EmbeddedCluster;
  try {
    cluster = await startEmbeddedPostgres(opts);
  } catch (err) {
    release();
    throw err;
  }
  if (cluster.recoveredOrphan) opts.onRecovered?.();
  const name = opts.database ?? "nucleo";
  const database = await ensureDatabase(cluster, name).then(() => openPostgres(cluster.url(name), opts.poolMax ?? 10));
  return {
    ...database,
    embedded: true,
    cluster,
    async close() {
      await database.close().catch(() => {});
      await cluster.stop();
      release();
    },
  };
}

/** Holds DATA_DIR/.lock for the life of the process: one process per data folder (the embedded
 * cluster, the app key, local uploads). A lock left by a dead process is taken over. */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, ".lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(file, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `La base de datos embebida en ${dataDir} ya está en uso por otro proceso (PID ${pid}). ` +
            `Detenga ese proceso o use otro DATA_DIR.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`No se pudo tomar el candado de ${file}.`);
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
