/**
 * Cities, studios and rooms through the resource kit. Their calls existed before the kit, so the
 * descriptors keep the same paths (`/admin/cities`, `/admin/studios/list`, `/admin/rooms/list`…),
 * answers (`{ Message, id }`, now with the saved `item` too) and audit entries: the lists, reads
 * and writes of `domain/places/admin.ts` plug in through the kit's `list`, `get` and `save` hooks.
 * Deleting a city (refused while it has studios) is declared beside them (api/admin-places.ts).
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import {
  citySchema,
  roomLayoutDto,
  roomSchema,
  studioSchema,
  type CityInput,
  type RoomInput,
  type StudioInput,
} from "~/shared/schemas/places";
import { cities, rooms, studios } from "../db/schema";
import { CSV_MAX_ROWS } from "../domain/lists";
import {
  getCityAdmin,
  getRoomAdmin,
  getStudioAdmin,
  studioAdminView,
  listCitiesAdmin,
  listRoomsAdmin,
  listStudiosAdmin,
  saveCity,
  saveRoom,
  saveStudio,
} from "../domain/places/admin";
import type { ResourceDescriptor, ResourceListQuery } from "../kit/resource";

const TAG = "Back office: ubicaciones";
const idFilter = z.coerce.number().int().positive().max(999_999_999).optional();
/** A CSV export reads the whole filtered list. */
const pageOrAll = (q: ResourceListQuery, all?: boolean) => (all ? { ...q, page: 1, per_page: CSV_MAX_ROWS } : q);

// ─── Cities ───────────────────────────────────────────────────────────────────────────────────────

const cityDto = z.object({ id: z.number(), name: z.string(), suffix: z.string() });
/** `active_studios`: its active studios of its own; 0 keeps the city off the public site ("Sin estudios"). */
const cityRowDto = cityDto.extend({ active: z.boolean(), studios: z.number(), active_studios: z.number() });
export type CityDto = z.infer<typeof cityDto>;
export type CityRow = z.infer<typeof cityRowDto>;

export const citiesResource: ResourceDescriptor<
  typeof cities,
  CityDto,
  CityInput,
  typeof cities.$inferSelect,
  CityRow
> = {
  name: "cities",
  entity: "city",
  apiPath: "/admin/cities",
  tag: TAG,
  labels: { one: t("places.cities.one"), many: t("places.cities.title") },
  table: cities,
  dto: cityDto,
  toDto: (r) => ({ id: r.id, name: r.name, suffix: r.suffix }),
  input: citySchema,
  permissions: { read: "places.read", write: "places.write" },
  search: [cities.name],
  sorts: { name: cities.name },
  defaultSort: { column: cities.sortOrder, dir: "asc" },
  list: (db, q, o) => listCitiesAdmin(db, pageOrAll(q, o.all)),
  listDto: cityRowDto,
  get: getCityAdmin,
  save: async (tx, input, id) => ({ id: await saveCity(tx, input, id ?? undefined), audit: input }),
  messages: { created: t("places.cities.saved"), updated: t("places.cities.saved") },
  csv: {
    filename: "ciudades.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("places.cities.name") },
      { key: "suffix", label: t("places.cities.suffix") },
      { key: "studios", label: t("places.cities.studios") },
    ],
  },
  cacheKeys: ["public:"],
};

// ─── Studios ──────────────────────────────────────────────────────────────────────────────────────

const studioDto = z.object({
  id: z.number(),
  name: z.string(),
  city_id: z.number(),
  address: z.string(),
  phone: z.string(),
  map_url: z.string(),
  image_url: z.string(),
  photos: z.array(z.string()),
  description: z.string(),
  timezone: z.string(),
  active: z.boolean(),
  is_external: z.boolean(),
});
const studioRowDto = z.object({
  id: z.number(),
  name: z.string(),
  city: z.string(),
  address: z.string(),
  phone: z.string(),
  active: z.boolean(),
  is_external: z.boolean(),
});
export type StudioAdminDto = z.infer<typeof studioDto>;
export type StudioRow = z.infer<typeof studioRowDto>;

