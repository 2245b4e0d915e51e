/**
 * `GET /api/health` (issue 24 item 6): the database, the job queue and the disk of DATA_DIR, for a
 * load balancer (503 when the database does not answer: take this server out) and for people.
 */
import fs from "node:fs/promises";
import { sql } from "drizzle-orm";
import type { AppDeps } from "../deps";
import { queryRows } from "../db/client";

/** Below this much free space in DATA_DIR the disk reads "low" (uploads, media and the embedded database live there). */
const LOW_DISK_BYTES = 1024 ** 3;
const DATABASE_TIMEOUT_MS = 2_000;

export interface Health {
  status: "ok" | "degraded" | "error";
  database: "ok" | "error";
  jobs: { status: "ok" | "error"; queued: number; failed: number };
  disk: { status: "ok" | "low" | "error"; free_mb: number };
  time: string;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    p.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

export async function checkHealth(deps: Pick<AppDeps, "db" | "config" | "clock">): Promise<Health> {
  const database = await withTimeout(deps.db.execute(sql`select 1`), DATABASE_TIMEOUT_MS).then(
    () => "ok" as const,
    () => "error" as const,
  );
  const jobs: Health["jobs"] =
    database === "ok"
      ? await queryRows<{ queued: number; failed: number }>(
          deps.db,
          sql`select count(*) filter (where state in ('created', 'retry'))::int as queued,
                       count(*) filter (where state = 'failed')::int as failed
                  from pgboss.job`,
        ).then(
          ([r]) => ({ status: "ok" as const, queued: r?.queued ?? 0, failed: r?.failed ?? 0 }),
          () => ({ status: "error" as const, queued: 0, failed: 0 }),
        )
      : { status: "error", queued: 0, failed: 0 };
  const disk: Health["disk"] = await fs.statfs(deps.config.dataDir).then(
    (s) => {
      const free = s.bavail * s.bsize;
      return {
        status: free < LOW_DISK_BYTES ? ("low" as const) : ("ok" as const),
        free_mb: Math.floor(free / 1024 ** 2),
      };
    },
    () => ({ status: "error" as const, free_mb: 0 }),
  );
  const status = database === "error" ? "error" : jobs.status === "ok" && disk.status === "ok" ? "ok" : "degraded";
  return { status, database, jobs, disk, time: deps.clock().toISOString() };
}
