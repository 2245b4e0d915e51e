/**
 * The two servers of the end-to-end run (playwright.config.ts starts both):
 * - the main one starts WITHOUT the demo data (SEED_DEMO=false: reference data only), and every
 *   spec runs against it making what it needs (./factories, ./db): a spec that reads a demo id,
 *   name or account fails there, so "tests own their data" holds by construction;
 * - the demo one is seeded with the demo data, for the specs that test that data itself (the
 *   seeded site: home, content pages, addresses, the demo catalogue): `DEMO_SPECS`, the
 *   `demo-data` project.
 * Each has its own database: E2E_DATABASE_URL and the same name + `_demo`, or embedded
 * PostgreSQL in .tmp/e2e-data and .tmp/e2e-data-demo. E2E_SEED_DEMO=true seeds the main one too.
 */
export const DEMO_PROJECT = "demo-data";

/** Signs the sandbox gateway's webhooks on the servers under test, so a spec can post one (OXXO paid). */
export const E2E_SANDBOX_WEBHOOK_SECRET = "whsec_e2e_sandbox_only";

/** Specs that read the demo data on purpose (they test the seed's content). */
export const DEMO_SPECS = [
  "site-home.spec.ts",
  "content-pages.spec.ts",
  "platform-basics.spec.ts",
  "admin-content.spec.ts",
  // Nucleo Home's player needs real HLS files: the demo library (made after start) has them.
  "on-demand-watch.spec.ts",
];

export interface E2eServer {
  port: number;
  baseURL: string;
  dataDir: string;
  databaseUrl: string | null;
  seedDemo: boolean;
}

function withDatabaseName(url: string, suffix: string) {
  const u = new URL(url);
  u.pathname = `/${decodeURIComponent(u.pathname.slice(1))}${suffix}`;
  return u.toString();
}

export function e2eServers(env: NodeJS.ProcessEnv = process.env): { main: E2eServer; demo: E2eServer } {
  const port = Number(env.E2E_PORT ?? 3310);
  const demoPort = Number(env.E2E_DEMO_PORT ?? port + 1);
  const url = env.E2E_DATABASE_URL || null;
  return {
    main: {
      port,
      baseURL: `http://127.0.0.1:${port}`,
      dataDir: ".tmp/e2e-data",
      databaseUrl: url,
      seedDemo: env.E2E_SEED_DEMO === "true",
    },
    demo: {
      port: demoPort,
      baseURL: `http://127.0.0.1:${demoPort}`,
      dataDir: ".tmp/e2e-data-demo",
      databaseUrl: url ? withDatabaseName(url, "_demo") : null,
      seedDemo: true,
    },
  };
}
