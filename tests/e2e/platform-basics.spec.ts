import { test, expect } from "./support/fixtures";

// The hero title of the seeded home page (app/.server/seed/data.ts): proves the page reads the database.
const HERO = "Barre que se siente desde la primera clase";
const NOT_FOUND = "No encontramos esta página";
const YEAR_S = 365 * 86_400;

test.describe("platform basics", () => {
  for (const path of ["/", "/es-MX"]) {
    test(`home renders at ${path} with data from the database`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: HERO })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
      await expect(page).toHaveTitle(/Nucleo Barre/);
    });
  }

  for (const path of ["/no-existe", "/es-MX/no-existe/tampoco", "/__bench/page"]) {
    test(`unknown path ${path} answers 404 with the not-found page`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByText(NOT_FOUND)).toBeVisible();
      // Spanish only (es-MX), one h1, and a link home whose text says where it goes.
      await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.getByRole("link", { name: "Volver al inicio" })).toBeVisible();
      await expect(page.getByText(/could not be found/i)).toHaveCount(0);
    });
  }

  test("the bench-only JSON route does not exist outside bench mode", async ({ request }) => {
    expect((await request.get("/__bench/json")).status()).toBe(404);
  });

  test("the first visit sets the i18n_redirected cookie for a year", async ({ page, context }) => {
    await page.goto("/");
    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("es-MX");
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThanOrEqual(365.01);
    expect(cookie?.path).toBe("/");
    expect(cookie?.sameSite).toBe("Lax");
  });

  test("pages carry the security headers", async ({ request }) => {
    const res = await request.get("/");
    const h = res.headers();
    expect(h["x-content-type-options"]).toBe("nosniff");
    expect(h["x-frame-options"]).toBe("SAMEORIGIN");
    expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(h["cross-origin-opener-policy"]).toBe("same-origin");
    expect(h["permissions-policy"]).toContain("microphone=()");
    expect(h["content-security-policy"]).toContain("default-src 'self'");
    expect(h["content-security-policy"]).toContain("object-src 'none'");
    const setCookie = res.headersArray().filter((x) => x.name.toLowerCase() === "set-cookie");
    expect(setCookie.map((x) => x.value).join("\n")).toContain(
      `i18n_redirected=es-MX; Path=/; SameSite=Lax; Max-Age=${YEAR_S}`,
    );
  });

  test("/api/health answers ok with a request id", async ({ request }) => {
    const res = await request.get("/api/health");
    expect(res.status()).toBe(200);
    expect((await res.json()).data).toMatchObject({ status: "ok", database: "ok" });
    expect(res.headers()["x-request-id"]).toBeTruthy();
    expect(res.headers()["content-language"]).toBe("es-MX");
  });

  test("an unknown /api path is the API's JSON 404 for any method, never a page", async ({ request }) => {
    for (const res of [
      await request.get("/api/no-existe"),
      await request.post("/api/no-existe", { form: { a: "1" } }),
    ]) {
      expect(res.status()).toBe(404);
      expect(res.headers()["content-type"]).toContain("application/json");
      expect(await res.json()).toMatchObject({ errorMessage: expect.any(String), error: { messages: [] } });
    }
  });

  test("/api/docs lists the API calls", async ({ page }) => {
    await page.goto("/api/docs");
    await expect(page.getByRole("heading", { name: "API de Nucleo Barre" })).toBeVisible();
    await expect(page.locator("summary", { hasText: "/api/cities" })).toBeVisible();
    await expect(page.locator("summary", { hasText: "/api/v2/home-data" })).toBeVisible();
    // The script's own texts come from the catalogue: a call behind a session carries its lock.
    await expect(page.locator("summary .lock").first()).toHaveAttribute("title", "Requiere sesión");
  });

  test("the home page loads without console errors or failed requests", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    page.on("requestfailed", (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on("response", (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`);
    });
    await page.goto("/", { waitUntil: "networkidle" });
    await expect(page.getByRole("heading", { name: HERO })).toBeVisible();
    const favicon = await page.request.get("/favicon.ico");
    expect(favicon.status()).toBe(200);
    expect(problems).toEqual([]);
  });
});
