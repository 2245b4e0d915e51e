/**
 * Durable background jobs on the database (pg-boss 10, its tables in the `pgboss` schema, created
 * by pg-boss itself at start under its own advisory lock). Jobs are rows: they survive a restart,
 * each runs once across every server (rows are taken with `FOR UPDATE SKIP LOCKED`), a failure is
 * retried with exponential back-off, and a task can run on a cron (Mexico City time).
 *
 * `send(db, …)` enqueues inside the caller's transaction: a job sent in a transaction that rolls
 * back never exists. Handlers are registered with `define` before `start`; `work: false`
 * (tests) never polls: `runPending` runs what is due in the caller's process.
 */
import { sql } from "drizzle-orm";
import { DEFAULT_TZ } from "~/shared/mexico/time";
import { queryRows, type Db } from "../db/client";
import type { Logger } from "../http/logger";

const JOBS_TIME_ZONE = DEFAULT_TZ;
const JOBS_SCHEMA = "pgboss";

export interface JobDefinition {
  name: string;
  run(data: Record<string, unknown>): Promise<unknown>;
  /** Cron (5 fields, Mexico City time): the queue creates one job per tick, once across servers. */
  cron?: string;
  /** Attempts after the first (default 5), seconds before the first retry (default 30), doubling. */
  retryLimit?: number;
  retryDelay?: number;
  /** Seconds a run may take before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
}

interface FailedJob {
  id: string;
  name: string;
  data: unknown;
  error: string;
  retryCount: number;
  createdOn: Date;
  failedOn: Date | null;
}

export interface JobQueue {
  /** Enqueues a job in `db` (a transaction: it exists only if that commits). Returns its id. */
  send(db: Db, name: string, data?: Record<string, unknown>): Promise<string | null>;
  /** Failed jobs (retries exhausted), newest first. */
  listFailed(opts: {
    limit: number;
    offset: number;
    /** An ILIKE pattern on the job's name or error. */
    pattern?: string | null;
  }): Promise<{ items: FailedJob[]; total: number }>;
  /** Puts one failed job back in line (one more attempt). False when no failed job has that id. */
  retry(id: string): Promise<boolean>;
  /** Runs, in this process, the due jobs of `name` (tests; `ignoreStartAfter` skips the back-off). */
  runPending(name: string, opts?: { ignoreStartAfter?: boolean }): Promise<{ completed: number; failed: number }>;
  /** Begins polling and scheduling (when started with `work: true`); call once deps are ready. */
  startWorkers(): Promise<void>;
  stop(): Promise<void>;
}

/** pg-boss's `db` option over a Drizzle connection or transaction: `$n` parameters become
 * Drizzle parameters of the same statement, so the insert joins the caller's transaction. */
function drizzleExecutor(db: Db) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks = parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1])));
      return { rows: await queryRows<unknown>(db, sql.join(chunks)) };
    },
  };
}

const errorText = (output: unknown) => {
  if (!output || typeof output !== "object") return String(output ?? "");
  const o = output as { message?: unknown; value?: unknown };
  return String(o.message ?? o.value ?? JSON.stringify(output)).slice(0, 1000);
};

