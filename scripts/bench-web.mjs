#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile preset: Moto G Power, slow 4G, 4x CPU slowdown) against
// the production build, on Debian's Chromium. Prints per page the performance and accessibility
// scores, FCP, LCP, TBT, the bytes transferred, and the compressed JS and CSS of the first load.
//
//   npm run bench:web                       /, /login, /buy-sessions, /addresses, /calendar, /admin/dashboard
//   npm run bench:web -- --only=/,/login    some pages
//   npm run bench:web -- --pages=public     every public page with content (issue 8, spec §2): the
//                                           sitemap's pages (one of each kind: one coach, one legal
//                                           section, one certification, one bazaar event) plus the
//                                           pages it leaves out (pickers, studio, product, on-demand,
//                                           login, register); ~15 min
//   npm run bench:web -- --runs=3           median of three runs per page (default 1)
//   npm run bench:web -- --pages=public --match=store,cert   only the pages whose path contains one
//                                           of these texts (with --pages or --only)
//   npm run bench:web -- --cpu-requests=40  documents asked per page for the server's CPU ms per
//                                           answer (default 30; 0 skips it)
//   npm run bench:web -- --build            rebuild first even if the build looks current
//   npm run bench:web -- --slower=2.6       a phone on a machine 2.6 times slower: Lighthouse's CPU
//                                           slowdown is 4 x 2.6 = 10.4 instead of 4 (the server's
//                                           answers are as fast as this machine makes them)
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:web    against a server already running
//   BENCH_LHR_DIR=.tmp/lhr npm run bench:web ...           also keep each run's whole Lighthouse report
//
// The server is the real one (`node server.mjs`) on a fresh data folder, on BENCH_PORT or a free
// port. /admin/dashboard is measured logged in as admin@example.com (session cookie from
// POST /api/login). Lighthouse's own throttling is simulated (lantern), so figures depend less on
// the machine's load than wall-clock ones, but a busy CPU still raises TBT: the load average is
// printed when the run starts and with the figures. Results also go to .tmp/bench/web.json.
//
// Beside the scores: "main ms", Lighthouse's main-thread work (mainthread-work-breakdown: the
// observed main-thread time times the simulated 4x CPU slowdown, the work TBT comes from), and
// "CPU ms/ans", the server process's own CPU time (user + system, /proc/<pid>/stat) per answer of
// the page's document, over --cpu-requests sequential requests after three to warm up (its
// database's processes not included; with BENCH_URL, give the server's pid as BENCH_SERVER_PID or
// it is not measured).
import crypto from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { chooseStudio, needsChoice, publicPages } from "./lib/public-pages.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const runs = Math.max(1, Number(args.runs ?? 1));
const cpuRequests = Math.max(0, Number(args["cpu-requests"] ?? 30));
// Lighthouse's mobile preset slows the CPU 4 times; --slower multiplies that.
const slower = Number(args.slower ?? 1);
if (!(slower >= 1 && slower <= 10)) die(`--slower=${args.slower}: a number from 1 to 10.`);
const cpuSlowdown = 4 * slower;
const match = args.match ? args.match.split(",").filter(Boolean) : null;
const DEFAULT_PAGES = "/,/login,/buy-sessions,/addresses,/calendar,/admin/dashboard";
if (args.pages && !["public", "default"].includes(args.pages)) die(`--pages=${args.pages}: public or default.`);
if (args.pages && args.only) die("--pages and --only: one or the other.");
const chromePath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

function die(msg) {
  console.error(`\n${msg}\n`);
  process.exit(1);
}

// ---- the server: an external one, or the built product on a fresh data folder ----
let baseUrl = process.env.BENCH_URL?.replace(/\/$/, "");
let server = null;
let serverPid = process.env.BENCH_SERVER_PID ? Number(process.env.BENCH_SERVER_PID) : null;
let serverExit = null;
let tmp = null;
let logFile = null;

