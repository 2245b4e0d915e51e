#!/usr/bin/env node
// `npm run bench:booking`: booking attempts by different customers on a 20-spot class, against the
// built server on PostgreSQL, in two phases (docs/decisions.md, "Booking benchmark: burst and
// sustained rate"):
//   1. burst: 1,000 attempts fired at once. Prints attempts per second (target >= 300) and the
//      invariant check (exactly the capacity booked, no spot twice, one credit per reservation, no
//      negative balance). Its p50/p99 are mostly queueing: the last of 1,000 simultaneous requests
//      waits for the 999 before it, so its p99 is about the wall time.
//   2. sustained: 1,200 more attempts on a second class through a fixed pool of 32 clients (each
//      sends its next attempt when the last is answered). Prints the rate it holds and p50/p99 at
//      that rate (target p99 <= 300 ms), and the same invariants.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/booking_bench npm run bench:booking
//   (that database is dropped and created anew)   BENCH_PORT=3452
//   --attempts=1000 --capacity=20 --sustained=1200 --pool=32 --profile
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
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
const attempts = Number(args.attempts ?? 1000);
const capacity = Number(args.capacity ?? 20);
const sustained = Number(args.sustained ?? 1200);
const pool = Number(args.pool ?? 32);
const dbUrl = process.env.BENCH_DATABASE_URL;
if (!dbUrl) {
  console.error("Set BENCH_DATABASE_URL to a PostgreSQL database the bench may drop and create.");
  process.exit(1);
}
if (!fs.existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}

// A fresh database.
const target = new URL(dbUrl);
const dbName = decodeURIComponent(target.pathname.slice(1));
if (!/^[A-Za-z0-9_]+$/.test(dbName)) throw new Error("BENCH_DATABASE_URL must name a plain database");
const adminUrl = new URL(dbUrl);
adminUrl.pathname = "/postgres";
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`drop database if exists "${dbName}" with (force)`);
await admin.query(`create database "${dbName}"`);
await admin.end();