export async function startJobQueue(opts: {
  url: string;
  log: Logger;
  definitions: JobDefinition[];
  /** Poll and run jobs, schedule crons and keep the tables tidy (servers). False: tests. */
  work: boolean;
  poolMax?: number;
}): Promise<JobQueue> {
  const { default: PgBoss } = await import("pg-boss");
  const boss = new PgBoss({
    connectionString: opts.url,
    schema: JOBS_SCHEMA,
    max: opts.poolMax ?? 4,
    application_name: "nucleo-jobs",
    supervise: opts.work,
    schedule: opts.work,
    // Failed jobs stay listed in the back office for 30 days, then are archived.
    archiveFailedAfterSeconds: 30 * 86_400,
    archiveCompletedAfterSeconds: 86_400,
    deleteAfterDays: 30,
  });
  let stopping = false;
  // Once stopping, the database going away under idle connections is expected, not news.
  boss.on("error", (err) => stopping || opts.log.warn({ err: { message: err.message } }, "job queue error"));
  await boss.start();
  const byName = new Map(opts.definitions.map((d) => [d.name, d]));
  // Several servers starting together on a new database would race to create the queues (a loser
  // then scheduled a cron on a queue not yet committed: "Queue … not found"): one at a time, under
  // an advisory lock held on a connection of its own.
  const { Client } = (await import("pg")).default;
  const lock = new Client({ connectionString: opts.url, application_name: "nucleo-jobs-setup" });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock(742002)");
    for (const d of opts.definitions) {
      const queue = {
        name: d.name,
        retryLimit: d.retryLimit ?? 5,
        retryDelay: d.retryDelay ?? 30,
        retryBackoff: true,
        expireInSeconds: d.expireInSeconds ?? 15 * 60,
      };
      if (!(await boss.getQueue(d.name))) await boss.createQueue(d.name, queue);
      else await boss.updateQueue(d.name, queue);
    }
  } finally {
    await lock.end().catch(() => {});
  }
  const runOne = async (name: string, data: unknown) => {
    const def = byName.get(name);
    if (!def) throw new Error(`No hay una tarea llamada ${name}`);
    const t0 = Date.now();
    const result = await def.run((data ?? {}) as Record<string, unknown>);
    opts.log.info({ job: name, ms: Date.now() - t0 }, "job done");
    return result;
  };
  const startWorkers = async () => {
    for (const d of opts.definitions) {
      // Work sent by requests (mail) is picked up within 2 s; cron tasks tick by the minute.
      const pollingIntervalSeconds = d.cron ? 10 : 2;
      await boss.work(d.name, { pollingIntervalSeconds, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await runOne(d.name, job.data);
          } catch (err) {
            opts.log.warn({ err, job: d.name, id: job.id }, "job failed");
            throw err;
          }
        }
      });
      if (d.cron) await boss.schedule(d.name, d.cron, {}, { tz: JOBS_TIME_ZONE });
      else await boss.unschedule(d.name).catch(() => {});
    }
  };
  return {
    startWorkers: async () => {
      if (opts.work) await startWorkers();
    },
    async send(db, name, data = {}) {
      return boss.send(name, data, { db: drizzleExecutor(db) });
    },
    async listFailed({ limit, offset, pattern }) {
      const q = boss.getDb();
      const { rows } = await q.executeSql(
        `select id, name, data, output, retry_count, created_on, completed_on, count(*) over () as total
           from ${JOBS_SCHEMA}.job
          where state = 'failed' and ($3::text is null or name ilike $3 or output->>'message' ilike $3)
          order by completed_on desc nulls last, created_on desc limit $1 offset $2`,
        [limit, offset, pattern ?? null],
      );
      const total = rows.length ? Number(rows[0].total) : 0;
      return {
        total,
        items: rows.map((r) => ({
          id: String(r.id),
          name: String(r.name),
          data: r.data,
          error: errorText(r.output),
          retryCount: Number(r.retry_count),
          createdOn: new Date(r.created_on),
          failedOn: r.completed_on ? new Date(r.completed_on) : null,
        })),
      };
    },
    async retry(id) {
      if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
      const q = boss.getDb();
      const { rows } = await q.executeSql(`select name from ${JOBS_SCHEMA}.job where id = $1 and state = 'failed'`, [
        id,
      ]);
      if (!rows.length) return false;
      await boss.retry(String(rows[0].name), id);
      return true;
    },
    async runPending(name, o = {}) {
      let completed = 0;
      let failed = 0;
      for (;;) {
        const [job] = await boss.fetch(name, { batchSize: 1, ignoreStartAfter: o.ignoreStartAfter ?? false });
        if (!job) break;
        try {
          const out = await runOne(name, job.data);
          await boss.complete(name, job.id, out && typeof out === "object" ? (out as object) : {});
          completed++;
        } catch (err) {
          await boss.fail(name, job.id, { message: err instanceof Error ? err.message : String(err) });
          failed++;
        }
      }
      return { completed, failed };
    },
    stop: async () => {
      stopping = true;
      await boss.stop({ graceful: true, timeout: 10_000, wait: true });
    },
  };
}
