import crypto from "node:crypto";
import { inject } from "vitest";
import { openPostgres, type Database } from "../../app/.server/db/client";
import { withDatabase } from "./global-setup";

/** A clean, migrated and seeded database of its own for one test file (created from the template). */
export async function freshDatabase(): Promise<Database> {
  const template = inject("pgTemplate");
  const url = inject("pgUrl");
  const name = `nb_t_${crypto.randomBytes(5).toString("hex")}`;
  const admin = await openPostgres(url, 1);
  await admin.db.execute(`create database ${name} template ${template}` as never);
  await admin.close();
  const db = await openPostgres(withDatabase(url, name), 5);
  return {
    ...db,
    embedded: inject("dbKind") === "embedded",
    async close() {
      await db.close();
      const a = await openPostgres(url, 1);
      await a.db.execute(`drop database if exists ${name} with (force)` as never);
      await a.close();
    },
  };
}
