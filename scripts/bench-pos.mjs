#!/usr/bin/env node
// `npm run bench:pos`: the point of sale's customer search (GET /api/pos/customers?q=, issue 22)
// over 100,000 customers, against the built server on PostgreSQL (the server builds itself first
// when the sources are newer than the build). The customers are written straight to a dedicated
// database in one set operation (generate_series over Mexican first names, two surnames, an email
// and a 10-digit phone each; never the demo seed), or reused when that database already holds
// exactly that many bench customers. Then the search is asked sequentially, as one cashier (an
// administrator of type cashier: no shift needed to search) types, after a warm-up, with a mix of
// queries (first names, surnames, two words, a name typed with its accent, the start of an email, a
// whole email, phone fragments, three-letter prefixes, misses, and two letters, which the rule of
// three answers 422 at once), and p50/p95/p99 are printed per kind and overall (target p99 <= 100
// ms), with the load average and EXPLAIN (ANALYZE, BUFFERS) of the slowest kind's slowest query (the
// domain's own query, scripts/lib/pos-search-plan.ts) and the index it uses.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/pos_bench npm run bench:pos
//   (reused when right-sized, otherwise dropped and created anew)   BENCH_PORT=3463
//   --calls=660 --customers=100000 --fresh (always anew) --keep (keep the server's folder)
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { benchArgs, freshBenchDatabase, msSince, percentile, startServer, staffSession } from "./lib/bench-common.mjs";

const args = benchArgs();
const calls = Number(args.calls ?? 660);
const customers = Number(args.customers ?? 100000);
const BENCH_EMAIL = "%@bench.mx";
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

/** The bench database when it already holds exactly `customers` bench customers; otherwise anew. */
async function benchDatabase() {
  const dbUrl = process.env.BENCH_DATABASE_URL;
  if (dbUrl && !args.fresh) {
    const db = new pg.Client({ connectionString: dbUrl });
    try {
      await db.connect();
      const { rows } = await db.query(`select count(*)::int as n from users where role_id = 2 and email like $1`, [
        BENCH_EMAIL,
      ]);
      if (rows[0].n === customers) return { dbUrl, reused: true };
      console.log(`${dbUrl} holds ${rows[0].n} bench customers, not ${customers}: created anew`);
    } catch {
      // No such database, or no schema yet: created anew.
    } finally {
      await db.end().catch(() => {});
    }
  }
  return { dbUrl: await freshBenchDatabase(), reused: false };
}

const { dbUrl, reused } = await benchDatabase();
const port = Number(process.env.BENCH_PORT || 3463);
console.log(`Load average (1/5/15 min) at the start: ${load()}`);
let t0 = performance.now();
const server = await startServer({
  port,
  name: "pos",
  readySeconds: 600,
  env: { DATABASE_URL: dbUrl, SEED_DEMO: "false" },
});
console.log(`Server ready (migrations, and a build if the sources changed) in ${msSince(t0)} ms`);

const FIRST = [
  "María",
  "Ana",
  "Lucía",
  "Sofía",
  "Valeria",
  "Camila",
  "Fernanda",
  "Daniela",
  "Andrea",
  "Mariana",
  "Regina",
  "Ximena",
  "Renata",
  "Paola",
  "Gabriela",
  "Natalia",
  "Alejandra",
  "Carla",
  "Mónica",
  "Claudia",
  "José",
  "Luis",
  "Carlos",
  "Jorge",
  "Diego",
  "Miguel",
  "Juan",
  "Ricardo",
  "Emilio",
  "Santiago",
];
const LAST = [
  "Hernández",
  "García",
  "Martínez",
  "López",
  "González",
  "Pérez",
  "Rodríguez",
  "Sánchez",
  "Ramírez",
  "Cruz",
  "Flores",
  "Gómez",
  "Morales",
  "Vázquez",
  "Reyes",
  "Jiménez",
  "Torres",
  "Díaz",
  "Gutiérrez",
  "Ruiz",
  "Mendoza",
  "Aguilar",
  "Ortiz",
  "Moreno",
  "Castillo",
  "Romero",
  "Álvarez",
  "Méndez",
  "Chávez",
  "Rivera",
  "Juárez",
  "Ramos",
  "Domínguez",
  "Herrera",
  "Medina",
  "Castro",
  "Vargas",
  "Guzmán",
  "Velázquez",
  "Rojas",
];
const plain = (s) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

