import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import type { Hono } from "hono";
import { loadConfig } from "../../app/.server/config/env";
import type { AppDeps } from "../../app/.server/deps";
import { createSecretBox } from "../../app/.server/security/secret-box";
import { createApi } from "../../app/.server/api";
import { outboxMailer, type SmtpMailer } from "../../app/.server/adapters/mail";
import { startJobQueue, type JobDefinition, type JobQueue } from "../../app/.server/jobs/queue";
import { jobDefinitions } from "../../app/.server/runtime";
import path from "node:path";
import { localMediaStorage } from "../../app/.server/adapters/media-storage";
import { databaseStorage } from "../../app/.server/adapters/storage";
import { ttlCache } from "../../app/.server/cache/ttl";
import { createLogger } from "../../app/.server/http/logger";
import { gatewaysFor } from "../../app/.server/domain/commerce/gateways";
import { pacFor } from "../../app/.server/domain/invoicing/pac";
import type { Database } from "../../app/.server/db/client";
import { freshDatabase } from "./db";
import { testLogDestination } from "./logs";

export interface TestApp {
  api: Hono<any>;
  deps: AppDeps;
  database: Database;
  /** Moves the clock used by the app (tokens, expiry, rate limits). */
  setNow(d: Date | null): void;
  request(
    path: string,
    init?: RequestInit & { json?: unknown; form?: Record<string, string>; token?: string },
  ): Promise<Response>;
  /** Logs in through the API and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
}

/**
 * One app and one clean database for the whole test file. The job queue is real (its tables in the
 * test database) but nothing polls it: `app.deps.jobs.runPending(name)` runs what is due. Its jobs
 * are the runtime's (every scheduled task, and mail delivery when `deps.mailer` is SMTP) plus `jobs`.
 */
export function setupTestApp(overrides: Partial<AppDeps> = {}, opts: { jobs?: JobDefinition[] } = {}): TestApp {
  const ctx = {} as TestApp;
  let now: Date | null = null;
  let jobs: JobQueue | null = null;
  beforeAll(async () => {
    const database = await freshDatabase();
    const smtp = () => {
      if (ctx.deps.mailer.kind !== "smtp") throw new Error("deps.mailer no es SMTP");
      return ctx.deps.mailer as SmtpMailer;
    };
    jobs = await startJobQueue({
      url: database.url,
      log: createLogger("silent"),
      work: false,
      poolMax: 2,
      definitions: [...jobDefinitions(() => ctx.deps, smtp), ...(opts.jobs ?? [])],
    });
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ".tmp/unused" });
    const secrets = createSecretBox(crypto.randomBytes(32));
    const deps: AppDeps = {
      db: database.db,
      config,
      // Every test app logs to a file under .tmp/test-logs; the global teardown greps them all for
      // secrets (tests/support/logs.ts).
      log: createLogger("debug", testLogDestination()),
      mailer: outboxMailer({ secrets }),
      secrets,
      // A test that changes `deps.config`'s gateway settings sets `deps.gateways` again, as start-up does.
      gateways: gatewaysFor(config),
      pac: pacFor(config),
      storage: databaseStorage(database.db),
      // Each test file its own media folder (removed with the test run's .tmp).
      media: localMediaStorage(path.resolve(".tmp/test-media", crypto.randomUUID())),
      // Off: tests change data and read it back at once (the cache has its own unit test).
      cache: ttlCache(0),
      jobs: jobs!,
      clock: () => now ?? new Date(),
      ...overrides,
    };
    const api = createApi(deps);
    Object.assign(ctx, {
      api,
      deps,
      database,
      setNow: (d: Date | null) => {
        now = d;
      },
      request: (
        path: string,
        init: RequestInit & { json?: unknown; form?: Record<string, string>; token?: string } = {},
      ) => {
        const headers = new Headers(init.headers);
        let body = init.body;
        if (init.json !== undefined) {
          headers.set("content-type", "application/json");
          body = JSON.stringify(init.json);
        } else if (init.form) {
          headers.set("content-type", "application/x-www-form-urlencoded");
          body = new URLSearchParams(init.form).toString();
        }
        if (init.token) headers.set("authorization", `Bearer ${init.token}`);
        return api.request(path, { ...init, headers, body });
      },
      login: async (email: string, password = "demo1234") => {
        const res = await ctx.request("/login", { method: "POST", form: { email, password } });
        const json = (await res.json()) as { access_token?: string };
        if (!json.access_token) throw new Error(`login failed for ${email}: ${JSON.stringify(json)}`);
        return json.access_token;
      },
    });
  });
  afterAll(async () => {
    await jobs?.stop();
    await ctx.database?.close();
  });
  return ctx;
}
