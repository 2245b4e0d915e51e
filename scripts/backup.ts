// npm run backup [-- --out FILE]: one archive (tar.gz) of the database (DATABASE_URL, or the embedded
// PostgreSQL in DATA_DIR, running or not) and of the upload folders (DATA_DIR/uploads, MEDIA_DIR).
// See app/.server/db/backup.ts and the README ("Copias de seguridad").
import path from "node:path";
import { backupFolders, withDatabaseUrl } from "./lib/backup-target";
import { backup } from "../app/.server/db/backup";

const args = process.argv.slice(2);
const outAt = args.indexOf("--out");
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
const out = path.resolve(outAt >= 0 && args[outAt + 1] ? args[outAt + 1]! : `backups/nucleo-${stamp}.tar.gz`);
try {
  const manifest = await withDatabaseUrl((url) => backup(url, out, backupFolders()));
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Copia de seguridad escrita en ${out}: ${manifest.tables.length} tablas, ${rows} filas, carpetas: ${manifest.folders.join(", ") || "ninguna"}.`,
  );
  process.exit(0);
} catch (err) {
  console.error(`No se pudo hacer la copia de seguridad (backup failed): ${(err as Error).message}`);
  process.exit(1);
}
