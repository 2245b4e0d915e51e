// npm run db:migrate / npm run db:seed: against DATABASE_URL, or the embedded PostgreSQL in DATA_DIR.
import { loadConfig } from "../app/.server/config/env";
import { openEmbedded, openPostgres } from "../app/.server/db/client";
import { seedDemo } from "../app/.server/seed";
import { storageFor } from "../app/.server/adapters/storage";

const cmd = process.argv[2];
const config = loadConfig();
const database = config.DATABASE_URL
  ? await openPostgres(config.DATABASE_URL)
  : await openEmbedded({ dataDir: config.dataDir });
try {
  await database.migrate();
  if (cmd === "seed") await seedDemo(database.db, { storage: (db) => storageFor(config, db) });
} finally {
  await database.close();
}
console.log(cmd === "seed" ? "Migraciones aplicadas y datos de demostración cargados." : "Migraciones aplicadas.");
process.exit(0);
