import { describe, expect, it } from "vitest";
import type { Db } from "~/.server/db/client";
import { checkHealth } from "~/.server/http/health";
import { setupTestApp } from "../support/app";

/** Issue 24 item 6: the health answer and the Prometheus endpoint closed by a token. */
const app = setupTestApp();
const TOKEN = "metricas-de-prueba-0123456789";

describe("GET /api/health", () => {
  it("tells the database, the job queue and the disk", async () => {
    // The test app's DATA_DIR does not exist: the disk of this checkout instead.
    app.deps.config.dataDir = process.cwd();
    const res = await app.request("/health");
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data).toMatchObject({ database: "ok", jobs: { status: "ok" } });
    expect(["ok", "degraded"]).toContain(data.status);
    expect(data.jobs.queued).toBeGreaterThanOrEqual(0);
    expect(data.disk.free_mb).toBeGreaterThan(0);
  });

  it("says the database is down (the route then answers 503) when it does not answer", async () => {
    const down = { execute: () => Promise.reject(new Error("connection refused")) } as unknown as Db;
    const health = await checkHealth({ ...app.deps, db: down });
    expect(health).toMatchObject({ status: "error", database: "error", jobs: { status: "error" } });
  });
});

describe("GET /api/metrics", () => {
  it("does not exist while no METRICS_TOKEN is configured", async () => {
    app.deps.config.METRICS_TOKEN = undefined;
    expect((await app.request("/metrics")).status).toBe(404);
  });

  it("refuses a missing or wrong token with 401 and a Spanish message", async () => {
    app.deps.config.METRICS_TOKEN = TOKEN;
    for (const headers of [{}, { authorization: "Bearer otro-token-cualquiera-123" }, { authorization: TOKEN }]) {
      const res = await app.request("/metrics", { headers });
      expect(res.status).toBe(401);
      expect((await res.json()).errorMessage).toBe("El token de métricas no es válido");
    }
  });

  it("exports requests by route pattern, the pool, live maps, jobs and payment outcomes", async () => {
    app.deps.config.METRICS_TOKEN = TOKEN;
    for (let i = 0; i < 3; i++) await app.request("/cities");
    await app.request("/studios/city/999999");
    const res = await app.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    const count = (route: string, status: string) =>
      Number(
        new RegExp(
          `nucleo_http_requests_total\\{route="${route.replace(/[/:]/g, "\\$&")}",method="GET",status="${status}",app="nucleo"\\} (\\d+)`,
        ).exec(text)?.[1] ?? 0,
      );
    expect(count("/cities", "2xx")).toBeGreaterThanOrEqual(3);
    // The pattern, not the raw path: one series for every city id.
    expect(count("/studios/city/:city", "4xx")).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("/studios/city/999999");
    expect(text).toMatch(/nucleo_http_request_duration_seconds_count\{[^}]*route="\/cities"[^}]*\} [1-9]/);
    expect(text).toMatch(/nucleo_db_pool_connections\{state="idle",app="nucleo"\} \d+/);
    expect(text).toMatch(/nucleo_live_map_streams\{app="nucleo"\} \d+/);
    expect(text).toMatch(/nucleo_checkout_charges_open_stale\{app="nucleo"\} 0/);
    expect(text).toContain("process_resident_memory_bytes");
  });
});
