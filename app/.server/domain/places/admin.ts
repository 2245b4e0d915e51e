/**
 * Back office of cities and studios: lists, create, edit, delete. Names are unique
 * (case-insensitive); a city with studios cannot be deleted. Callers clear the public cache.
 */
import { and, asc, count, desc, eq, ilike, ne, or, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { phoneSearchDigits } from "~/shared/mexico/phone";
import { numberSpots, type CityInput, type RoomInput, type StudioInput } from "~/shared/schemas/places";
import type { Db } from "../../db/client";
import { cities, rooms, studios } from "../../db/schema";
import { AppError } from "../errors";
import type { Actor } from "../people/access";
import { inTransaction } from "../tx";
import { likePattern, offsetOf, type ListQuery } from "../lists";

const slugify = (v: string) =>
  v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "estudio";

export async function listCitiesAdmin(db: Db, q: ListQuery) {
  const where = q.search ? ilike(cities.name, likePattern(q.search)) : undefined;
  const n = sql<number>`(select count(*)::int from ${studios} where ${studios.cityId} = ${cities.id})`;
  const open = sql<number>`(select count(*)::int from studios s where s.city_id = "cities"."id" and s.active and not s.is_external)`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: cities.id,
        name: cities.name,
        suffix: cities.suffix,
        active: cities.active,
        studios: n,
        active_studios: open,
      })
      .from(cities)
      .where(where)
      .orderBy(q.sort === "name" && q.dir === "desc" ? desc(cities.name) : asc(cities.sortOrder), asc(cities.name))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(cities).where(where),
  ]);
  return { rows, total };
}

export async function getCityAdmin(db: Db, id: number) {
  const [row] = await db
    .select({ id: cities.id, name: cities.name, suffix: cities.suffix })
    .from(cities)
    .where(eq(cities.id, id));
  if (!row) throw AppError.notFound(t("places.cities.notFound"));
  return row;
}

async function assertCityNameFree(db: Db, name: string, exceptId?: number) {
  const [dup] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(sql`lower(${cities.name}) = lower(${name})`, exceptId ? ne(cities.id, exceptId) : undefined));
  if (dup)
    throw AppError.conflict(t("places.cities.duplicateName"), [
      { field: "name", message: t("places.cities.duplicateName") },
    ]);
}

export async function saveCity(db: Db, input: CityInput, id?: number) {
  await assertCityNameFree(db, input.name, id);
  if (id) {
    const rows = await db
      .update(cities)
      .set({ name: input.name, suffix: input.suffix, updatedAt: sql`now()` })
      .where(eq(cities.id, id))
      .returning({ id: cities.id });
    if (!rows.length) throw AppError.notFound(t("places.cities.notFound"));
    return id;
  }
  const [row] = await db
    .insert(cities)
    .values({ name: input.name, suffix: input.suffix, countryId: 1 })
    .returning({ id: cities.id });
  return row.id;
}

/** Refused (409) while the city still has studios: nothing changes. */
/** Deletes a city without studios (409 if it has any), audited in the same change. */
export function deleteCity(db: Db, actor: Actor, id: number) {
  return inTransaction(db, async ({ tx, audit }) => {
    const city = await getCityAdmin(tx, id);
    const [{ n }] = await tx.select({ n: count() }).from(studios).where(eq(studios.cityId, id));
    if (n > 0) throw AppError.conflict(t("places.cities.hasStudios", { name: city.name, count: n }));
    await tx.delete(cities).where(eq(cities.id, id));
    audit({
      actorUserId: actor.id,
      action: "city.deleted",
      entity: "city",
      entityId: id,
      data: { name: city.name },
      ip: actor.ip,
    });
    return city;
  });
}

/** `status` of the kit's lists: only active or only inactive rows. */
type StatusFilter = { status?: unknown };
const activeIs = (q: StatusFilter) => (q.status === "active" ? true : q.status === "inactive" ? false : null);

export async function listStudiosAdmin(db: Db, q: ListQuery & { city?: number } & StatusFilter) {
  const conds = [];
  if (q.city) conds.push(eq(studios.cityId, q.city));
  if (activeIs(q) !== null) conds.push(eq(studios.active, activeIs(q)!));
  if (q.search) {
    const p = likePattern(q.search);
    // Phones are stored as 10 digits: "+52 55 1234 5678" or "55-1234-5678" look for those digits.
    const digits = phoneSearchDigits(q.search);
    conds.push(
      or(
        ilike(studios.name, p),
        ilike(studios.address, p),
        ilike(studios.phone, p),
        digits ? ilike(studios.phone, likePattern(digits)) : undefined,
      ),
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: studios.id,
        name: studios.name,
        city: cities.name,
        address: studios.address,
        phone: studios.phone,
        active: studios.active,
        is_external: studios.isExternal,
      })
      .from(studios)
      .innerJoin(cities, eq(cities.id, studios.cityId))
      .where(where)
      .orderBy(asc(cities.sortOrder), asc(studios.sortOrder), asc(studios.name))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(studios).where(where),
  ]);
  return { rows, total };
}

