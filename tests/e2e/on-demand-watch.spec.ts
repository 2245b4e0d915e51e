import type { APIRequestContext, Page } from "@playwright/test";
import { grantLot } from "../../app/.server/domain/credits/ledger";
import * as schema from "../../app/.server/db/schema";
import { eq } from "drizzle-orm";
import { fillCard, newCustomer } from "./support/commerce";
import { createPlan, staffApi, withFactories } from "./support/factories";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";
import { budget } from "./support/time";
import { PHONE } from "./support/shots";

/**
 * Nucleo Home on a phone (issue 23), on the demo library (vodmedia's seed makes its videos after
 * start, so this spec runs on the demo server and waits for them): a subscriber filters the library,
 * plays a video, leaves and comes back where she stopped; a customer without a plan is offered the
 * plans and, after paying with the sandbox card, watches.
 */
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** Waits until the demo library has a playable video; returns the first one's type. */
async function readyLibrary(request: APIRequestContext) {
  let first: { id: number; type_name: string | null } | undefined;
  await expect
    .poll(
      async () => {
        const r = await request.get("/api/on-demand/videos");
        if (!r.ok()) return 0;
        const d = (await r.json()).data as { total: number; videos: { id: number; type_name: string | null }[] };
        first = d.videos[0];
        return d.total;
      },
      { timeout: budget(150_000), intervals: [1000, 2000, 3000] },
    )
    .toBeGreaterThan(0);
  return first!;
}

async function grantUnlimited(email: string) {
  await withFactories(async (db) => {
    const [u] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, email));
    const now = new Date();
    await grantLot(db, {
      userId: u!.id,
      scope: "on_demand",
      cityId: null,
      quantity: null,
      startsAt: new Date(now.getTime() - 60_000),
      expiresAt: new Date(now.getTime() + 30 * 86_400_000),
      source: "courtesy",
      sourceRef: null,
      actorUserId: null,
      reason: "Cortesía e2e",
    });
  });
}

/** Plays for a while and answers the player's position. */
/**
 * Plays past `seconds`, then pauses; resolves to where it paused once the pause's progress report
 * has answered (the waiter is set before the pause: the report may answer before a later waiter).
 */
async function playFor(page: Page, seconds: number) {
  const video = page.getByTestId("od-video");
  await expect(video).toBeAttached({ timeout: budget(15_000) });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: budget(20_000) })
    .toBeGreaterThan(seconds);
  const saved = page.waitForResponse((r) => r.url().includes("/progress") && r.request().method() === "POST");
  const at = await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    return v.currentTime;
  });
  await saved;
  return at;
}

test("a subscriber filters the library, plays a video, leaves and resumes where she stopped", async ({
  page,
  request,
}) => {
  test.setTimeout(budget(240_000));
  const first = await readyLibrary(request);
  const email = await newCustomer(page, { name: "Sofía", lastName: "Casa", label: "vod" });
  await grantUnlimited(email);

  await page.goto("/on-demand");
  await expect(page.getByRole("heading", { name: "Nucleo Home: barre en casa", level: 1 })).toBeVisible();
  await expectNoA11yViolations(page);
  await page
    .getByRole("navigation", { name: "Secciones de Nucleo Home" })
    .getByRole("link", { name: "Biblioteca" })
    .click();
  await expect(page.getByRole("heading", { name: "Biblioteca", level: 1 })).toBeVisible();

  // Filter by the first video's type: the filter is kept in the URL.
  await page.getByLabel("Tipo").selectOption({ label: first.type_name! });
  await expect(page).toHaveURL(/\/on-demand\/library\?.*type=\d+/);
  await expectNoA11yViolations(page);
  const card = page.getByRole("list", { name: "Biblioteca" }).getByRole("link").first();
  const title = (await card.getByRole("heading").textContent())!.trim();
  await card.click();
  await expect(page).toHaveURL(/\/on-demand\/watch\/\d+$/);
  const watchUrl = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();

  await page.getByTestId("od-play").click();
  // Pausing saves the position; playFor waits for that report before we leave.
  const stoppedAt = await playFor(page, 2.5);
  await expectNoA11yViolations(page);

  await page.getByRole("link", { name: /Volver a la biblioteca/ }).click();
  await expect(page.getByRole("heading", { name: "Biblioteca", level: 1 })).toBeVisible();
  await page.goto(watchUrl);
  await expect(page.getByText(/Continúas donde te quedaste/)).toBeVisible();
  await page.getByTestId("od-play").click();
  const video = page.getByTestId("od-video");
  await expect(video).toBeAttached();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: budget(20_000) })
    .toBeGreaterThanOrEqual(Math.floor(stoppedAt) - 0.5);
  // The profile lists it to continue.
  await page.goto("/profile/on-demand");
  await expect(page.getByRole("heading", { name: "Historial" })).toBeVisible();
  await expect(page.getByRole("link", { name: title }).first()).toBeVisible();
});

test("a customer without a plan is offered the plans and, after paying with the sandbox card, watches", async ({
  page,
  request,
}) => {
  test.setTimeout(budget(240_000));
  await readyLibrary(request);
  const plan = await createPlan(await staffApi(request), { name: `Plan e2e ${Date.now().toString(36)}` });
  await newCustomer(page, { name: "Paula", lastName: "Plan", label: "vodbuy" });

  await page.goto("/on-demand/library");
  await page.getByRole("list", { name: "Biblioteca" }).getByRole("link").first().click();
  await expect(page).toHaveURL(/\/on-demand\/watch\/\d+$/);
  const watchUrl = new URL(page.url()).pathname;
  await expect(
    page.getByRole("heading", { name: "Para ver esta clase necesitas un plan de Nucleo Home" }),
  ).toBeVisible();
  await expect(page.getByTestId("od-play")).toHaveCount(0);
  await expectNoA11yViolations(page);

  await page.getByRole("button", { name: `Comprar ${plan.name}` }).click();
  const panel = page.getByRole("dialog", { name: "Finalizar Pago" });
  await expect(panel).toBeVisible();
  await panel.getByRole("button", { name: "Tarjeta", exact: true }).click();
  await fillCard(panel, "4242 4242 4242 4242", "Paula Plan");
  await panel.getByRole("checkbox", { name: /Acepto los Términos y Condiciones/ }).check();
  await panel.getByRole("button", { name: /^Pagar \$/ }).click();
  await expect(page).toHaveURL(/\/success-order\?order=\d+/, { timeout: budget(30_000) });

  // Back to the video it was bought from.
  const back = page.getByRole("link", { name: "Ir a Nucleo Home" });
  await expect(back).toHaveAttribute("href", watchUrl);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`${watchUrl}$`));
  await page.getByTestId("od-play").click();
  await playFor(page, 1);
});
