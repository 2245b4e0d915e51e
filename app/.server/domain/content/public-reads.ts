/**
 * The public, read-only data every page asks for, through the installation's short-lived cache
 * (`deps.cache`, `PUBLIC_CACHE_SECONDS`). Same answers as the services it wraps; use these in
 * loaders and public API routes, and the services themselves inside transactions.
 */
import type { AppDeps } from "../../deps";
import { homeData, publicConfigurations } from "./service";
import { listAllStudios, listPublicCities, listSponsors, listStudiosByCity } from "../places/service";

export function publicReads(deps: Pick<AppDeps, "db" | "cache">) {
  const { db, cache } = deps;
  return {
    configurations: () => cache.get("public:configurations", () => publicConfigurations(db)),
    cities: () => cache.get("public:cities", () => listPublicCities(db)),
    studiosByCity: (cityId: number) => cache.get(`public:studios:city:${cityId}`, () => listStudiosByCity(db, cityId)),
    allStudios: () => cache.get("public:studios:all", () => listAllStudios(db)),
    sponsors: (studioId: number | null = null) =>
      cache.get(`public:sponsors:${studioId ?? "site"}`, () => listSponsors(db, studioId)),
    home: () => cache.get("public:home", () => homeData(db)),
  };
}
