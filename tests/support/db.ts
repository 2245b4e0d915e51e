import crypto from "node:crypto";
import fs from "node:fs";
import { inject } from "vitest";
import { openPglite, openPostgres, type Database } from "../../app/.server/db/client";
import { PGLITE_DUMP, withDatabase } from "./global-setup";

/** A clean, migrated and seeded database of its own for one test file. */
export async function freshDatabase(): Promise<Database> {
  const template = inject("pgTemplate");
  const url = process.env.TEST_DATABASE_URL;
  if (template && url) {
    const name = `nb_t_${crypto.randomBytes(5).toString("hex")}`;
    const admin = await openPostgres(url, 1);
    await admin.db.execute(`create database ${name} template ${template}` as never);
    await admin.close();
    const db = await openPostgres(withDatabase(url, name), 5);
    return {
      ...db,
      async close() {
        await db.close();
        const a = await openPostgres(url, 1);
        await a.db.execute(`drop database if exists ${name} with (force)` as never);
        await a.close();
      },
    };
  }
  const data = fs.readFileSync(PGLITE_DUMP);
  return openPglite({ loadDataDir: new Blob([data]) });
}
