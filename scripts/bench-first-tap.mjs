// The first tap on a page read before it is used: `npm run bench:first-tap`.
//
// Pages with HYDRATE_ON_INTENT (docs/decisions.md, "Pages read before they are used") run their
// scripts at the visitor's first touch: that tap pays the scripts' evaluation and the shell's
// hydration. This measures it. Starts the built server (`npm run build` first) on fresh demo data;
// then, BENCH_RUNS times (default 5) per case, in a fresh browser context (cold cache), on Chromium
// (/usr/bin/chromium or CHROMIUM_PATH) emulating a Pixel 7 with the CPU slowed 4x (Lighthouse's
// mobile preset; `--slower=2.6` for 10.4x), it opens the page, waits until it has settled (no
// request in flight for a second: the script files are in the cache), taps the menu button and
// measures, inside the page, from the touch to the menu's dialog in the document:
//   - untouched: the page as a visitor finds it (its scripts not run yet);
//   - live: the same page already live (as every page was before), for comparison.
// Prints the median and the slowest of each case.
import { chromium, devices } from "playwright-core";
import { benchArgs, startServer } from "./lib/bench-common.mjs";

const args = benchArgs();
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const slower = Number(args.slower ?? 1);
const CPU = 4 * slower;
const PAGE = args.page ?? "/on-demand";
const PORT = Number(process.env.BENCH_PORT ?? 4596);

const server = await startServer({ port: PORT, name: "first-tap", env: { SEED_DEMO: "true" } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function once(live) {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  await page.goto(server.baseUrl + PAGE, { waitUntil: "load" });
  if (live) {
    await page.evaluate(() => document.dispatchEvent(new Event("nb:hydrate")));
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"), null, {
      timeout: 60_000,
    });
  }
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => {
    const w = window;
    w.__tap = { start: 0, end: 0, live: 0 };
    document.addEventListener("nb:live", () => (w.__tap.live = performance.now()));
    document.addEventListener("touchstart", () => (w.__tap.start ||= performance.now()), { capture: true });
    new MutationObserver(() => {
      if (!w.__tap.end && w.__tap.start && document.querySelector('[role="dialog"]')) w.__tap.end = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  });
  const wasLive = await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));
  await page.getByRole("button", { name: "Abrir menú" }).tap();
  await page.waitForFunction(() => window.__tap.end > 0, null, { timeout: 60_000 });
  const { start, end, live: at } = await page.evaluate(() => window.__tap);
  await context.close();
  return { ms: Math.round(end - start), liveMs: at ? Math.round(at - start) : null, wasLive };
}

try {
  console.log(`First tap on ${PAGE} (the menu button), Pixel 7, CPU ${CPU}x, ${RUNS} runs per case, cold cache`);
  for (const live of [false, true]) {
    const times = [];
    const lives = [];
    for (let i = 0; i < RUNS; i++) {
      const r = await once(live);
      if (r.wasLive !== live) throw new Error(`expected the page ${live ? "live" : "untouched"} before the tap`);
      times.push(r.ms);
      if (r.liveMs !== null) lives.push(r.liveMs);
    }
    const label = live ? "live (scripts already run)" : "untouched (scripts run at the tap)";
    console.log(
      `${label.padEnd(38)} median ${median(times)} ms, slowest ${Math.max(...times)} ms  (${times.join(", ")})` +
        (lives.length ? `; live ${median(lives)} ms after the touch` : ""),
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
