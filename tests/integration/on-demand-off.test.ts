/**
 * Issue 8: with on-demand switched off in configuration, Nucleo Home sells nothing: GET /v2/plans
 * lists no plan and the cart refuses one (the pages show the coming-soon page: e2e admin-content).
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { configurations } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

const app = setupTestApp();
const json = async (r: Response) => (await r.json()) as any;
const setOnDemand = (on: boolean) =>
  app.deps.db.update(configurations).set({ value: on }).where(eq(configurations.key, "on_demand_enabled"));
const addPlan = (token: string, plan_id: number) =>
  app.request("/v2/carts", { method: "POST", token, json: { action: "addPlan", action_param: { plan_id } } });

describe("on-demand switched off", () => {
  it("lists no plan and refuses one in the cart; switched on again, both work", async () => {
    const c = await newCustomer(app);
    const plans = (await json(await app.request("/v2/plans"))).data as { id: number }[];
    expect(plans.length).toBeGreaterThan(0);

    await setOnDemand(false);
    try {
      expect((await json(await app.request("/v2/plans"))).data).toEqual([]);
      const refused = await addPlan(c.token, plans[0].id);
      expect(refused.status).toBe(422);
      expect((await json(refused)).error.messages).toEqual([
        { field: "action_param.plan_id", message: "Nucleo Home aún no está disponible" },
      ]);
      const cart = (await json(await app.request("/v2/carts", { token: c.token }))).data;
      expect(cart.plans ?? []).toEqual([]);
    } finally {
      await setOnDemand(true);
    }

    expect((await json(await app.request("/v2/plans"))).data).toHaveLength(plans.length);
    const added = await addPlan(c.token, plans[0].id);
    expect(added.status).toBe(200);
    expect((await json(added)).data.items.map((i: { scope: string }) => i.scope)).toEqual(["plan"]);
  });
});
