#!/usr/bin/env node
// `npm run bench:scale -- --database=postgres://user@host:5432/name`: the product at a chain's size
// (a database made by `npm run seed:scale`). Starts the real server (node server.mjs, production
// build, NODE_ENV=production, DATABASE_URL) and measures with 20 concurrent clients p50/p99 and req/s
// of every back-office list (from the OpenAPI document: plain, search, sort, each filter, CSV), the
// calendars, a class's reservations, a customer's detail and history, the dashboard, the customer's
// /profile/reservations and /profile/shopping-history (pages and their API calls) and the booking
// call. Target: p99 <= 300 ms each. Then, with auto_explain on that database for a second server,
// it replays the slowest calls once and prints EXPLAIN (ANALYZE, BUFFERS) of their slowest queries,
// flagging any Seq Scan on a big table. The year's CSV exports print the server's RSS before/after.
//
//   --duration=5 --connections=20 --only=<substring,…> --explain=8 (how many slow calls to explain, 0: none)
//   --build (rebuild first) --log=/var/log/postgresql/postgresql-15-main.log (where PostgreSQL logs)
// Results also go to .tmp/bench/scale.json.
import crypto from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, ...v] = a.replace(/^--/, "").split("=");
    return [k, v.length ? v.join("=") : "true"];
  }),
);
const dbUrl = args.database && args.database !== "true" ? args.database : "";
if (!dbUrl) {
  console.error("Uso: npm run bench:scale -- --database=postgres://usuario@host:5432/base [--duration=5]");
  process.exit(2);
}
const duration = Number(args.duration ?? 5);
const connections = Number(args.connections ?? 20);
const explainCount = Number(args.explain ?? 8);
const only = args.only ? args.only.split(",") : null;
const TARGET_P99 = 300;
const BIG_TABLES = new Set([
  "users",
  "reservations",
  "class_sessions",
  "waitlist_entries",
  "orders",
  "order_items",
  "payments",
  "carts",
  "credit_lots",
  "credit_movements",
  "audit_log",
  "shifts",
  "shift_movements",
]);

const sqlClient = new pg.Client({ connectionString: dbUrl });
await sqlClient.connect();
const q1 = async (text, params = []) => (await sqlClient.query(text, params)).rows;

// ---- build ----
if (args.build || !fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.log("Construyendo (npm run build)…");
  const r = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(1);
}

// ---- the server ----
const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const startScript = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts.start;
const startMatch = /^((?:[A-Z_]+=\S+\s+)*)(?:exec\s+)?node\s+(.*?)\s*server\.mjs/.exec(startScript);
const startEnv = Object.fromEntries(
  (startMatch?.[1] ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => pair.split("=")),
);
const nodeFlags = startMatch?.[2]?.split(/\s+/).filter(Boolean) ?? [];
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nb-bench-scale-"));
const appKey = process.env.APP_KEY || crypto.randomBytes(32).toString("base64");
let server = null;
let baseUrl = "";

async function startServer() {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const logFd = fs.openSync(path.join(tmp, "server.log"), "a");
  const child = spawn(process.execPath, [...nodeFlags, "server.mjs"], {
    stdio: ["ignore", logFd, logFd],
    env: {
      ...process.env,
      ...startEnv,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: path.join(tmp, "data"),
      DATABASE_URL: dbUrl,
      SEED_DEMO: "false",
      JOBS_RUN: "false",
      LOG_LEVEL: "warn",
      APP_KEY: appKey,
    },
  });
  child.exitInfo = null;
  child.on("exit", (code, signal) => (child.exitInfo = { code, signal }));
  server = child;
  const started = Date.now();
  for (;;) {
    if (child.exitInfo) throw new Error(`El servidor se detuvo al arrancar; ver ${tmp}/server.log`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() - started > 180_000) throw new Error("El servidor no respondió /api/health en 180 s.");
    await new Promise((r) => setTimeout(r, 300));
  }
  console.log(`Servidor listo en ${((Date.now() - started) / 1000).toFixed(1)} s (${baseUrl}).`);
}
async function stopServer() {
  if (!server || server.exitInfo) return;
  server.kill("SIGTERM");
  const killer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await new Promise((r) => (server.exitInfo ? r() : server.once("exit", r)));
  clearTimeout(killer);
}
const rssMb = () => {
  try {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return NaN;
  }
};
let explainDbSet = false;
async function cleanup() {
  await stopServer();
  if (explainDbSet) await resetAutoExplain().catch(() => {});
  fs.rmSync(tmp, { recursive: true, force: true });
}
for (const sig of ["SIGINT", "SIGTERM"]) {
  process.on(sig, async () => {
    await cleanup();
    process.exit(130);
  });
}

