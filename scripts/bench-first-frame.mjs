// Time from pressing play to the first frame of Nucleo Home's player on a phone: `npm run bench:first-frame`.
//
// Starts the built server (`npm run build` first) on fresh data (its own DATA_DIR: the embedded
// PostgreSQL and the demo seed, whose videos are made in the background), registers a customer who
// buys a Nucleo Home plan with the sandbox card (the API, as bench:checkout does), and waits for a
// published demo video to be ready. Then, BENCH_RUNS times (default 5), in a fresh browser context
// each (cold cache), on Chromium (/usr/bin/chromium or CHROMIUM_PATH) emulating a Pixel 7 with the
// CPU slowed 4x (DevTools' throttling, Lighthouse's mobile preset), it opens /on-demand/watch/{id},
// waits until the page has settled (no request in flight for SETTLED_MS and the main thread idle,
// as a person reads the page before pressing: what the page prepares meanwhile, the player's code
// and playlists, is ready; the first segment is not), clicks "Reproducir" and measures, inside the
// page, from the click to:
//   - first frame: the video's first `requestVideoFrameCallback` (a frame composited on screen);
//   - first timeupdate: the first `timeupdate` with currentTime > 0 (playback under way).
// BENCH_SLOW_4G=1 adds Lighthouse's slow-4G network (150 ms RTT, 1.6 Mbps down). Target: <= 1 s.
// BENCH_WATERFALL=1 prints, after each run, the requests that ended after the click (start, first
// byte and end from the click, body bytes).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, devices } from "playwright-core";

const PORT = Number(process.env.BENCH_PORT ?? 4598);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CPU = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
/** The page has settled when no request has been in flight for this long and the main thread is idle. */
const SETTLED_MS = 1000;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-first-frame-"));
fs.chmodSync(dataDir, 0o755);

const server = spawn(process.execPath, ["server.mjs"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    APP_KEY: crypto.randomBytes(32).toString("hex"),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
  },
  stdio: ["ignore", "inherit", "inherit"],
});
let browser = null;
const stop = () => server.kill("SIGTERM");
process.on("exit", stop);
process.on("SIGINT", () => process.exit(130));