const port = Number(process.env.BENCH_PORT || 3452);
// --profile writes the server's CPU profile to .tmp/bench/profile/ (open it in Chrome's DevTools).
const profileArgs = args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(root, ".tmp/bench/profile")}`] : [];
const {
  baseUrl,
  pid: serverPid,
  stop,
} = await startServer({
  port,
  name: "bench-booking",
  nodeArgs: profileArgs,
  readyPath: "/api/v2/sessions",
  keep: true,
  env: {
    DATABASE_URL: dbUrl,
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX || "20",
    SEED_DEMO: "true",
  },
});

try {
  // The classes, the customers, their tokens and one credit each, written straight to the database.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const { rows: studio } = await db.query(
    "select s.id, s.city_id from studios s join rooms r on r.studio_id = s.id where s.active order by s.id limit 1",
  );
  const { id: studioId, city_id: cityId } = studio[0];
  const rows = [];
  for (let n = 1; n <= capacity; n += 5)
    rows.push(Array.from({ length: Math.min(5, capacity - n + 1) }, (_, i) => n + i));
  const { rows: room } = await db.query(
    "insert into rooms (studio_id, name, capacity, layout) values ($1, 'Sala benchmark', $2, $3) returning id",
    [studioId, capacity, JSON.stringify({ rows })],
  );
  const run = crypto.randomBytes(4).toString("hex");
  /** A class `days` ahead and `count` customers of its city with one credit and a token each. */
  async function prepare(days, count, label) {
    const starts = new Date(Date.now() + days * 86_400_000);
    const { rows: cls } = await db.query(
      `insert into class_sessions (studio_id, room_id, coach_id, session_type_id, starts_at, ends_at, duration_minutes, capacity, layout)
       values ($1, $2, (select min(id) from coaches), (select min(id) from session_types), $3, $4, 50, $5, $6) returning id`,
      [studioId, room[0].id, starts, new Date(starts.getTime() + 50 * 60_000), capacity, JSON.stringify({ rows })],
    );
    const { rows: users } = await db.query(
      `insert into users (name, last_name, email, password_hash, role_id)
       select 'Bench', g::text, 'bench-' || $1 || '-' || g || '@example.com', 'x', 2 from generate_series(1, $2) g returning id`,
      [`${run}-${label}`, count],
    );
    const tokens = users.map(() => crypto.randomBytes(32).toString("base64url"));
    await db.query(
      `insert into auth_tokens (user_id, token_hash, remember, expires_at)
       select u, h, false, now() + interval '1 day' from unnest($1::int[], $2::text[]) as t(u, h)`,
      [users.map((u) => u.id), tokens.map((t) => crypto.createHash("sha256").update(t).digest("hex"))],
    );
    await db.query(
      `with lots as (
         insert into credit_lots (user_id, scope, city_id, quantity, remaining, starts_at, expires_at, source)
         select u, 'in_person', $2, 1, 1, now() - interval '1 day', now() + interval '30 days', 'courtesy' from unnest($1::int[]) u
         returning id, user_id)
       insert into credit_movements (lot_id, user_id, delta, kind, reason) select id, user_id, 1, 'grant', 'Benchmark' from lots`,
      [users.map((u) => u.id), cityId],
    );
    return { classId: cls[0].id, userIds: users.map((u) => u.id), tokens };
  }
  const burstSet = await prepare(2, attempts, "burst");
  const steadySet = await prepare(3, sustained, "steady");

  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const attempt = (classId, token, spot) =>
    new Promise((resolve) => {
      const body = JSON.stringify({ class_session_id: classId, spot });
      const t0 = performance.now();
      const req = http.request(
        `${baseUrl}/api/v2/reservations`,
        {
          method: "POST",
          agent,
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${token}`,
            "content-length": Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
        },
      );
      req.on("error", () => resolve({ status: 0, ms: performance.now() - t0 }));
      req.end(body);
    });

  const q = async (sql, params = []) => (await db.query(sql, params)).rows[0];
  // CPU time spent (ms) by the server process and by this database's PostgreSQL backends: unlike
  // latency it barely moves with what else the machine runs, so it compares two builds fairly.
  const cpuOf = (pid) => {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks of 10 ms
    } catch {
      return 0;
    }
  };
  const cpuNow = async () => {
    const { rows: backends } = await db.query(
      "select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
      [dbName],
    );
    return { server: cpuOf(serverPid), db: new Map(backends.map((r) => [r.pid, cpuOf(r.pid)])) };
  };
  /** CPU ms per attempt between two readings (a backend that started in between counts whole). */
  const cpuPer = (a, b, n) => {
    let dbMs = 0;
    for (const [pid, ms] of b.db) dbMs += ms - (a.db.get(pid) ?? 0);
    return { server: (b.server - a.server) / n, db: dbMs / n };
  };
  /** The figures and invariants of one phase. */
  async function summary(set, results, wall) {
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const pct = (p) => percentile(ms, p);
    const byStatus = results.reduce((m, r) => ((m[r.status] = (m[r.status] ?? 0) + 1), m), {});
    const active = await q(
      "select count(*)::int n, count(distinct spot)::int spots, count(distinct user_id)::int people from reservations where class_session_id = $1 and status <> 'cancelled'",
      [set.classId],
    );
    const spends = await q(
      "select count(*)::int n, count(distinct user_id)::int people from credit_movements where kind = 'spend' and ref in (select 'reservation:' || id from reservations where class_session_id = $1)",
      [set.classId],
    );
    const negative = await q("select count(*)::int n from credit_lots where remaining < 0");
    const mismatch = await q(
      `select count(*)::int n from credit_lots l where l.user_id = any($1::int[])
         and l.remaining <> l.quantity - (select count(*) from reservations r where r.user_id = l.user_id and r.class_session_id = $2 and r.status <> 'cancelled')`,
      [set.userIds, set.classId],
    );
    const invariants = {
      "exactly the capacity booked": active.n === capacity,
      "no spot twice": active.spots === active.n,
      "no customer twice": active.people === active.n,
      "one credit spent per reservation": spends.n === active.n && spends.people === active.n,
      "no negative balance": negative.n === 0,
      "every balance matches its bookings": mismatch.n === 0,
      "no server error": !results.some((r) => r.status >= 500 || r.status === 0),
    };
    return {
      n: results.length,
      wall,
      rate: results.length / wall,
      p50: pct(50),
      p99: pct(99),
      max: ms.at(-1),
      byStatus,
      active,
      spends,
      invariants,
    };
  }
  const print = (title, r, target) => {
    console.log(`\n${title}`);
    console.log(
      `  answers:      ${Object.entries(r.byStatus)
        .map(([s, n]) => `${s}×${n}`)
        .join("  ")}`,
    );
    console.log(`  wall time:    ${r.wall.toFixed(2)} s`);
    console.log(`  attempts/s:   ${r.rate.toFixed(0)}${target.rate ? "   (target >= 300)" : ""}`);
    console.log(
      `  latency p50:  ${r.p50.toFixed(0)} ms   p99: ${r.p99.toFixed(0)} ms   max: ${r.max.toFixed(0)} ms${target.p99 ? "   (target p99 <= 300 ms)" : "   (queueing: see the header)"}`,
    );
    console.log(
      `  CPU/attempt:  server ${r.cpu.server.toFixed(2)} ms, PostgreSQL ${r.cpu.db.toFixed(2)} ms   (steadier than latency under load)`,
    );
    console.log(
      `  booked:       ${r.active.n} reservations, ${r.active.spots} distinct spots, ${r.spends.n} credits spent`,
    );
    for (const [name, ok] of Object.entries(r.invariants)) console.log(`  ${ok ? "ok  " : "FAIL"} ${name}`);
  };

  // Warm the connection pool and the route (not counted).
  await Promise.all(Array.from({ length: 20 }, () => fetch(`${baseUrl}/api/v2/sessions/${burstSet.classId}`)));

  // Phase 1: every attempt at once (keep-alive sockets, up to 200 open).
  let cpu0 = await cpuNow();
  let t0 = performance.now();
  const burstResults = await Promise.all(
    burstSet.tokens.map((tok, i) => attempt(burstSet.classId, tok, (i % capacity) + 1)),
  );
  const burstWall = (performance.now() - t0) / 1000;
  const burstCpu = cpuPer(cpu0, await cpuNow(), attempts);
  const burst = await summary(burstSet, burstResults, burstWall);

  // Phase 2: a fixed pool of clients, each sending its next attempt when the last is answered.
  const steadyResults = [];
  let next = 0;
  cpu0 = await cpuNow();
  t0 = performance.now();
  await Promise.all(
    Array.from({ length: pool }, async () => {
      while (next < steadySet.tokens.length) {
        const i = next++;
        steadyResults.push(await attempt(steadySet.classId, steadySet.tokens[i], (i % capacity) + 1));
      }
    }),
  );
  const steadyWall = (performance.now() - t0) / 1000;
  const steadyCpu = cpuPer(cpu0, await cpuNow(), sustained);
  const steady = await summary(steadySet, steadyResults, steadyWall);
  burst.cpu = burstCpu;
  steady.cpu = steadyCpu;
  agent.destroy();
  await db.end();

  print(`Booking benchmark, burst (PostgreSQL, ${attempts} attempts at once, class of ${capacity} spots)`, burst, {
    rate: true,
  });
  print(
    `Booking benchmark, sustained (${sustained} attempts through ${pool} concurrent clients, class of ${capacity} spots)`,
    steady,
    { p99: true },
  );
  const met = burst.rate >= 300 && steady.p99 <= 300;
  console.log(
    `\n  targets ${met ? "met" : "NOT met"} on this machine (burst >= 300 attempts/s; sustained p99 <= 300 ms at ${steady.rate.toFixed(0)} attempts/s)`,
  );
  const invariants = {
    ...burst.invariants,
    ...Object.fromEntries(Object.entries(steady.invariants).map(([k, v]) => [`sustained: ${k}`, v])),
  };
  fs.mkdirSync(".tmp/bench", { recursive: true });
  fs.writeFileSync(
    ".tmp/bench/booking-last.json",
    JSON.stringify({ attempts, capacity, sustained, pool, burst, steady }, null, 2),
  );
  await stop();
  process.exit(Object.values(invariants).every(Boolean) ? 0 : 1);
} catch (err) {
  console.error(String(err));
  await stop();
  process.exit(1);
}