export const studiosResource: ResourceDescriptor<
  typeof studios,
  StudioAdminDto,
  StudioInput,
  typeof studios.$inferSelect,
  StudioRow
> = {
  name: "studios",
  entity: "studio",
  apiPath: "/admin/studios",
  listPath: "/admin/studios/list",
  tag: TAG,
  labels: { one: t("places.studios.one"), many: t("places.studios.title") },
  table: studios,
  dto: studioDto,
  toDto: studioAdminView,
  input: studioSchema,
  permissions: { read: "places.read", write: "places.write" },
  unique: { slug: { field: "name", message: t("places.studios.duplicateName") } },
  search: [studios.name, studios.address, studios.phone],
  sorts: {},
  defaultSort: { column: studios.sortOrder, dir: "asc" },
  filters: { city: { schema: idFilter, where: () => undefined } },
  active: studios.active,
  list: (db, q, o) => listStudiosAdmin(db, pageOrAll(q, o.all) as never),
  listDto: studioRowDto,
  get: getStudioAdmin,
  save: async (tx, input, id) => ({
    id: await saveStudio(tx, input, id ?? undefined),
    audit: { name: input.name, city_id: input.city_id, active: input.active },
  }),
  messages: { created: t("places.studios.saved"), updated: t("places.studios.saved") },
  csv: {
    filename: "estudios.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("places.studios.name") },
      { key: "city", label: t("places.studios.city") },
      { key: "address", label: t("places.studios.address") },
      { key: "phone", label: t("places.studios.phone") },
      { key: "active", label: t("places.studios.active") },
    ],
  },
  cacheKeys: ["public:"],
};

// ─── Rooms ────────────────────────────────────────────────────────────────────────────────────────

const roomDto = z.object({
  id: z.number(),
  name: z.string(),
  studio_id: z.number(),
  capacity: z.number(),
  active: z.boolean(),
  layout: roomLayoutDto,
});
const roomRowDto = z.object({
  id: z.number(),
  name: z.string(),
  studio: z.string(),
  capacity: z.number(),
  active: z.boolean(),
});
export type RoomAdminDto = z.infer<typeof roomDto>;
export type RoomRow = z.infer<typeof roomRowDto>;

export const roomsResource: ResourceDescriptor<
  typeof rooms,
  RoomAdminDto,
  RoomInput,
  typeof rooms.$inferSelect,
  RoomRow
> = {
  name: "rooms",
  entity: "room",
  apiPath: "/admin/rooms",
  listPath: "/admin/rooms/list",
  tag: TAG,
  labels: { one: t("rooms.one"), many: t("rooms.title") },
  table: rooms,
  dto: roomDto,
  toDto: (r) => ({
    id: r.id,
    name: r.name,
    studio_id: r.studioId,
    capacity: r.capacity,
    active: r.active,
    layout: r.layout ?? { rows: [[1]] },
  }),
  input: roomSchema,
  permissions: { read: "places.read", write: "places.write" },
  search: [rooms.name],
  sorts: {},
  defaultSort: { column: rooms.name, dir: "asc" },
  filters: { studio: { schema: idFilter, where: () => undefined } },
  active: rooms.active,
  list: (db, q, o) => listRoomsAdmin(db, pageOrAll(q, o.all) as never),
  listDto: roomRowDto,
  get: getRoomAdmin,
  // The spots are renumbered in reading order and the capacity follows the map.
  save: async (tx, input, id) => {
    const r = await saveRoom(tx, input, id ?? undefined);
    return { id: r.id, audit: { name: input.name, studio_id: input.studio_id, capacity: r.capacity } };
  },
  messages: { created: t("rooms.saved"), updated: t("rooms.saved") },
  csv: {
    filename: "salones.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("rooms.name") },
      { key: "studio", label: t("rooms.studio") },
      { key: "capacity", label: t("rooms.capacity") },
      { key: "active", label: t("rooms.active") },
    ],
  },
  cacheKeys: ["public:"],
};
