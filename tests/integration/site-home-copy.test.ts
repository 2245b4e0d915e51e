import { describe, expect, it } from "vitest";
import { setupTestApp } from "../support/app";

/** Issue 12, usability 8: the home's answer states the figures its own data gives. */
const app = setupTestApp();

describe("GET /api/v2/home-data", () => {
  it("the copy's figures agree with the studios, cities and class types", async () => {
    const res = await app.request("/v2/home-data");
    expect(res.status).toBe(200);
    const body = await res.json();
    const home = body.data ?? body;
    const locations = home.sections.find((s: { kind: string }) => s.kind === "locations");
    const hero = home.sections.find((s: { kind: string }) => s.kind === "hero");
    expect(locations.subtitle).toMatch(/^\d+ estudios en \d+ ciudades, y contando\.$/);
    expect(JSON.stringify(home.sections)).not.toMatch(/\{(studios|cities|minutes)\}/);
    const durations = home.session_types.map((t: { duration_minutes: number }) => t.duration_minutes);
    const min = Math.min(...durations);
    const max = Math.max(...durations);
    expect(hero.subtitle).toContain(min === max ? `Clases de ${max} minutos` : `Clases de ${min} a ${max} minutos`);
    // The demo data: 5 own studios (Santa Fe is external, the marketplace counts) in 3 cities.
    expect(locations.subtitle).not.toContain("Siete");
  });
});
