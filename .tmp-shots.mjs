import { chromium } from "@playwright/test";
const base = "http://localhost:4680";
const pages = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const w of [390, 1366]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: w === 390 ? 844 : 900 } });
  const page = await ctx.newPage();
  for (const p of pages) {
    await page.goto(base + p);
    await page.waitForLoadState("networkidle");
    const name = p.replace(/[^a-z0-9]+/gi, "_");
    await page.screenshot({ path: `/work/wt/shots/vodwatch/${name}-${w}.png`, fullPage: false });
  }
  await ctx.close();
}
await browser.close();
