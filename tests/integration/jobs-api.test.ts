import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { scheduledTasks } from "../../app/.server/jobs/tasks";
import { startJobQueue } from "../../app/.server/jobs/queue";
import { jobDefinitions } from "../../app/.server/runtime";
import { createLogger } from "../../app/.server/http/logger";
import { setupTestApp } from "../support/app";
import { createCast, FACTORY_PASSWORD, type Cast } from "../support/factories";

/** Durable jobs on the database (pg-boss): transactional enqueue, retries, the failed-jobs API. */
const ran: unknown[] = [];
/** This file's own accounts (not the demo ones). */
let cast: Cast;
const app = setupTestApp(
  {},
  {
    jobs: [
      { name: "test-records", run: async (data) => void ran.push(data) },
      {
        name: "test-always-fails",
        retryLimit: 2,
        retryDelay: 30,
        run: async () => {
          throw new Error("el servicio externo no responde");
        },
      },
    ],
  },
);
beforeAll(async () => {
  cast = await createCast(app.deps.db);
});

describe("job queue", () => {
  it("a job enqueued in a transaction that rolls back never runs; a committed one runs once", async () => {
    await expect(
      app.deps.db.transaction(async (tx) => {
        await app.deps.jobs.send(tx, "test-records", { n: 1 });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await app.deps.jobs.runPending("test-records", { ignoreStartAfter: true })).toEqual({
      completed: 0,
      failed: 0,
    });
    expect(ran).toEqual([]);

    await app.deps.db.transaction(async (tx) => {
      await app.deps.jobs.send(tx, "test-records", { n: 2 });
    });
    expect(await app.deps.jobs.runPending("test-records")).toEqual({ completed: 1, failed: 0 });
    expect(await app.deps.jobs.runPending("test-records")).toEqual({ completed: 0, failed: 0 });
    expect(ran).toEqual([{ n: 2 }]);
  });

  it("a failing job is retried later (back-off), then listed as failed", async () => {
    const id = await app.deps.jobs.send(app.deps.db, "test-always-fails", { order: 7 });
    // First attempt fails; the retry waits (start_after in the future), so nothing else is due now.
    expect(await app.deps.jobs.runPending("test-always-fails")).toEqual({ completed: 0, failed: 1 });
    const { rows } = (await app.deps.db.execute(
      sql`select state, retry_count, start_after > now() as later from pgboss.job where id = ${id}`,
    )) as unknown as { rows: { state: string; retry_count: number; later: boolean }[] };
    expect(rows[0]).toMatchObject({ state: "retry", later: true });
    // Skipping the back-off: the two retries fail too, and the job ends failed.
    expect(await app.deps.jobs.runPending("test-always-fails", { ignoreStartAfter: true })).toEqual({
      completed: 0,
      failed: 2,
    });
    const failed = await app.deps.jobs.listFailed({ limit: 10, offset: 0 });
    expect(failed.items.find((j) => j.id === id)).toMatchObject({
      name: "test-always-fails",
      error: "el servicio externo no responde",
      retryCount: 2,
    });
  });

  it("every scheduled task runs on its cron in America/Mexico_City, once per tick across servers", async () => {
    const defs = jobDefinitions(() => app.deps, null);
    for (const task of scheduledTasks) expect(defs.find((d) => d.name === task.name)?.cron).toBe(task.cron);
    // A server's queue (work: true) registers the schedules in the database, where pg-boss's clock
    // makes one job per tick for the whole installation.
    const server = await startJobQueue({
      url: app.database.url,
      log: createLogger("silent"),
      work: true,
      definitions: defs,
    });
    await server.startWorkers();
    await server.stop();
    const { rows } = (await app.deps.db.execute(sql`select name, cron, timezone from pgboss.schedule`)) as unknown as {
      rows: { name: string; cron: string; timezone: string }[];
    };
    for (const task of scheduledTasks) {
      expect(rows).toContainEqual({ name: task.name, cron: task.cron, timezone: "America/Mexico_City" });
    }
  });

  it("two servers draining one queue together run each job once", async () => {
    const seen: number[] = [];
    const def = { name: "test-once", run: async (d: Record<string, unknown>) => void seen.push(Number(d.n)) };
    const servers = await Promise.all(
      [1, 2].map(() =>
        startJobQueue({ url: app.database.url, log: createLogger("silent"), work: false, definitions: [def] }),
      ),
    );
    try {
      for (let n = 0; n < 20; n++) await servers[0].send(app.deps.db, "test-once", { n });
      const [a, b] = await Promise.all(servers.map((s) => s.runPending("test-once")));
      expect(a.completed + b.completed).toBe(20);
      expect([...seen].sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
    }
  });

  it("the housekeeping task runs through the queue", async () => {
    await app.deps.jobs.send(app.deps.db, "housekeeping", {});
    expect(await app.deps.jobs.runPending("housekeeping")).toEqual({ completed: 1, failed: 0 });
  });
});

describe("/api/admin/jobs", () => {
  it("lists failed jobs for administrator-type 1 only", async () => {
    expect((await app.request("/admin/jobs")).status).toBe(401);
    for (const { email } of [cast.manager, cast.cashier, cast.coach, cast.customer]) {
      const res = await app.request("/admin/jobs", { token: await app.login(email, FACTORY_PASSWORD) });
      expect(res.status, email).toBe(403);
    }
    const admin = await app.login(cast.admin.email, FACTORY_PASSWORD);
    const res = await app.request("/admin/jobs", { token: admin });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { name: string; error: string; attempts: number }[]; meta: unknown };
    expect(body.data).toContainEqual(
      expect.objectContaining({ name: "test-always-fails", error: "el servicio externo no responde", attempts: 3 }),
    );
    expect(body.meta).toMatchObject({ page: 1, per_page: 20 });
    const found = (await (await app.request("/admin/jobs?search=EXTERNO", { token: admin })).json()) as {
      data: unknown[];
    };
    expect(found.data).toHaveLength(1);
    const none = (await (await app.request("/admin/jobs?search=nada%25", { token: admin })).json()) as {
      data: unknown[];
    };
    expect(none.data).toHaveLength(0);
  });

  it("retries one failed job: it runs again and, failing again, comes back to the list", async () => {
    const admin = await app.login(cast.admin.email, FACTORY_PASSWORD);
    const list = (await (await app.request("/admin/jobs", { token: admin })).json()) as {
      data: { id: string; name: string }[];
    };
    const job = list.data.find((j) => j.name === "test-always-fails")!;
    const manager = await app.login(cast.manager.email, FACTORY_PASSWORD);
    expect((await app.request(`/admin/jobs/${job.id}/retry`, { method: "POST", token: manager })).status).toBe(403);

    const res = await app.request(`/admin/jobs/${job.id}/retry`, { method: "POST", token: admin });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { Message: string } }).data.Message).toBe(
      "La tarea volvió a la fila: se intentará en unos segundos.",
    );
    const after = (await (await app.request("/admin/jobs", { token: admin })).json()) as { data: { id: string }[] };
    expect(after.data.map((j) => j.id)).not.toContain(job.id);
    expect(await app.deps.jobs.runPending("test-always-fails", { ignoreStartAfter: true })).toEqual({
      completed: 0,
      failed: 1,
    });
    const again = (await (await app.request("/admin/jobs", { token: admin })).json()) as { data: { id: string }[] };
    expect(again.data.map((j) => j.id)).toContain(job.id);

    // Not failed (any more) or not a job: 404 in the spec's error shape; not a UUID: 400.
    const missing = await app.request("/admin/jobs/00000000-0000-4000-8000-000000000000/retry", {
      method: "POST",
      token: admin,
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { errorMessage: string }).errorMessage).toBe(
      "La tarea no existe o ya no está fallida",
    );
    expect((await app.request("/admin/jobs/abc/retry", { method: "POST", token: admin })).status).toBe(400);
  });
});
