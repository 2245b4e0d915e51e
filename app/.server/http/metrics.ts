/**
 * Prometheus metrics (issue 24 item 6), with prom-client. One registry per process:
 *
 * - request rate and latency of the API by route pattern (`/api/admin/users/:id`, never the raw
 *   path, so ids do not explode the series), method and status class;
 * - the database pool of this server (connections in use, idle, callers waiting);
 * - live spot-map streams open on this server;
 * - read from the database at scrape time (the same figures from every server): job queue depth
 *   and failures by task, and payment outcomes (checkout charges by status and method, and the
 *   ones still open after 15 minutes: money taken with no order yet, which the reconciliation
 *   task must settle).
 *
 * `GET /api/metrics` answers it only with `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise;
 * 404 while no token is configured), so it stays closed to the public.
 */
import { sql } from "drizzle-orm";
import client from "prom-client";
import { queryRows, type Db } from "../db/client";
import { openLiveStreams } from "../domain/booking/live";

const registry = new client.Registry();
registry.setDefaultLabels({ app: "nucleo" });
client.collectDefaultMetrics({ register: registry });

const requests = new client.Counter({
  name: "nucleo_http_requests_total",
  help: "Llamadas a la API por ruta, método y clase de estado",
  labelNames: ["route", "method", "status"] as const,
  registers: [registry],
});

const latency = new client.Histogram({
  name: "nucleo_http_request_duration_seconds",
  help: "Tiempo de respuesta de la API por ruta y método",
  labelNames: ["route", "method"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Records one API answer; `route` is the matched pattern, or `unmatched`. */
export function observeRequest(route: string, method: string, status: number, seconds: number) {
  const statusClass = `${String(status).charAt(0)}xx`;
  requests.inc({ route, method, status: statusClass });
  latency.observe({ route, method }, seconds);
}

interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}
const pools: PoolLike[] = [];

/** The app's database pool, watched from now on (db/client.ts calls it when it opens one). */
export function watchPool(pool: PoolLike) {
  pools.push(pool);
}

new client.Gauge({
  name: "nucleo_db_pool_connections",
  help: "Conexiones del pool de la base de datos de este servidor",
  labelNames: ["state"] as const,
  registers: [registry],
  collect() {
    const sum = (f: (p: PoolLike) => number) => pools.reduce((s, p) => s + f(p), 0);
    this.set(
      { state: "in_use" },
      sum((p) => p.totalCount - p.idleCount),
    );
    this.set(
      { state: "idle" },
      sum((p) => p.idleCount),
    );
    this.set(
      { state: "waiting" },
      sum((p) => p.waitingCount),
    );
  },
});

new client.Gauge({
  name: "nucleo_live_map_streams",
  help: "Mapas de lugares en vivo abiertos en este servidor",
  registers: [registry],
  collect() {
    this.set(openLiveStreams());
  },
});

const jobs = new client.Gauge({
  name: "nucleo_jobs",
  help: "Tareas de la cola por nombre y estado (created, retry, active, failed…)",
  labelNames: ["task", "state"] as const,
  registers: [registry],
});

const charges = new client.Gauge({
  name: "nucleo_checkout_charges",
  help: "Cobros del checkout por estado y método",
  labelNames: ["status", "method"] as const,
  registers: [registry],
});

const staleCharges = new client.Gauge({
  name: "nucleo_checkout_charges_open_stale",
  help: "Cobros abiertos hace más de 15 minutos (dinero sin pedido todavía)",
  registers: [registry],
});

async function readDatabaseFigures(db: Db) {
  jobs.reset();
  charges.reset();
  const queue = await queryRows<{ name: string; state: string; n: number }>(
    db,
    sql`select name, state::text as state, count(*)::int as n from pgboss.job group by 1, 2`,
  ).catch(() => []);
  for (const r of queue) jobs.set({ task: r.name, state: r.state }, r.n);
  const byStatus = await queryRows<{ status: string; method: string; n: number }>(
    db,
    sql`select status, method, count(*)::int as n from checkout_charges group by 1, 2`,
  );
  for (const r of byStatus) charges.set({ status: r.status, method: r.method }, r.n);
  const [stale] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from checkout_charges where status = 'open' and created_at < now() - interval '15 minutes'`,
  );
  staleCharges.set(stale?.n ?? 0);
}

/** The exposition text and its content type. */
export async function renderMetrics(db: Db) {
  await readDatabaseFigures(db);
  return { body: await registry.metrics(), contentType: registry.contentType };
}
