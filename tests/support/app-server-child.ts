// One app server as server.mjs runs it in production — the same lifecycle (server/lifecycle.mjs),
// the real runtime (DATABASE_URL, migrations under their lock, job queue with JOBS_RUN, LISTEN for
// the live maps) and the product's Hono app (server/server-app.ts) — from the sources, without the
// page build: its API answers, a page answers 500 (no React Router build here). Prints
// `serving <port>` once it listens. tests/integration/multi-server.test.ts starts three of these
// on one database.
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { processLifecycle } from "../../server/lifecycle.mjs";

const life = processLifecycle();

const { startRuntime } = await import("../../app/.server/runtime");
const { loadConfig } = await import("../../app/.server/config/env");
const { createServerApp } = await import("../../server/server-app");
try {
  const runtime = (life.runtime = await startRuntime(loadConfig()));
  const noPages = () =>
    Promise.reject(new Error("Sin build de páginas en este servidor de prueba")) as Promise<ServerBuild>;
  const app = createServerApp(runtime.deps, noPages, "production");
  await life.listen(getRequestListener(app.fetch), runtime.deps.config);
  process.stdout.write(`serving ${runtime.deps.config.PORT}\n`);
} catch (err) {
  if (!life.stopping) {
    console.error(err);
    life.stop(1, "start failed");
  }
}
