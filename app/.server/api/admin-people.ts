/**
 * Back-office people API: customers (/admin/users), administrators (/admin/administrators) and
 * all staff (/admin/employees), each derived by the resource kit from its descriptor
 * (resources/people.ts), plus the two reads the descriptors do not cover.
 */
import type { Hono } from "hono";
import { z } from "zod";
import type { CustomerCredits } from "~/shared/types/credits";
import { shiftEmployeesAnswer } from "~/shared/schemas/shifts-answers";
import { defineRoute, idParam, type ApiEnv } from "../http/api";
import { customerCredits } from "../domain/credits/reader";
import { assertCan } from "../domain/people/access";
import { employeesOfStudio } from "../domain/people/staff";
import { getResource } from "../kit/resource";
import { administratorsResource, customersResource, employeesResource } from "../resources/people";
import { assertShiftStaff, BACK_OFFICE, backOfficeActor } from "./back-office";
import { resourceRoutes } from "./resource-routes";

// Shared by every back-office router (kept here too for existing imports).
export { BACK_OFFICE, backOfficeActor, clientIp, metaSchema } from "./back-office";

/** A customer's credits (the detail's tab): balances per city and On Demand, and every lot. */
const creditsAnswer = z.object({
  data: z.object({
    balances: z.object({
      in_person: z.array(
        z.object({ city_id: z.number(), city_name: z.string(), available: z.number(), unlimited: z.boolean() }),
      ),
      on_demand: z.union([z.number(), z.literal("UNLIMITED")]),
    }),
    lots: z.array(
      z.object({
        id: z.number(),
        scope: z.enum(["in_person", "on_demand"]),
        city_id: z.number().nullable(),
        city_name: z.string().nullable(),
        quantity: z.number().nullable(),
        remaining: z.number(),
        starts_at: z.string(),
        expires_at: z.string(),
        source: z.enum(["purchase", "courtesy", "gift", "adjustment", "reward"]),
        state: z.enum(["active", "upcoming", "expired", "used"]),
        created_at: z.string(),
      }),
    ),
  }) satisfies z.ZodType<CustomerCredits>,
});

export function adminPeopleRoutes(app: Hono<ApiEnv>) {
  // ---------------------------------------------------------------- customers (/admin/users)
  resourceRoutes(app, customersResource);

  // The customer detail's credits tab.
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/users/:id/credits",
      summary: "Créditos de un cliente: saldo vigente por ciudad y On Demand, y cada lote con su estado",
      tags: [customersResource.tag],
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: creditsAnswer,
    },
    async ({ c, auth, deps, params }) => {
      assertCan(backOfficeActor(c, auth), customersResource.permissions.read);
      await getResource(deps.db, customersResource, params.id);
      return { data: await customerCredits(deps.db, params.id, deps.clock()) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/employee/list/studio/:studio",
      summary: "Empleados de un estudio para el formulario de inicio de turno (id = id_employee)",
      tags: [employeesResource.tag],
      guard: "auth",
      params: idParam("studio"),
      response: shiftEmployeesAnswer,
    },
    async ({ auth, deps, params }) => {
      assertShiftStaff(auth);
      return { data: await employeesOfStudio(deps.db, params.studio) };
    },
  );

  // ------------------------------------------ staff (/admin/administrators, /admin/employees)
  resourceRoutes(app, administratorsResource);
  resourceRoutes(app, employeesResource);
}