async function login(email, password = "demo1234") {
  const res = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }),
  });
  const body = await res.json().catch(() => null);
  if (!body?.access_token) throw new Error(`No se pudo entrar como ${email}: HTTP ${res.status}`);
  return body.access_token;
}

// ---- who and what: the customer with the longest history, a busy class, a studio, last year ----
console.log("Buscando muestras en la base…");
const [heavy] = await q1(
  `select u.id, u.email, u.home_studio_id from users u
   where u.role_id = 2 and u.id in (select user_id from reservations group by user_id order by count(*) desc limit 1)`,
);
const [heavyCounts] = await q1(
  `select (select count(*) from reservations where user_id = $1)::int as reservations,
          (select count(*) from orders where user_id = $1)::int as orders`,
  [heavy.id],
);
const [busyClass] = await q1(
  `select cs.id, cs.studio_id from class_sessions cs
   where cs.starts_at between now() - interval '7 days' and now() and cs.status = 'scheduled'
   order by (select count(*) from reservations r where r.class_session_id = cs.id) desc, cs.id limit 1`,
);
const lastYear = new Date().getUTCFullYear() - 1;
const year = { from: `${lastYear}-01-01`, to: `${lastYear}-12-31` };
const studioId = heavy.home_studio_id ?? busyClass.studio_id;
console.log(
  `Cliente con más historia: #${heavy.id} ${heavy.email} (${heavyCounts.reservations} reservaciones, ${heavyCounts.orders} órdenes); ` +
    `clase con más lugares: #${busyClass.id}; estudio #${studioId}; año ${lastYear}.`,
);

await startServer();
const adminToken = await login("admin@example.com");
const customerToken = await login(heavy.email);
const admin = { cookie: `token=${adminToken}` };
const adminApi = { authorization: `Bearer ${adminToken}` };
const customer = { cookie: `token=${customerToken}` };
const customerApi = { authorization: `Bearer ${customerToken}` };

// ---- the scenarios ----
const rawDoc = await (await fetch(`${baseUrl}/api/openapi.json`)).json();
// The document's paths carry the /api prefix or not, depending on the server's base: use them without it.
const doc = {
  paths: Object.fromEntries(Object.entries(rawDoc.paths ?? {}).map(([k, v]) => [k.replace(/^\/api(?=\/)/, ""), v])),
};
const scenarios = [];
const add = (name, p, headers, extra = {}) => scenarios.push({ name, path: p, headers, ...extra });
const SKIP_PARAMS = new Set(["page", "per_page", "search", "sort", "dir", "format"]);
const DATE_KEYS = new Set(["from", "to", "date_from", "date_to", "starts_from", "starts_to"]);
// The people lists search a common surname; the others a word of their own.
const searchWord = (p) =>
  /users|administrators|employees|reservations|audit|payments|outbox/.test(p) ? "garcia" : "a";
