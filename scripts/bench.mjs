#!/usr/bin/env node
// `npm run bench`: throughput and latency of the built product, each scenario compared to a bare
// baseline on the same stack. Scenarios: scripts/bench/scenarios.mjs.
//
//   npm run bench                         every scenario, 10 s each, 20 connections
//   npm run bench -- --duration=5 --connections=10 --only=api-cities
//   npm run bench -- --build              rebuild first even if the build looks current
//   BENCH_DATABASE_URL=postgres://… npm run bench    on that PostgreSQL instead of a fresh embedded one
//   BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=.tmp/prof" npm run bench -- --only=admin-users
//                                         profile the server (node scripts/bench/profile-summary.mjs reads it)
//
// The server is the real one (`node server.mjs`, production build) on a free port of 127.0.0.1,
// with BENCH_BASELINE=true for the two bare routes. Load comes from autocannon in this process:
// on a 2-core machine client and server each get about one core, so read the figures as
// relative (the ratio column) more than absolute. Results also go to .tmp/bench/last.json.
import crypto from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { scenarios as allScenarios } from "./bench/scenarios.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const duration = Number(args.duration ?? process.env.BENCH_DURATION ?? 10);
const connections = Number(args.connections ?? process.env.BENCH_CONNECTIONS ?? 20);
const warmup = Number(args.warmup ?? 2);
const dbUrl = process.env.BENCH_DATABASE_URL || "";
const dbName = dbUrl ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PostgreSQL";

function die(msg) {
  console.error(`\n${msg}\n`);
  process.exit(1);
}

// Which scenarios: the ones asked for, plus the baselines they are compared to.
let scenarios = allScenarios;
if (args.only) {
  const wanted = new Set(args.only.split(","));
  // Baselines of baselines too (api-cities → bare-api → bare-json).
  for (let round = 0; round < 3; round++)
    for (const s of allScenarios) if (wanted.has(s.name) && s.baseline) wanted.add(s.baseline);
  scenarios = allScenarios.filter((s) => wanted.has(s.name));
  if (!scenarios.length) die(`No scenario matches --only=${args.only}.`);
}

// ---- build when missing or older than the sources ----
function newestMtime(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}
const entry = path.join(root, "build/server/index.js");
const built = fs.statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0;
const sources = Math.max(
  ...["app", "server", "public", "tools", "vite.config.ts", "react-router.config.ts", "package-lock.json"].map(
    newestMtime,
  ),
);
if (args.build || built < sources) {
  console.log(built ? "The build is older than the sources: rebuilding…" : "No build yet: building…");
  const r = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { stdio: "inherit" });
  if (r.status !== 0) die("The build failed.");
}

// ---- start the server ----
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const port = Number(process.env.BENCH_PORT || (await freePort()));
const baseUrl = `http://127.0.0.1:${port}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nb-bench-"));
// As root the embedded PostgreSQL runs as the user `postgres`, which must be able to enter DATA_DIR.
fs.chmodSync(tmp, 0o755);
const logFile = path.join(tmp, "server.log");
const logFd = fs.openSync(logFile, "a");
// The server runs with the Node flags of `npm start` (package.json), so the bench measures what
// production runs (the heap limit, docs/decisions.md "Server memory").
const startScript = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start;
const startMatch = /^((?:[A-Z_]+=\S+\s+)*)node\s+(.*?)\s*server\.mjs/.exec(startScript);
const startEnv = Object.fromEntries(
  (startMatch?.[1] ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split("=")),
);
// BENCH_NODE_FLAGS adds flags for this run, e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof" to profile
// the server under load (the profile is written when the bench stops it).
const nodeFlags = [
  ...(startMatch?.[2]?.split(/\s+/).filter(Boolean) ?? []),
  ...(process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
];
const server = spawn(process.execPath, [...nodeFlags, "server.mjs"], {
  stdio: ["ignore", logFd, logFd],
  env: {
    ...process.env,
    ...startEnv,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(tmp, "data"),
    DATABASE_URL: dbUrl,
    SEED_DEMO: "true",
    BENCH_BASELINE: "true",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "info",
    // Production on PostgreSQL needs an application key; the bench keeps no secrets worth keeping.
    APP_KEY: process.env.APP_KEY || crypto.randomBytes(32).toString("base64"),
  },
});
let serverExit = null;
server.on("exit", (code, signal) => (serverExit = { code, signal }));

async function stopServer() {
  if (!serverExit) {
    server.kill("SIGTERM");
    const killer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    await new Promise((r) => (serverExit ? r() : server.once("exit", r)));
    clearTimeout(killer);
  }
  fs.closeSync(logFd);
}
async function fail(msg) {
  await stopServer();
  const log = fs.readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
  console.error(`\n${msg}\nLast lines of the server's output (${logFile}):\n${log}`);
  process.exit(1);
}
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, async () => {
    await stopServer();
    fs.rmSync(tmp, { recursive: true, force: true });
    process.exit(130);
  });
}

const started = Date.now();
for (;;) {
  if (serverExit) await fail(`The server stopped during start-up (exit ${serverExit.code ?? serverExit.signal}).`);
  const ok = await fetch(`${baseUrl}/api/health`)
    .then((r) => r.ok)
    .catch(() => false);
  if (ok) break;
  if (Date.now() - started > 120_000) await fail("The server did not answer /api/health within 120 s.");
  await new Promise((r) => setTimeout(r, 250));
}
console.log(
  `Server up in ${((Date.now() - started) / 1000).toFixed(1)} s on ${baseUrl} (${dbName}` +
    `${nodeFlags.length ? `, node ${nodeFlags.join(" ")}` : ""}).`,
);

