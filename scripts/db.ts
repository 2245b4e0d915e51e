// npm run db:migrate / npm run db:seed: against DATABASE_URL, or the embedded database in DATA_DIR.
import path from "node:path";
import { loadConfig } from "../app/.server/config/env";
import { lockDataDir, openPglite, openPostgres } from "../app/.server/db/client";
import { seedDemo } from "../app/.server/db/seed";

const cmd = process.argv[2];
const config = loadConfig();
const database = config.DATABASE_URL
  ? await openPostgres(config.DATABASE_URL)
  : (lockDataDir(config.dataDir), await openPglite({ dataDir: path.join(config.dataDir, "pglite") }));
await database.migrate();
if (cmd === "seed") await seedDemo(database.db);
await database.close();
console.log(cmd === "seed" ? "Migraciones aplicadas y datos de demostración cargados." : "Migraciones aplicadas.");
process.exit(0);
