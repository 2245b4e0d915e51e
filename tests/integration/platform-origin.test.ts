import { beforeAll, describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "../../app/.server/http/origin";
import { setupTestApp } from "../support/app";
import { createCustomer, FACTORY_PASSWORD } from "../support/factories";

/**
 * Login CSRF and other cross-site writes (issue 12, security 6): a state-changing request whose
 * Origin names another site, or that the browser marks Sec-Fetch-Site: cross-site, is refused;
 * clients without a browser origin (curl, apps with bearer tokens) keep working.
 */
const app = setupTestApp();
const form = { email: "", password: FACTORY_PASSWORD };
beforeAll(async () => {
  form.email = (await createCustomer(app.deps.db)).email;
});

async function login(headers: Record<string, string>) {
  return app.request("/login", { method: "POST", form, headers });
}

describe("POST /api/login", () => {
  it("a cross-site form post is refused and sets no session cookie", async () => {
    const res = await login({ origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect((await res.json()).errorMessage).toBe("La petición viene de otro sitio y fue rechazada");
    expect(res.headers.get("set-cookie") ?? "").not.toContain("token=");
  });

  it("Sec-Fetch-Site: cross-site is refused even without Origin; an opaque origin too", async () => {
    expect((await login({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await login({ origin: "null" })).status).toBe(403);
  });

  it("the site's own origin, same-origin fetches and clients without an origin log in", async () => {
    const own = new URL(app.deps.config.publicUrl).origin;
    expect((await login({ origin: own, "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await login({})).status).toBe(200);
    expect((await login({ "sec-fetch-site": "none" })).status).toBe(200);
  });

  it("reads stay open to any origin (the API's GETs change nothing)", async () => {
    const res = await app.request(`/user/verify/emails/${form.email}`, {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.status).toBe(200);
  });
});

describe("other state changes and page actions", () => {
  it("a bearer call from another site is refused; the same call without an origin works", async () => {
    const token = await app.login(form.email, FACTORY_PASSWORD);
    const evil = await app.request("/my-account/resend", {
      method: "POST",
      token,
      headers: { origin: "https://evil.example" },
    });
    expect(evil.status).toBe(403);
    const ok = await app.request("/auth/me", { method: "POST", token });
    expect(ok.status).toBe(200);
  });

  it("the rule for pages (form actions) is the same function", () => {
    const post = (headers: Record<string, string>) =>
      new Request("https://nucleobarre.mx/login", { method: "POST", headers: { host: "nucleobarre.mx", ...headers } });
    expect(isCrossSiteWrite(post({ origin: "https://evil.example" }), "https://nucleobarre.mx")).toBe(true);
    expect(isCrossSiteWrite(post({ origin: "https://nucleobarre.mx" }), "https://nucleobarre.mx")).toBe(false);
    // behind a proxy the Host may be internal: PUBLIC_URL's origin is ours too
    const proxied = new Request("http://10.0.0.5:3000/login", {
      method: "POST",
      headers: { host: "10.0.0.5:3000", origin: "https://nucleobarre.mx" },
    });
    expect(isCrossSiteWrite(proxied, "https://nucleobarre.mx")).toBe(false);
    expect(isCrossSiteWrite(post({}), "https://nucleobarre.mx")).toBe(false);
    expect(
      isCrossSiteWrite(
        new Request("https://nucleobarre.mx/", { headers: { origin: "https://evil.example" } }),
        "https://nucleobarre.mx",
      ),
    ).toBe(false);
  });
});
