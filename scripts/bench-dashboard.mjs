#!/usr/bin/env node
// `npm run bench:dashboard`: the manager's dashboard (GET /api/admin/dashboard, issue 22) over a
// year of data for 30 studios, against the built server on PostgreSQL. The data is written straight
// to a dedicated database with generate_series (never the demo seed): customers, classes with their
// reservations (attended, no-shows, late cancellations) and waiting lists, orders with their lines,
// carts and payments, refunds, credit lots and ledger movements. Then it asks for the dashboard
// repeatedly (sequentially, one admin) for four periods and prints p50/p95/p99 (target p99 <= 300 ms),
// then the EXPLAIN (ANALYZE, BUFFERS) of the slowest statement the server ran during the calls.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/dashboard_bench npm run bench:dashboard
//   BENCH_PORT=3462   --calls=200 --studios=30 --customers=50000 --classes-per-day=8 --orders-per-day=25
//   --fresh: drop and generate the database even if it already holds the bench's data (by default a
//            database generated before is reused: the server's start migrates it, backfills included)
//   --keep: keep the server's folder (its log)
//
// The slowest statement is found in PostgreSQL's own log: during the run the database is set to log
// every statement with its duration (log_min_duration_statement = 0, reset at the end), and the log
// is read from /var/log/postgresql/postgresql-<major>-main.log or BENCH_PG_LOG (skipped if unreadable).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { percentile, startServer } from "./lib/bench-common.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const calls = Number(args.calls ?? 200);
const studios = Number(args.studios ?? 30);
const customers = Number(args.customers ?? 50000);
const classesPerDay = Number(args["classes-per-day"] ?? 8);
const ordersPerDay = Number(args["orders-per-day"] ?? 25);
const dbUrl = process.env.BENCH_DATABASE_URL;
if (!dbUrl) {
  console.error("Set BENCH_DATABASE_URL to a PostgreSQL database the bench may drop and create.");
  process.exit(1);
}
if (!fs.existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

const target = new URL(dbUrl);
const dbName = decodeURIComponent(target.pathname.slice(1));
if (!/^[A-Za-z0-9_]+$/.test(dbName)) throw new Error("BENCH_DATABASE_URL must name a plain database");
const adminUrl = new URL(dbUrl);
adminUrl.pathname = "/postgres";
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
const exists = (await admin.query("select 1 from pg_database where datname = $1", [dbName])).rowCount > 0;
let generated = false;
if (exists && !args.fresh) {
  const probe = new pg.Client({ connectionString: dbUrl });
  await probe.connect();
  generated = await probe
    .query("select count(*)::int n from reservations")
    .then((r) => r.rows[0].n > 0)
    .catch(() => false);
  await probe.end();
}
if (!generated) {
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.query(`create database "${dbName}"`);
}
// Every statement of this database is logged with its duration, for the EXPLAIN of the slowest.
await admin.query(`alter database "${dbName}" set log_min_duration_statement = 0`);
const major = (await admin.query("show server_version_num")).rows[0].server_version_num.slice(0, -4);
const pgLog = process.env.BENCH_PG_LOG || `/var/log/postgresql/postgresql-${major}-main.log`;
await admin.end();
const resetLogging = async () => {
  const c = new pg.Client({ connectionString: adminUrl.toString() });
  await c.connect();
  await c.query(`alter database "${dbName}" reset log_min_duration_statement`);
  await c.end();
};

const port = Number(process.env.BENCH_PORT || 3462);
const server = await startServer({
  port,
  name: "bench-dashboard",
  keep: !!args.keep,
  // A database generated before migrates on start (the dashboard_rollups backfill: about a minute).
  readySeconds: 900,
  env: { DATABASE_URL: dbUrl, SEED_DEMO: "false" },
}).catch(async (e) => {
  await resetLogging();
  throw e;
});
const baseUrl = server.baseUrl;

const ms = (t0) => Math.round(performance.now() - t0);
try {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const step = async (label, sql, params = []) => {
    const t0 = performance.now();
    const r = await db.query(sql, params);
    console.log(`  ${label}: ${r.rowCount ?? 0} rows in ${ms(t0)} ms`);
  };
  if (generated) console.log(`Reusing the data generated before in ${dbName} (--fresh to generate it anew).`);
  else await generate(db);
  async function generate(db) {
    const t0 = performance.now();
    console.log(`Generating a year of data for ${studios} studios…`);
    // Places, people who teach, class types.
    await step(
      "city",
      `insert into cities (name, suffix, country_id) select 'Ciudad bench', 'BEN', min(id) from countries`,
    );
    await step(
      "studios",
      `insert into studios (city_id, name, slug) select (select max(id) from cities), 'Estudio ' || g, 'bench-' || g from generate_series(1, $1) g`,
      [studios],
    );
    await step(
      "rooms",
      `insert into rooms (studio_id, name, capacity, layout) select id, 'Salón', 20, '{"rows":[[1,2,3,4,5],[6,7,8,9,10],[11,12,13,14,15],[16,17,18,19,20]]}' from studios`,
    );
    await step(
      "coaches",
      `insert into coaches (name, last_name, slug) select 'Coach', g::text, 'bench-coach-' || g from generate_series(1, $1) g`,
      [studios],
    );
    await step(
      "class types",
      `insert into session_types (name, slug) select 'Tipo ' || g, 'bench-type-' || g from generate_series(1, 3) g`,
    );
    await step(
      "customers",
      `insert into users (name, last_name, email, password_hash, role_id, created_at)
     select 'Cliente', g::text, 'bench-' || g || '@example.com', 'x', 2, now() - (random() * interval '400 days')
     from generate_series(1, $1) g`,
      [customers],
    );
    await db.query(`create temp table ids as select
    (select min(id) from users where role_id = 2 and email like 'bench-%') as u0,
    (select min(id) from studios where slug like 'bench-%') as s0,
    (select min(id) from coaches where slug like 'bench-coach-%') as c0,
    (select min(id) from session_types where slug like 'bench-type-%') as t0,
    (select max(id) from cities) as city`);
    // Classes: every studio, every day of the last 365, `classesPerDay` a day from 07:00 (13:00 UTC).
    await step(
      "classes",
      `insert into class_sessions (studio_id, room_id, coach_id, session_type_id, starts_at, ends_at, duration_minutes, capacity, layout)
     select s.id, r.id, ids.c0 + (s.id - ids.s0), ids.t0 + (h % 3),
       date_trunc('day', now()) - d * interval '1 day' + interval '13 hours' + h * interval '90 minutes',
       date_trunc('day', now()) - d * interval '1 day' + interval '13 hours' + h * interval '90 minutes' + interval '50 minutes',
       50, 20, r.layout
     from ids, studios s join rooms r on r.studio_id = s.id, generate_series(1, 365) d, generate_series(0, $1 - 1) h
     where s.slug like 'bench-%'`,
      [classesPerDay],
    );
    // Reservations: 10 to 20 spots a class; 80% attended, 8% no-show, 12% cancelled (half of them late).
    await step(
      "reservations",
      `insert into reservations (class_session_id, user_id, spot, status, late_cancel, qr_token, created_at)
     select cs.id, ids.u0 + ((cs.id::bigint * 37 + sp * 7919) % $1)::int, sp,
       case when x < 0.80 then 'attended' when x < 0.88 then 'no_show' else 'cancelled' end,
       x >= 0.94, md5(cs.id || ':' || sp || ':' || random()), cs.starts_at - interval '2 days'
     from ids, class_sessions cs, generate_series(1, 20) sp, lateral (select random() as x) r
     where sp <= 10 + (cs.id % 11)`,
      [customers],
    );
    await step(
      "waiting lists",
      `insert into waitlist_entries (class_session_id, user_id, status)
     select cs.id, ids.u0 + ((cs.id::bigint * 53 + w * 104729) % $1)::int, case when w = 1 then 'promoted' else 'waiting' end
     from ids, class_sessions cs, generate_series(1, 3) w where cs.id % 10 = 0`,
      [customers],
    );
    // Orders: `ordersPerDay` per studio and day, each from its own paid cart, one or two lines.
    await step(
      "carts",
      `insert into carts (user_id, status, created_at)
     select ids.u0 + ((g::bigint * 7919) % $1)::int, 'paid', now() - (g % 365) * interval '1 day'
     from ids, generate_series(1, $2) g`,
      [customers, studios * 365 * ordersPerDay],
    );
    await step(
      "orders",
      `insert into orders (user_id, cart_id, studio_id, subtotal_cents, total_cents, payment_method, created_at, updated_at)
     select c.user_id, c.id, ids.s0 + (c.id % $1), 0, 0, 'card',
       now() - (c.id % 365) * interval '1 day' - random() * interval '1 day', now()
     from ids, carts c where c.status = 'paid'`,
      [studios],
    );
    await step(
      "order lines",
      `insert into order_items (order_id, scope, ref_id, name, qty, unit_cents, total_cents)
     select o.id, k.scope, 1, k.scope, 1, k.cents, k.cents from orders o,
     lateral (select (array['pack','pack','pack','plan','product'])[1 + (o.id % 5)] as scope,
                     (array[150000, 90000, 45000, 29900, 8500])[1 + (o.id % 5)] as cents) k
     union all
     select o.id, 'product', 1, 'Producto', 2, 4500, 9000 from orders o where o.id % 3 = 0`,
    );
    await step(
      "order totals",
      `update orders o set subtotal_cents = s.t, total_cents = s.t from (select order_id, sum(total_cents) t from order_items group by 1) s where s.order_id = o.id`,
    );
    await step(
      "payments",
      `insert into payments (cart_id, order_id, user_id, studio_id, gateway, method, idempotency_key, amount_cents, status, created_at, updated_at)
     select o.cart_id, o.id, o.user_id, o.studio_id, 'sandbox', 'card', 'bench-' || o.id, o.total_cents, 'succeeded', o.created_at, o.created_at from orders o`,
    );
    await step(
      "refunds",
      `insert into refunds (payment_id, amount_cents, reason, created_at)
     select p.id, p.amount_cents, 'Bench', p.created_at + interval '1 day' from payments p where p.id % 100 = 0`,
    );
    await step(
      "credit lots",
      `insert into credit_lots (user_id, scope, city_id, quantity, remaining, starts_at, expires_at, source, created_at)
     select o.user_id, 'in_person', ids.city, 5, (o.id % 6)::int, o.created_at, o.created_at + interval '60 days', 'purchase', o.created_at
     from ids, orders o where o.id % 2 = 0`,
    );
    await step(
      "credit movements",
      `insert into credit_movements (lot_id, user_id, delta, kind, reason, created_at)
     select id, user_id, 5, 'grant', 'Bench', created_at from credit_lots
     union all
     select id, user_id, remaining - 5, 'spend', 'Bench', created_at + interval '3 days' from credit_lots where remaining < 5`,
    );
    await step("analyze", "analyze");
    console.log(`Data ready in ${Math.round(ms(t0) / 1000)} s.`);
  }
  const counts = (
    await db.query(`select (select count(*) from orders) orders, (select count(*) from order_items) lines,
      (select count(*) from class_sessions) classes, (select count(*) from reservations) reservations,
      (select count(*) from users where role_id = 2) customers, (select count(*) from credit_lots) lots`)
  ).rows[0];
  console.log(
    `  ${counts.orders} orders (${counts.lines} lines), ${counts.classes} classes, ${counts.reservations} reservations, ${counts.customers} customers, ${counts.lots} credit lots`,
  );

  // An administrator of type 1 and a session for them.
  const { rows: adminRow } = await db.query(
    `with made as (
       insert into users (name, last_name, email, password_hash, role_id, employee_type)
       values ('Admin', 'Bench', 'admin-bench@example.com', 'x', 1, 1) on conflict do nothing returning id)
     select id from made union all select id from users where lower(email) = 'admin-bench@example.com'`,
  );
  const token = crypto.randomBytes(32).toString("base64url");
  await db.query(
    `insert into auth_tokens (user_id, token_hash, remember, expires_at, two_factor_at) values ($1, $2, false, now() + interval '1 day', now())`,
    [adminRow[0].id, crypto.createHash("sha256").update(token).digest("hex")],
  );

  const ask = async (query) => {
    const t1 = performance.now();
    const res = await fetch(`${baseUrl}/api/admin/dashboard${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${res.status}: ${body.slice(0, 300)}`);
    return { ms: performance.now() - t1, body };
  };
  const day = (d) => new Date(Date.now() - d * 86_400_000 - 6 * 3_600_000).toISOString().slice(0, 10);
  const periods = [
    ["month so far (default)", ""],
    ["last 30 days", `?from=${day(29)}&to=${day(0)}`],
    [
      "last 30 days, one studio",
      `?from=${day(29)}&to=${day(0)}&studio_id=${(await db.query("select min(id) id from studios where slug like 'bench-%'")).rows[0].id}`,
    ],
    ["whole year (365 days)", `?from=${day(364)}&to=${day(0)}`],
  ];
  const logFrom = fs.existsSync(pgLog) ? fs.statSync(pgLog).size : null;
  console.log(`\nGET /api/admin/dashboard, ${calls} sequential calls per period (after 5 warm-up calls):`);
  const results = [];
  for (const [label, q] of periods) {
    for (let i = 0; i < 5; i++) await ask(q);
    const times = [];
    let size = 0;
    for (let i = 0; i < calls; i++) {
      const r = await ask(q);
      times.push(r.ms);
      size = r.body.length;
    }
    times.sort((a, b) => a - b);
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(times, p).toFixed(1));
    results.push({ label, p50, p95, p99 });
    console.log(
      `  ${label.padEnd(28)} p50 ${p50} ms · p95 ${p95} ms · p99 ${p99} ms · max ${times.at(-1).toFixed(1)} ms · ${Math.round(size / 1024)} KB`,
    );
  }
  const worst = Math.max(...results.filter((r) => !r.label.startsWith("whole")).map((r) => Number(r.p99)));
  console.log(
    `\nTarget p99 <= 300 ms (month and 30-day periods): ${worst <= 300 ? "met" : "NOT met"} (worst p99 ${worst} ms)`,
  );
  await explainSlowest(db, logFrom);
  await db.end();
} finally {
  await server.stop();
  await resetLogging();
}

