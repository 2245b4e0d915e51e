// Starts the built product for the end-to-end run (Playwright's webServer, see playwright.config.ts)
// on fresh data: DATA_DIR is deleted first so the server migrates and seeds the demo data; with
// E2E_DATABASE_URL, that PostgreSQL database is dropped and created anew instead.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
process.chdir(root);

if (!fs.existsSync("build/server/index.js")) {
  console.error("No build found: run `npm run build` before the end-to-end tests (npm test does).");
  process.exit(1);
}

const url = process.env.E2E_DATABASE_URL;
if (url) {
  const { default: pg } = await import("pg");
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) {
    console.error(`E2E_DATABASE_URL must name a database of letters, digits and _ (got "${name}").`);
    process.exit(1);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
} else {
  fs.rmSync(process.env.DATA_DIR || ".tmp/e2e-data", { recursive: true, force: true });
}

const child = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
