import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { cities, coaches, sessionTypes, sponsors, studios } from "../../db/schema";

export interface CityDto {
  id: number;
  name: string;
  suffix: string;
  timezone: string;
}

export interface StudioDto {
  id: number;
  city_id: number;
  name: string;
  slug: string;
  address: string;
  phone: string;
  description: string;
  image_url: string | null;
  map_url: string | null;
  active: boolean;
  is_external: boolean;
  is_marketplace: boolean;
}

/**
 * A city is on the public site (city lists and pickers, the home, Ubicaciones, the customer's
 * choices) once it has an active studio of its own; an allied (external) studio alone does not
 * make it bookable here. A new city stays hidden until then; staff see it marked.
 */
export const hasOwnStudio = sql<boolean>`exists (select 1 from studios s where s.city_id = "cities"."id" and s.active and not s.is_external)`;

/** The active cities the public sees: those with an active studio of their own. */
export async function listPublicCities(db: Db): Promise<CityDto[]> {
  return db
    .select({ id: cities.id, name: cities.name, suffix: cities.suffix, timezone: cities.timezone })
    .from(cities)
    .where(and(eq(cities.active, true), hasOwnStudio))
    .orderBy(asc(cities.sortOrder), asc(cities.name));
}

/** Every active city for the back office's selects, one without a studio of its own marked so. */
export async function staffCityOptions(db: Db): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .select({ id: cities.id, name: cities.name, open: hasOwnStudio })
    .from(cities)
    .where(eq(cities.active, true))
    .orderBy(asc(cities.sortOrder), asc(cities.name));
  return rows.map((c) => ({
    value: String(c.id),
    label: c.open ? c.name : t("places.cities.noStudiosOption", { name: c.name }),
  }));
}

/** Every active city, with or without studios (staff screens and the credits counters). */
export async function listCities(db: Db): Promise<CityDto[]> {
  const rows = await db
    .select({ id: cities.id, name: cities.name, suffix: cities.suffix, timezone: cities.timezone })
    .from(cities)
    .where(eq(cities.active, true))
    .orderBy(asc(cities.sortOrder), asc(cities.name));
  return rows;
}

/** A city of the public site (active, with an active studio of its own), else null. */
export async function findCity(db: Db, id: number) {
  const [row] = await db
    .select()
    .from(cities)
    .where(and(eq(cities.id, id), eq(cities.active, true), hasOwnStudio));
  return row ?? null;
}

const studioColumns = {
  id: studios.id,
  city_id: studios.cityId,
  name: studios.name,
  slug: studios.slug,
  address: studios.address,
  phone: studios.phone,
  description: studios.description,
  image_url: studios.imageUrl,
  map_url: studios.mapUrl,
  active: studios.active,
  is_external: studios.isExternal,
  is_marketplace: studios.isMarketplace,
};

/** Active studios of a city, external ones included (menus hide them, booking links need them). */
export async function listStudiosByCity(db: Db, cityId: number): Promise<StudioDto[]> {
  return db
    .select(studioColumns)
    .from(studios)
    .where(and(eq(studios.cityId, cityId), eq(studios.active, true)))
    .orderBy(asc(studios.sortOrder), asc(studios.name));
}

export async function listAllStudios(db: Db): Promise<StudioDto[]> {
  return db
    .select(studioColumns)
    .from(studios)
    .where(eq(studios.active, true))
    .orderBy(asc(studios.cityId), asc(studios.sortOrder), asc(studios.name));
}

/** Every studio, inactive ones too, with its active flag (spec §7 `GET /admin/studios`, the shift-start screen). */
export async function studiosForShifts(db: Db) {
  return db
    .select({ id: studios.id, name: studios.name, city_id: studios.cityId, active: studios.active })
    .from(studios)
    .orderBy(asc(studios.cityId), asc(studios.sortOrder), asc(studios.name));
}

export interface SponsorDto {
  id: number;
  name: string;
  link: string;
  image: string;
  class: string;
}

/** Site-wide sponsors, or those of one studio (the marketplace) when `studioId` is given. */
export async function listSponsors(db: Db, studioId?: number | null): Promise<SponsorDto[]> {
  return db
    .select({
      id: sponsors.id,
      name: sponsors.name,
      link: sponsors.link,
      image: sponsors.imageUrl,
      class: sponsors.className,
    })
    .from(sponsors)
    .where(and(eq(sponsors.active, true), studioId ? eq(sponsors.studioId, studioId) : isNull(sponsors.studioId)))
    .orderBy(asc(sponsors.sortOrder), asc(sponsors.name));
}

export async function listCoaches(db: Db) {
  return db
    .select({
      id: coaches.id,
      name: coaches.name,
      last_name: coaches.lastName,
      slug: coaches.slug,
      bio: coaches.bio,
      quote: coaches.quote,
      instagram: coaches.instagram,
      image_url: coaches.imageUrl,
    })
    .from(coaches)
    .where(eq(coaches.active, true))
    .orderBy(asc(coaches.sortOrder), asc(coaches.name));
}

export async function listSessionTypes(db: Db) {
  return db
    .select({
      id: sessionTypes.id,
      name: sessionTypes.name,
      slug: sessionTypes.slug,
      description: sessionTypes.description,
      color: sessionTypes.color,
      image_url: sessionTypes.imageUrl,
      duration_minutes: sessionTypes.durationMinutes,
      intensity: sessionTypes.intensity,
    })
    .from(sessionTypes)
    .where(or(eq(sessionTypes.active, true)))
    .orderBy(asc(sessionTypes.sortOrder), asc(sessionTypes.name));
}