/** A studio as the back office edits it (blank links as ""). */
export function studioAdminView(r: typeof studios.$inferSelect) {
  return {
    id: r.id,
    name: r.name,
    city_id: r.cityId,
    address: r.address,
    phone: r.phone,
    map_url: r.mapUrl ?? "",
    image_url: r.imageUrl ?? "",
    photos: r.photos,
    description: r.description,
    timezone: r.timezone,
    active: r.active,
    is_external: r.isExternal,
  };
}

export async function getStudioAdmin(db: Db, id: number) {
  const [r] = await db.select().from(studios).where(eq(studios.id, id));
  if (!r) throw AppError.notFound(t("places.studios.notFound"));
  return studioAdminView(r);
}

export async function saveStudio(db: Db, input: StudioInput, id?: number) {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.id, input.city_id));
  if (!city) throw AppError.validation([{ field: "city_id", message: t("places.studios.cityRequired") }]);
  const [dup] = await db
    .select({ id: studios.id })
    .from(studios)
    .where(and(sql`lower(${studios.name}) = lower(${input.name})`, id ? ne(studios.id, id) : undefined));
  if (dup)
    throw AppError.conflict(t("places.studios.duplicateName"), [
      { field: "name", message: t("places.studios.duplicateName") },
    ]);
  const values = {
    name: input.name,
    cityId: input.city_id,
    address: input.address,
    phone: input.phone,
    mapUrl: input.map_url || null,
    imageUrl: input.image_url || null,
    photos: input.photos,
    description: input.description,
    timezone: input.timezone,
    active: input.active,
    isExternal: input.is_external,
  };
  if (id) {
    const rows = await db
      .update(studios)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(studios.id, id))
      .returning({ id: studios.id });
    if (!rows.length) throw AppError.notFound(t("places.studios.notFound"));
    return id;
  }
  let slug = slugify(input.name);
  const [taken] = await db.select({ id: studios.id }).from(studios).where(eq(studios.slug, slug));
  if (taken) slug = `${slug}-${Date.now().toString(36)}`;
  const [row] = await db
    .insert(studios)
    .values({ ...values, slug })
    .returning({ id: studios.id });
  return row.id;
}

// ---------- rooms ----------

export async function listRoomsAdmin(db: Db, q: ListQuery & { studio?: number } & StatusFilter) {
  const conds = [];
  if (q.studio) conds.push(eq(rooms.studioId, q.studio));
  if (activeIs(q) !== null) conds.push(eq(rooms.active, activeIs(q)!));
  if (q.search) conds.push(ilike(rooms.name, likePattern(q.search)));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: rooms.id,
        name: rooms.name,
        studio: studios.name,
        capacity: rooms.capacity,
        active: rooms.active,
      })
      .from(rooms)
      .innerJoin(studios, eq(studios.id, rooms.studioId))
      .where(where)
      .orderBy(asc(studios.name), asc(rooms.name))
      .limit(q.per_page)
      .offset(offsetOf(q)),
    db.select({ total: count() }).from(rooms).where(where),
  ]);
  return { rows, total };
}

export async function getRoomAdmin(db: Db, id: number) {
  const [r] = await db.select().from(rooms).where(eq(rooms.id, id));
  if (!r) throw AppError.notFound(t("rooms.notFound"));
  return {
    id: r.id,
    name: r.name,
    studio_id: r.studioId,
    capacity: r.capacity,
    active: r.active,
    layout: r.layout ?? { rows: [[1]] },
  };
}

/** Saves a room; the spots are renumbered in reading order and the capacity follows the map. */
export async function saveRoom(db: Db, input: RoomInput, id?: number) {
  const [studio] = await db.select({ id: studios.id }).from(studios).where(eq(studios.id, input.studio_id));
  if (!studio) throw AppError.validation([{ field: "studio_id", message: t("rooms.studioRequired") }]);
  const [dup] = await db
    .select({ id: rooms.id })
    .from(rooms)
    .where(
      and(
        eq(rooms.studioId, input.studio_id),
        sql`lower(${rooms.name}) = lower(${input.name})`,
        id ? ne(rooms.id, id) : undefined,
      ),
    );
  if (dup) throw AppError.conflict(t("rooms.duplicateName"), [{ field: "name", message: t("rooms.duplicateName") }]);
  const width = Math.max(...input.layout.rows.map((r) => r.length));
  const grid = numberSpots(input.layout.rows.map((r) => Array.from({ length: width }, (_, i) => r[i] != null)));
  const capacity = grid.flat().filter((c) => c !== null).length;
  const layout = { ...input.layout, rows: grid };
  const values = { name: input.name, studioId: input.studio_id, active: input.active, capacity, layout };
  if (id) {
    const rowsUpdated = await db
      .update(rooms)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(rooms.id, id))
      .returning({ id: rooms.id });
    if (!rowsUpdated.length) throw AppError.notFound(t("rooms.notFound"));
    return { id, capacity };
  }
  const [row] = await db.insert(rooms).values(values).returning({ id: rooms.id });
  return { id: row.id, capacity };
}
