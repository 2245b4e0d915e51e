#!/usr/bin/env node
// Screenshots of every public page (the list of `npm run bench:web -- --pages=public`) at a phone
// (390x844) and a desktop (1366x900) width, full page, with Debian's Chromium, to look at the site as
// a visitor does. Against a server already running (the built product with the demo data):
//
//   SHOTS_URL=http://127.0.0.1:3000 node scripts/shots-web.mjs            one page of each kind
//   SHOTS_URL=http://127.0.0.1:3000 node scripts/shots-web.mjs --all      every coach, section, event…
//   SHOTS_URL=http://127.0.0.1:3000 node scripts/shots-web.mjs --only=/,/coaches
//
// Writes .tmp/shots/{phone,desktop}/<page>.png and prints each page's console errors and failed
// requests (a finished page has none).
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chooseStudio, needsChoice, publicPages } from "./lib/public-pages.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const baseUrl = process.env.SHOTS_URL?.replace(/\/$/, "");
if (!baseUrl) {
  console.error("Set SHOTS_URL to a running server (e.g. http://127.0.0.1:3000).");
  process.exit(1);
}
const VIEWPORTS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } };
const pages = args.only ? args.only.split(",") : await publicPages(baseUrl, { all: args.all === "true" });
const chosen = await chooseStudio(baseUrl);
const out = path.join(root, ".tmp/shots");
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
let problems = 0;
try {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    fs.mkdirSync(path.join(out, name), { recursive: true });
    for (const page of pages) {
      const context = await browser.newContext({
        viewport,
        locale: "es-MX",
        timezoneId: "America/Mexico_City",
        isMobile: name === "phone",
        hasTouch: name === "phone",
      });
      if (needsChoice(page))
        await context.addCookies(Object.entries(chosen).map(([n, value]) => ({ name: n, value, url: baseUrl })));
      const tab = await context.newPage();
      const issues = [];
      tab.on("console", (m) => m.type() === "error" && issues.push(`console: ${m.text()}`));
      tab.on("pageerror", (e) => issues.push(`page error: ${e.message}`));
      tab.on("response", (r) => r.status() >= 400 && issues.push(`HTTP ${r.status()} ${r.url().replace(baseUrl, "")}`));
      const res = await tab.goto(baseUrl + page, { waitUntil: "networkidle" });
      // A full-page capture grows the viewport at once: lazy pictures below the fold would be caught
      // before they arrive, so every picture is asked for now and decoded before the capture.
      await tab.evaluate(async () => {
        for (const img of document.images) img.loading = "eager";
        await Promise.all([...document.images].map((img) => img.decode().catch(() => {})));
      });
      await tab.waitForLoadState("networkidle");
      const file = path.join(out, name, `${page.replace(/^\//, "").replace(/[/?=&]/g, "_") || "home"}.png`);
      await tab.screenshot({ path: file, fullPage: true });
      const status = res?.status() ?? 0;
      if (status !== 200) issues.unshift(`status ${status}`);
      problems += issues.length;
      console.log(`${name.padEnd(8)} ${page.padEnd(40)} ${issues.length ? issues.join("; ") : "ok"}`);
      await context.close();
    }
  }
} finally {
  await browser.close();
}
console.log(`\nScreenshots in ${path.relative(root, out)}/{${Object.keys(VIEWPORTS).join(",")}}/`);
if (problems) process.exitCode = 1;
