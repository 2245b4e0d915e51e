import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres, type EmbeddedCluster } from "../../app/.server/db/embedded";
import { freePort } from "../../app/.server/db/processes";
import { t } from "../../app/lib/messages";

/**
 * A server that loses its database answers 503 — the API with the shared Spanish JSON error, pages
 * with a Spanish page — and recovers alone when the database comes back. The database is a private
 * PostgreSQL of this test (the embedded one, on a folder and a port of its own), stopped and
 * started under a real app server (tests/support/app-server-child.ts).
 */
const dir = path.resolve(".tmp", `outage-${process.pid}`);
const child = path.resolve("tests/support/app-server-child.ts");
let cluster: EmbeddedCluster | null = null;
let pgPort = 0;
let server: ChildProcess | null = null;
let port = 0;
const output: string[] = [];

const get = (p: string) => fetch(`http://127.0.0.1:${port}${p}`, { headers: { accept: "text/html,application/json" } });

async function until(check: () => Promise<boolean>, ms: number): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < ms) {
    if (await check().catch(() => false)) return performance.now() - t0;
    // Waiting on another process's answer: nothing to wait on but time.
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not within ${ms} ms:\n${output.slice(-20).join("\n")}`);
}

beforeAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  pgPort = await freePort();
  cluster = await startEmbeddedPostgres({ dataDir: dir, durable: false, port: pgPort });
  port = await freePort();
  server = spawn(process.execPath, ["--import", "tsx", child], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: cluster.url("postgres"),
      APP_KEY: crypto.randomBytes(32).toString("base64"),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(dir, "app"),
      SEED_DEMO: "false",
      PUBLIC_CACHE_SECONDS: "0",
      LOG_LEVEL: "warn",
    },
    stdio: "pipe",
  });
  server.stdout!.on("data", (d: Buffer) => output.push(d.toString()));
  server.stderr!.on("data", (d: Buffer) => output.push(d.toString()));
  await until(async () => output.join("").includes(`serving ${port}`), 90_000);
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const gone = new Promise((r) => server!.once("exit", r));
    server.kill("SIGTERM");
    await gone;
  }
  await cluster?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe("the database goes away and comes back", () => {
  it(
    "answers 503 in Spanish while it is away, and serves again by itself once it is back",
    { timeout: 90_000 },
    async () => {
      expect((await get("/api/cities")).status).toBe(200);

      await cluster!.stop();
      cluster = null;
      const api = await get("/api/cities");
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("5");
      const body = (await api.json()) as { message: string; errors: unknown };
      expect(body.message).toBe(t("errors.serviceUnavailable"));
      const page = await get("/clases");
      expect(page.status).toBe(503);
      expect(page.headers.get("content-type")).toContain("text/html");
      const html = await page.text();
      expect(html).toContain('lang="es-MX"');
      expect(html).toContain(t("errors.serviceUnavailableTitle"));
      expect((await get("/api/health")).status).toBe(503);

      cluster = await startEmbeddedPostgres({ dataDir: dir, durable: false, port: pgPort });
      const ms = await until(async () => (await get("/api/cities")).status === 200, 30_000);
      console.log(`database-outage: serving again ${ms.toFixed(0)} ms after PostgreSQL came back`);
      expect(server!.exitCode).toBeNull();
      expect((await get("/api/health")).status).toBe(200);
    },
  );
});
