import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";

/** The two sizes the specs look at: a phone and a laptop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

/**
 * Screenshots for a person to look at, at phone and desktop width, only when SHOTS_DIR names a
 * folder (`SHOTS_DIR=/tmp/shots npx playwright test …`): a normal run takes none, so the suite
 * spends no time on them and writes nothing outside its own output. The page is left at the size
 * it had.
 */
export async function shoot(page: Page, name: string, sizes: readonly (typeof PHONE)[] = [PHONE, DESKTOP]) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