async function call(pathname, { token, json, method } = {}) {
  const res = await fetch(`${base}/api${pathname}`, {
    method: method ?? (json ? "POST" : "GET"),
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}
const must = (r, what) => {
  if (r.status >= 300) throw new Error(`${what}: HTTP ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};

for (let i = 0; ; i++) {
  if (i > 2400) throw new Error("the server did not start");
  const up = await fetch(`${base}/api/health`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  await new Promise((r) => setTimeout(r, 500));
}

// A customer with a Nucleo Home plan, bought with the sandbox card.
const email = `bench.ff.${Date.now().toString(36)}@example.com`;
const password = "bench1234";
const reg = must(
  await call("/user", {
    json: { name: "Bench", last_name: "Primer cuadro", email, password, confirmPassword: password, terms: true },
  }),
  "register",
);
const token = reg.access_token;
const plans = must(await call("/v2/plans"), "plans").data;
if (!plans?.length) throw new Error("no Nucleo Home plan to buy");
must(await call("/v2/carts", { token, json: { action: "addPlan", action_param: { plan_id: plans[0].id } } }), "cart");
const pm = must(
  await call("/v2/stripe/create-payment-method", {
    token,
    json: {
      card: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
      billing_details: { name: "Bench" },
    },
  }),
  "payment method",
);
const si = must(
  await call("/v2/checkout/setup-intent", { token, json: { stripe_payment_method_id: pm.payment_method?.id } }),
  "setup intent",
);
must(
  await call("/v2/checkout/make-payment", {
    token,
    json: { payment_intent_id: si.payment_intent_id, payment_method: 4 },
  }),
  "payment",
);

// The demo video BENCH_VIDEO ("Barre básico": the test pattern whose segments are the largest, about
// twice the colour bars'), published, once ready (the seed makes them in the background): always
// the same one, so runs and builds compare.
const admin = must(
  await call("/login", { json: { email: "admin@example.com", password: "demo1234" } }),
  "admin login",
).access_token;
const videoTitle = process.env.BENCH_VIDEO ?? "Barre básico";
let videoId = null;
for (let i = 0; i < 600 && !videoId; i++) {
  const r = await call(`/admin/on-demand/videos?status=ready&published=1&q=${encodeURIComponent(videoTitle)}`, {
    token: admin,
  });
  videoId = r.body?.data?.find((v) => v.title === videoTitle)?.id ?? null;
  if (!videoId) await new Promise((r) => setTimeout(r, 1000));
}
if (!videoId) throw new Error(`the demo video "${videoTitle}" did not become ready`);

browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const results = [];
for (let run = 1; run <= RUNS; run++) {
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL: base });
  await context.addCookies([{ name: "token", value: token, url: base, httpOnly: true }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  if (process.env.BENCH_SLOW_4G === "1")
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
  // In flight now: the press comes once the page has settled, as a person's does after reading it.
  const inFlight = new Set();
  let lastActivity = Date.now();
  page.on("request", (r) => {
    inFlight.add(r);
    lastActivity = Date.now();
  });
  for (const ev of ["requestfinished", "requestfailed"])
    page.on(ev, (r) => {
      inFlight.delete(r);
      lastActivity = Date.now();
    });
  await page.goto(`/on-demand/watch/${videoId}`, { waitUntil: "networkidle" });
  const play = page.getByTestId("od-play");
  await play.waitFor({ state: "visible", timeout: 30_000 });
  for (let quiet = 0; quiet < 2;) {
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => r(null), { timeout: 5000 })));
    quiet = inFlight.size === 0 && Date.now() - lastActivity >= SETTLED_MS ? quiet + 1 : 0;
    if (quiet < 2) await new Promise((r) => setTimeout(r, 100));
  }
  page.removeAllListeners("request");
  page.removeAllListeners("requestfinished");
  page.removeAllListeners("requestfailed");
  await page.evaluate(() => {
    const w = window;
    w.__bench = { click: null, frame: null, time: null };
    document.addEventListener(
      "click",
      (e) => {
        if (e.target instanceof Element && e.target.closest('[data-testid="od-play"]'))
          w.__bench.click = performance.now();
      },
      { capture: true },
    );
    const hook = (v) => {
      if (v.__benchHooked) return;
      v.__benchHooked = true;
      v.requestVideoFrameCallback?.(() => (w.__bench.frame ??= performance.now()));
      v.addEventListener("timeupdate", () => {
        if (v.currentTime > 0) w.__bench.time ??= performance.now();
      });
    };
    new MutationObserver(() => document.querySelectorAll("video").forEach(hook)).observe(document.body, {
      childList: true,
      subtree: true,
    });
  });
  await play.tap();
  await page.waitForFunction(() => window.__bench.frame !== null && window.__bench.time !== null, null, {
    timeout: 60_000,
    polling: 50,
  });
  const b = await page.evaluate(() => window.__bench);
  if (process.env.BENCH_WATERFALL === "1") {
    // What the press waited for: every request that ended after the click, from the click (ms).
    const rows = await page.evaluate(
      (click) =>
        performance
          .getEntriesByType("resource")
          .filter((e) => e.responseEnd > click)
          .map((e) => ({
            url: new URL(e.name).pathname.replace(/\/media\/[^/]+\//, "/media/…/"),
            start: Math.round(e.startTime - click),
            firstByte: Math.round(e.responseStart - click),
            end: Math.round(e.responseEnd - click),
            bytes: e.encodedBodySize,
          })),
      b.click,
    );
    for (const r of rows)
      console.log(
        `  ${String(r.start).padStart(6)} ${String(r.firstByte).padStart(6)} ${String(r.end).padStart(6)} ms ${String(r.bytes).padStart(8)} B  ${r.url}`,
      );
  }
  results.push({ frame: b.frame - b.click, time: b.time - b.click });
  console.log(
    `run ${run}: first frame ${(b.frame - b.click).toFixed(0)} ms, first timeupdate ${(b.time - b.click).toFixed(0)} ms`,
  );
  await context.close();
}
await browser.close();
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
console.log(
  `Pixel 7, CPU ${CPU}x${process.env.BENCH_SLOW_4G === "1" ? ", slow 4G" : ""}, ${RUNS} cold runs: median first frame ${median(results.map((r) => r.frame)).toFixed(0)} ms, median first timeupdate ${median(results.map((r) => r.time)).toFixed(0)} ms (target <= 1000 ms)`,
);
stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
