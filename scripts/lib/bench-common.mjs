// What the bench scripts (scripts/bench-*.mjs) share:
//
//   root, benchArgs(), freshBenchDatabase(envName), msSince(t0), staffSession(db, {...})
//                           the repository's folder, --name=value arguments, a bench database dropped
//                           and created anew, elapsed ms, a staff bearer token written to the database.
//   percentile(sorted, p)   the p-th percentile (0-100, nearest rank) of numbers sorted ascending:
//                           the smallest value with at least p% of the values at or below it.
//   startServer({ port, env, nodeArgs, readyPath, name, keep, readySeconds })
//                           starts the built server (`node server.mjs`, production) on 127.0.0.1:port
//                           with a fresh DATA_DIR in a temporary folder, the environment `env` on top
//                           of the defaults (NODE_ENV, PORT, HOST, PUBLIC_URL, DATA_DIR, LOG_LEVEL warn,
//                           a random APP_KEY), and waits until `readyPath` answers 200 (readySeconds,
//                           120 by default: migrations run before the server answers).
//                           Refuses a port another server answers on. Returns { baseUrl, tmp, log,
//                           pid, stop({ keep }) }: stop ends the server (SIGTERM) and removes the folder
//                           unless `keep` (given here or to stop, e.g. after a failure). The server's
//                           output is in `log` (tmp/server.log); a server that fails to start keeps it.
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export async function startServer({
  port,
  env = {},
  nodeArgs = [],
  readyPath = "/api/health",
  name = "bench",
  keep = false,
  readySeconds = 120,
}) {
  const baseUrl = `http://127.0.0.1:${port}`;
  // Another server on this port would answer the readiness check instead of ours.
  const busy = await fetch(`${baseUrl}${readyPath}`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`Port ${port} is already in use: set BENCH_PORT to a free port.`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `nb-${name}-`));
  // The embedded PostgreSQL runs as the OS user "postgres" when this runs as root: it must be able
  // to enter the folder (mkdtemp makes it 0700).
  fs.chmodSync(tmp, 0o755);
  const log = path.join(tmp, "server.log");
  const logFd = fs.openSync(log, "a");
  const server = spawn(process.execPath, [...nodeArgs, "server.mjs"], {
    cwd: root,
    stdio: ["ignore", logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tmp, "data"),
      LOG_LEVEL: "warn",
      APP_KEY: crypto.randomBytes(32).toString("base64"),
      ...env,
    },
  });
  let exited = false;
  server.on("exit", () => (exited = true));
  const stop = async (o = {}) => {
    if (!exited) {
      server.kill("SIGTERM");
      await new Promise((r) => (exited ? r() : server.once("exit", r)));
    }
    if (!(o.keep ?? keep)) fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    for (let i = 0; ; i++) {
      if (exited) throw new Error(`the server stopped; see ${log}`);
      const ok = await fetch(`${baseUrl}${readyPath}`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) break;
      if (i > readySeconds * 2) throw new Error(`the server did not start in ${readySeconds} s`);
      await new Promise((r) => setTimeout(r, 500));
    }
  } catch (e) {
    await stop({ keep: true }); // the log says why
    throw e;
  }
  return { baseUrl, tmp, log, pid: server.pid, stop };
}

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
