#!/usr/bin/env node
// `npm run bench:pos`: the point of sale's customer search (GET /api/pos/customers?q=, issue 22)
// over 100,000 customers, against the built server on PostgreSQL. The customers are written
// straight to a dedicated database in one set operation (generate_series over Mexican first names,
// two surnames, an email and a 10-digit phone each; never the demo seed); then the search is asked
// sequentially, as one cashier types, with a mix of queries (a first name, a surname, a full name,
// an accented surname typed without the accent, the start of an email, a whole email, phone
// fragments, two letters) and p50/p95/p99 are printed (target p99 <= 100 ms).
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/pos_bench npm run bench:pos
//   (that database is dropped and created anew)   BENCH_PORT=3463
//   --calls=600 --customers=100000 --keep
import pg from "pg";
import { benchArgs, freshBenchDatabase, msSince, percentile, startServer, staffSession } from "./lib/bench-common.mjs";

const args = benchArgs();
const calls = Number(args.calls ?? 600);
const customers = Number(args.customers ?? 100000);
const dbUrl = await freshBenchDatabase();
const port = Number(process.env.BENCH_PORT || 3463);
const server = await startServer({
  port,
  name: "pos",
  readySeconds: 600,
  env: { DATABASE_URL: dbUrl, SEED_DEMO: "false" },
});

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
  const t0 = performance.now();
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
  await db.query("analyze users");
  console.log(`  ${r.rowCount} customers in ${msSince(t0)} ms`);

  const { token } = await staffSession(db, { email: "caja-bench@example.com", roleId: 1, employeeType: 3 });
  const sample = (
    await db.query(`select name, last_name, email, phone from users where role_id = 2 order by random() limit 200`)
  ).rows;
  const pick = (a, i) => a[i % a.length];
  // What a cashier types: names and surnames (common ones match thousands), full names, an accented
  // surname without its accent, the start of an email, a whole email, phone fragments, two letters.
  const kinds = [
    ["first name", (i) => plain(pick(FIRST, i))],
    ["surname", (i) => plain(pick(LAST, i * 3))],
    [
      "full name",
      (i) => {
        const s = pick(sample, i);
        return `${s.name} ${s.last_name.split(" ")[0]}`;
      },
    ],
    [
      "accent-free surname",
      (i) =>
        plain(
          pick(
            LAST.filter((x) => x !== plain(x)),
            i,
          ),
        ),
    ],
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
    ["two letters", (i) => pick(["an", "ma", "lu", "jo", "ra"], i)],
  ];
  const ask = async (q) => {
    const t1 = performance.now();
    const res = await fetch(`${server.baseUrl}/api/pos/customers?q=${encodeURIComponent(q)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.json();
    if (res.status !== 200) throw new Error(`${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return { ms: performance.now() - t1, n: body.data.length };
  };
  for (let i = 0; i < 20; i++) await ask(kinds[i % kinds.length][1](i));
  console.log(`\nGET /api/pos/customers?q=…, ${calls} sequential calls, a mix of ${kinds.length} kinds of query:`);
  const all = [];
  const byKind = new Map(kinds.map(([k]) => [k, []]));
  for (let i = 0; i < calls; i++) {
    const [kind, make] = kinds[i % kinds.length];
    const { ms } = await ask(make(Math.floor(i / kinds.length)));
    all.push(ms);
    byKind.get(kind).push(ms);
  }
  const line = (label, times) => {
    const s = [...times].sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(s, p).toFixed(1));
    console.log(`  ${label.padEnd(22)} p50 ${p50} ms · p95 ${p95} ms · p99 ${p99} ms · max ${s.at(-1).toFixed(1)} ms`);
    return Number(p99);
  };
  for (const [k, times] of byKind) line(k, times);
  const p99 = line("ALL", all);
  console.log(`\nTarget p99 <= 100 ms over ${customers} customers: ${p99 <= 100 ? "met" : "NOT met"} (p99 ${p99} ms)`);
  await db.end();
} finally {
  await server.stop({ keep: Boolean(args.keep) });
}
