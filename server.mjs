// Process entry: `node server.mjs` serves the built product; `--dev` serves with Vite (hot reload).
import fs from "node:fs";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { processLifecycle } from "./server/lifecycle.mjs";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
const root = path.dirname(new URL(import.meta.url).pathname);
process.chdir(root);
// Signal and crash handlers from the first moment: whenever the process stops, it stops what it started.
const life = processLifecycle();

/** Newest modification time of what the build is made from (sources, public files, lockfile). */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of ["app", "server", "public", "tools"]) if (fs.existsSync(d)) walk(d);
  for (const f of ["package-lock.json", "vite.config.ts", "react-router.config.ts"])
    if (fs.existsSync(f)) newest = Math.max(newest, fs.statSync(f).mtimeMs);
  return newest;
}

/** Where mail goes, for the start-up banner. */
function mailLine({ mailer, config }) {
  if (mailer.kind === "smtp") return "SMTP";
  if (config.mailDevFiles)
    return `bandeja de salida en la base de datos; con enlaces en ${path.join(config.dataDir, "mail")}`;
  return "bandeja de salida en la base de datos, enlaces ocultos (MAIL_DEV_FILES=true los escribe en DATA_DIR/mail)";
}

/** A failed start: said plainly, then the same orderly stop (exit code 1). A step that fails
 * because the process is already stopping is not news. */
function fail(err) {
  if (life.stopping) return;
  console.error(`\n${err?.message ?? err}\n`);
  life.stop(1, "start failed");
}

async function main() {
  let listener;
  let runtime;
  if (dev) {
    const { createServer } = await import("vite");
    const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
    const load = () => vite.ssrLoadModule("./server/app.ts");
    const first = await load();
    life.app = first;
    runtime = life.runtime = await first.startRuntime(first.loadConfig());
    let lastMod = null;
    let app = null;
    const handle = async (req, res) => {
      try {
        const mod = await load();
        if (mod !== lastMod) {
          lastMod = mod;
          app = mod.createServerApp(runtime.deps, mod.build, "development");
        }
        await getRequestListener(app.fetch)(req, res);
      } catch (err) {
        vite.ssrFixStacktrace(err);
        console.error(err);
        res.statusCode = 500;
        res.end(String(err?.stack ?? err));
      }
    };
    listener = (req, res) => vite.middlewares(req, res, () => handle(req, res));
  } else {
    const entry = path.join(root, "build/server/index.js");
    // BUILD_CHECK=off serves the build as it is (a test that starts this server beside a running suite
    // must not rebuild `build/` under the other servers when a source file changed meanwhile).
    const checkSources = process.env.BUILD_CHECK !== "off";
    const stale = !fs.existsSync(entry) || (checkSources && newestSource() > fs.statSync(entry).mtimeMs);
    if (stale) {
      console.log(
        fs.existsSync(entry) ? "El código cambió desde el último build: compilando…" : "No hay build: compilando…",
      );
      const status = await life.run(path.join(root, "node_modules/.bin/react-router"), ["build"]);
      if (status !== 0) return fail("La compilación falló.");
    }
    if (life.stopping) return;
    const mod = await import(entry);
    life.app = mod;
    runtime = life.runtime = await mod.startRuntime(mod.loadConfig());
    // Static files from memory (indexed once, precompressed variants, security headers); every
    // other request straight to the app, without a disk lookup (server/static.mjs).
    const { staticFiles } = await import("./server/static.mjs");
    const serveFile = staticFiles(path.join(root, "build/client"), mod.securityHeaderList(true));
    const appListener = getRequestListener(mod.createServerApp(runtime.deps, mod.build, "production").fetch);
    listener = (req, res) => {
      if (!serveFile(req, res)) return appListener(req, res);
    };
  }

  await life.listen(listener, runtime.deps.config);
  const { PORT } = runtime.deps.config;

  const url = runtime.deps.config.PUBLIC_URL ?? `http://localhost:${PORT}`;
  const db = runtime.database.embedded
    ? `PostgreSQL embebido en ${runtime.deps.config.dataDir} (puerto ${runtime.database.cluster.port})`
    : "PostgreSQL (DATABASE_URL)";
  console.log(`
  Nucleo Barre ${dev ? "(desarrollo)" : ""} listo en ${url}
  Base de datos: ${db}${runtime.seeded ? " · datos de demostración cargados" : ""}
  Correo: ${mailLine(runtime.deps)}

  Accesos de demostración (contraseña demo1234):
    admin@example.com     administrador (tipo 1)     ${url}/admin/auth/login
    gerente@example.com   administrador (tipo 2)
    caja@example.com      caja (tipo 3)
    coach@example.com     coach
    puerta@example.com    puerta
    cliente@example.com   cliente                    ${url}/login
    tester@example.com    cliente (tester)
  API: ${url}/api/docs
`);
}

main().catch(fail);