/**
 * The slowest statement of the calls, from PostgreSQL's log since `from` (byte offset): each
 * `execute` of this database with its duration and parameters, grouped by text; the one with the
 * highest p99 is explained with the parameters of its slowest run.
 */
async function explainSlowest(db, from) {
  if (from === null) {
    console.log(`\nNo EXPLAIN: PostgreSQL's log ${pgLog} is not readable here (set BENCH_PG_LOG).`);
    return;
  }
  const fd = fs.openSync(pgLog, "r");
  const size = fs.fstatSync(fd).size;
  const buf = Buffer.alloc(size - from);
  fs.readSync(fd, buf, 0, buf.length, from);
  fs.closeSync(fd);
  // Entries start with the line prefix ("2026-11-28 00:50:01.123 UTC [pid] user@db LEVEL:  ...");
  // the lines of a long statement that follow start with a tab.
  const entries = [];
  for (const line of buf.toString("utf8").split("\n")) {
    if (/^\d{4}-\d\d-\d\d /.test(line)) entries.push(line);
    else if (entries.length && line.startsWith("\t")) entries[entries.length - 1] += `\n${line.slice(1)}`;
  }
  const mine = (e) => e.includes(`@${dbName} `);
  const runs = new Map();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const m = mine(e) && /LOG:\s+duration: ([\d.]+) ms\s+execute [^:]*: ([\s\S]*)$/.exec(e);
    if (!m) continue;
    const next = entries.slice(i + 1, i + 4).find((x) => mine(x) && /DETAIL:\s+parameters: /.test(x));
    const params = {};
    if (next)
      for (const p of next.replace(/^[\s\S]*?DETAIL:\s+parameters: /, "").matchAll(/\$(\d+) = ('(?:[^']|'')*'|NULL)/g))
        params[p[1]] = p[2];
    const text = m[2].trim();
    if (!runs.has(text)) runs.set(text, []);
    runs.get(text).push({ ms: Number(m[1]), params });
  }
  if (!runs.size) {
    console.log(`\nNo EXPLAIN: no statement of ${dbName} found in ${pgLog}.`);
    return;
  }
  let worst = null;
  for (const [text, list] of runs) {
    const sorted = list.map((r) => r.ms).sort((a, b) => a - b);
    const p99 = percentile(sorted, 99);
    if (!worst || p99 > worst.p99) worst = { text, list, p99, p50: percentile(sorted, 50) };
  }
  const slowestRun = worst.list.reduce((a, b) => (b.ms > a.ms ? b : a));
  const bound = worst.text.replace(/\$(\d+)\b/g, (_, n) => slowestRun.params[n] ?? "NULL");
  console.log(
    `\nSlowest statement (of ${runs.size} kinds): ${worst.list.length} runs, p50 ${worst.p50.toFixed(1)} ms, p99 ${worst.p99.toFixed(1)} ms`,
  );
  console.log(bound.replace(/\s+/g, " ").slice(0, 600) + (bound.length > 600 ? " …" : ""));
  const plan = await db.query(`explain (analyze, buffers) ${bound}`);
  console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
}
