// What the bench scripts share: their arguments, a bench database dropped and created anew, the
// built server started on it (and stopped), a staff session written straight to the database, and
// percentiles. Used by bench-pos.mjs; bench-booking.mjs and bench-dashboard.mjs may move to it.
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

/** `--name=value` and `--flag` arguments as an object. */
export function benchArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((a) => {
      const [k, v] = a.replace(/^--/, "").split("=");
      return [k, v ?? "true"];
    }),
  );
}

/** BENCH_DATABASE_URL, dropped and created anew (it must name a plain database). */
export async function freshBenchDatabase(envName = "BENCH_DATABASE_URL") {
  const dbUrl = process.env[envName];
  if (!dbUrl) {
    console.error(`Set ${envName} to a PostgreSQL database the bench may drop and create.`);
    process.exit(1);
  }
  const dbName = decodeURIComponent(new URL(dbUrl).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(dbName)) throw new Error(`${envName} must name a plain database`);
  const adminUrl = new URL(dbUrl);
  adminUrl.pathname = "/postgres";
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  return dbUrl;
}

export const msSince = (t0) => Math.round(performance.now() - t0);

/**
 * The built server (`npm run build` first) on `dbUrl` at `port`, without the demo seed; waits for
 * /api/health. `stop()` ends it; `tmp` keeps its log (removed by `stop({ keep: false })`).
 */
export async function startBenchServer({ dbUrl, port, name }) {
  if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
    console.error("No build: run `npm run build` first.");
    process.exit(1);
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const busy = await fetch(`${baseUrl}/api/health`).then(
    () => true,
    () => false,
  );
  if (busy) {
    console.error(`Port ${port} is already in use: set BENCH_PORT to a free port.`);
    process.exit(1);
  }
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `nb-bench-${name}-`));
  fs.chmodSync(tmp, 0o755);
  const logFd = fs.openSync(path.join(tmp, "server.log"), "a");
  const server = spawn(process.execPath, ["server.mjs"], {
    cwd: root,
    stdio: ["ignore", logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tmp, "data"),
      DATABASE_URL: dbUrl,
      SEED_DEMO: "false",
      LOG_LEVEL: "warn",
      APP_KEY: crypto.randomBytes(32).toString("base64"),
    },
  });
  let exited = false;
  server.on("exit", () => (exited = true));
  const stop = async ({ keep = false } = {}) => {
    if (!exited) {
      server.kill("SIGTERM");
      await new Promise((r) => (exited ? r() : server.once("exit", r)));
    }
    if (!keep) fs.rmSync(tmp, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`the server stopped; see ${tmp}/server.log`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 1200) {
      await stop({ keep: true });
      throw new Error("the server did not start in 600 s");
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { baseUrl, stop, tmp };
}

/** A staff member and a bearer token for them, written straight to the database. */
export async function staffSession(db, { email, roleId = 1, employeeType = 1 }) {
  const { rows } = await db.query(
    `insert into users (name, last_name, email, password_hash, role_id, employee_type) values ('Bench', 'Staff', $1, 'x', $2, $3) returning id`,
    [email, roleId, employeeType],
  );
  const token = crypto.randomBytes(32).toString("base64url");
  await db.query(
    `insert into auth_tokens (user_id, token_hash, remember, expires_at, two_factor_at) values ($1, $2, false, now() + interval '1 day', now())`,
    [rows[0].id, crypto.createHash("sha256").update(token).digest("hex")],
  );
  return { id: rows[0].id, token };
}

/** The p-th percentile (nearest rank) of ascending `sorted`. */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
