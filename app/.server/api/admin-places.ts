/**
 * Back office of places: cities, studios and rooms through the resource kit (resources/places.ts:
 * same paths, answers and audit entries as before the kit), plus what only cities have: deleting
 * one, refused (409) while it still has studios. Every change is audited and clears the public
 * cache (`public:`).
 */
import type { Hono } from "hono";
import { messageAnswer } from "~/shared/schemas/answers";
import { shiftStudiosAnswer } from "~/shared/schemas/shifts-answers";
import { t } from "~/lib/messages";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { assertCan } from "../domain/people/access";
import { deleteCity } from "../domain/places/admin";
import { studiosForShifts } from "../domain/places/service";
import { citiesResource, roomsResource, studiosResource } from "../resources/places";
import { assertShiftStaff, BACK_OFFICE, backOfficeActor } from "./back-office";
import { resourceRoutes } from "./resource-routes";

const message = messageAnswer;

export function adminPlacesRoutes(app: Hono<ApiEnv>) {
  resourceRoutes(app, citiesResource);
  defineRoute(
    app,
    {
      method: "delete",
      path: "/admin/cities/:id",
      summary: "Elimina una ciudad sin estudios (409 si tiene)",
      tags: [citiesResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: message,
    },
    async ({ deps, params, auth, c }) => {
      const actor = assertCan(backOfficeActor(c, auth), citiesResource.permissions.write);
      await deleteCity(deps.db, actor, params.id);
      deps.cache.clear("public:");
      return { data: { Message: t("places.cities.deleted") } };
    },
  );
  // Spec §7 `GET /admin/studios` (the shift-start screen): every studio with its active flag, for any
  // staff account that opens a shift. The back office's own list stays `/admin/studios/list`.
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/studios",
      summary: "Estudios para el inicio de turno (con su marca de activo); cualquier cuenta del personal",
      tags: [studiosResource.tag],
      guard: "auth",
      response: shiftStudiosAnswer,
    },
    async ({ auth, deps }) => {
      assertShiftStaff(auth);
      return { data: await studiosForShifts(deps.db) };
    },
  );
  resourceRoutes(app, studiosResource);
  resourceRoutes(app, roomsResource);
}