function newestMtime(p) {
  const st = fs.statSync(p, { throwIfNoEntry: false });
  if (!st) return 0;
  if (!st.isDirectory()) return st.mtimeMs;
  let max = 0;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function stopServer() {
  if (server && !serverExit) {
    server.kill("SIGTERM");
    const killer = setTimeout(() => server.kill("SIGKILL"), 10_000);
    await new Promise((r) => (serverExit ? r() : server.once("exit", r)));
    clearTimeout(killer);
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
}

if (!baseUrl) {
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
  const port = Number(process.env.BENCH_PORT || (await freePort()));
  baseUrl = `http://127.0.0.1:${port}`;
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nb-bench-web-"));
  // The embedded PostgreSQL runs as the OS user "postgres" when this runs as root: it must be able to
  // enter the folder (mkdtemp makes it 0700).
  fs.chmodSync(tmp, 0o755);
  logFile = path.join(tmp, "server.log");
  const logFd = fs.openSync(logFile, "a");
  server = spawn(process.execPath, ["server.mjs"], {
    stdio: ["ignore", logFd, logFd],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tmp, "data"),
      DATABASE_URL: process.env.BENCH_DATABASE_URL || "",
      SEED_DEMO: "true",
      LOG_LEVEL: "warn",
      APP_KEY: process.env.APP_KEY || crypto.randomBytes(32).toString("base64"),
    },
  });
  serverPid = server.pid;
  server.on("exit", (code, signal) => (serverExit = { code, signal }));
  for (const sig of ["SIGINT", "SIGTERM"]) {
    process.on(sig, async () => {
      await stopServer();
      process.exit(130);
    });
  }
  const started = Date.now();
  for (;;) {
    if (serverExit) {
      const log = fs.readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n");
      await stopServer();
      die(`The server stopped during start-up (exit ${serverExit.code ?? serverExit.signal}).\n${log}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() - started > 120_000) {
      await stopServer();
      die("The server did not answer /api/health within 120 s.");
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`Server up in ${((Date.now() - started) / 1000).toFixed(1)} s on ${baseUrl}.`);
}

/** Puts the session cookie in the browser's jar (Lighthouse keeps cookies between runs; a Cookie
 * header given to Lighthouse is not sent by Chromium). */
async function setCookies(cookies) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.setCookie(...cookies.map((c) => ({ url: baseUrl, sameSite: "Lax", ...c })));
  await page.close();
  await browser.disconnect();
}

const setSessionCookie = (token) => setCookies([{ name: "token", value: token, httpOnly: true }]);

async function adminToken() {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email: "admin@example.com", password: "demo1234" }),
  });
  const body = await res.json().catch(() => null);
  if (!body?.access_token) throw new Error(`login admin@example.com failed: HTTP ${res.status}`);
  return body.access_token;
}

/** Bytes of a URL's body as the server sends it to a client that accepts gzip only (the brief's
 * "first-load JS/CSS gzip" figure; Chromium itself is sent brotli, shown as JS KB and CSS KB). */
const gzipCache = new Map();
function gzipBytes(url) {
  if (!gzipCache.has(url))
    gzipCache.set(
      url,
      new Promise((resolve) => {
        http
          .get(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
            let n = 0;
            res.on("data", (c) => (n += c.length));
            res.on("end", () => resolve(n));
            res.on("error", () => resolve(0));
          })
          .on("error", () => resolve(0));
      }),
    );
  return gzipCache.get(url);
}

/** CPU time (user + system) the server process has used so far, in ms (its children not included). */
const CLOCK_TICK = 100; // USER_HZ on Linux
function serverCpuMs() {
  if (!serverPid) return NaN;
  try {
    const stat = fs.readFileSync(`/proc/${serverPid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICK;
  } catch {
    return NaN;
  }
}

/** The server's CPU ms per answer of a page's document: a few requests to warm up, then `n`
 * sequential ones as a browser asks (compressed), the server's CPU time read before and after. */
async function cpuPerAnswer(url, headers, n) {
  if (!n || !serverPid) return null;
  const ask = async () => {
    const res = await fetch(url, {
      headers: { accept: "text/html", "accept-encoding": "gzip, deflate, br", ...headers },
      redirect: "manual",
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  };
  for (let i = 0; i < 3; i++) await ask();
  const before = serverCpuMs();
  for (let i = 0; i < n; i++) await ask();
  return (serverCpuMs() - before) / n;
}

// ---- measure ----
let chrome = null;
const kb = (bytes) => bytes / 1024;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function audit(url) {
  const { lhr } = await lighthouse(
    url,
    {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      ...(slower !== 1 ? { throttling: { cpuSlowdownMultiplier: cpuSlowdown } } : {}),
    },
    undefined,
  );
  if (lhr.configSettings.throttling.cpuSlowdownMultiplier !== cpuSlowdown)
    throw new Error(
      `Lighthouse slowed the CPU ${lhr.configSettings.throttling.cpuSlowdownMultiplier}x, not ${cpuSlowdown}x`,
    );
  if (lhr.runtimeError)
    throw Object.assign(new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`), {
      retry: true,
    });
  // BENCH_LHR_DIR=folder keeps each run's whole Lighthouse report (to read its bootup-time per script).
  if (process.env.BENCH_LHR_DIR) {
    fs.mkdirSync(process.env.BENCH_LHR_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "_") || "_";
    fs.writeFileSync(path.join(process.env.BENCH_LHR_DIR, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  // A redirect (to a login page, say) would measure another page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}: not measured`);
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  const sum = (pred) => items.filter(pred).reduce((n, i) => n + (i.transferSize ?? 0), 0);
  const blocking = lhr.audits["render-blocking-resources"]?.details?.items ?? [];
  // Each file once: React Router links a stylesheet as `x.css#` and a lazy chunk's preload asks for
  // `x.css` again, which the browser answers from its cache.
  const gz = async (pred) => {
    let n = 0;
    for (const url of new Set(items.filter(pred).map((i) => i.url.split("#")[0]))) n += await gzipBytes(url);
    return n;
  };
  const failed = (cat) =>
    lhr.categories[cat].auditRefs
      .filter((r) => r.weight > 0 && (lhr.audits[r.id].score ?? 1) < 1)
      .map((r) => `${r.id} (${lhr.audits[r.id].displayValue ?? lhr.audits[r.id].score})`);
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcp: lhr.audits["first-contentful-paint"].numericValue,
    lcp: lhr.audits["largest-contentful-paint"].numericValue,
    tbt: lhr.audits["total-blocking-time"].numericValue,
    mainThread: lhr.audits["mainthread-work-breakdown"]?.numericValue ?? null,
    cls: lhr.audits["cumulative-layout-shift"].numericValue,
    requests: items.length,
    bytes: sum(() => true),
    js: sum((i) => i.resourceType === "Script"),
    css: sum((i) => i.resourceType === "Stylesheet"),
    jsGzip: await gz((i) => i.resourceType === "Script"),
    cssGzip: await gz((i) => i.resourceType === "Stylesheet"),
    fonts: sum((i) => i.resourceType === "Font"),
    blockingCss: blocking.filter((b) => /\.css(\?|$)/.test(b.url)).reduce((n, b) => n + (b.totalBytes ?? 0), 0),
    largest: [...items]
      .sort((a, b) => (b.transferSize ?? 0) - (a.transferSize ?? 0))
      .slice(0, 15)
      .map((i) => ({ url: i.url.replace(baseUrl, ""), type: i.resourceType, bytes: i.transferSize })),
    // What the LCP is and where its time goes, and the main thread's long tasks (for TBT).
    lcpElement: lhr.audits["largest-contentful-paint-element"]?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    lcpPhases: (lhr.audits["largest-contentful-paint-element"]?.details?.items?.[1]?.items ?? []).map(
      (i) => `${i.phase} ${Math.round(i.timing)} ms`,
    ),
    longTasks: (lhr.audits["long-tasks"]?.details?.items ?? []).slice(0, 5).map((i) => ({
      url: String(i.url).replace(baseUrl, ""),
      start: Math.round(i.startTime),
      ms: Math.round(i.duration),
    })),
    bootup: (lhr.audits["bootup-time"]?.details?.items ?? []).slice(0, 5).map((i) => ({
      url: String(i.url).replace(baseUrl, ""),
      scripting: Math.round(i.scripting),
      total: Math.round(i.total),
    })),
    failedPerf: failed("performance"),
    failedA11y: failed("accessibility"),
  };
}

/** A page's audit, run again (up to twice) when Lighthouse itself failed to record the load (on a
 * busy machine it now and then reports NO_NAVSTART or NO_FCP and asks to be run again). */
async function auditAgain(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url);
    } catch (err) {
      if (!err?.retry || attempt === 3) throw err;
      process.stdout.write(`(${err.message.split(": ")[1]?.split(" ")[0]}, again) `);
    }
  }
}

const results = [];
const loadBefore = os.loadavg()[0];
console.log(
  `Load average at start: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(
      ", ",
    )} (1, 5, 15 min; ${os.cpus().length} cores)${slower !== 1 ? `; CPU slowdown ${cpuSlowdown}x (${slower} x 4)` : ""}`,
);
try {
  if (!fs.existsSync(chromePath)) throw new Error(`No Chromium at ${chromePath} (set CHROMIUM_PATH).`);
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
  });
  const listed = args.pages === "public" ? await publicPages(baseUrl) : (args.only ?? DEFAULT_PAGES).split(",");
  const pages = match ? listed.filter((p) => match.some((m) => p.includes(m))) : listed;
  if (!pages.length) throw new Error(`No page matches --match=${args.match}.`);
  // /calendar and the studio pages are measured with the data's first city and studio (CHOSEN, set as
  // cookies before the first of them and kept for every page after).
  const CHOSEN = await chooseStudio(baseUrl);
  let token = null;
  let chosenSet = false;
  for (const page of pages) {
    const url = `${baseUrl}${page}`;
    // Logged in for the back office: every page after the first admin one is measured with the
    // session cookie (public pages come first in the default list).
    if (page.startsWith("/admin") && !token) {
      token = await adminToken();
      await setSessionCookie(token);
    }
    if (needsChoice(page) && !chosenSet) {
      await setCookies(Object.entries(CHOSEN).map(([name, value]) => ({ name, value })));
      chosenSet = true;
    }
    const jar = [
      token ? `token=${token}` : null,
      chosenSet ? `city=${CHOSEN.city}; studio=${CHOSEN.studio}` : null,
    ].filter(Boolean);
    const headers = jar.length ? { cookie: jar.join("; ") } : undefined;
    const probe = await fetch(url, { headers, redirect: "manual" });
    await probe.arrayBuffer();
    if (probe.status === 404) {
      console.log(`${page.padEnd(40)} skipped: 404 (not built yet)`);
      continue;
    }
    if (probe.status >= 300 && probe.status < 400) {
      console.log(`${page.padEnd(40)} skipped: redirects to ${probe.headers.get("location")}`);
      continue;
    }
    if (probe.status !== 200) throw new Error(`${page} answered ${probe.status}`);
    process.stdout.write(`${page.padEnd(40)} ${runs} run(s)… `);
    const all = [];
    for (let i = 0; i < runs; i++) all.push(await auditAgain(url));
    // The run with the median performance score stands for the page.
    const mid = median(all.map((r) => r.performance));
    const pick = all.find((r) => r.performance === mid);
    // A failed request here (the server busy or restarting) leaves the figure out, not the page.
    const cpuMs = await cpuPerAnswer(url, headers, cpuRequests).catch((err) => {
      process.stdout.write(`(CPU ms per answer not measured: ${err?.cause?.code ?? err?.message ?? err}) `);
      return null;
    });
    results.push({ page, load: os.loadavg()[0], ...pick, cpuMs, runs: all.map((r) => r.performance) });
    console.log(
      `performance ${pick.performance} (runs ${all.map((r) => r.performance).join("/")}), ` +
        `TBT ${pick.tbt.toFixed(0)} ms, main thread ${pick.mainThread?.toFixed(0) ?? "-"} ms, ` +
        `accessibility ${pick.accessibility}, server CPU ${cpuMs?.toFixed(1) ?? "-"} ms/answer`,
    );
  }
} catch (err) {
  console.error(
    `\n${err?.message ?? err}${err?.cause ? ` (${err.cause.code ?? err.cause.message ?? err.cause})` : ""}`,
  );
  if (serverExit) console.error(`The server stopped (exit ${serverExit.code ?? serverExit.signal}).`);
  if (logFile && fs.existsSync(logFile))
    console.error(fs.readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n"));
  process.exitCode = 1;
} finally {
  chrome?.kill();
  await stopServer();
}

const head = [
  "page",
  "perf",
  "a11y",
  "FCP s",
  "LCP s",
  "TBT ms",
  "main ms",
  "CPU ms/ans",
  "CLS",
  "reqs",
  "bytes KB",
  "JS KB",
  "CSS KB",
  "JS gz KB",
  "CSS gz KB",
  "load",
];
const rows = results.map((r) => [
  r.page,
  String(r.performance),
  String(r.accessibility),
  (r.fcp / 1000).toFixed(2),
  (r.lcp / 1000).toFixed(2),
  r.tbt.toFixed(0),
  r.mainThread?.toFixed(0) ?? "-",
  r.cpuMs?.toFixed(1) ?? "-",
  r.cls.toFixed(3),
  String(r.requests),
  kb(r.bytes).toFixed(1),
  kb(r.js).toFixed(1),
  kb(r.css).toFixed(1),
  kb(r.jsGzip).toFixed(1),
  kb(r.cssGzip).toFixed(1),
  r.load.toFixed(2),
]);
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const fmt = (row) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(
  `\nLighthouse ${JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")).version}, mobile preset, ` +
    `Chromium ${chromePath}, Node ${process.version}, ${os.cpus().length} cores, load average ${loadBefore.toFixed(2)} at start`,
);
console.log(
  "bytes, JS and CSS: transferred on first load, cold cache (brotli); JS gz and CSS gz: the same files as sent gzip; " +
    `main ms: Lighthouse's main-thread work (x${cpuSlowdown} slowdown); CPU ms/ans: the server's CPU per answer of the ` +
    `document (${cpuRequests} requests); load: 1-min load average after the page`,
);
console.log(fmt(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of rows) console.log(fmt(row));
for (const r of results) {
  if (r.failedPerf.length) console.log(`${r.page} performance audits below 100%: ${r.failedPerf.join(", ")}`);
  if (r.failedA11y.length) console.log(`${r.page} accessibility audits failed: ${r.failedA11y.join(", ")}`);
}
fs.mkdirSync(".tmp/bench", { recursive: true });
fs.writeFileSync(
  ".tmp/bench/web.json",
  JSON.stringify({ at: new Date().toISOString(), loadAverageAtStart: loadBefore, cpuSlowdown, results }, null, 2),
);
