import http from "node:http";
import zlib from "node:zlib";
import { ACCOUNT_PASSWORD, createAccount } from "./support/db";
import { test, expect, loginAs, e2eEnv } from "./support/fixtures";

/** A GET whose body is left as the server sent it (Playwright's request client decompresses). */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.get(new URL(path, e2eEnv.baseURL), { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** The script-src directive of a CSP header. */
const scriptSrc = (csp: string | undefined) =>
  (csp ?? "")
    .split(";")
    .map((d) => d.trim())
    .find((d) => d.startsWith("script-src")) ?? "";

test.describe("delivery: CSP nonces, security headers on static files, compression", () => {
  test("a page's inline scripts carry the nonce its CSP allows, with no 'unsafe-inline' scripts", async ({
    request,
  }) => {
    const nonces: string[] = [];
    for (const path of ["/", "/login", "/admin/auth/login"]) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const src = scriptSrc(res.headers()["content-security-policy"]);
      expect(src).not.toContain("unsafe-inline");
      const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(src)?.[1];
      expect(nonce, `script-src of ${path}: ${src}`).toBeTruthy();
      nonces.push(nonce!);
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]);
      expect(inline.length).toBeGreaterThan(0);
      for (const attrs of inline) expect(attrs).toContain(`nonce="${nonce}"`);
    }
    // A fresh nonce for every document.
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  test("pages hydrate and work under the CSP: no script is refused", async ({ page }) => {
    const refused: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy|Refused to (execute|load)/i.test(msg.text())) refused.push(msg.text());
    });
    await page.goto("/");
    // The menu opens by script: the page hydrated.
    await page.getByRole("button", { name: "Abrir menú" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.goto("/login");
    await page.getByRole("textbox", { name: "Email", exact: true }).fill((await createAccount("customer")).email);
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page.getByLabel("Contraseña", { exact: false }).first()).toBeVisible();
    await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("main")).toBeVisible();
    expect(refused).toEqual([]);
  });

  test("static files carry the security headers and go out precompressed", async ({ request }) => {
    const html = await (await request.get("/")).text();
    // The page's script list is in the inline script that loads it after the first paint.
    const script = /"(\/assets\/framework-[^"]+\.js)"/.exec(html)?.[1] ?? "";
    const css = /<link[^>]*rel="stylesheet"[^>]*href="(\/assets\/[^"#]+\.css)/.exec(html)?.[1] ?? "";
    expect(script).toMatch(/^\/assets\//);
    expect(css).toMatch(/^\/assets\//);
    for (const path of [script, css, "/favicon.ico", "/images/logo.svg"]) {
      const res = await rawGet(path);
      expect(res.status, path).toBe(200);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
      expect(res.headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(res.headers["strict-transport-security"], path).toBeTruthy();
    }
    // An SVG can be opened as a document: it gets the frame policy and a CSP too.
    const svg = (await rawGet("/images/logo.svg")).headers;
    expect(svg["x-frame-options"]).toBe("SAMEORIGIN");
    expect(svg["content-security-policy"]).toContain("script-src 'self'");

    const plain = await rawGet(script);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const res = await rawGet(script, { "accept-encoding": accept });
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["vary"]).toContain("Accept-Encoding");
      expect(res.headers["cache-control"]).toContain("immutable");
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect(decode(res.body).equals(plain.body)).toBe(true);
    }
    // Not modified: the ETag answers 304 without a body.
    const first = await rawGet(css);
    const again = await rawGet(css, { "if-none-match": String(first.headers["etag"]) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  test("pages and JSON answers are compressed when the client accepts it", async () => {
    const page = await rawGet("/", { "accept-encoding": "br" });
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["vary"]).toContain("Accept-Encoding");
    expect(zlib.brotliDecompressSync(page.body).toString()).toContain("<html");

    const json = await rawGet("/api/openapi.json", { "accept-encoding": "gzip" });
    expect(json.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(json.body).toString())).toHaveProperty("openapi");

    // Without Accept-Encoding: the same answer, plain.
    const plain = await rawGet("/api/openapi.json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveProperty("openapi");
  });

  test("the public site downloads neither back-office texts nor back-office styles", async ({ page }) => {
    // Bodies are read as they arrive and awaited before each check.
    let scripts: Promise<string>[] = [];
    let styles: Promise<string>[] = [];
    page.on("response", (res) => {
      const type = res.headers()["content-type"] ?? "";
      if (type.startsWith("text/javascript")) scripts.push(res.text().catch(() => ""));
      if (type.startsWith("text/css")) styles.push(res.text().catch(() => ""));
    });
    const all = async (list: Promise<string>[]) => (await Promise.all(list)).join("\n");
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const js = await all(scripts);
    const css = await all(styles);
    expect(js).toContain("Volver al inicio"); // core texts are there…
    expect(js).not.toContain("Exportar CSV"); // …the back office's (admin.kit.exportCsv) are not
    expect(css).not.toContain(".m_b23fa0ef"); // Mantine Table
    expect(css).not.toContain("--admin-navbar-width"); // the back-office frame (AdminShell.module.css)

    scripts = [];
    styles = [];
    await loginAs(page, (await createAccount()).email, ACCOUNT_PASSWORD);
    await page.goto("/admin/users/list");
    await page.waitForLoadState("networkidle");
    expect(await all(scripts)).toContain("Exportar CSV");
    expect(await all(styles)).toContain("--admin-navbar-width"); // the back-office frame's styles arrive with it
  });
});
