import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../app/.server/db/client";
import { seedDemo } from "../../app/.server/db/seed";
import { clearTestLogs, secretsInTestLogs, testLogLineCount } from "./logs";

export const TMP = path.resolve(".tmp");
export const PGLITE_DUMP = path.join(TMP, "pglite-seeded.tar");
/** Several checkouts may share one PostgreSQL server: each names its own template. */
export const PG_TEMPLATE = process.env.TEST_PG_TEMPLATE || "nb_test_template";

/**
 * Migrates and seeds one database per run; every test file then starts from a copy of it:
 * a PGlite dump, or a PostgreSQL database created from a template (TEST_DATABASE_URL).
 */
export default async function setup(project: TestProject) {
  fs.mkdirSync(TMP, { recursive: true });
  clearTestLogs();
  const url = process.env.TEST_DATABASE_URL;
  if (url && process.env.TEST_DB_KIND === "postgres") {
    const admin = await openPostgres(url, 1);
    await admin.db.execute(`drop database if exists ${PG_TEMPLATE} with (force)` as never);
    await admin.db.execute(`create database ${PG_TEMPLATE}` as never);
    await admin.close();
    const tmpl = await openPostgres(withDatabase(url, PG_TEMPLATE), 2);
    await tmpl.migrate();
    await seedDemo(tmpl.db, { people: false });
    await tmpl.close();
    project.provide("pgTemplate", PG_TEMPLATE);
  } else {
    const db = await openPglite({});
    await db.migrate();
    await seedDemo(db.db, { people: false });
    const blob = await db.dump();
    fs.writeFileSync(PGLITE_DUMP, Buffer.from(await blob.arrayBuffer()));
    await db.close();
    project.provide("pgTemplate", "");
  }
  // After every test file ran, whatever the order: no log line of the whole run holds a secret.
  return function teardown() {
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
  }
}
