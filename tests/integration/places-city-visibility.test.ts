/**
 * Issue 20, item 10: a new city with no studio of its own stays off the public site (GET /cities,
 * its studios, the pickers fed by them) until it has an active one; an allied (external) studio
 * alone does not count. Staff see it in their selects, marked "(sin estudios)".
 */
import { describe, expect, it } from "vitest";
import { listPacks } from "../../app/.server/domain/commerce/catalogue";
import { staffCityOptions } from "../../app/.server/domain/places/service";
import { packs, studios } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { createCity, createStudio, unique } from "../support/factories";

const app = setupTestApp();

const publicCityIds = async () => {
  app.deps.cache.clear("public:");
  const body = (await (await app.request("/cities")).json()) as { data: { id: number }[] };
  return body.data.map((c) => c.id);
};

describe("a new city without studios", () => {
  it("is hidden from the public until it has an active studio of its own; staff see it marked", async () => {
    const city = await createCity(app.deps.db, { name: `Mérida ${unique()}` });
    expect(await publicCityIds()).not.toContain(city.id);
    expect((await app.request(`/studios/city/${city.id}`)).status).toBe(404);
    expect(await staffCityOptions(app.deps.db)).toContainEqual({
      value: String(city.id),
      label: `${city.name} (sin estudios)`,
    });
    // An allied studio, or an inactive one, does not open it.
    await app.deps.db
      .insert(studios)
      .values({ cityId: city.id, name: "Aliado", slug: `aliado-${unique()}`, isExternal: true });
    await createStudio(app.deps.db, { cityId: city.id, active: false });
    expect(await publicCityIds()).not.toContain(city.id);
    // Its first active studio: on the public site, unmarked for staff.
    await createStudio(app.deps.db, { cityId: city.id });
    expect(await publicCityIds()).toContain(city.id);
    expect((await app.request(`/studios/city/${city.id}`)).status).toBe(200);
    expect(await staffCityOptions(app.deps.db)).toContainEqual({ value: String(city.id), label: city.name });
  });
  it("keeps its packs off the public packs list (GET /v2/packs, /buy-sessions) until it has a studio", async () => {
    const city = await createCity(app.deps.db, { name: `Oaxaca ${unique()}` });
    const [pack] = await app.deps.db
      .insert(packs)
      .values({ cityId: city.id, name: `Paquete ${unique()}`, sessions: 5, validityDays: 30, priceCents: 900_00 })
      .returning();
    const apiPackIds = async (query = "") => {
      const body = (await (await app.request(`/v2/packs${query}`)).json()) as { data: { id: number }[] };
      return body.data.map((p) => p.id);
    };
    // Hidden city: not in the API (all cities or asked by its id), nor in /buy-sessions' list.
    expect(await apiPackIds()).not.toContain(pack!.id);
    expect(await apiPackIds(`?city_id=${city.id}`)).toEqual([]);
    expect((await listPacks(app.deps.db)).map((p) => p.id)).not.toContain(pack!.id);
    // An allied studio does not open it; its first studio of its own does.
    await app.deps.db
      .insert(studios)
      .values({ cityId: city.id, name: "Aliado", slug: `aliado-${unique()}`, isExternal: true });
    expect(await apiPackIds()).not.toContain(pack!.id);
    await createStudio(app.deps.db, { cityId: city.id });
    expect(await apiPackIds()).toContain(pack!.id);
    expect((await listPacks(app.deps.db)).map((p) => p.id)).toContain(pack!.id);
  });
});
