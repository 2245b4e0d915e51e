import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";
import { budget } from "./support/time";
import { DESKTOP } from "./support/shots";

/**
 * Nucleo Home's back office (issue 23): an administrator uploads a short video (resumable upload),
 * watches it process on its page, publishes it and finds it published in the list. Axe checks the
 * list and the edit page (the fixtures check every page still open after the test).
 */
const require = createRequire(import.meta.url);
const ffmpeg = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;

test.use({ viewport: DESKTOP });

test("an administrator uploads a video, sees it process and publishes it", async ({ page }) => {
  // ffmpeg encodes two renditions on the server while the test waits.
  test.setTimeout(budget(90_000));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-vod-"));
  const file = path.join(dir, "clase-de-prueba.mp4");
  execFileSync(ffmpeg, [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    "testsrc2=size=640x360:rate=25:duration=2",
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-pix_fmt",
    "yuv420p",
    file,
  ]);
  await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);

  await page.goto("/admin/on-demand/videos");
  await expect(page.getByRole("heading", { name: "Videos", level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Subir video" }).click();
  await expect(page.getByRole("heading", { name: "Subir video", level: 1 })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole("button", { name: "Subir", exact: true }).click();

  // The upload ends on the video's page, processing; the page follows it until it is ready.
  await expect(page).toHaveURL(/\/admin\/on-demand\/videos\/video\/\d+$/, { timeout: budget(30_000) });
  await expect(page.getByRole("heading", { name: "clase de prueba", level: 1 })).toBeVisible();
  await expect(page.getByText("Listo", { exact: true })).toBeVisible({ timeout: budget(120_000) });
  await expect(page.getByRole("img", { name: "Miniatura del video" })).toBeVisible();

  await page.getByRole("textbox", { name: "Título", exact: true }).fill("Barre de prueba e2e");
  await page.getByRole("switch", { name: "Publicado" }).check();
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Video guardado")).toBeVisible();

  await page.goto("/admin/on-demand/videos?search=prueba%20e2e");
  const row = page.getByRole("row").filter({ hasText: "Barre de prueba e2e" });
  await expect(row).toContainText("Listo");
  await expect(row).toContainText("Publicado");
});
