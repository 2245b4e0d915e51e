/**
 * Back office of places: cities and studios (list, create, edit; deleting a city with studios is
 * refused). Every change is audited and clears the public cache (`public:`).
 */
import type { Hono } from "hono";
import { z } from "zod";
import { t } from "~/lib/messages";
import { citySchema, roomSchema, studioSchema } from "~/shared/schemas/places";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { csvResponse, listQuery, pageOf, toCsv } from "../http/pagination";

const apiIdFilter = z.coerce.number().int().positive().max(999_999_999).optional();
import type { Db } from "../db/client";
import { audit } from "../domain/audit/service";
import {
  deleteCity,
  getCityAdmin,
  getRoomAdmin,
  getStudioAdmin,
  listCitiesAdmin,
  listRoomsAdmin,
  saveRoom,
  listStudiosAdmin,
  saveCity,
  saveStudio,
} from "../domain/places/admin";
import { BACK_OFFICE, backOfficeActor, metaSchema } from "./admin-people";

const message = z.object({ data: z.object({ Message: z.string(), id: z.number().optional() }) });
const list = z.object({ data: z.array(z.record(z.string(), z.unknown())), meta: metaSchema });
const TAG = ["Back office: ubicaciones"];

export function adminPlacesRoutes(app: Hono<ApiEnv>) {
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/cities",
      summary: "Ciudades (lista, búsqueda, CSV)",
      tags: TAG,
      guard: BACK_OFFICE,
      query: listQuery,
      response: list,
    },
    async ({ deps, query, auth, c }) => {
      backOfficeActor(c, auth);
      if (query.format === "csv") {
        const { rows } = await listCitiesAdmin(deps.db, { ...query, page: 1, per_page: 10_000 });
        const cols = [
          { key: "id", label: "ID" },
          { key: "name", label: t("places.cities.name") },
          { key: "suffix", label: t("places.cities.suffix") },
          { key: "studios", label: t("places.cities.studios") },
        ];
        return csvResponse("ciudades.csv", toCsv(cols, rows));
      }
      const { rows, total } = await listCitiesAdmin(deps.db, query);
      return pageOf(rows, total, query);
    },
  );

  editableRoutes(app, {
    path: "/admin/cities",
    summaries: ["Una ciudad", "Crea una ciudad", "Edita una ciudad"],
    body: citySchema,
    get: getCityAdmin,
    entity: "city",
    saved: () => t("places.cities.saved"),
    save: async (tx, body, editId) => {
      const id = await saveCity(tx, body, editId);
      return { id, audit: body };
    },
  });

  defineRoute(
    app,
    {
      method: "delete",
      path: "/admin/cities/:id",
      summary: "Elimina una ciudad sin estudios (409 si tiene)",
      tags: TAG,
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: message,
    },
    async ({ deps, params, auth, c }) => {
      const actor = backOfficeActor(c, auth);
      await deps.db.transaction(async (tx) => {
        const city = await deleteCity(tx, params.id);
        await audit(tx, {
          actorUserId: actor.id,
          action: "city.deleted",
          entity: "city",
          entityId: params.id,
          data: { name: city.name },
          ip: actor.ip,
        });
      });
      deps.cache.clear("public:");
      return { data: { Message: t("places.cities.deleted") } };
    },
  );

  const studioQuery = listQuery.extend({ city: apiIdFilter });
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/studios/list",
      summary: "Estudios (lista, búsqueda, filtro por ciudad, CSV)",
      tags: TAG,
      guard: BACK_OFFICE,
      query: studioQuery,
      response: list,
    },
    async ({ deps, query, auth, c }) => {
      backOfficeActor(c, auth);
      if (query.format === "csv") {
        const { rows } = await listStudiosAdmin(deps.db, { ...query, page: 1, per_page: 10_000 });
        const cols = [
          { key: "id", label: "ID" },
          { key: "name", label: t("places.studios.name") },
          { key: "city", label: t("places.studios.city") },
          { key: "address", label: t("places.studios.address") },
          { key: "phone", label: t("places.studios.phone") },
          { key: "active", label: t("places.studios.active") },
        ];
        return csvResponse("estudios.csv", toCsv(cols, rows));
      }
      const { rows, total } = await listStudiosAdmin(deps.db, query);
      return pageOf(rows, total, query);
    },
  );

  editableRoutes(app, {
    path: "/admin/studios",
    summaries: ["Un estudio", "Crea un estudio", "Edita un estudio"],
    body: studioSchema,
    get: getStudioAdmin,
    entity: "studio",
    saved: () => t("places.studios.saved"),
    save: async (tx, body, editId) => {
      const id = await saveStudio(tx, body, editId);
      return { id, audit: { name: body.name, city_id: body.city_id, active: body.active } };
    },
  });

  const roomQuery = listQuery.extend({ studio: apiIdFilter });
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/rooms/list",
      summary: "Salones (lista, búsqueda, filtro por estudio)",
      tags: TAG,
      guard: BACK_OFFICE,
      query: roomQuery,
      response: list,
    },
    async ({ deps, query, auth, c }) => {
      backOfficeActor(c, auth);
      const { rows, total } = await listRoomsAdmin(deps.db, query);
      return pageOf(rows, total, query);
    },
  );

  editableRoutes(app, {
    path: "/admin/rooms",
    summaries: [
      "Un salón con su mapa de lugares",
      "Crea un salón con su mapa (la capacidad sale del mapa)",
      "Edita un salón y su mapa",
    ],
    body: roomSchema,
    get: getRoomAdmin,
    entity: "room",
    saved: () => t("rooms.saved"),
    save: async (tx, body, editId) => {
      const r = await saveRoom(tx, body, editId);
      return { id: r.id, audit: { name: body.name, studio_id: body.studio_id, capacity: r.capacity } };
    },
  });
}

