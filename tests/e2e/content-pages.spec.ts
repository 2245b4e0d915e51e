import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { expect, loginAs, test } from "./support/fixtures";
import { budget } from "./support/time";

/** Public content pages (places issue), with the h1 each must show. */
const PAGES: [string, string | RegExp][] = [
  ["/about-us", "Somos Nucleo Barre"],
  ["/addresses", "Encuentra tu estudio"],
  ["/studio-detail?id=1", "Nucleo Polanco"],
  ["/coaches", "Nuestro equipo"],
  ["/covid", "Protocolo de salud e higiene"],
  ["/jobs", "Trabaja con nosotros"],
  ["/legals", "Información legal"],
  ["/legals/terms-and-conditions", "Términos y Condiciones"],
  ["/legals/faq", "Preguntas frecuentes"],
  ["/foundation", "Fundación Nucleo"],
  ["/foundation/application", "Solicitud de beca"],
  ["/bazar-acapulco", "Bazar Acapulco"],
  ["/certification", "Fórmate como instructora de barre"],
  ["/certification/barre-prenatal", "Especialidad Barre Prenatal y Posparto"],
  ["/facturacion", "Solicita tu factura"],
  ["/instagram-auth-success", "Instagram conectado"],
  ["/instagram-auth-failure", "No se pudo conectar Instagram"],
];

