#!/usr/bin/env node
// `npm run bench:checkout`: 200 customers paying at once through the real server (production build).
//
//   npm run bench:checkout                      200 customers on a fresh embedded PostgreSQL folder
//   npm run bench:checkout -- --customers=50
//   BENCH_DATABASE_URL=postgres://… npm run bench:checkout    on PostgreSQL (the database must exist)
//   BENCH_CPU_PROF=.tmp/prof npm run bench:checkout            with a CPU profile of the server
//
// Each customer registers, puts a 5-class pack in the cart, creates a card payment method (sandbox
// gateway, 4242…) and gets its intent; then all of them call make-payment at the same moment, each
// twice (a double click), and the figures cover those calls: checkouts per second and latency
// percentiles. The invariant check then reads every customer's account: exactly one order and
// exactly the pack's five classes each, whatever the races. TRUST_PROXY=true and one
// X-Forwarded-For address per customer keep the per-IP sign-up limits out of the measurement.
import crypto from "node:crypto";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, "").split("=");
    return [k, v ?? "true"];
  }),
);
const customers = Number(args.customers ?? 200);
const dbUrl = process.env.BENCH_DATABASE_URL || "";

if (!fs.existsSync(path.join(root, "build/server/index.js")) || args.build) {
  const r = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(1);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const port = Number(process.env.BENCH_PORT || (await freePort()));
const base = `http://127.0.0.1:${port}`;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "nb-bench-checkout-"));
// The embedded PostgreSQL runs as the OS user "postgres" when this runs as root: it must be able to
// enter the folder (mkdtemp makes it 0700).
fs.chmodSync(tmp, 0o755);
const logFd = fs.openSync(path.join(tmp, "server.log"), "a");
// BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
const profile = process.env.BENCH_CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`]
  : [];
const server = spawn(process.execPath, [...profile, "server.mjs"], {
  stdio: ["ignore", logFd, logFd],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: path.join(tmp, "data"),
    DATABASE_URL: dbUrl,
    SEED_DEMO: "true",
    TRUST_PROXY: "true",
    PAYMENT_GATEWAY: "sandbox",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || "warn",
    APP_KEY: process.env.APP_KEY || crypto.randomBytes(32).toString("base64"),
  },
});
let exited = false;
server.on("exit", () => (exited = true));
const stop = async () => {
  if (!exited) {
    server.kill("SIGTERM");
    await new Promise((r) => (exited ? r() : server.once("exit", r)));
  }
  fs.rmSync(tmp, { recursive: true, force: true });
};

const t0 = Date.now();
for (;;) {
  if (exited) {
    console.error(fs.readFileSync(path.join(tmp, "server.log"), "utf8").slice(-3000));
    process.exit(1);
  }
  if (
    await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  if (Date.now() - t0 > 120_000) {
    await stop();
    throw new Error("server did not start");
  }
  await new Promise((r) => setTimeout(r, 250));
}
console.log(
  `Server up on ${base} (${dbUrl ? "PostgreSQL" : "embedded PostgreSQL"}); preparing ${customers} customers…`,
);

const ip = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
async function call(i, pathname, { token, json } = {}) {
  const res = await fetch(`${base}/api${pathname}`, {
    method: json ? "POST" : "GET",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip(i + 1),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

const run = `${Date.now()}`;
const prepared = [];
// Preparation in small batches (argon2 hashing is the slow part), not measured.
for (let i = 0; i < customers; i += 10) {
  const batch = await Promise.all(
    Array.from({ length: Math.min(10, customers - i) }, async (_, k) => {
      const n = i + k;
      const email = `bench.${run}.${n}@example.com`;
      const reg = await call(n, "/user", {
        json: {
          name: "Bench",
          last_name: `Cliente ${n}`,
          email,
          password: "bench123",
          confirmPassword: "bench123",
          terms: true,
        },
      });
      const token = reg.body?.access_token;
      if (!token) throw new Error(`register ${n}: HTTP ${reg.status} ${JSON.stringify(reg.body)}`);
      await call(n, "/v2/carts", { token, json: { action: "addPack", action_param: { pack_id: 2 } } });
      const pm = await call(n, "/v2/stripe/create-payment-method", {
        token,
        json: {
          card: { number: "4242424242424242", exp_month: 12, exp_year: 2031, cvc: "123" },
          billing_details: { name: "Bench" },
        },
      });
      const si = await call(n, "/v2/checkout/setup-intent", {
        token,
        json: { stripe_payment_method_id: pm.body?.payment_method?.id },
      });
      if (!si.body?.payment_intent_id)
        throw new Error(`setup-intent ${n}: HTTP ${si.status} ${JSON.stringify(si.body)}`);
      return { n, token, intent: si.body.payment_intent_id };
    }),
  );
  prepared.push(...batch);
}

console.log(`Paying: ${customers} customers at once, each clicking twice…`);
const latencies = [];
const statuses = {};
const started = performance.now();
await Promise.all(
  prepared.flatMap((c) =>
    [0, 1].map(async () => {
      const s = performance.now();
      const r = await call(c.n, "/v2/checkout/make-payment", {
        token: c.token,
        json: { payment_intent_id: c.intent, payment_method: 4 },
      });
      latencies.push(performance.now() - s);
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    }),
  ),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))].toFixed(0);

// Invariant: one order and exactly five classes per customer.
let bad = 0;
for (const c of prepared) {
  const orders = await call(c.n, "/v2/customer/orders", { token: c.token });
  const me = await call(c.n, "/auth/me", { token: c.token, json: {} });
  const user = me.body?.data ?? me.body;
  if (orders.body?.data?.length !== 1 || user?.available_sessions !== 5) bad++;
}
await stop();

console.log("");
console.log(`customers            ${customers}`);
console.log(
  `make-payment calls   ${latencies.length} (${Object.entries(statuses)
    .map(([k, v]) => `${v}× ${k}`)
    .join(", ")})`,
);
console.log(`checkouts/s          ${(customers / seconds).toFixed(1)}  (all paid in ${seconds.toFixed(2)} s)`);
console.log(`latency ms           p50 ${pct(50)}  p90 ${pct(90)}  p99 ${pct(99)}  max ${latencies.at(-1).toFixed(0)}`);
console.log(
  `invariant            ${bad === 0 ? "OK" : "BROKEN"}: ${customers - bad} of ${customers} customers have exactly one order and 5 classes`,
);
process.exit(bad === 0 ? 0 : 1);
