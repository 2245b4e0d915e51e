import { chromium } from "playwright";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new"] });
for (const [file, n] of [["manual-comprador", 8], ["programa-carrito", 4]]) {
  for (let i = 1; i <= n; i++) {
    const page = await browser.newPage({ viewport: { width: 640, height: 900 } });
    try {
      await page.goto(`file:///work/wt/shots/cert/${file}.pdf#toolbar=0&navpanes=0&page=${i}&view=Fit`, { timeout: 15000 });
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/work/wt/shots/cert/${file}-p${i}.png` });
    } catch (e) { console.log("err", e.message.slice(0, 200)); }
    await page.close();
  }
}
await browser.close();
