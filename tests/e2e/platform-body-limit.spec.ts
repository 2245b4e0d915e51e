import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { freePort } from "../../app/.server/db/processes";
import { startBuiltServer } from "./support/built-server";
import { expect, test } from "./support/fixtures";
import { budget } from "./support/time";

/**
 * Security (issue 12, item 1) shown from outside the process: the BUILT server (`node server.mjs`,
 * its own data folder and port) receives an anonymous chunked 100 MB body on /api/login and answers
 * 413 while its memory (RSS, read from /proc) stays bounded: the body is never buffered whole.
 * Before the fix the same body took the server from ~160 MB to ~415 MB.
 */
test.describe.configure({ mode: "serial", timeout: budget(120_000) });

const TOTAL = 100 * 1024 * 1024;
const CHUNK = 64 * 1024;
/** RSS may grow by this much at most while the 100 MB are sent (the limit itself is 1 MB). */
const MAX_GROWTH_MB = 48;

let server: ChildProcess | null = null;
let port = 0;

function rssMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? "0");
  return kb / 1024;
}

/** Sends TOTAL bytes chunked (no Content-Length), stopping as soon as the answer arrives. */
function sendChunked(pathname: string): Promise<{ status: number; sent: number; body: string }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let done = false;
    const req = http.request({
      host: "127.0.0.1",
      port,
      path: pathname,
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
    });
    const chunk = Buffer.alloc(CHUNK, 0x61);
    const pump = () => {
      while (!done && sent < TOTAL) {
        sent += CHUNK;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (!done) req.end();
    };
    req.on("response", (res) => {
      done = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, sent, body });
      });
    });
    req.on("error", (err) => {
      if (!done) reject(err);
    });
    pump();
  });
}

test.beforeAll(async () => {
  port = await freePort();
  const dataDir = path.resolve(".tmp", `e2e-body-limit-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const started = startBuiltServer("server.mjs", {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    APP_KEY: "",
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // The suite's own servers use this build: an edit made during the run must not rebuild it here.
    BUILD_CHECK: "off",
  });
  server = started.proc;
  await started.ready;
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  }
});

for (const target of ["/api/login", "/login"]) {
  test(`a chunked 100 MB body to ${target} is a 413 and the server's memory stays bounded`, async () => {
    const pid = server!.pid!;
    // Warm up the route once so that lazily loaded code does not count as growth.
    await fetch(`http://127.0.0.1:${port}${target}`, { method: "POST", body: "{}" }).catch(() => {});
    const before = rssMb(pid);
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 10);
    const answer = await sendChunked(target);
    clearInterval(timer);
    peak = Math.max(peak, rssMb(pid));
    console.log(
      `${target}: answer ${answer.status} after ${(answer.sent / 1048576).toFixed(1)} MB sent; ` +
        `RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak`,
    );
    expect(answer.status).toBe(413);
    expect(peak - before).toBeLessThan(MAX_GROWTH_MB);
  });
}
