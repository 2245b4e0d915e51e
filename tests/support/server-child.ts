// The server's process as server.mjs runs it — the same lifecycle (server/lifecycle.mjs: signal and
// crash handlers, orderly bounded stop), the real runtime (embedded PostgreSQL in DATA_DIR,
// migrations, demo seed, job queue) and an HTTP server — from the sources, without the page build.
// tests/integration/server-stop.test.ts signals it at each moment of its life. Test hooks:
//   PAUSE_AT=start|migrate|seed  holds the start there (prints `phase <name>`): before the runtime
//     starts; on the migrations' advisory lock; on the demo seed's first insert (both queries wait
//     on a `pg_sleep` in the database first, so a connection is busy as in real life);
//   SIGUSR2  crashes the process: an uncaught exception, or with CRASH=rejection an unhandled rejection.
import pg from "pg";
import { processLifecycle } from "../../server/lifecycle.mjs";

const life = processLifecycle();
const pauseAt = process.env.PAUSE_AT;

process.on("SIGUSR2", () => {
  if (process.env.CRASH === "rejection") void Promise.reject(new Error("crash test: unhandled rejection"));
  else throw new Error("crash test: uncaught exception");
});

const pauses: Record<string, RegExp> = { migrate: /pg_advisory_lock\(742001\)/, seed: /insert into "roles"/i };
if (pauses[pauseAt ?? ""]) {
  const pattern = pauses[pauseAt!];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  let held = false;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const q = args[0];
    const text = typeof q === "string" ? q : ((q as { text?: string } | null)?.text ?? "");
    if (held || !pattern.test(text)) return query.apply(this, args);
    held = true;
    process.stdout.write(`phase ${pauseAt}\n`);
    const last = args[args.length - 1];
    if (typeof last === "function") {
      return query.call(this, "select pg_sleep(600)", (err: Error | null) =>
        err ? last(err) : query.apply(this, args),
      );
    }
    return (query.call(this, "select pg_sleep(600)") as Promise<unknown>).then(() => query.apply(this, args));
  } as typeof pg.Client.prototype.query;
}

if (pauseAt === "start") {
  process.stdout.write("phase start\n");
  // Stuck on purpose (the test signals it here), not waiting for anything.
  // eslint-disable-next-line no-restricted-syntax
  await new Promise((resolve) => setTimeout(resolve, 600_000));
}

const embedded = await import("../../app/.server/db/embedded");
const { startRuntime } = await import("../../app/.server/runtime");
const { loadConfig } = await import("../../app/.server/config/env");
life.app = embedded;
try {
  const runtime = (life.runtime = await startRuntime(loadConfig()));
  await life.listen((_req: unknown, res: { end(body: string): void }) => res.end("ok"), runtime.deps.config);
  process.stdout.write(`serving ${runtime.deps.config.PORT}\n`);
} catch (err) {
  if (!life.stopping) {
    console.error(err);
    life.stop(1, "start failed");
  }
}
