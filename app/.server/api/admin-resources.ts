/** The back-office resources built with the kit: one line each, plus their own extra calls. */
import type { Hono } from "hono";
import { z } from "zod";
import { assertCan } from "../domain/people/access";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { getResource } from "../kit/resource";
import { countriesResource, stateDto, statesOf } from "../resources/countries";
import { sponsorsResource } from "../resources/sponsors";
import { BACK_OFFICE, backOfficeActor } from "./admin-people";
import { resourceRoutes } from "./resource-routes";

export function adminResourceRoutes(app: Hono<ApiEnv>) {
  resourceRoutes(app, countriesResource);
  // Countries extend the kit with their states (read-only).
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/countries/:id/states",
      summary: "Estados de un país (solo lectura)",
      tags: [countriesResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: z.object({ data: z.array(stateDto) }),
    },
    async ({ c, auth, deps, params }) => {
      assertCan(backOfficeActor(c, auth), countriesResource.permissions.read);
      await getResource(deps.db, countriesResource, params.id);
      return { data: await statesOf(deps.db, params.id) };
    },
  );
  resourceRoutes(app, sponsorsResource);
}
