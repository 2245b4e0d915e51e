// Starts the built product for the end-to-end run (Playwright's webServer, see playwright.config.ts)
// on fresh data: DATA_DIR (its embedded PostgreSQL) is deleted first so the server migrates and seeds the demo data; with
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
  const dataDir = path.resolve(process.env.DATA_DIR || ".tmp/e2e-data");
  await stopLeftoverCluster(path.join(dataDir, "postgres"));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A previous run killed hard may have left its embedded PostgreSQL running on the folder about
 * to be deleted: stop it first (SIGINT is PostgreSQL's fast shutdown), if it really is that one. */
async function stopLeftoverCluster(dir) {
  let pid = 0;
  try {
    pid = Number(fs.readFileSync(path.join(dir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return;
  }
  const cmd = (() => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ");
    } catch {
      return "";
    }
  })();
  if (!pid || !cmd.includes(dir)) return;
  try {
    process.kill(pid, "SIGINT");
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    // Not our child: no exit event to wait for, only its pid to look at again.
    // eslint-disable-next-line no-restricted-syntax
    await new Promise((r) => setTimeout(r, 100));
  }
}

const child = spawn(process.execPath, ["server.mjs"], { stdio: "inherit", env: process.env });
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => child.kill(signal));
}
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
