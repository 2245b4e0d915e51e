// What the bench scripts (scripts/bench-*.mjs) share:
//
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