/**
 * `GET {path}/:id`, `POST {path}` and `PUT {path}/:id` of one place entity: the save, its audit entry
 * (`{entity}.created` / `{entity}.updated`) in one transaction, then the public cache cleared.
 */
function editableRoutes<S extends z.ZodType>(
  app: Hono<ApiEnv>,
  spec: {
    path: string;
    /** Get one, create, edit. */
    summaries: [string, string, string];
    body: S;
    get: (db: Db, id: number) => Promise<unknown>;
    entity: string;
    saved: () => string;
    save: (
      tx: Db,
      body: z.infer<S>,
      editId: number | undefined,
    ) => Promise<{ id: number; audit: Record<string, unknown> }>;
  },
) {
  defineRoute(
    app,
    {
      method: "get",
      path: `${spec.path}/:id`,
      summary: spec.summaries[0],
      tags: TAG,
      guard: BACK_OFFICE,
      params: idParam("id"),
    },
    async ({ deps, params, auth, c }) => {
      backOfficeActor(c, auth);
      return { data: await spec.get(deps.db, params.id) };
    },
  );

  for (const method of ["post", "put"] as const) {
    defineRoute(
      app,
      {
        method,
        path: method === "post" ? spec.path : `${spec.path}/:id`,
        summary: method === "post" ? spec.summaries[1] : spec.summaries[2],
        tags: TAG,
        guard: BACK_OFFICE,
        params: method === "post" ? z.object({}) : idParam("id"),
        body: spec.body,
        response: message,
        status: method === "post" ? 201 : 200,
      },
      async ({ deps, params, body, auth, c }) => {
        const actor = backOfficeActor(c, auth);
        const editId = (params as { id?: number }).id;
        const id = await deps.db.transaction(async (tx) => {
          const saved = await spec.save(tx, body as z.infer<S>, editId);
          await audit(tx, {
            actorUserId: actor.id,
            action: editId ? `${spec.entity}.updated` : `${spec.entity}.created`,
            entity: spec.entity,
            entityId: saved.id,
            data: saved.audit,
            ip: actor.ip,
          });
          return saved.id;
        });
        deps.cache.clear("public:");
        return { data: { Message: spec.saved(), id } };
      },
    );
  }
}
