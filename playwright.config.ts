import os from "node:os";
import { defineConfig, devices } from "@playwright/test";

import {
  DEMO_PROJECT,
  DEMO_SPECS,
  E2E_SANDBOX_WEBHOOK_SECRET,
  e2eServers,
  type E2eServer,
} from "./tests/e2e/support/servers";
import { budget, EXPECT_MS, timeFactor } from "./tests/e2e/support/time";

/**
 * End-to-end tests drive Debian's Chromium (nothing is downloaded) against the BUILT product
 * (`npm run build` first; `npm test` does it), started by `tests/e2e/support/server.mjs` on fresh
 * data: a new embedded PostgreSQL, or, with E2E_DATABASE_URL, that database dropped and created anew.
 * Two servers (tests/e2e/support/servers.ts): the main one without the demo data, where the specs
 * make their own; a demo-seeded one for the specs that test the demo data (DEMO_SPECS).
 */
const servers = e2eServers();
const baseURL = servers.main.baseURL;
const ci = !!process.env.CI;
// Time limits grow with the machine's load (tests/e2e/support/time.ts). The runner's factor sets the
// servers' start limit; each worker measures again when it starts, after the servers are up, and a
// test that starts busier still gets more (fixtures.ts). The runner says its own factor once.
if (!process.env.E2E_TIME_FACTOR && process.argv[2] === "test" && !process.env.TEST_WORKER_INDEX) {
  console.log(
    `e2e time factor ${timeFactor()} (load average ${os.loadavg()[0]!.toFixed(1)}, ${os.cpus().length} cores)`,
  );
}

function webServer(server: E2eServer) {
  return {
    command: "node tests/e2e/support/server.mjs",
    url: `${server.baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: budget(120_000),
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 5_000 },
    env: {
      PORT: String(server.port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: server.dataDir,
      SEED_DEMO: String(server.seedDemo),
      BLOCK_INSPECTOR: "true",
      BENCH_BASELINE: "false",
      // Each test speaks from an address of its own (X-Forwarded-For, tests/e2e/support/fixtures.ts),
      // so the per-address login limits hold as in production and parallel specs do not share them.
      TRUST_PROXY: "true",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      PUBLIC_URL: server.baseURL,
      // The specs read the mail's live links from DATA_DIR/mail (tests/e2e/support/mail.ts): in
      // production that mailbox is written only when asked for.
      MAIL_DEV_FILES: "true",
      SANDBOX_WEBHOOK_SECRET: E2E_SANDBOX_WEBHOOK_SECRET,
      ...(server.databaseUrl
        ? // Production on PostgreSQL needs an application key: a fixed one for the test database.
          {
            DATABASE_URL: server.databaseUrl,
            E2E_DATABASE_URL: server.databaseUrl,
            APP_KEY: "ZTJlLW9ubHktYXBwLWtleS0zMi1ieXRlcy1sb25nISE=",
          }
        : { DATABASE_URL: "", APP_KEY: "" }),
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/e2e-results",
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // Two cores: two browsers and the server are already a full machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: "list",
  timeout: budget(30_000),
  expect: { timeout: budget(EXPECT_MS) },
  use: {
    baseURL,
    locale: "es-MX",
    timezoneId: "America/Mexico_City",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: DEMO_SPECS.map((f) => `**/${f}`), use: { ...devices["Desktop Chrome"], baseURL } },
    {
      name: DEMO_PROJECT,
      testMatch: DEMO_SPECS.map((f) => `**/${f}`),
      use: { ...devices["Desktop Chrome"], baseURL: servers.demo.baseURL },
    },
  ],
  webServer: [webServer(servers.main), webServer(servers.demo)],
});
