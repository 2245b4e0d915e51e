// npm run seed:scale -- --database=postgres://user@host:5432/name [--force]
// A chain's five years (30 studios, 100,000 customers, about 3 million reservations, 600,000 orders,
// their credit ledger, shifts and audit) in SQL set operations: see scripts/seed-scale.sql.
// It applies the migrations and the demo seed first (reference data and the demo logins), then the
// generated years. A database that already has users is refused unless --force (which empties it).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openPostgres } from "../app/.server/db/client";
import { seedDemo } from "../app/.server/seed";

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, "").split("=");
    return [k, v.length ? v.join("=") : "true"];
  }),
);
const url = args.database;
if (!url || url === "true") {
  console.error("Uso: npm run seed:scale -- --database=postgres://usuario@host:5432/base [--force]");
  process.exit(2);
}

const started = Date.now();
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function usersIn(client: pg.Client) {
  const found = await client.query("select to_regclass('public.users') as t");
  if (!found.rows[0].t) return 0;
  return Number((await client.query("select count(*)::int as n from users")).rows[0].n);
}

const client = new pg.Client({ connectionString: url });
await client.connect();
const existing = await usersIn(client);
if (existing > 0 && args.force !== "true") {
  console.error(
    `La base de datos ya tiene ${existing} usuarios: no se sobrescribe. Use otra base vacía o agregue --force para vaciarla.`,
  );
  await client.end();
  process.exit(1);
}
if (existing > 0) {
  const tables = await client.query("select tablename from pg_tables where schemaname = 'public'");
  const list = tables.rows.map((r: { tablename: string }) => `"${r.tablename}"`).join(", ");
  await client.query(`truncate ${list} restart identity cascade`);
  console.log("--force: base vaciada.");
}

const database = await openPostgres(url, 2);
try {
  let t = Date.now();
  await database.migrate();
  console.log(`migraciones ............................ ${secs(Date.now() - t)}`);
  t = Date.now();
  await seedDemo(database.db);
  console.log(`datos de demostración (base) ........... ${secs(Date.now() - t)}`);
} finally {
  await database.close();
}

const here = path.dirname(fileURLToPath(import.meta.url));
const script = fs.readFileSync(path.join(here, "seed-scale.sql"), "utf8");
const steps = script.split(/^-- step: /m).slice(1);
// One transaction: the foreign keys of the bulk-loaded tables are dropped, the rows inserted, and the
// keys added back, which checks every row in one join per key instead of a trigger per row. Any
// failure rolls everything back (keys included).
const BULK = [
  "users",
  "class_sessions",
  "reservations",
  "waitlist_entries",
  "carts",
  "orders",
  "order_items",
  "payments",
  "credit_lots",
  "credit_movements",
  "shifts",
  "shift_movements",
  "audit_log",
];
await client.query("begin");
try {
  const { rows: fks } = await client.query(
    `select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def from pg_constraint
     where contype = 'f' and connamespace = 'public'::regnamespace and conrelid::regclass::text = any($1)`,
    [BULK],
  );
  for (const fk of fks) await client.query(`alter table "${fk.tbl}" drop constraint "${fk.conname}"`);
  // Their indexes too (not those of a constraint): built once at the end, which is much faster than
  // keeping them up to date row by row; a unique index built again checks every row.
  const { rows: indexes } = await client.query(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def from pg_index i
     where i.indrelid::regclass::text = any($1)
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [BULK],
  );
  for (const ix of indexes) await client.query(`drop index ${ix.name}`);
  for (const step of steps) {
    const label = step.slice(0, step.indexOf("\n"));
    const t = Date.now();
    await client.query(step.slice(label.length + 1));
    console.log(`${label.padEnd(40, " ")} ${secs(Date.now() - t)}`);
  }
  let t = Date.now();
  for (const ix of indexes) await client.query(ix.def);
  await client.query("analyze");
  console.log(`${`índices (${indexes.length}) y estadísticas`.padEnd(40, " ")} ${secs(Date.now() - t)}`);
  t = Date.now();
  for (const fk of fks) await client.query(`alter table "${fk.tbl}" add constraint "${fk.conname}" ${fk.def}`);
  console.log(`${`llaves foráneas revisadas (${fks.length})`.padEnd(40, " ")} ${secs(Date.now() - t)}`);
  await client.query("commit");
} catch (err) {
  await client.query("rollback").catch(() => {});
  throw err;
}
// What autovacuum does on a live database (and a server with it off, like the bench machine's,
// never does): the dead rows of the seed's own updates (users: two thirds of the table) removed and
// the visibility map set, without which an index-only scan reads the table and the plans measured
// are a freshly loaded database's, not a five-year one's. Outside the transaction (VACUUM cannot run
// in one).
{
  const t = Date.now();
  await client.query("vacuum (analyze)");
  console.log(`${"vacuum (analyze)".padEnd(40, " ")} ${secs(Date.now() - t)}`);
}

const counted = [
  "studios",
  "rooms",
  "coaches",
  "users",
  "class_sessions",
  "reservations",
  "waitlist_entries",
  "orders",
  "order_items",
  "payments",
  "credit_lots",
  "credit_movements",
  "shifts",
  "shift_movements",
  "audit_log",
];
console.log(`\nTiempo total: ${secs(Date.now() - started)}\n`);
for (const table of counted) {
  const { rows } = await client.query(`select count(*)::int as n from ${table}`);
  console.log(`${table.padEnd(20, " ")} ${String(rows[0].n).padStart(10, " ")}`);
}
const size = await client.query("select pg_size_pretty(pg_database_size(current_database())) as s");
console.log(`\nTamaño de la base: ${size.rows[0].s}`);
await client.end();
process.exit(0);
