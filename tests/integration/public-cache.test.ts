import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ttlCache } from "../../app/.server/cache/ttl";
import { cities, homeSections, sponsors as sponsorsTable } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";

/** With the public cache on (as in production), public reads are served from it until cleared. */
const app = setupTestApp({ cache: ttlCache(60_000) });

describe("public read cache", () => {
  it("serves the cities from the cache; clear() shows a change at once", async () => {
    const first = (await (await app.request("/cities")).json()).data;
    const target = first[0];
    await app.deps.db.update(cities).set({ name: "Ciudad Renombrada" }).where(eq(cities.id, target.id));
    const cached = (await (await app.request("/cities")).json()).data;
    expect(cached[0].name).toBe(target.name);
    app.deps.cache.clear("public:");
    const fresh = (await (await app.request("/cities")).json()).data;
    expect(fresh.find((c: { id: number }) => c.id === target.id).name).toBe("Ciudad Renombrada");
  });

  it("home data and sponsors go through it too", async () => {
    app.deps.cache.clear();
    const home = (await (await app.request("/v2/home-data")).json()).data;
    const sponsors = (await (await app.request("/v2/sponsors")).json()).data;
    await app.deps.db.update(homeSections).set({ title: "Título nuevo" });
    await app.deps.db.update(sponsorsTable).set({ name: "Patrocinador nuevo" });
    expect((await (await app.request("/v2/home-data")).json()).data).toEqual(home);
    expect((await (await app.request("/v2/sponsors")).json()).data).toEqual(sponsors);
    app.deps.cache.clear();
    const fresh = (await (await app.request("/v2/home-data")).json()).data;
    expect(fresh.sections.every((s: { title: string }) => s.title === "Título nuevo")).toBe(true);
    const freshSponsors = (await (await app.request("/v2/sponsors")).json()).data;
    expect(freshSponsors.every((s: { name: string }) => s.name === "Patrocinador nuevo")).toBe(true);
  });
});