for (const [apiPath, ops] of Object.entries(doc.paths ?? {})) {
  const op = ops.get;
  if (!op || !apiPath.startsWith("/admin/") || apiPath.includes("{")) continue;
  if (/dashboard/.test(apiPath)) continue; // measured below
  const url = `/api${apiPath}`;
  const params = (op.parameters ?? []).filter((p) => p.in === "query");
  const names = new Set(params.map((p) => p.name));
  add(`${apiPath}`, url, adminApi);
  const searchParam = names.has("search") ? "search" : names.has("q") ? "q" : null;
  if (searchParam) add(`${apiPath} ${searchParam}=`, `${url}?${searchParam}=${searchWord(apiPath)}`, adminApi);
  if (names.has("page")) add(`${apiPath} página 50`, `${url}?page=50`, adminApi, { optional: true });
  if (!names.has("sort")) {
    addFilters();
    continue;
  }
  const sortSchema = params.find((p) => p.name === "sort")?.schema;
  const sortValues = sortSchema?.enum ?? sortSchema?.anyOf?.flatMap((s) => s.enum ?? []) ?? [];
  add(
    `${apiPath} sort`,
    sortValues.length ? `${url}?sort=${sortValues.at(-1)}&dir=desc` : `${url}?sort=created_at&dir=desc`,
    adminApi,
    { optional: true },
  );
  addFilters();
  function addFilters() {
    for (const p of params) {
      if (SKIP_PARAMS.has(p.name)) continue;
      const s = p.schema ?? {};
      const values = s.enum ?? s.anyOf?.flatMap((x) => x.enum ?? []) ?? [];
      let value = null;
      if (values.length) value = values[0];
      else if (p.name === "studio_id") value = studioId;
      else if (p.name === "user_id" || p.name === "customer_id") value = heavy.id;
      else if (p.name === "class_session_id" || p.name === "session_id") value = busyClass.id;
      else if (p.name === "from" || p.name === "date_from" || p.name === "starts_from") value = year.from;
      else if (p.name === "to" || p.name === "date_to" || p.name === "starts_to") value = year.to;
      else if (s.type === "boolean" || /true|false/.test(JSON.stringify(s))) value = "true";
      if (value === null || DATE_KEYS.has(p.name)) continue;
      add(`${apiPath} ${p.name}=${value}`, `${url}?${p.name}=${encodeURIComponent(value)}`, adminApi, {
        optional: true,
      });
    }
  }
}
for (const [apiPath, ops] of Object.entries(doc.paths ?? {})) {
  const op = ops.get;
  if (!op || !apiPath.startsWith("/admin/") || apiPath.includes("{") || /dashboard/.test(apiPath)) continue;
  const url = `/api${apiPath}`;
  const names = new Set((op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name));
  const dated = ["from", "to"].every((n) => names.has(n));
  if (dated) add(`${apiPath} año`, `${url}?from=${year.from}&to=${year.to}`, adminApi, { optional: true });
  if (names.has("format")) {
    add(
      `${apiPath} CSV${dated ? " año" : ""}`,
      `${url}?format=csv${dated ? `&from=${year.from}&to=${year.to}` : ""}`,
      adminApi,
      {
        csv: true,
      },
    );
  }
}
// The reports' CSV of a year (sales, attendance, credits, coach pay).
for (const apiPath of Object.keys(doc.paths ?? {})) {
  if (!/^\/admin\/reports\/[a-z-]+$/.test(apiPath) || !doc.paths[apiPath].get) continue;
  add(`${apiPath} año`, `/api${apiPath}?from=${year.from}&to=${year.to}`, adminApi, { optional: true });
  add(`${apiPath} CSV año`, `/api${apiPath}?from=${year.from}&to=${year.to}&format=csv`, adminApi, {
    csv: true,
    optional: true,
  });
}
// A class, a customer, the calendars, the dashboard.
add("class detail and its reservations", `/api/admin/class-sessions/${busyClass.id}`, adminApi);
add("class page", `/admin/classes/${busyClass.id}`, admin, { optional: true });
add("customer detail", `/api/admin/users/${heavy.id}`, adminApi);
add("customer credits", `/api/admin/users/${heavy.id}/credits`, adminApi);
add("customer reservations", `/api/admin/reservations?user_id=${heavy.id}`, adminApi, { optional: true });
add("customer page", `/admin/users/${heavy.id}`, admin, { optional: true });
const monday = (() => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
})();
const sunday = new Date(Date.parse(monday) + 6 * 86400_000).toISOString().slice(0, 10);
add("calendar (public API)", `/api/v2/sessions?studio_id=${studioId}&from=${monday}&to=${sunday}`, customerApi, {
  optional: true,
});
add("calendar (back office)", `/api/admin/class-sessions?studio_id=${studioId}&from=${monday}&to=${sunday}`, adminApi, {
  optional: true,
});
add("calendar page", `/admin/calendar`, admin, { optional: true });
add("dashboard (API)", `/api/admin/dashboard`, adminApi);
add("dashboard page", `/admin/dashboard`, admin, { optional: true });
add("/profile/reservations", `/profile/reservations`, customer);
add("/profile/shopping-history", `/profile/shopping-history`, customer);
add("customer reservations API", `/api/v2/customer/reservations`, customerApi);
add("customer orders API", `/api/v2/customer/orders`, customerApi);
add("customer waitlist API", `/api/v2/customer/waitlist`, customerApi, { optional: true });

