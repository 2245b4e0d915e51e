#!/usr/bin/env node
// `npm run bench:booking`: 1,000 concurrent booking attempts by 1,000 different customers on one
// 20-spot class, against the built server on PostgreSQL. Prints attempts per second, p50/p99
// latency and the invariant check (exactly the capacity booked, no spot twice, one credit per
// reservation, no negative balance). Target: >= 300 attempts/s, p99 <= 300 ms.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/booking_bench npm run bench:booking
//   (that database is dropped and created anew)   BENCH_PORT=3452   --attempts=1000 --capacity=20 --profile
import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";

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
const baseUrl = `http://127.0.0.1:${port}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nb-bench-booking-"));
// The embedded PostgreSQL runs as the OS user "postgres" when this runs as root: it must be able to
// enter the folder (mkdtemp makes it 0700).
fs.chmodSync(tmp, 0o755);
const logFd = fs.openSync(path.join(tmp, "server.log"), "a");
// --profile writes the server's CPU profile to .tmp/bench/profile/ (open it in Chrome's DevTools).
const profileArgs = args.profile ? ["--cpu-prof", `--cpu-prof-dir=${path.join(root, ".tmp/bench/profile")}`] : [];
const server = spawn(process.execPath, [...profileArgs, "server.mjs"], {
  stdio: ["ignore", logFd, logFd],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(tmp, "data"),
    DATABASE_URL: dbUrl,
    DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX || "20",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    APP_KEY: crypto.randomBytes(32).toString("base64"),
  },
});
let exited = false;
server.on("exit", () => (exited = true));
const stop = async () => {
  if (!exited) {
    server.kill("SIGTERM");
    await new Promise((r) => (exited ? r() : server.once("exit", r)));
  }
};

try {
  for (let i = 0; ; i++) {
    if (exited) throw new Error(`the server stopped; see ${tmp}/server.log`);
    const ok = await fetch(`${baseUrl}/api/v2/sessions`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (i > 240) throw new Error("the server did not start in 120 s");
    await new Promise((r) => setTimeout(r, 500));
  }

  // The class, the customers, their tokens and one credit each, written straight to the database.
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
  const starts = new Date(Date.now() + 2 * 86_400_000);
  const { rows: cls } = await db.query(
    `insert into class_sessions (studio_id, room_id, coach_id, session_type_id, starts_at, ends_at, duration_minutes, capacity, layout)
     values ($1, $2, (select min(id) from coaches), (select min(id) from session_types), $3, $4, 50, $5, $6) returning id`,
    [studioId, room[0].id, starts, new Date(starts.getTime() + 50 * 60_000), capacity, JSON.stringify({ rows })],
  );
  const classId = cls[0].id;
  const run = crypto.randomBytes(4).toString("hex");
  const { rows: users } = await db.query(
    `insert into users (name, last_name, email, password_hash, role_id)
     select 'Bench', g::text, 'bench-' || $1 || '-' || g || '@example.com', 'x', 2 from generate_series(1, $2) g returning id`,
    [run, attempts],
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

  // 1,000 attempts at once (keep-alive sockets, up to 200 open).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 200 });
  const attempt = (token, spot) =>
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
  // Warm the connection pool and the route (not counted).
  await Promise.all(Array.from({ length: 20 }, () => fetch(`${baseUrl}/api/v2/sessions/${classId}`)));
  const t0 = performance.now();
  const results = await Promise.all(tokens.map((tok, i) => attempt(tok, (i % capacity) + 1)));
  const wall = (performance.now() - t0) / 1000;
  agent.destroy();

  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const pct = (p) => ms[Math.min(ms.length - 1, Math.floor((p / 100) * ms.length))];
  const byStatus = results.reduce((m, r) => ((m[r.status] = (m[r.status] ?? 0) + 1), m), {});

  const q = async (sql, params = []) => (await db.query(sql, params)).rows[0];
  const active = await q(
    "select count(*)::int n, count(distinct spot)::int spots, count(distinct user_id)::int people from reservations where class_session_id = $1 and status <> 'cancelled'",
    [classId],
  );
  const spends = await q(
    "select count(*)::int n, count(distinct user_id)::int people from credit_movements where kind = 'spend' and ref in (select 'reservation:' || id from reservations where class_session_id = $1)",
    [classId],
  );
  const negative = await q("select count(*)::int n from credit_lots where remaining < 0");
  const mismatch = await q(
    `select count(*)::int n from credit_lots l where l.user_id = any($1::int[])
       and l.remaining <> l.quantity - (select count(*) from reservations r where r.user_id = l.user_id and r.class_session_id = $2 and r.status <> 'cancelled')`,
    [users.map((u) => u.id), classId],
  );
  await db.end();

  const rate = attempts / wall;
  const invariants = {
    "exactly the capacity booked": active.n === capacity,
    "no spot twice": active.spots === active.n,
    "no customer twice": active.people === active.n,
    "one credit spent per reservation": spends.n === active.n && spends.people === active.n,
    "no negative balance": negative.n === 0,
    "every balance matches its bookings": mismatch.n === 0,
    "no server error": !results.some((r) => r.status >= 500 || r.status === 0),
  };
  console.log(`\nBooking benchmark (PostgreSQL, ${attempts} concurrent attempts, class of ${capacity} spots)`);
  console.log(
    `  answers:      ${Object.entries(byStatus)
      .map(([s, n]) => `${s}×${n}`)
      .join("  ")}`,
  );
  console.log(`  wall time:    ${wall.toFixed(2)} s`);
  console.log(`  attempts/s:   ${rate.toFixed(0)}   (target >= 300)`);
  console.log(
    `  latency p50:  ${pct(50).toFixed(0)} ms   p99: ${pct(99).toFixed(0)} ms   max: ${ms.at(-1).toFixed(0)} ms   (target p99 <= 300 ms)`,
  );
  console.log(`  booked:       ${active.n} reservations, ${active.spots} distinct spots, ${spends.n} credits spent`);
  for (const [name, ok] of Object.entries(invariants)) console.log(`  ${ok ? "ok  " : "FAIL"} ${name}`);
  const met = rate >= 300 && pct(99) <= 300;
  console.log(`  targets ${met ? "met" : "NOT met"} on this machine`);
  fs.mkdirSync(".tmp/bench", { recursive: true });
  fs.writeFileSync(
    ".tmp/bench/booking-last.json",
    JSON.stringify({ attempts, capacity, wall, rate, p50: pct(50), p99: pct(99), byStatus, invariants }, null, 2),
  );
  await stop();
  process.exit(Object.values(invariants).every(Boolean) ? 0 : 1);
} catch (err) {
  console.error(String(err));
  await stop();
  process.exit(1);
}