function watchConsole(page: import("@playwright/test").Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

test.describe("public content pages", () => {
  // One test per page and prefix: each page has its own time budget, and a slow one is named.
  for (const prefix of ["", "/es-MX"]) {
    for (const [path, h1] of PAGES) {
      test(`${prefix}${path} renders from the database, without console errors`, async ({ page }) => {
        const errors = watchConsole(page);
        const res = await page.goto(prefix + path);
        expect(res?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: h1 })).toBeVisible();
        expect(await page.title()).toContain("Nucleo");
        expect(await page.locator('meta[name="description"]').getAttribute("content")).toBeTruthy();
        expect(errors).toEqual([]);
        // axe checks the page after the test (./support/fixtures.ts).
      });
    }
  }

  test("a visitor walks the menu's content links without a 404", async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto("/");
    // Reservar, Comprar clases, On Demand and Tienda belong to the booking and commerce pages.
    const links: [string, RegExp][] = [
      ["Nosotros", /\/about-us$/],
      ["Nuestras clases", /\/our-sessions$/],
      ["Coaches", /\/coaches$/],
      ["Certificación", /\/certification$/],
      ["Bazar", /\/bazar-acapulco$/],
      ["Fundación", /\/foundation$/],
      ["Legales", /\/legals$/],
    ];
    for (const [label, url] of links) {
      await page.getByRole("button", { name: "Abrir menú" }).click();
      await page
        .getByRole("navigation", { name: "Menú del sitio" })
        .getByRole("link", { name: label, exact: true })
        .click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("No encontramos esta página")).toHaveCount(0);
    }
    // From the lists to the detail pages.
    await page.goto("/coaches");
    await page
      .getByRole("link", { name: /^Conoce a / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/coaches\/[a-z0-9-]+$/);
    await page.goto("/bazar-acapulco");
    await page
      .getByRole("link", { name: /^Ver más/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/bazar-acapulco\/event\/\d+$/);
    await expect(page.getByRole("heading", { name: "Marcas del Marketplace Acapulco" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Marketplace Nucleo Acapulco" }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });

  test("addresses: studios by city with tap-to-call phones and map links; external studio flagged", async ({
    page,
  }) => {
    await page.goto("/addresses");
    await expect(page.getByRole("heading", { name: "Estudios en Ciudad de México" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Llamar a Nucleo Polanco" })).toHaveAttribute(
      "href",
      "tel:+525552801144",
    );
    await expect(page.getByRole("link", { name: "Cómo llegar a Nucleo Polanco" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.google\.com\/maps\/search\//,
    );
    await expect(page.getByText("Estudio aliado")).toBeVisible();
  });

  test("facturación: an invalid RFC is explained, a valid request is stored", async ({ page }) => {
    await page.goto("/facturacion");
    await page.getByLabel("RFC").fill("ABC123");
    await page.getByRole("button", { name: "Solicitar factura" }).click();
    await expect(page.getByText("El RFC no es válido", { exact: false })).toBeVisible();
    await page.getByLabel("RFC").fill("GOMR850315AB1");
    await page.getByLabel("Código postal del domicilio fiscal").fill("06700");
    await page.getByLabel("Nombre o razón social").fill("Regina Gómez Martínez");
    await page.getByRole("combobox", { name: "Régimen fiscal" }).click();
    await page.getByRole("option", { name: /^612/ }).click();
    await page.getByRole("combobox", { name: "Uso del CFDI" }).click();
    await page.getByRole("option", { name: /^G03/ }).click();
    await page.getByLabel("Referencia de la compra").fill("NB-10234");
    await page.getByLabel("Email para recibir la factura").fill("regina@example.com");
    await page.getByRole("button", { name: "Solicitar factura" }).click();
    await expect(page.getByRole("status")).toContainText("Te enviaremos la factura a regina@example.com");
  });

  test("newsletter: subscribe from the footer", async ({ page }) => {
    await page.goto("/about-us");
    await page.getByPlaceholder("Tu email").fill(`e2e-${Date.now()}@example.com`);
    await page.getByRole("button", { name: "Suscribirme" }).click();
    await expect(page.getByText("Te enviamos un correo para confirmar tu suscripción")).toBeVisible();
  });

  test("search engines: sitemap lists the content, robots keeps admin and profile out", async ({ request }) => {
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.headers()["content-type"]).toContain("application/xml");
    const xml = await sitemap.text();
    for (const p of [
      "/about-us",
      "/legals/faq",
      "/legals/terms-and-conditions",
      "/certification/barre-prenatal",
      "/coaches/",
      "/bazar-acapulco/event/",
    ])
      expect(xml).toContain(p);
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain("Disallow: /admin");
    expect(robots).toContain("Disallow: /profile");
    expect(robots).toContain("Sitemap: ");
  });

  test("a published CMS page is served at its own path and listed in the sitemap; unpublished is a 404", async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(budget(90_000));
    const ctx = await playwright.request.newContext({ baseURL });
    const headers = { Authorization: `Bearer ${await loginAs(ctx, (await createAccount()).email, ACCOUNT_PASSWORD)}` };
    const stamp = Date.now().toString(36);
    const slug = `temporada-${stamp}`;
    const created = await ctx.post("/api/admin/cms-pages", {
      headers,
      data: {
        slug,
        title: `Temporada de verano ${stamp}`,
        intro: "Clases al aire libre en Acapulco todo julio.",
        body: "## Horarios\nSábados y domingos a las 8:00.",
        published: true,
      },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;
    try {
      for (const prefix of ["", "/es-MX"]) {
        const res = await page.goto(`${prefix}/${slug}`);
        expect(res?.status()).toBe(200);
        await expect(page.getByRole("heading", { level: 1, name: `Temporada de verano ${stamp}` })).toBeVisible();
        await expect(page.getByRole("heading", { level: 2, name: "Horarios" })).toBeVisible();
      }
      // Real pages keep their own route (the catch-all never shadows them).
      await page.goto("/addresses");
      await expect(page.getByRole("heading", { level: 1, name: "Encuentra tu estudio" })).toBeVisible();
      expect(await (await ctx.get("/sitemap.xml")).text()).toContain(`/${slug}</loc>`);

      const hidden = await ctx.put(`/api/admin/cms-pages/${id}`, {
        headers,
        data: { slug, title: `Temporada de verano ${stamp}`, body: "", published: false },
      });
      expect(hidden.status()).toBe(200);
      const res = await page.goto(`/${slug}`);
      expect(res?.status()).toBe(404);
      await expect(page.getByText("No encontramos esta página")).toBeVisible();
      expect(await (await ctx.get("/sitemap.xml")).text()).not.toContain(`/${slug}</loc>`);
      expect((await page.goto("/no-existe-esta-pagina"))?.status()).toBe(404);
    } finally {
      // CMS pages are never deleted; the test's page stays unpublished.
      await ctx.dispose();
    }
  });

  test("sandbox home is for staff only", async ({ page }) => {
    await page.goto("/sandbox/home");
    await expect(page).toHaveURL(/\/admin\/auth\/login/);
    await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
    await page.goto("/sandbox/home");
    await expect(page.getByText("Vista previa: el inicio con los cambios sin publicar")).toBeVisible();
  });
});