const selected = only ? scenarios.filter((s) => only.some((o) => s.name.includes(o))) : scenarios;

const cannon = (opts) =>
  new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });

const results = [];
const loadBefore = os.loadavg()[0];
for (const s of selected) {
  const url = `${baseUrl}${s.path}`;
  const t0 = performance.now();
  const probe = await fetch(url, { headers: s.headers });
  const bytes = (await probe.arrayBuffer()).byteLength;
  const single = performance.now() - t0;
  if (probe.status !== 200) {
    if (!s.optional) console.log(`  ${s.name}: ${s.path} respondió ${probe.status}; se omite.`);
    continue;
  }
  const rssBefore = rssMb();
  const r = await cannon({ url, headers: s.headers, connections, duration });
  const rssAfter = rssMb();
  const bad = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => Number(code) !== 200)
    .reduce((n, [, v]) => n + Number(v.count), 0);
  const row = {
    name: s.name,
    path: s.path,
    rps: r.requests.average,
    // No answer at all within the run: every request took longer than the run.
    p50: r.requests.total ? r.latency.p50 : Infinity,
    p99: r.requests.total ? r.latency.p99 : Infinity,
    single,
    bytes,
    errors: r.errors + r.timeouts + bad,
    csv: !!s.csv,
    rssBefore,
    rssAfter,
  };
  results.push(row);
  console.log(
    `  ${s.name.padEnd(52)} ${String(Math.round(row.rps)).padStart(5)} req/s  p50 ${row.p50.toFixed(0).padStart(5)}  p99 ${row.p99
      .toFixed(0)
      .padStart(
        5,
      )} ms${row.p99 > TARGET_P99 ? "  > 300" : ""}${s.csv ? `  RSS ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MB, ${(bytes / 1e6).toFixed(1)} MB` : ""}`,
  );
}

