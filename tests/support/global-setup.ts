import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { DataDirLockedError, openEmbedded, openPostgres, type Database } from "../../app/.server/db/client";
import { seedDemo } from "../../app/.server/seed";
import { createLogger } from "../../app/.server/http/logger";
import { startJobQueue } from "../../app/.server/jobs/queue";
import { clearTestLogs, secretsInTestLogs, testLogLineCount } from "./logs";

export const TMP = path.resolve(".tmp");
/** The embedded cluster Vitest starts when TEST_DATABASE_URL is not used. */
export const EMBEDDED_DIR = path.join(TMP, "vitest-pg");
/** Several checkouts may share one PostgreSQL server: each names its own template. */
export const PG_TEMPLATE = process.env.TEST_PG_TEMPLATE || "nb_test_template";

/**
 * Migrates and seeds one template database per run (with the job queue's tables); every test file
 * then gets a database created from it. On the embedded PostgreSQL (started here, under
 * .tmp/vitest-pg, on a free port) by default; on TEST_DATABASE_URL with TEST_DB_KIND=postgres.
 */
export default async function setup(project: TestProject) {
  fs.mkdirSync(TMP, { recursive: true });
  clearTestLogs();
  const external = process.env.TEST_DATABASE_URL && process.env.TEST_DB_KIND === "postgres";
  let cluster: (Database & { cluster: { url(db?: string): string } }) | null = null;
  let url: string;
  if (external) {
    url = process.env.TEST_DATABASE_URL!;
  } else {
    const open = () => openEmbedded({ dataDir: EMBEDDED_DIR, durable: false, poolMax: 1, database: "postgres" });
    try {
      cluster = await open();
    } catch (err) {
      // The test cluster runs without fsync: after a machine crash it may not start. Its data is
      // disposable (templates are rebuilt every run), so start from an empty one, unless the
      // folder is simply in use by another run.
      if (err instanceof DataDirLockedError) throw err;
      fs.rmSync(EMBEDDED_DIR, { recursive: true, force: true });
      cluster = await open();
    }
    url = cluster.cluster.url("postgres");
  }
  const admin = await openPostgres(url, 1);
  await admin.db.execute(`drop database if exists ${PG_TEMPLATE} with (force)` as never);
  await admin.db.execute(`create database ${PG_TEMPLATE}` as never);
  await admin.close();
  const tmplUrl = withDatabase(url, PG_TEMPLATE);
  const tmpl = await openPostgres(tmplUrl, 2);
  await tmpl.migrate();
  await seedDemo(tmpl.db, { people: false });
  await tmpl.close();
  const queue = await startJobQueue({ url: tmplUrl, log: createLogger("silent"), definitions: [], work: false });
  await queue.stop();
  project.provide("pgTemplate", PG_TEMPLATE);
  project.provide("pgUrl", url);
  project.provide("dbKind", external ? "postgres" : "embedded");
  // After every test file ran, whatever the order: no log line of the whole run holds a secret.
  return async function teardown() {
    await cluster?.close();
    const found = secretsInTestLogs();
    if (found.length > 0) {
      // A teardown error alone does not change Vitest's exit code.
      process.exitCode = 1;
      throw new Error(
        `Secrets in the test logs (.tmp/test-logs), ${found.length} line(s):\n${found.slice(0, 20).join("\n")}`,
      );
    }
    console.log(`Log check: ${testLogLineCount()} log lines of the run, no secrets.`);
  };
}

export function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module "vitest" {
  export interface ProvidedContext {
    pgTemplate: string;
    /** A URL of the server the template lives on (its `postgres` database or TEST_DATABASE_URL). */
    pgUrl: string;
    /** "embedded" (the cluster under .tmp/vitest-pg) or "postgres" (TEST_DATABASE_URL). */
    dbKind: "embedded" | "postgres";
  }
}
