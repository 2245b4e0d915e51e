import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { AppDeps } from "../../app/.server/deps";
import { defineRoute, type ApiEnv } from "../../app/.server/http/api";

/** A tiny API with one route whose handler answers `answer`, under the given NODE_ENV. */
function apiAnswering(answer: unknown, nodeEnv: "test" | "production") {
  const app = new Hono<ApiEnv>();
  app.use(async (c, next) => {
    c.set("deps", { config: { NODE_ENV: nodeEnv } } as unknown as AppDeps);
    c.set("auth", { user: null } as never);
    await next();
  });
  defineRoute(
    app,
    {
      method: "get",
      path: "/thing",
      summary: "Una cosa",
      tags: ["t"],
      response: z.object({ data: z.object({ id: z.number(), when: z.string() }) }),
    },
    () => answer as never,
  );
  app.onError((err, c) => c.json({ error: err.message }, 500));
  return app;
}

/** Under test every answer is held to its response schema (app/.server/http/api.ts, issue 7). */
describe("answers held to their schema under test", () => {
  it("lets a matching answer through, as JSON (a date is its ISO string)", async () => {
    const res = await apiAnswering({ data: { id: 1, when: new Date(0) } }, "test").request("/thing");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { id: 1, when: "1970-01-01T00:00:00.000Z" } });
  });

  it("turns an answer that does not match into a 500 naming the route and the field", async () => {
    const res = await apiAnswering({ data: { id: "1", when: "x" } }, "test").request("/thing");
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toMatch(/^GET \/thing: .*data\.id/);
  });

  it("does not check in production (the schema is the API's documentation there)", async () => {
    const res = await apiAnswering({ data: { id: "1", when: "x" } }, "production").request("/thing");
    expect(res.status).toBe(200);
  });
});
