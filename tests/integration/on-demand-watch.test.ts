/**
 * Issue 23, Nucleo Home's customer side: the library's filters, who may play (no plan, counted,
 * unlimited, expired), the class a counted plan spends exactly once even under concurrent progress
 * calls, resume, a deleted video, and the dashboard's figures.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  carts,
  creditLots,
  creditMovements,
  onDemandProgress,
  onDemandVideos,
  onDemandViewDays,
  orderItems,
  orders,
} from "../../app/.server/db/schema";
import { readMediaToken } from "../../app/.server/domain/on-demand/media-token";
import { anonymous } from "../../app/.server/http/api";
import { loader as watchLoader } from "../../app/routes/on-demand/watch";
import { setupTestApp } from "../support/app";
import { createCoach, createCustomer, createStaff, grantCredits, sessionFor, staffToken } from "../support/factories";
import { createTaxonomies, createVideo } from "../support/on-demand";

const app = setupTestApp();
const json = async (r: Response) => (await r.json()) as any;
const db = () => app.deps.db;

async function customer(o: { isTester?: boolean } = {}) {
  const c = await createCustomer(db(), o);
  return { id: c.id, token: await sessionFor(db(), c) };
}
const playAs = (token: string, id: number) => app.request(`/on-demand/videos/${id}/play`, { method: "POST", token });
const progressAs = (token: string, id: number, position: number, watched: number) =>
  app.request(`/on-demand/videos/${id}/progress`, {
    method: "POST",
    token,
    json: { position_seconds: position, watched_seconds: watched },
  });
const spends = (userId: number) =>
  db()
    .select()
    .from(creditMovements)
    .where(and(eq(creditMovements.userId, userId), eq(creditMovements.kind, "spend")));
const lotOf = async (id: number) => (await db().select().from(creditLots).where(eq(creditLots.id, id)))[0]!;

describe("library", () => {
  let tx: Awaited<ReturnType<typeof createTaxonomies>>;
  let coachA: number;
  let coachB: number;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    tx = await createTaxonomies(db());
    coachA = (await createCoach(db(), { name: "Ana" })).id;
    coachB = (await createCoach(db(), { name: "Bea" })).id;
    const base = { typeId: tx.type.id };
    ids.a = (
      await createVideo(db(), {
        ...base,
        title: "Piernas de fuego",
        coachId: coachA,
        difficultyId: tx.easy.id,
        durationSeconds: 600,
        equipmentIds: [tx.ball.id],
      })
    ).id;
    ids.b = (
      await createVideo(db(), {
        ...base,
        title: "Brazos fuertes",
        coachId: coachB,
        difficultyId: tx.hard.id,
        durationSeconds: 1800,
        equipmentIds: [tx.band.id, tx.ball.id],
      })
    ).id;
    ids.c = (
      await createVideo(db(), {
        typeId: tx.type2.id,
        title: "Core 100%",
        coachId: coachA,
        difficultyId: tx.hard.id,
        durationId: tx.short.id,
        durationSeconds: 2400,
      })
    ).id;
    ids.draft = (await createVideo(db(), { ...base, published: false })).id;
    ids.processing = (await createVideo(db(), { ...base, status: "processing" })).id;
    ids.deleted = (await createVideo(db(), { ...base, deletedAt: new Date() })).id;
    ids.testing = (await createVideo(db(), { ...base, testing: true })).id;
  });

  const list = async (q: string, token?: string) => {
    const r = await app.request(`/on-demand/videos?${q}`, { token });
    expect(r.status).toBe(200);
    return (await json(r)).data as { videos: { id: number }[]; total: number; pages: number };
  };
  const idsOf = (d: { videos: { id: number }[] }) => d.videos.map((v) => v.id).sort((x, y) => x - y);

  it("shows published, ready, not deleted videos; testing ones only to testers", async () => {
    expect(idsOf(await list(`type=${tx.type.id}`))).toEqual([ids.a, ids.b].sort((x, y) => x - y));
    const tester = await customer({ isTester: true });
    expect(idsOf(await list(`type=${tx.type.id}`, tester.token))).toEqual(
      [ids.a, ids.b, ids.testing].sort((x, y) => x - y),
    );
  });

  it("combines filters by type, coach, difficulty, duration and equipment, and searches titles", async () => {
    expect(idsOf(await list(`coach=${coachA}`))).toEqual([ids.a, ids.c].sort((x, y) => x - y));
    expect(idsOf(await list(`coach=${coachA}&difficulty=${tx.hard.id}`))).toEqual([ids.c]);
    expect(idsOf(await list(`equipment=${tx.ball.id}`))).toEqual([ids.a, ids.b].sort((x, y) => x - y));
    expect(idsOf(await list(`equipment=${tx.band.id}&coach=${coachA}`))).toEqual([]);
    // The bucket staff chose wins over the measured length (c is 40 min, filed under "short").
    expect(idsOf(await list(`duration=${tx.short.id}`))).toEqual([ids.a, ids.c].sort((x, y) => x - y));
    expect(idsOf(await list(`duration=${tx.long.id}`))).toEqual([ids.b]);
    expect(idsOf(await list(`q=brazos`))).toEqual([ids.b]);
    expect(idsOf(await list(`q=100%25&coach=${coachA}`))).toEqual([ids.c]);
  });

  it("pages, and ignores filter values that are not ids (never a 500)", async () => {
    const first = await list(`type=${tx.type.id}&page=1&page_size=1`);
    expect(first.total).toBe(2);
    expect((await list(`coach=abc&type=${tx.type.id}&page=x`)).total).toBe(2);
    expect((await list(`coach=99999999&type=${tx.type.id}`)).total).toBe(0);
    const far = await list(`type=${tx.type.id}&page=50`);
    expect(far.videos).toEqual([]);
  });

  it("lists a coach's videos and the filter values", async () => {
    const r = await json(await app.request(`/on-demand/coaches/${coachA}`));
    expect(r.data.videos.map((v: { id: number }) => v.id).sort()).toEqual([ids.a, ids.c].sort());
    expect((await app.request(`/on-demand/coaches/999999`)).status).toBe(404);
    const f = (await json(await app.request(`/on-demand/filters`))).data;
    expect(f.coach.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([coachA, coachB]));
    expect(f.equipment.map((e: { id: number }) => e.id)).toEqual(expect.arrayContaining([tx.ball.id, tx.band.id]));
  });
});

describe("entitlement and spend", () => {
  it("refuses a customer without a plan with a clear Spanish message", async () => {
    const c = await customer();
    const v = await createVideo(db());
    const r = await playAs(c.token, v.id);
    expect(r.status).toBe(403);
    expect((await json(r)).error.Message).toBe("Necesitas un plan de Nucleo Home activo para ver esta clase.");
    expect((await progressAs(c.token, v.id, 100, 100)).status).toBe(403);
    expect(await db().select().from(onDemandProgress).where(eq(onDemandProgress.userId, c.id))).toEqual([]);
  });

  it("counted plan: signs a token, spends one class past the threshold, once; resume from the saved position", async () => {
    const c = await customer();
    const lot = await grantCredits(db(), c.id, { scope: "on_demand", quantity: 2 });
    const v = await createVideo(db(), { durationSeconds: 600 });
    const p = await playAs(c.token, v.id);
    expect(p.status).toBe(200);
    const grant = (await json(p)).data;
    expect(grant.master_url).toBe(`/api/media/${grant.token}/hls/master.m3u8`);
    const read = readMediaToken(grant.token, app.deps.secrets.derive("on-demand-media"), Date.now() / 1000);
    expect(read).toMatchObject({ ok: true, grant: { videoId: v.id, userId: c.id } });
    expect(grant.position_seconds).toBe(0);

    // 45 s watched: under the threshold (60 s), nothing spent.
    let r = await json(await progressAs(c.token, v.id, 45, 45));
    expect(r.data).toMatchObject({ counted_now: false, counted: false, available_sessions_on_demand: 2 });
    expect((await lotOf(lot)).remaining).toBe(2);
    // 15 s more: 60 s, one class.
    r = await json(await progressAs(c.token, v.id, 60, 15));
    expect(r.data).toMatchObject({ counted_now: true, counted: true, available_sessions_on_demand: 1 });
    r = await json(await progressAs(c.token, v.id, 130, 70));
    expect(r.data).toMatchObject({ counted_now: false, counted: true, available_sessions_on_demand: 1 });
    expect((await lotOf(lot)).remaining).toBe(1);
    const moves = await spends(c.id);
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ lotId: lot, delta: -1, ref: `on_demand_video:${v.id}` });

    // Resume: the next play starts where they stopped; the user answer shows the balance.
    expect((await json(await playAs(c.token, v.id))).data.position_seconds).toBe(130);
    const me = await json(await app.request("/auth/me", { token: c.token }));
    expect(me.data.available_sessions_on_demand).toBe(1);
  });

  it("a counted plan with no classes left replays paid videos but refuses new ones", async () => {
    const c = await customer();
    await grantCredits(db(), c.id, { scope: "on_demand", quantity: 1 });
    const paid = await createVideo(db(), { durationSeconds: 100 });
    const other = await createVideo(db());
    // A 100 s video counts at 20 s (20 %).
    expect((await json(await progressAs(c.token, paid.id, 20, 20))).data.counted_now).toBe(true);
    expect((await playAs(c.token, paid.id)).status).toBe(200);
    const refused = await playAs(c.token, other.id);
    expect(refused.status).toBe(403);
    expect((await json(refused)).error.Message).toBe(
      "Ya usaste todas las clases de tu plan de Nucleo Home. Compra otro plan para ver clases nuevas.",
    );
  });

  it("unlimited plan spends nothing", async () => {
    const c = await customer();
    await grantCredits(db(), c.id, { scope: "on_demand", quantity: null });
    const v = await createVideo(db());
    expect((await playAs(c.token, v.id)).status).toBe(200);
    const r = await json(await progressAs(c.token, v.id, 300, 120));
    expect(r.data).toMatchObject({ counted_now: false, counted: true, available_sessions_on_demand: "UNLIMITED" });
    expect(await spends(c.id)).toEqual([]);
  });

  it("a plan ending mid-video refuses the next token and progress call, and saves nothing", async () => {
    const c = await customer();
    const start = new Date();
    await grantCredits(db(), c.id, { scope: "on_demand", quantity: null, days: 1, now: start });
    const v = await createVideo(db());
    expect((await progressAs(c.token, v.id, 50, 50)).status).toBe(200);
    app.setNow(new Date(start.getTime() + 86_400_000 + 60_000));
    try {
      const c2 = await sessionFor(db(), c.id, { now: new Date(start.getTime() + 86_400_000 + 60_000) });
      const r = await progressAs(c2, v.id, 80, 30);
      expect(r.status).toBe(403);
      expect((await json(r)).error.Message).toBe("Necesitas un plan de Nucleo Home activo para ver esta clase.");
      expect((await playAs(c2, v.id)).status).toBe(403);
    } finally {
      app.setNow(null);
    }
    const [row] = await db().select().from(onDemandProgress).where(eq(onDemandProgress.userId, c.id));
    expect(row!.positionSeconds).toBe(50);
  });

  it("spends exactly one class under concurrent progress calls", async () => {
    const c = await customer();
    const lot = await grantCredits(db(), c.id, { scope: "on_demand", quantity: 5 });
    const v = await createVideo(db(), { durationSeconds: 900 });
    // The progress row exists already (the race is on a customer who keeps watching).
    expect((await json(await progressAs(c.token, v.id, 10, 10))).data.counted_now).toBe(false);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => progressAs(c.token, v.id, 100 + i, 100)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const bodies = await Promise.all(answers.map(json));
    expect(bodies.filter((b) => b.data.counted_now)).toHaveLength(1);
    expect((await lotOf(lot)).remaining).toBe(4);
    expect(await spends(c.id)).toHaveLength(1);
  });

  it("a video deleted while watched: progress and play refused (410), history keeps it as no longer available", async () => {
    const c = await customer();
    await grantCredits(db(), c.id, { scope: "on_demand", quantity: null });
    const v = await createVideo(db(), { title: "Se va a borrar" });
    const keep = await createVideo(db(), { title: "Se queda" });
    await progressAs(c.token, keep.id, 30, 30);
    await progressAs(c.token, v.id, 40, 40);
    await db().update(onDemandVideos).set({ deletedAt: new Date() }).where(eq(onDemandVideos.id, v.id));
    const r = await progressAs(c.token, v.id, 60, 20);
    expect(r.status).toBe(410);
    expect((await json(r)).error.Message).toBe("Este video ya no está disponible.");
    expect((await playAs(c.token, v.id)).status).toBe(410);
    const h = (await json(await app.request("/on-demand/history", { token: c.token }))).data;
    expect(h.history.map((x: { title: string; available: boolean }) => [x.title, x.available])).toEqual([
      ["Se va a borrar", false],
      ["Se queda", true],
    ]);
    expect(h.continue_watching.map((x: { video_id: number }) => x.video_id)).toEqual([keep.id]);
  });
});

describe("dashboard", () => {
  it("answers exact figures from the aggregates over a date range", async () => {
    const admin = await staffToken(db());
    const v1 = await createVideo(db(), { title: "Top uno" });
    const v2 = await createVideo(db(), { title: "Top dos" });
    const a = await customer();
    const b = await customer();
    // A range in the past, so the rest of the file does not change it.
    const rows = [
      { userId: a.id, videoId: v1.id, day: "2024-03-01", secondsWatched: 600 },
      { userId: b.id, videoId: v1.id, day: "2024-03-01", secondsWatched: 300 },
      { userId: a.id, videoId: v2.id, day: "2024-03-03", secondsWatched: 120 },
      { userId: a.id, videoId: v2.id, day: "2024-02-28", secondsWatched: 999 },
    ];
    await db().insert(onDemandViewDays).values(rows);
    // a: subscribed through the range; b: ended on 2024-03-02 (churn).
    await grantCredits(db(), a.id, {
      scope: "on_demand",
      quantity: null,
      now: new Date("2024-02-15T12:00:00Z"),
      days: 60,
    });
    await grantCredits(db(), b.id, {
      scope: "on_demand",
      quantity: 4,
      now: new Date("2024-02-01T12:00:00Z"),
      days: 30,
    });
    const [cart] = await db().insert(carts).values({ userId: a.id, status: "paid" }).returning();
    const [order] = await db()
      .insert(orders)
      .values({
        userId: a.id,
        cartId: cart!.id,
        subtotalCents: 49900,
        totalCents: 49900,
        paymentMethod: "card",
        createdAt: new Date("2024-03-02T18:00:00Z"),
      })
      .returning();
    await db().insert(orderItems).values({
      orderId: order!.id,
      scope: "plan",
      refId: 1,
      name: "Plan prueba",
      qty: 1,
      unitCents: 49900,
      totalCents: 49900,
    });

    const r = await app.request("/admin/on-demand/dashboard?from=2024-03-01&to=2024-03-03", { token: admin });
    expect(r.status).toBe(200);
    const d = (await json(r)).data;
    expect(d.per_day).toEqual([
      { day: "2024-03-01", views: 2, minutes: 15 },
      { day: "2024-03-02", views: 0, minutes: 0 },
      { day: "2024-03-03", views: 1, minutes: 2 },
    ]);
    expect(d.top_videos).toEqual([
      { video_id: v1.id, title: "Top uno", views: 2, minutes: 15 },
      { video_id: v2.id, title: "Top dos", views: 1, minutes: 2 },
    ]);
    expect(d.totals).toMatchObject({
      views: 3,
      viewers: 2,
      minutes_watched: 17,
      active_at_start: 2,
      active_subscribers: 1,
      churned: 1,
      churn_rate: 50,
    });
    expect(d.plans).toEqual([{ name: "Plan prueba", sold: 1, revenue_cents: 49900 }]);

    const bad = await app.request("/admin/on-demand/dashboard?from=2024-03-05&to=2024-03-01", { token: admin });
    expect(bad.status).toBe(422);
    expect((await app.request("/admin/on-demand/dashboard?from=nope", { token: admin })).status).toBe(422);
    const c = await customer();
    expect((await app.request("/admin/on-demand/dashboard", { token: c.token })).status).toBe(403);
  });
});

describe("the watch page's grant (issue 23: pressing play needs no round trip)", () => {
  type Page = { access: string; grant: { token: string; master_url: string; expires_at: string } | null };
  async function visit(userId: number | null, videoId: number) {
    const user = userId ? (await db().query.users.findFirst({ where: (u, { eq: is }) => is(u.id, userId) }))! : null;
    const auth = { ...anonymous, user, session: { twoFactorAt: null } } as never;
    const out = (await watchLoader({
      request: new Request(`http://localhost/on-demand/watch/${videoId}`),
      params: { id: String(videoId) },
      context: { deps: app.deps, auth, cookies: {} },
    } as never)) as unknown;
    // With a grant the loader answers data(…) with its headers.
    const wrapped = out as { data?: Page; init?: { headers?: Record<string, string> } };
    return wrapped.init
      ? { page: wrapped.data!, headers: wrapped.init.headers ?? {} }
      : { page: out as Page, headers: {} };
  }

  it("an entitled customer's page carries a signed grant that expires with the plan; nobody else gets one", async () => {
    const v = await createVideo(db());
    const secret = app.deps.secrets.derive("on-demand-media");
    const c = await customer();
    const start = new Date();
    await grantCredits(db(), c.id, { scope: "on_demand", quantity: null, days: 1, now: start });
    const { page, headers } = await visit(c.id, v.id);
    expect(page.access).toBe("watch");
    expect(headers["Cache-Control"]).toBe("private, no-store");
    const g = page.grant!;
    expect(g.master_url).toBe(`/api/media/${g.token}/hls/master.m3u8`);
    expect(readMediaToken(g.token, secret, Date.now() / 1000)).toMatchObject({
      ok: true,
      grant: { videoId: v.id, userId: c.id },
    });
    // Three hours at most, and never past the plan's end.
    expect(Date.parse(g.expires_at) - Date.now()).toBeLessThanOrEqual(3 * 3600_000 + 1000);
    const media = await app.request(`/media/${g.token}/hls/master.m3u8`);
    expect(media.status).not.toBe(403);
    // The grant spends nothing and saves nothing.
    expect(await spends(c.id)).toEqual([]);
    expect(await db().select().from(onDemandProgress).where(eq(onDemandProgress.userId, c.id))).toEqual([]);
    // It expires: past its end the media link answers 410.
    app.setNow(new Date(Date.parse(g.expires_at) + 1000));
    try {
      expect(readMediaToken(g.token, secret, Date.parse(g.expires_at) / 1000 + 1)).toEqual({
        ok: false,
        reason: "expired",
      });
      expect((await app.request(`/media/${g.token}/hls/master.m3u8`)).status).toBe(410);
    } finally {
      app.setNow(null);
    }

    // A plan ending in an hour: the grant ends with it.
    const short = await customer();
    const soon = new Date(Date.now() - 86_400_000 + 3600_000);
    await grantCredits(db(), short.id, { scope: "on_demand", quantity: null, days: 1, now: soon });
    const shortGrant = (await visit(short.id, v.id)).page.grant!;
    expect(Math.abs(Date.parse(shortGrant.expires_at) - (soon.getTime() + 86_400_000))).toBeLessThan(2000);

    // No plan, no classes left, staff, a visitor: no grant.
    const none = await customer();
    expect((await visit(none.id, v.id)).page).toMatchObject({ access: "no_plan", grant: null });
    const spent = await customer();
    await grantCredits(db(), spent.id, { scope: "on_demand", quantity: 1 });
    const paid = await createVideo(db(), { durationSeconds: 100 });
    expect((await json(await progressAs(spent.token, paid.id, 20, 20))).data.counted_now).toBe(true);
    expect((await visit(spent.id, v.id)).page).toMatchObject({ access: "no_classes", grant: null });
    const staff = await createStaff(db(), "administrator");
    expect((await visit(staff.id, v.id)).page).toMatchObject({ access: "staff", grant: null });
    expect((await visit(null, v.id)).page).toMatchObject({ access: "login", grant: null });
  });
});
