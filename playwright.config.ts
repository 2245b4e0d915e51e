import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive Debian's Chromium (nothing is downloaded) against the BUILT product
 * (`npm run build` first; `npm test` does it), started by `tests/e2e/support/server.mjs`:
 * a fresh embedded PostgreSQL in .tmp/e2e-data seeded with the demo data, or, with
 * E2E_DATABASE_URL, that PostgreSQL database dropped and created anew.
 */
const port = Number(process.env.E2E_PORT ?? 3310);
const baseURL = `http://127.0.0.1:${port}`;
const ci = !!process.env.CI;
process.env.E2E_BASE_URL = baseURL;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/e2e-results",
  fullyParallel: false,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  // Two cores: two browsers and the server are already a full machine.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  reporter: "list",
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node tests/e2e/support/server.mjs",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATA_DIR: ".tmp/e2e-data",
      SEED_DEMO: process.env.E2E_SEED_DEMO ?? "true",
      BLOCK_INSPECTOR: "true",
      BENCH_BASELINE: "false",
      // Each test speaks from an address of its own (X-Forwarded-For, tests/e2e/support/fixtures.ts),
      // so the per-address login limits hold as in production and parallel specs do not share them.
      TRUST_PROXY: "true",
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      PUBLIC_URL: baseURL,
      ...(process.env.E2E_DATABASE_URL
        ? // Production on PostgreSQL needs an application key: a fixed one for the test database.
          { DATABASE_URL: process.env.E2E_DATABASE_URL, APP_KEY: "ZTJlLW9ubHktYXBwLWtleS0zMi1ieXRlcy1sb25nISE=" }
        : { DATABASE_URL: "", APP_KEY: "" }),
    },
  },
});
