import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";
import { DESKTOP } from "./support/shots";

/**
 * Nucleo Home's back office (issue 23) under axe, stricter than the suite's own check: on the video
 * list, the upload page and the live-class list, no WCAG 2.0/2.1 A or AA violation of any impact
 * (minor and moderate included). And the live-class list leads to a class's edit page and to the
 * add page.
 */
test.use({ viewport: DESKTOP });

async function expectNoViolationAtAll(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    violations.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
    page.url(),
  ).toEqual([]);
}

test("the video list, the upload page and the live-class list pass axe; live classes lead to their edit page", async ({
  page,
}) => {
  const token = await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
  const title = `Clase en vivo a11y ${Date.now().toString(36)}`;
  const created = await page.request.post("/api/admin/on-demand/streams", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      title,
      starts_at: "2031-03-04 08:30",
      duration_minutes: 40,
      stream_url: "https://vivo.example/a11y",
    },
  });
  expect(created.status()).toBe(201);
  const { data } = (await created.json()) as { data: { id: number } };

  await page.goto("/admin/on-demand/videos");
  await expect(page.getByRole("heading", { name: "Videos", level: 1 })).toBeVisible();
  await expectNoViolationAtAll(page);

  await page.getByRole("link", { name: "Subir video" }).click();
  await expect(page.getByRole("heading", { name: "Subir video", level: 1 })).toBeVisible();
  await expectNoViolationAtAll(page);
  // With a file chosen and its upload refused (the bytes are not a video): the error is announced.
  await page.locator('input[type="file"]').setInputFiles({
    name: "falso.mp4",
    mimeType: "video/mp4",
    buffer: Buffer.from("esto no es un video ".repeat(200)),
  });
  await page.getByRole("button", { name: "Subir", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "no es un video" })).toBeVisible();
  await expectNoViolationAtAll(page);

  await page.goto("/admin/on-demand/videos");
  await page.getByRole("link", { name: "Clases en vivo" }).first().click();
  await expect(page.getByRole("heading", { name: "Clases en vivo", level: 1 })).toBeVisible();
  await page.getByRole("textbox", { name: /Buscar/ }).fill(title);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("40 min");
  await expect(row).toContainText("Próxima");
  await expectNoViolationAtAll(page);

  await row.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/on-demand/videos/stream/edit/${data.id}$`));
  await expect(page.getByRole("heading", { name: "Editar clase en vivo", level: 1 })).toBeVisible();
  await page.goBack();
  await page.getByRole("link", { name: "Nueva clase en vivo" }).click();
  await expect(page).toHaveURL(/\/admin\/on-demand\/videos\/stream\/add$/);
  await expect(page.getByRole("heading", { name: "Nueva clase en vivo", level: 1 })).toBeVisible();
});
