// The database and folders `npm run backup` / `npm run restore` work on, from the same settings as
// the server: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR (reached where it runs, started
// for the duration otherwise).
import path from "node:path";
import { loadConfig } from "../../app/.server/config/env";
import { openEmbedded } from "../../app/.server/db/client";
import { embeddedUrlOf } from "../../app/.server/db/embedded";
import type { Folders } from "../../app/.server/db/backup";

const config = loadConfig();

export function backupFolders(): Folders {
  return {
    uploads: path.join(config.dataDir, "uploads"),
    media: config.MEDIA_DIR ? path.resolve(config.MEDIA_DIR) : path.join(config.dataDir, "media"),
  };
}

export async function withDatabaseUrl<T>(work: (url: string) => Promise<T>): Promise<T> {
  if (config.DATABASE_URL) return work(config.DATABASE_URL);
  const running = embeddedUrlOf(config.dataDir, "nucleo");
  if (running) return work(running);
  const database = await openEmbedded({ dataDir: config.dataDir, poolMax: 1 });
  try {
    return await work(database.url);
  } finally {
    await database.close();
  }
}