try {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  if (reused) console.log(`Reusing the ${customers} bench customers of ${dbUrl}`);
  else {
    t0 = performance.now();
    console.log(`Generating ${customers} customers…`);
    const r = await db.query(
      `insert into users (name, last_name, email, phone, password_hash, role_id, created_at)
     select f.name, l1.name || ' ' || l2.name,
       lower(translate(f.name || '.' || l1.name, 'áéíóúÁÉÍÓÚñÑ', 'aeiouAEIOUnN')) || '.' || g || '@bench.mx',
       case when g % 10 = 0 then null else '55' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0') end,
       'x', 2, now() - (g % 700) * interval '1 day'
     from generate_series(1, $1) g,
       lateral (select ($2::text[])[1 + (g % array_length($2::text[], 1))] as name) f,
       lateral (select ($3::text[])[1 + ((g / 7) % array_length($3::text[], 1))] as name) l1,
       lateral (select ($3::text[])[1 + ((g / 13 + g) % array_length($3::text[], 1))] as name) l2`,
      [customers, FIRST, LAST],
    );
    // The visibility map and the statistics, as autovacuum would leave them on a live database.
    await db.query("vacuum analyze users");
    console.log(`  ${r.rowCount} customers in ${msSince(t0)} ms`);
  }

  // A cashier (an administrator of type cashier): a new one each run, so a reused database takes it.
  const { token } = await staffSession(db, {
    email: `caja-bench-${Date.now()}@example.com`,
    roleId: 1,
    employeeType: 3,
  });
  const sample = (
    await db.query(
      `select name, last_name, email, phone from users where role_id = 2 and email like $1 order by random() limit 200`,
      [BENCH_EMAIL],
    )
  ).rows;
  const pick = (a, i) => a[i % a.length];
  // What a cashier types: names and surnames (common ones match thousands), two words, a name typed
  // with its accent, the start of an email, a whole email, phone fragments (with and without spaces),
  // the first three letters of a name, texts that match no one, and two letters (answered 422).
  const kinds = [
    ["first name", (i) => plain(pick(FIRST, i))],
    ["surname", (i) => plain(pick(LAST, i * 3))],
    [
      "two words",
      (i) => {
        const s = pick(sample, i);
        return plain(`${s.name} ${s.last_name.split(" ")[0]}`);
      },
    ],
    ["typed with accent", (i) => pick(["María", "Ramírez", "Sofía López", "Hernández", "Mónica"], i)],
    ["email start", (i) => pick(sample, i).email.slice(0, 8)],
    ["whole email", (i) => pick(sample, i).email],
    ["phone fragment", (i) => (pick(sample, i).phone ?? "5512345678").slice(2, 8)],
    [
      "phone with spaces",
      (i) => {
        const p = pick(sample, i + 1).phone ?? "5512345678";
        return `${p.slice(0, 2)} ${p.slice(2, 6)} ${p.slice(6)}`;
      },
    ],
    ["3-letter prefix", (i) => pick(["mar", "gar", "ana", "jos", "her", "lop", "san", "val", "ram", "ben"], i)],
    ["miss", (i) => pick(["zzq", "xochiquetzal", "ortega", "nadie@ejemplo.mx", "99887766", "qwx"], i)],
    ["two letters (422)", (i) => pick(["an", "ma", "lu", "jo", "ra"], i)],
  ];
  const ask = async (q) => {
    const t1 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/pos/customers?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    const ms = performance.now() - t1;
    // Two letters: 422 (the rule of three), or 200 from a server without it (a "before" figure).
    const short = !q.split(/[^\p{L}\p{N}]+/u).some((run) => run.length >= 3);
    if (res.status !== 200 && !(short && res.status === 422))
      throw new Error(`${q}: ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms, status: res.status, n: res.status === 200 ? body.data.length : 0 };
  };
  for (let i = 0; i < 40; i++) await ask(kinds[i % kinds.length][1](i));
  console.log(`\nGET /api/pos/customers?q=…, ${calls} sequential calls after 40 of warm-up, ${kinds.length} kinds:`);
  const loadBefore = load();
  const all = [];
  const byKind = new Map(kinds.map(([k]) => [k, []]));
  for (let i = 0; i < calls; i++) {
    const [kind, make] = kinds[i % kinds.length];
    const q = make(Math.floor(i / kinds.length));
    const { ms, n, status } = await ask(q);
    all.push(ms);
    byKind.get(kind).push({ ms, q, n, status });
  }
  const line = (label, times, extra = "") => {
    const s = [...times].sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(s, p).toFixed(1));
    console.log(
      `  ${label.padEnd(20)} p50 ${p50.padStart(5)} · p95 ${p95.padStart(5)} · p99 ${p99.padStart(5)} · max ${s.at(-1).toFixed(1).padStart(5)} ms${extra}`,
    );
    return Number(p99);
  };
  let slowest = null;
  for (const [k, runs] of byKind) {
    const p99 = line(
      k,
      runs.map((r) => r.ms),
      ` · ${Math.round(runs.reduce((a, r) => a + r.n, 0) / runs.length)} found on average`,
    );
    const searched = runs.filter((r) => r.status === 200);
    if (searched.length && (!slowest || p99 > slowest.p99)) slowest = { kind: k, p99, runs: searched };
  }
  const p99 = line("ALL", all);
  console.log(`Load average (1/5/15 min) before the calls: ${loadBefore}; after: ${load()}`);
  console.log(`Target p99 <= 100 ms over ${customers} customers: ${p99 <= 100 ? "met" : "NOT met"} (p99 ${p99} ms)`);

  // The slowest kind's slowest query, explained as searchCustomers builds it (customerSearchQuery in
  // app/.server/domain/pos/service.ts, through scripts/lib/pos-search-plan.ts): never a copy of its SQL.
  const worst = slowest.runs.reduce((a, r) => (r.ms > a.ms ? r : a));
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the slowest kind (${slowest.kind}), q=${JSON.stringify(worst.q)}:`);
  const explained = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    [path.resolve("scripts/lib/pos-search-plan.ts"), worst.q],
    { env: { ...process.env, DATABASE_URL: dbUrl }, stdio: "inherit" },
  );
  if (explained.status !== 0) throw new Error(`pos-search-plan.ts exited with ${explained.status}`);
  await db.end();
} finally {
  await server.stop({ keep: Boolean(args.keep) });
}
