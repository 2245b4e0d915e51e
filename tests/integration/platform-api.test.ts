import type { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApi } from "../../app/.server/api";
import { defineRoute, type ApiEnv } from "../../app/.server/http/api";
import { t } from "../../app/lib/messages";
import { setupTestApp } from "../support/app";
import { createCustomer, sessionFor } from "../support/factories";

/**
 * Cross-cutting behaviour of /api: body parsing, XSRF, headers. The POST calls go to a route
 * declared here, on a fresh `createApi(deps)`, so that these rules are tested on their own
 * whatever real routes exist.
 */
const app = setupTestApp();
let api: Hono<ApiEnv>;
let token: string;
const xsrf = "xsrf-value-for-this-test";

beforeAll(async () => {
  api = createApi(app.deps);
  defineRoute(
    api,
    {
      method: "post",
      path: "/__test/echo",
      summary: "test only",
      tags: ["Test"],
      body: z.object({ name: z.string().min(1, "El nombre es obligatorio") }),
      guard: "auth",
    },
    ({ body, auth }) => ({ data: { Message: `hola ${body.name}`, via: auth.via } }),
  );
  token = await sessionFor(app.deps.db, await createCustomer(app.deps.db));
});

const post = (headers: Record<string, string>, body: string) =>
  api.request("/__test/echo", { method: "POST", headers, body });
const bearer = () => ({ authorization: `Bearer ${token}` });

describe("request bodies", () => {
  it("a JSON body and a form body both reach the handler", async () => {
    const json = await post({ ...bearer(), "content-type": "application/json" }, JSON.stringify({ name: "Ana" }));
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ data: { Message: "hola Ana", via: "bearer" } });
    const form = await post({ ...bearer(), "content-type": "application/x-www-form-urlencoded" }, "name=Luz");
    expect((await form.json()).data.Message).toBe("hola Luz");
  });

  it("malformed JSON is a 400 in the error shape", async () => {
    const res = await post({ ...bearer(), "content-type": "application/json" }, '{"name": "Ana"');
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      errorMessage: t("errors.invalidJson"),
      error: { Message: t("errors.invalidJson"), messages: [] },
    });
  });

  it("a JSON array is refused like malformed JSON", async () => {
    const res = await post({ ...bearer(), "content-type": "application/json" }, "[1,2]");
    expect(res.status).toBe(400);
  });

  it("an unsupported content type is a 415", async () => {
    const res = await post({ ...bearer(), "content-type": "text/plain" }, "name=Ana");
    expect(res.status).toBe(415);
    expect((await res.json()).errorMessage).toBe(t("errors.unsupportedMediaType"));
  });

  it("JSON sent without a content type is a 415, not silently parsed as a form", async () => {
    const res = await api.request("/__test/echo", {
      method: "POST",
      headers: bearer(),
      body: new TextEncoder().encode('{"name":"Ana"}'),
    });
    expect(res.status).toBe(415);
  });

  it("a body over 1 MB is a 413", async () => {
    const res = await post(
      { ...bearer(), "content-type": "application/x-www-form-urlencoded" },
      `name=${"a".repeat(1_100_000)}`,
    );
    expect(res.status).toBe(413);
  });

  it("a failed validation is a 422 naming the field", async () => {
    const res = await post({ ...bearer(), "content-type": "application/json" }, JSON.stringify({ name: "" }));
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({
      errorMessage: "El nombre es obligatorio",
      error: { messages: [{ field: "name", message: "El nombre es obligatorio" }] },
    });
  });
});

describe("XSRF", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };

  it("a POST with the session cookie and no X-XSRF-TOKEN header is refused with 403", async () => {
    const res = await post({ ...form, cookie: `token=${token}; XSRF-TOKEN=${xsrf}` }, "name=Ana");
    expect(res.status).toBe(403);
    expect((await res.json()).errorMessage).toBe(t("errors.csrf"));
  });

  it("a header that does not match the XSRF cookie is refused too", async () => {
    const res = await post(
      { ...form, cookie: `token=${token}; XSRF-TOKEN=${xsrf}`, "x-xsrf-token": "something-else" },
      "name=Ana",
    );
    expect(res.status).toBe(403);
  });

  it("the same POST with the matching X-XSRF-TOKEN header goes through", async () => {
    const res = await post({ ...form, cookie: `token=${token}; XSRF-TOKEN=${xsrf}`, "x-xsrf-token": xsrf }, "name=Ana");
    expect(res.status).toBe(200);
    expect((await res.json()).data.via).toBe("cookie");
  });

  it("the same POST with a bearer token needs no XSRF header", async () => {
    const res = await post({ ...form, ...bearer() }, "name=Ana");
    expect(res.status).toBe(200);
    expect((await res.json()).data.via).toBe("bearer");
  });

  it("without any session the guard answers 401, not 403", async () => {
    const res = await post(form, "name=Ana");
    expect(res.status).toBe(401);
  });
});

describe("headers", () => {
  it("answers in es-MX whatever the Accept-Language", async () => {
    for (const lang of ["en-US,en;q=0.9", "fr", "es-MX"]) {
      const res = await app.request("/cities", { headers: { "accept-language": lang } });
      expect(res.headers.get("content-language")).toBe("es-MX");
    }
  });

  it("gives every answer a request id, keeping the caller's", async () => {
    const generated = await app.request("/cities");
    expect(generated.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const given = await app.request("/cities", { headers: { "x-request-id": "abc-123" } });
    expect(given.headers.get("x-request-id")).toBe("abc-123");
    const long = await app.request("/nope", { headers: { "x-request-id": "x".repeat(200) } });
    expect(long.status).toBe(404);
    expect(long.headers.get("x-request-id")).toBe("x".repeat(64));
  });

  it("API answers are not cached unless the route says so", async () => {
    expect((await app.request("/v2/configurations")).headers.get("cache-control")).toBe("no-store");
    expect((await app.request("/cities")).headers.get("cache-control")).toBe("public, max-age=60");
  });
});