// ---- the booking call: 20 customers, each books a free spot of a class of its city and cancels it ----
if (!only || only.some((o) => "booking".includes(o))) {
  const people = await q1(
    `with c as (
       select distinct on (l.user_id) l.user_id, l.city_id from credit_lots l join users u on u.id = l.user_id
       where l.remaining > 2 and l.starts_at < now() and l.expires_at > now() + interval '3 days' and u.role_id = 2
       order by l.user_id limit 400)
     select c.user_id, u.email, c.city_id from c join users u on u.id = c.user_id limit $1`,
    [connections],
  );
  const sessions = await q1(
    `select cs.id, cs.capacity, st.city_id,
       array(select spot from reservations r where r.class_session_id = cs.id and r.status <> 'cancelled') as taken
     from class_sessions cs join studios st on st.id = cs.studio_id
     where cs.starts_at > now() + interval '2 days' and cs.starts_at < now() + interval '10 days' and cs.status = 'scheduled'
     order by cs.starts_at, cs.id`,
  );
  const latencies = [];
  let failures = 0;
  let deadline = Infinity;
  await Promise.all(
    people.map(async (p, i) => {
      const token = await login(p.email);
      const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
      const mine = sessions.filter((s) => s.city_id === p.city_id);
      const busy = await q1(
        `select class_session_id from reservations where user_id = $1 and status <> 'cancelled'
         union select class_session_id from waitlist_entries where user_id = $1 and status = 'waiting'`,
        [p.user_id],
      );
      const busyIds = new Set(busy.map((b) => b.class_session_id));
      const free = mine.filter((s) => !busyIds.has(s.id) && s.taken.length < s.capacity);
      if (deadline === Infinity) deadline = Date.now() + duration * 1000;
      // One class per client (clients of a city share none), a spot nobody holds.
      const s = free[(i * 7) % Math.max(1, free.length)];
      if (!s) return;
      const spot = Array.from({ length: s.capacity }, (_, k) => k + 1)
        .filter((n) => !s.taken.includes(n))
        .at(-1 - (i % 3));
      for (let n = 0; n < 25 && Date.now() < deadline; n++) {
        const t0 = performance.now();
        const res = await fetch(`${baseUrl}/api/v2/reservations`, {
          method: "POST",
          headers,
          body: JSON.stringify({ class_session_id: s.id, spot }),
        });
        const body = await res.json().catch(() => null);
        const ms = performance.now() - t0;
        if (res.status !== 201) {
          failures++;
          if (res.status === 429) break;
          continue;
        }
        latencies.push(ms);
        await fetch(`${baseUrl}/api/v2/reservations/${body.data.id}`, { method: "DELETE", headers }).then((r) =>
          r.arrayBuffer(),
        );
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((latencies.length * p) / 100))] ?? NaN;
  const row = {
    name: "booking POST /api/v2/reservations",
    path: "/api/v2/reservations",
    rps: latencies.length / duration,
    p50: pct(50),
    p99: pct(99),
    single: NaN,
    bytes: 0,
    errors: failures,
    csv: false,
  };
  results.push(row);
  console.log(
    `  ${row.name.padEnd(52)} ${latencies.length} reservas (y cancelaciones) de ${people.length} clientes  p50 ${row.p50.toFixed(0)}  p99 ${row.p99.toFixed(0)} ms` +
      (failures ? `  (${failures} respuestas distintas de 201)` : ""),
  );
}

// ---- the table ----
const head = ["llamada", "req/s", "p50 ms", "p99 ms", "1 sola ms", "errores", ""];
const table = results.map((r) => [
  r.name,
  r.rps.toFixed(0),
  r.p50.toFixed(0),
  r.p99.toFixed(0),
  Number.isNaN(r.single) ? "-" : r.single.toFixed(0),
  String(r.errors),
  r.p99 > TARGET_P99 ? "✗ p99 > 300" : "✓",
]);
const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const fmt = (row) => row.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
console.log(
  `\nNode ${process.version}, ${os.cpus().length} núcleos, ${connections} clientes, ${duration} s por llamada, ` +
    `carga ${loadBefore.toFixed(1)} al empezar, ${os.loadavg()[0].toFixed(1)} al terminar`,
);
console.log(fmt(head));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const row of table) console.log(fmt(row));
const over = results.filter((r) => r.p99 > TARGET_P99);
console.log(`\n${results.length - over.length} de ${results.length} con p99 <= ${TARGET_P99} ms.`);
const csvRows = results.filter((r) => r.csv);
if (csvRows.length) {
  console.log("\nCSV: RSS del servidor antes → después de 20 descargas simultáneas durante la medición");
  for (const r of csvRows)
    console.log(
      `  ${r.name.padEnd(52)} ${r.rssBefore.toFixed(0)} → ${r.rssAfter.toFixed(0)} MB (${(r.bytes / 1e6).toFixed(1)} MB cada una)`,
    );
}

// ---- EXPLAIN of the slowest: a second server with auto_explain on this database ----
const dbName = (await q1("select current_database() as d"))[0].d;
async function resetAutoExplain() {
  for (const k of [
    "session_preload_libraries",
    "auto_explain.log_min_duration",
    "auto_explain.log_analyze",
    "auto_explain.log_buffers",
    "auto_explain.log_nested_statements",
  ])
    await sqlClient.query(`alter database "${dbName}" reset ${k}`);
  explainDbSet = false;
}
const slowest = [...results]
  .filter((r) => !r.name.startsWith("booking"))
  .sort((a, b) => b.p99 - a.p99)
  .slice(0, explainCount);
const logPath = args.log ?? "/var/log/postgresql/postgresql-15-main.log";
if (slowest.length && explainCount > 0) {
  await stopServer();
  let canRead = true;
  try {
    fs.accessSync(logPath, fs.constants.R_OK);
  } catch {
    canRead = false;
    console.log(`\nNo se puede leer el registro de PostgreSQL (${logPath}; --log=…): sin EXPLAIN.`);
  }
  if (canRead) {
    const before = fs.statSync(logPath).size;
    await sqlClient.query(`alter database "${dbName}" set session_preload_libraries = 'auto_explain'`);
    explainDbSet = true;
    await sqlClient.query(`alter database "${dbName}" set auto_explain.log_min_duration = 20`);
    await sqlClient.query(`alter database "${dbName}" set auto_explain.log_analyze = on`);
    await sqlClient.query(`alter database "${dbName}" set auto_explain.log_buffers = on`);
    await sqlClient.query(`alter database "${dbName}" set auto_explain.log_nested_statements = on`);
    try {
      await startServer();
      const token = await login("admin@example.com");
      const ctoken = await login(heavy.email);
      for (const r of slowest) {
        const s = scenarios.find((x) => x.name === r.name);
        const headers = Object.fromEntries(
          Object.entries(s.headers).map(([k, v]) => [k, v.replace(adminToken, token).replace(customerToken, ctoken)]),
        );
        const mark = `/* bench:${r.name} */`;
        await sqlClient.query(`select 1 ${mark.replace(/\*\//g, "")}`).catch(() => {});
        await (await fetch(`${baseUrl}${s.path}`, { headers })).arrayBuffer();
      }
    } finally {
      await stopServer();
      await resetAutoExplain();
    }
    await new Promise((r) => setTimeout(r, 500));
    const fd = fs.openSync(logPath, "r");
    const size = fs.statSync(logPath).size;
    const buf = Buffer.alloc(Math.max(0, size - before));
    fs.readSync(fd, buf, 0, buf.length, before);
    fs.closeSync(fd);
    const text = buf.toString("utf8");
    // Each auto_explain entry: "<prefix> user@db LOG:  duration: 123.4 ms  plan:\n\tQuery Text: …\n\t…"
    const entries = [];
    const re = new RegExp(`^.*@${dbName} LOG:  duration: ([\\d.]+) ms  plan:\\n((?:\\t.*\\n?)+)`, "gm");
    for (const m of text.matchAll(re)) entries.push({ ms: Number(m[1]), plan: m[2].replace(/^\t/gm, "") });
    entries.sort((a, b) => b.ms - a.ms);
    const seen = new Set();
    const top = entries.filter((e) => {
      const key = e.plan.split("\n")[0].slice(0, 200);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    console.log(
      `\nEXPLAIN (ANALYZE, BUFFERS) de las consultas más lentas de las ${slowest.length} llamadas más lentas (${top.length} consultas >= 20 ms):`,
    );
    const seqScans = [];
    for (const e of top.slice(0, 10)) {
      console.log(`\n--- ${e.ms.toFixed(1)} ms ---\n${e.plan.trimEnd()}`);
      for (const m of e.plan.matchAll(/Seq Scan on (\w+)/g))
        if (BIG_TABLES.has(m[1])) seqScans.push(`${m[1]} (${e.ms.toFixed(0)} ms)`);
    }
    console.log(
      seqScans.length
        ? `\n⚠ Seq Scan en tablas grandes: ${[...new Set(seqScans)].join(", ")}`
        : "\nNingún Seq Scan en una tabla grande en esas consultas.",
    );
  }
}

fs.mkdirSync(".tmp/bench", { recursive: true });
fs.writeFileSync(
  ".tmp/bench/scale.json",
  JSON.stringify(
    { at: new Date().toISOString(), connections, duration, loadAverageAtStart: loadBefore, results },
    null,
    2,
  ),
);
await cleanup();
await sqlClient.end();
process.exit(0);