// ---- memory: the server process, and the embedded PostgreSQL's processes (its children) ----
/** kB of a /proc status or smaps_rollup field of a process (0 when it is gone). */
function procKb(pid, file, key) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/${file}`, "utf8");
    return Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
  } catch {
    return 0;
  }
}
function descendants(pid) {
  const children = new Map();
  for (const e of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${e}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!children.has(ppid)) children.set(ppid, []);
      children.get(ppid).push(Number(e));
    } catch {
      /* gone */
    }
  }
  const out = [];
  const walk = (p) => (children.get(p) ?? []).forEach((c) => (out.push(c), walk(c)));
  walk(pid);
  return out;
}
/** PostgreSQL's processes share their buffers: PSS (each shared page split between its users) adds up honestly. */
const dbPssMb = () => descendants(server.pid).reduce((n, p) => n + procKb(p, "smaps_rollup", "Pss"), 0) / 1024;
let dbPeakMb = 0;
const memSampler = setInterval(() => (dbPeakMb = Math.max(dbPeakMb, dbPssMb())), 1000);

// ---- measure ----
async function login(email, password = "demo1234") {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const body = await res.json().catch(() => null);
  if (!body?.access_token) throw new Error(`login ${email} failed: HTTP ${res.status}`);
  return body.access_token;
}

/** CPU time (user + system) the server process has used so far, in ms (its children not included). */
const clockTick = 100; // USER_HZ on Linux
function serverCpuMs() {
  try {
    const stat = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / clockTick;
  } catch {
    return NaN;
  }
}

const cannon = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });

const loadBefore = os.loadavg()[0];
const results = [];
let problems = 0;
for (const s of scenarios) {
  const extra = s.setup ? await s.setup({ baseUrl, login }) : {};
  const req = {
    url: `${baseUrl}${extra.path ?? s.path}`,
    method: s.method ?? "GET",
    headers: { ...s.headers, ...extra.headers },
    body: extra.body ?? s.body,
  };
  const expected = s.expect ?? 200;
  const probe = await fetch(req.url, { method: req.method, headers: req.headers, body: req.body });
  await probe.arrayBuffer();
  if (probe.status !== expected) {
    await fail(`Scenario ${s.name}: ${req.method} ${req.url} answered ${probe.status}, expected ${expected}.`);
  }
  process.stdout.write(`${s.name.padEnd(14)} warming up ${warmup} s, measuring ${duration} s… `);
  if (warmup > 0) await cannon({ ...req, connections, duration: warmup });
  const cpuBefore = serverCpuMs();
  const r = await cannon({ ...req, connections, duration });
  const cpuMs = serverCpuMs() - cpuBefore;
  const badStatus = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== expected)
    .reduce((n, [, v]) => n + Number(v.count), 0);
  const row = {
    name: s.name,
    path: s.path,
    baseline: s.baseline ?? null,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    unexpectedStatus: badStatus,
    // The server process's CPU time per answer: steadier than req/s when other work shares the cores.
    cpuMsPerRequest: r.requests.total ? cpuMs / r.requests.total : null,
  };
  if (row.errors || row.unexpectedStatus) problems++;
  results.push(row);
  console.log(`${Math.round(row.rps)} req/s`);
}

const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
const mem = (key) => Number(new RegExp(`${key}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
const rss = { now: mem("VmRSS"), peak: mem("VmHWM") };
clearInterval(memSampler);
const db = { now: dbPssMb(), peak: Math.max(dbPeakMb, dbPssMb()) };
await stopServer();
fs.rmSync(tmp, { recursive: true, force: true });

// ---- report ----
const byName = new Map(results.map((r) => [r.name, r]));
const head = ["scenario", "req/s", "p50 ms", "p99 ms", "CPU ms/req", "vs baseline", "errors"];
const table = results.map((r) => {
  const base = r.baseline ? byName.get(r.baseline) : null;
  return [
    r.name,
    Math.round(r.rps).toString(),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.cpuMsPerRequest?.toFixed(2) ?? "-",
    base ? `${(r.rps / base.rps).toFixed(2)}x ${base.name}` : "(baseline)",
    r.errors || r.unexpectedStatus ? `${r.errors} errors, ${r.unexpectedStatus} bad status` : "0",
  ];
});
const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const fmt = (row) => row.map((c, i) => (i === 0 || i >= 5 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(
  `\nNode ${process.version}, ${os.cpus().length} cores, ${dbName}, ` +
    `${connections} connections, ${duration} s per scenario, load average ${loadBefore.toFixed(1)} at start` +
    (loadBefore > 0.5 ? " (other work shares the cores: figures are low and noisy)" : ""),
);
console.log(fmt(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of table) console.log(fmt(row));
console.log(`server RSS after the run: ${rss.now.toFixed(0)} MB (peak ${rss.peak.toFixed(0)} MB)`);
if (!dbUrl) {
  console.log(
    `embedded PostgreSQL processes (PSS) after the run: ${db.now.toFixed(0)} MB (peak ${db.peak.toFixed(0)} MB, sampled each second)`,
  );
}
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

fs.mkdirSync(".tmp/bench", { recursive: true });
fs.writeFileSync(
  ".tmp/bench/last.json",
  JSON.stringify(
    {
      at: new Date().toISOString(),
      node: process.version,
      cores: os.cpus().length,
      loadAverageAtStart: loadBefore,
      database: dbUrl ? "postgres" : "embedded",
      connections,
      duration,
      results,
      rssMb: rss,
      embeddedDbPssMb: dbUrl ? null : db,
      loadAverageAtEnd: os.loadavg()[0],
    },
    null,
    2,
  ),
);
if (problems) {
  console.error(`${problems} scenario(s) had connection errors or unexpected statuses.`);
  process.exitCode = 1;
}
