import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { budget } from "./support/time";
import { CITIES, CONFIGURATIONS, HOME_SECTIONS, STUDIOS } from "../../app/.server/seed/data";

const hero = HOME_SECTIONS.find((s) => s.kind === "hero")!;
const external = STUDIOS.find((s) => s.isExternal)!;
const whatsappNumber = String(CONFIGURATIONS.find((c) => c.key === "whatsapp_number")!.value);

async function expectNoAxeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

async function cookie(page: Page, name: string) {
  return (await page.context().cookies()).find((c) => c.name === name)?.value;
}

test.describe("public site frame and home", () => {
  for (const prefix of ["", "/es-MX"]) {
    test(`home renders the hero from the database at ${prefix || "/"}`, async ({ page }) => {
      await page.goto(prefix || "/");
      await expect(page.getByRole("heading", { level: 1, name: hero.title })).toBeVisible();
      // Figures in the copy are filled from the data (the class types' durations: 45 a 50).
      await expect(page.getByText(hero.subtitle.replace("{minutes}", "45 a 50"))).toBeVisible();
      await expect(page.getByText(/\d+ estudios en \d+ ciudades, y contando\./)).toBeVisible();
      await expect(page.getByRole("link", { name: hero.ctaLabel })).toHaveAttribute("href", `${prefix}${hero.ctaLink}`);
      await expect(page.locator("main#contenido")).toBeVisible();
      await expect(page.getByRole("link", { name: "Saltar al contenido" })).toHaveAttribute("href", "#contenido");
      // Home-only navbar links.
      const nav = page.getByRole("navigation", { name: "Navegación principal" });
      for (const [label, path] of [
        ["Ubicaciones", "/select-location"],
        ["Paquetes", "/buy-sessions"],
        ["Coaches", "/coaches"],
        ["Nucleo Home", "/on-demand"],
      ])
        await expect(nav.getByRole("link", { name: label })).toHaveAttribute("href", `${prefix}${path}`);
    });
  }

  test("home is accessible and lists studios without the external one", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Nucleo Polanco" })).toBeVisible();
    await expect(page.getByText(external.name)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("the home's sections arrive in place, not hidden and moved in by script", async ({ request }) => {
    // React wrote a finished Suspense boundary past the first 12.8 KB into a hidden <div> and moves
    // it in with $RC(): DOM moves and layouts on the phone for content the server already had
    // (entry.server.tsx, progressiveChunkSize). The home has eight such sections.
    // (React Router's own data scripts still stream in boundaries of their own when the data comes
    // later than the page: those are not the home's content.)
    const html = await (await request.get("/")).text();
    const main = html.slice(0, html.indexOf("</main>"));
    const sections = (s: string) => s.match(/<section[^>]* aria-labelledby="sec-[^"]+"/g) ?? [];
    expect(sections(html).length).toBeGreaterThanOrEqual(6);
    expect(sections(main)).toEqual(sections(html));
  });

  test("footer: sponsors open in a new tab, WhatsApp button, legal links", async ({ page }) => {
    await page.goto("/");
    const sponsor = page.getByRole("link", { name: /Agua de Coco Costa/ });
    await expect(sponsor).toHaveAttribute("target", "_blank");
    await expect(sponsor).toHaveAttribute("rel", "noopener noreferrer");
    await expect(sponsor).toContainText("(se abre en una pestaña nueva)");
    const wa = page.getByRole("link", { name: /Escríbenos por WhatsApp/ }).last();
    await expect(wa).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${whatsappNumber}\\?text=`));
    await expect(page.getByRole("link", { name: "Términos y Condiciones" })).toHaveAttribute(
      "href",
      "/legals/terms-and-conditions",
    );
    await expect(page.getByRole("link", { name: "Preguntas frecuentes" })).toHaveAttribute("href", "/legals/faq");
    await expect(page.getByRole("link", { name: "Bolsa de trabajo" })).toHaveAttribute("href", "/jobs");
  });

  test("the menu opens and lists the cities, not the external studio", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Abrir menú" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu.getByRole("link", { name: /Nosotros/ })).toBeVisible();
    await menu.getByRole("button", { name: /Comprar clases/ }).click();
    for (const c of CITIES)
      await expect(menu.getByRole("link", { name: `Clases en ${c.name}` })).toHaveAttribute(
        "href",
        `/buy-sessions/${c.id}`,
      );
    await expect(menu.getByRole("link", { name: "Nucleo Home (On Demand)" })).toHaveAttribute(
      "href",
      "/buy-sessions/on-demand",
    );
    await expect(menu.getByText(external.name)).toHaveCount(0);
    await expect(menu.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
    await expectNoAxeViolations(page);
    await menu.getByRole("button", { name: "Cerrar menú" }).click();
    await expect(menu).toBeHidden();
  });

  test("the menu (loaded on first open) works from the keyboard and closes on navigation", async ({ page }) => {
    await page.goto("/");
    const burger = page.getByRole("button", { name: "Abrir menú" });
    await burger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog");
    await expect(menu.getByRole("link", { name: /Nosotros/ })).toBeVisible();
    // The focus is inside the menu; Escape closes it and gives the focus back to the burger.
    await expect.poll(() => menu.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(burger).toBeFocused();
    // Opened again, a link navigates and the menu closes.
    await page.keyboard.press("Enter");
    await menu.getByRole("link", { name: /Nosotros/ }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(menu).toBeHidden();
  });

  test("the logo hides after scrolling when the animation is on", async ({ page }) => {
    await page.goto("/");
    const logo = page.getByRole("banner").getByRole("link", { name: "Nucleo Barre, ir al inicio" });
    await expect(logo).toBeVisible();
    await page.mouse.wheel(0, 600);
    await expect(page.locator("header [data-hidden]")).toHaveCount(1);
  });

  test("the context menu and inspector shortcuts are blocked", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The heading is painted by the server; the listeners come with hydration, so ask until then.
    const dispatch = () =>
      page.evaluate(() => {
        const menu = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
        document.body.dispatchEvent(menu);
        const f12 = new KeyboardEvent("keydown", { key: "F12", bubbles: true, cancelable: true });
        document.body.dispatchEvent(f12);
        const copy = new KeyboardEvent("keydown", { key: "c", ctrlKey: true, bubbles: true, cancelable: true });
        document.body.dispatchEvent(copy);
        return [menu.defaultPrevented, f12.defaultPrevented, copy.defaultPrevented];
      });
    await expect.poll(dispatch, { timeout: budget(10_000) }).toEqual([true, true, false]);
  });
});

test.describe("city and studio choice", () => {
  test("select-location → select-studio sets city and studio, then goes to the calendar", async ({ page }) => {
    await page.goto("/select-location");
    await expect(page.getByRole("heading", { level: 1, name: "¿Dónde quieres entrenar?" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /Monterrey/ }).click();
    await expect(page).toHaveURL(/\/select-studio$/);
    await expect(page.getByText("Estudios disponibles en Monterrey.")).toBeVisible();
    expect(await cookie(page, "city")).toBe("2");
    expect(await cookie(page, "studio")).toBeUndefined();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: /Nucleo San Pedro/ }).click();
    await expect(page).toHaveURL(/\/calendar$/);
    expect(await cookie(page, "studio")).toBe("5");
  });

  test("external studios are not offered", async ({ page, context }) => {
    await context.addCookies([
      { name: "city", value: "1", url: test.info().project.use.baseURL ?? "http://localhost" },
    ]);
    await page.goto("/select-studio");
    await expect(page.getByRole("heading", { name: "Nucleo Polanco" })).toBeVisible();
    await expect(page.getByText(external.name)).toHaveCount(0);
  });

  test("choosing a city resets the studio and keeps a same-site back target under /es-MX", async ({ page }) => {
    await page.goto("/es-MX/select-location?back=%2Fcoaches");
    await page.getByRole("button", { name: /Ciudad de México/ }).click();
    await expect(page).toHaveURL(/\/es-MX\/select-studio\?back=%2Fcoaches$/);
    await page.getByRole("button", { name: /Nucleo Roma/ }).click();
    await expect(page).toHaveURL(/\/es-MX\/coaches$/);
    expect(await cookie(page, "studio")).toBe("2");
    await page.goto("/es-MX/select-location");
    await page.getByRole("button", { name: /Acapulco/ }).click();
    await expect(page).toHaveURL(/\/es-MX\/select-studio$/);
    expect(await cookie(page, "studio")).toBeUndefined();
  });

  test("a foreign back target is ignored", async ({ page }) => {
    await page.goto("/select-location?back=%2F%2Fevil.example");
    await page.getByRole("button", { name: /Monterrey/ }).click();
    await expect(page).toHaveURL(/\/select-studio$/);
    await page.getByRole("button", { name: /Nucleo Valle Oriente/ }).click();
    await expect(page).toHaveURL(/^http:\/\/(localhost|127\.0\.0\.1):\d+\/calendar$/);
  });

  test("booking in a city from the home page chooses that city", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Reservar en Monterrey" }).click();
    await expect(page).toHaveURL(/\/select-studio$/);
    await expect(page.getByText("Estudios disponibles en Monterrey.")).toBeVisible();
    expect(await cookie(page, "city")).toBe("2");
  });

  test("select-studio without a city goes to select-location", async ({ page }) => {
    await page.goto("/select-studio");
    await expect(page).toHaveURL(/\/select-location$/);
    await page.goto("/es-MX/select-studio");
    await expect(page).toHaveURL(/\/es-MX\/select-location$/);
  });
});

test.describe("not found", () => {
  for (const path of ["/esta-pagina-no-existe", "/es-MX/tampoco/existe"]) {
    test(`unknown path ${path} shows the 404 page`, async ({ page }) => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByText("No encontramos esta página")).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Volver al inicio" })).toHaveAttribute(
        "href",
        path.startsWith("/es-MX") ? "/es-MX" : "/",
      );
      await expectNoAxeViolations(page);
    });
  }
});
