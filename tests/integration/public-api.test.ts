import { describe, expect, it } from "vitest";
import { setupTestApp } from "../support/app";

const app = setupTestApp();

describe("public API (spec §7)", () => {
  it("GET /cities lists the active cities with suffix", async () => {
    const res = await app.request("/cities");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.map((c: { name: string }) => c.name)).toEqual(["Ciudad de México", "Monterrey", "Acapulco"]);
    expect(body.data[0]).toMatchObject({ id: 1, suffix: "CDMX" });
  });

  it("GET /studios/city/{city} lists the studios of that city, external ones flagged", async () => {
    const res = await app.request("/studios/city/1");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.length).toBe(4);
    expect(data.every((s: { city_id: number }) => s.city_id === 1)).toBe(true);
    expect(data.filter((s: { is_external: boolean }) => s.is_external).map((s: { name: string }) => s.name)).toEqual([
      "Barre Club Coyoacán (aliado)",
    ]);
  });

  it("the marketplace studio is id 21 in Acapulco", async () => {
    const { data } = await (await app.request("/studios/city/3")).json();
    expect(data).toEqual([expect.objectContaining({ id: 21, is_marketplace: true })]);
  });

  it("a non-numeric city id is a 400 in the error shape, an unknown one a 404", async () => {
    const bad = await app.request("/studios/city/abc");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      errorMessage: "El identificador debe ser un número entero",
      error: { messages: [{ field: "city", message: "El identificador debe ser un número entero" }] },
    });
    const missing = await app.request("/studios/city/999");
    expect(missing.status).toBe(404);
    expect((await missing.json()).errorMessage).toBe("La ciudad no existe");
  });

  it("GET /v2/sponsors gives site sponsors, or the marketplace's with studio_id", async () => {
    const site = await (await app.request("/v2/sponsors")).json();
    expect(site.data.map((s: { name: string }) => s.name)).toContain("Café Tierra Alta");
    expect(site.data[0]).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        link: expect.any(String),
        image: expect.any(String),
        class: expect.any(String),
      }),
    );
    const market = await (await app.request("/v2/sponsors?studio_id=21")).json();
    expect(market.data.map((s: { name: string }) => s.name)).toEqual(["Jugos Mar y Sol", "Artesanías del Puerto"]);
    const bad = await app.request("/v2/sponsors?studio_id=x");
    expect(bad.status).toBe(422);
  });

  it("GET /v2/home-data gives the sections, coaches and class types", async () => {
    const { data } = await (await app.request("/v2/home-data")).json();
    expect(data.sections[0]).toMatchObject({ key: "hero", kind: "hero" });
    expect(data.coaches.length).toBeGreaterThanOrEqual(6);
    expect(data.session_types.length).toBeGreaterThanOrEqual(5);
  });

  it("GET /v2/configurations gives public settings only", async () => {
    const { data } = await (await app.request("/v2/configurations")).json();
    expect(data.help_email).toBe("hola@nucleobarre.mx");
  });

  it("GET /health checks the database", async () => {
    const res = await app.request("/health");
    expect((await res.json()).data).toMatchObject({ status: "ok", database: "ok" });
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });

  it("unknown API paths are 404 in the error shape", async () => {
    const res = await app.request("/nope");
    expect(res.status).toBe(404);
    expect((await res.json()).error.messages).toEqual([]);
  });

  it("the OpenAPI document lists the calls", async () => {
    const doc = await (await app.request("/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/cities", "/api/studios/city/{city}", "/api/v2/home-data"]),
    );
  });
});
