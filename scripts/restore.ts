// npm run restore FILE: brings an archive of `npm run backup` back into an EMPTY database
// (DATABASE_URL, or the embedded PostgreSQL of an empty DATA_DIR) and its upload folders.
import fs from "node:fs";
import path from "node:path";
import { backupFolders, withDatabaseUrl } from "./lib/backup-target";
import { restore } from "../app/.server/db/backup";

const file = process.argv[2];
if (!file || !fs.existsSync(file)) {
  console.error(
    file
      ? `No existe el archivo ${file} (file not found).`
      : "Uso (usage): npm run restore ARCHIVO.tar.gz  (un archivo de npm run backup)",
  );
  process.exit(2);
}
try {
  const manifest = await withDatabaseUrl((url) =>
    restore(url, path.resolve(file), backupFolders(), path.resolve("drizzle")),
  );
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Restaurado ${file} (copia del ${manifest.createdAt}): ${manifest.tables.length} tablas, ${rows} filas, carpetas: ${manifest.folders.join(", ") || "ninguna"}.`,
  );
  process.exit(0);
} catch (err) {
  console.error(`No se pudo restaurar (restore failed): ${(err as Error).message}`);
  process.exit(1);
}
