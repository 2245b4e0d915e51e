import type { Page } from "@playwright/test";
import * as schema from "../../app/.server/db/schema";
import { withFactories } from "./support/factories";
import { expect, expectNoA11yViolations, test } from "./support/fixtures";

/**
 * Pages read before they are used (HYDRATE_ON_INTENT: the home, Nucleo Home's landing, library,
 * coach and calendar pages) run their scripts at the visitor's first touch, key or focus
 * (app/.server/http/head-order.ts). These tests look at such a page before that, which the
 * fixtures' navigations otherwise skip (they start every page, as a visitor using it would).
 */

/** Opens the page as a visitor who has not touched it yet: loaded, its scripts fetched, not run. */
async function openUntouched(page: Page, path: string) {
  await page.goto(path, { waitUntil: "commit" });
  await page.waitForLoadState("load");
  // The prefetches go after the first paint, a few per task.
  await expect
    .poll(() => page.evaluate(() => document.querySelectorAll('link[rel="prefetch"]').length))
    .toBeGreaterThan(5);
}

async function state(page: Page) {
  return page.evaluate(() => ({
    live: document.documentElement.hasAttribute("data-hydrated"),
    inert: document.querySelector('script[type="x-module"]') !== null,
    modulepreloads: document.querySelectorAll('link[rel="modulepreload"]').length,
  }));
}

test.describe("a page read before it is used", () => {
  test("runs no script until the visitor uses it", async ({ page }) => {
    await openUntouched(page, "/on-demand");
    // Every script file has arrived (the cache holds them) and still none has run.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const done = new Set(performance.getEntriesByType("resource").map((e) => e.name));
          const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
          return links.length > 5 && links.every((l) => done.has(l.href));
        }),
      )
      .toBe(true);
    expect(await state(page)).toEqual({ live: false, inert: true, modulepreloads: 0 });
    // What the server drew is all there: the heading and the section's links.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Secciones de Nucleo Home" })).toBeVisible();
  });

  test("a tap on the menu button before the page is live opens the menu once it is", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openUntouched(page, "/on-demand");
    expect((await state(page)).live).toBe(false);
    // A click that comes with no touch or press before it (an assistive technology's activation) is
    // held until the page is live, then handled.
    await page.getByRole("button", { name: "Abrir menú" }).dispatchEvent("click");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  test("a link followed before the page is live navigates within the app", async ({ page }) => {
    await openUntouched(page, "/on-demand");
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    await page
      .getByRole("navigation", { name: "Secciones de Nucleo Home" })
      .getByRole("link", { name: "Biblioteca" })
      .click();
    await expect(page).toHaveURL(/\/on-demand\/library$/);
    await expect(page.getByRole("heading", { level: 1, name: "Biblioteca" })).toBeVisible();
    // The same document: React Router navigated, the page did not reload.
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test("a form sent before the page is live is sent by the app, not natively", async ({ page }) => {
    await openUntouched(page, "/on-demand/library");
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
      const form = document.querySelector<HTMLFormElement>('form[role="search"]')!;
      form.querySelector<HTMLInputElement>('input[name="q"]')!.value = "barre";
      form.requestSubmit();
    });
    await expect(page).toHaveURL(/\/on-demand\/library\?q=barre&/);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  });

  test("the blocked inspector is blocked before the page is live too", async ({ page }) => {
    await openUntouched(page, "/on-demand");
    const prevented = await page.evaluate(() => {
      const menu = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
      document.body.dispatchEvent(menu);
      const f12 = new KeyboardEvent("keydown", { key: "F12", bubbles: true, cancelable: true });
      window.dispatchEvent(f12);
      return [menu.defaultPrevented, f12.defaultPrevented, document.documentElement.hasAttribute("data-hydrated")];
    });
    expect(prevented).toEqual([true, true, false]);
  });

  test("each of these pages passes axe as the visitor finds it, headings in order", async ({ page }) => {
    // A live class coming, for the calendar's list.
    await withFactories((db) =>
      db.insert(schema.onDemandStreams).values({
        title: "Barre en vivo de prueba",
        startsAt: new Date(Date.now() + 24 * 3600_000),
        durationMinutes: 45,
        streamUrl: "https://example.com/en-vivo",
      }),
    );
    for (const path of ["/", "/on-demand", "/on-demand/library", "/on-demand/calendar"]) {
      await openUntouched(page, path);
      await expectNoA11yViolations(page);
    }
    // The calendar lists live classes (the seed's schedule), their titles right under the page's h1.
    await expect(page.getByRole("heading", { level: 2, name: "Barre en vivo de prueba" })).toBeVisible();
  });

  test("a page that is used at once (the login) still starts by itself", async ({ page }) => {
    await page.goto("/login", { waitUntil: "commit" });
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  });
});
