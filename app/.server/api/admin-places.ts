/**
 * Back office of places: cities, studios and rooms through the resource kit (resources/places.ts:
 * same paths, answers and audit entries as before the kit), plus what only cities have: deleting
 * one, refused (409) while it still has studios. Every change is audited and clears the public
 * cache (`public:`).
 */
import type { Hono } from "hono";
import { messageAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { assertCan } from "../domain/people/access";
import { deleteCity } from "../domain/places/admin";
import { inTransaction } from "../domain/tx";
import { citiesResource, roomsResource, studiosResource } from "../resources/places";
import { BACK_OFFICE, backOfficeActor } from "./admin-people";
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
      await inTransaction(deps.db, async ({ tx, audit }) => {
        const city = await deleteCity(tx, params.id);
        audit({
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
  resourceRoutes(app, studiosResource);
  resourceRoutes(app, roomsResource);
}
