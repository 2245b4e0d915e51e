/**
 * Issue 22, items 5 to 7: the dashboard's figures, coach pay and the reports, checked exactly on
 * known sales, classes, reservations and credits of March 2031 (a month the demo data never
 * reaches), with the clock on Wednesday 2031-03-12 12:00 in Mexico City. Instants near midnight
 * check the time zone: 2031-03-11T05:30Z is 23:30 of the 10th in Mexico City, not the 11th.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  carts,
  classSessions,
  creditLots,
  creditMovements,
  orderItems,
  orders,
  products,
  reservations,
  users,
  waitlistEntries,
} from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import {
  createCity,
  createCoach,
  createCustomer,
  createRoom,
  createSessionType,
  createStaff,
  createStudio,
  sessionFor,
} from "../support/factories";

const app = setupTestApp();
const NOW = new Date("2031-03-12T18:00:00Z");
const tokens: Record<string, string> = {};
const ids = {
  studioA: 0,
  studioB: 0,
  coachX: 0,
  coachY: 0,
  city: 0,
  type: 0,
  u: [] as number[],
};

type Db = typeof app.deps.db;

async function order(db: Db, userId: number, studioId: number, at: string, items: [string, number, number, number][]) {
  const [cart] = await db.insert(carts).values({ userId, status: "paid" }).returning();
  const total = items.reduce((a, [, , qty, unit]) => a + qty * unit, 0);
  const [o] = await db
    .insert(orders)
    .values({
      userId,
      cartId: cart!.id,
      studioId,
      subtotalCents: total,
      totalCents: total,
      paymentMethod: "card",
      createdAt: new Date(at),
      updatedAt: new Date(at),
    })
    .returning();
  for (const [scope, refId, qty, unit] of items)
    await db.insert(orderItems).values({
      orderId: o!.id,
      scope: scope as "pack",
      refId,
      name: `${scope} ${refId}`,
      qty,
      unitCents: unit,
      totalCents: qty * unit,
    });
  return o!;
}

const layout = (n: number) => ({ rows: [Array.from({ length: n }, (_, i) => i + 1)], coachPosition: "top" as const });

async function klass(
  db: Db,
  o: { studioId: number; roomId: number; coachId: number; at: string; capacity: number; cancelled?: boolean },
) {
  const startsAt = new Date(o.at);
  const [row] = await db
    .insert(classSessions)
    .values({
      studioId: o.studioId,
      roomId: o.roomId,
      coachId: o.coachId,
      sessionTypeId: ids.type,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 50 * 60_000),
      durationMinutes: 50,
      capacity: o.capacity,
      layout: layout(o.capacity),
      status: o.cancelled ? "cancelled" : "scheduled",
    })
    .returning();
  return row!;
}

async function reserve(
  db: Db,
  classId: number,
  userId: number,
  spot: number,
  status: "booked" | "attended" | "no_show" | "cancelled",
  lateCancel = false,
) {
  await db.insert(reservations).values({
    classSessionId: classId,
    userId,
    spot,
    status,
    lateCancel,
    qrToken: crypto.randomBytes(12).toString("hex"),
    cancelledAt: status === "cancelled" ? new Date("2031-03-11T10:00:00Z") : null,
  });
}

beforeAll(async () => {
  const db = app.deps.db;
  app.setNow(NOW);
  const admin = await createStaff(db, "administrator");
  tokens.admin = await sessionFor(db, admin, { now: NOW });
  tokens.manager = await sessionFor(db, await createStaff(db, "manager"), { now: NOW });
  tokens.cashier = await sessionFor(db, await createStaff(db, "cashier"), { now: NOW });
  tokens.customer = await sessionFor(db, await createCustomer(db), { now: NOW });
  const city = await createCity(db);
  ids.city = city.id;
  const a = await createStudio(db, { cityId: city.id, name: "Estudio Alfa" });
  const b = await createStudio(db, { cityId: city.id, name: "Estudio Beta" });
  ids.studioA = a.id;
  ids.studioB = b.id;
  const roomA = await createRoom(db, { studioId: a.id, capacity: 4, layout: layout(4) });
  const roomB = await createRoom(db, { studioId: b.id, capacity: 2, layout: layout(2) });
  ids.type = (await createSessionType(db)).id;
  ids.coachX = (await createCoach(db, { name: "Xime" })).id;
  ids.coachY = (await createCoach(db, { name: "Yola" })).id;
  for (let i = 0; i < 7; i++) ids.u.push((await createCustomer(db, { name: `Clienta${i}` })).id);
  const [u0, u1, u2, u3, u4, u5, u6] = ids.u as [number, number, number, number, number, number, number];

  // New customers: u0 joined at 23:30 of March 10 (Mexico City) with studio A as home; u1 at 23:59 of February 28.
  await db
    .update(users)
    .set({ createdAt: new Date("2031-03-11T05:30:00Z"), homeStudioId: a.id })
    .where(eq(users.id, u0));
  await db
    .update(users)
    .set({ createdAt: new Date("2031-03-01T05:59:00Z") })
    .where(eq(users.id, u1));

  // Sales.
  const [juice] = await db
    .insert(products)
    .values({ area: "juiceBar", name: "Jugo verde", priceCents: 4500 })
    .returning();
  const [cert] = await db
    .insert(products)
    .values({ area: "certificate", name: "Certificación Barre", priceCents: 300000 })
    .returning();
  await order(db, u0, a.id, "2031-03-11T05:30:00Z", [["pack", 1, 1, 150000]]); // Mar 10, 23:30
  await order(db, u1, a.id, "2031-03-12T15:00:00Z", [
    ["product", juice!.id, 2, 4500],
    ["product", cert!.id, 1, 300000],
  ]); // Mar 12 (today), 09:00
  await order(db, u2, b.id, "2031-03-01T06:30:00Z", [["plan", 1, 1, 29900]]); // Mar 1, 00:30
  await order(db, u3, b.id, "2031-03-01T05:30:00Z", [["pack", 1, 1, 100000]]); // Feb 28, 23:30

  // Classes. k0: an earlier visit of u1 at A. k1, k2 at A, k4 at B, all on March 11 in Mexico City.
  const k0 = await klass(db, {
    studioId: a.id,
    roomId: roomA.id,
    coachId: ids.coachX,
    at: "2031-02-15T14:00:00Z",
    capacity: 4,
  });
  await reserve(db, k0.id, u1, 1, "attended");
  const k1 = await klass(db, {
    studioId: a.id,
    roomId: roomA.id,
    coachId: ids.coachX,
    at: "2031-03-11T14:00:00Z",
    capacity: 4,
  });
  await reserve(db, k1.id, u1, 1, "attended");
  await reserve(db, k1.id, u2, 2, "no_show");
  await reserve(db, k1.id, u3, 3, "cancelled", true);
  await reserve(db, k1.id, u4, 4, "booked");
  await db.insert(waitlistEntries).values([
    { classSessionId: k1.id, userId: u5, status: "waiting" },
    { classSessionId: k1.id, userId: u6, status: "left" },
  ]);
  const k2 = await klass(db, {
    studioId: a.id,
    roomId: roomA.id,
    coachId: ids.coachX,
    at: "2031-03-12T01:00:00Z",
    capacity: 4,
  });
  for (const [spot, u] of [u1, u5, u6].entries()) await reserve(db, k2.id, u, spot + 1, "attended");
  const k3 = await klass(db, {
    studioId: a.id,
    roomId: roomA.id,
    coachId: ids.coachX,
    at: "2031-03-11T16:00:00Z",
    capacity: 4,
    cancelled: true,
  });
  await reserve(db, k3.id, u4, 1, "cancelled");
  const k4 = await klass(db, {
    studioId: b.id,
    roomId: roomB.id,
    coachId: ids.coachY,
    at: "2031-03-12T05:30:00Z",
    capacity: 2,
  });
  await reserve(db, k4.id, u2, 1, "attended");
  // Later today: not taught yet at NOW.
  const k6 = await klass(db, {
    studioId: a.id,
    roomId: roomA.id,
    coachId: ids.coachX,
    at: "2031-03-12T20:00:00Z",
    capacity: 4,
  });
  await reserve(db, k6.id, u4, 1, "booked");

  // Credits: within 7 days (u0 3 in person, u3 1 on demand); later (u1); used up (u4).
  const lot = (userId: number, scope: "in_person" | "on_demand", remaining: number, expires: string) => ({
    userId,
    scope,
    cityId: scope === "in_person" ? city.id : null,
    quantity: 5,
    remaining,
    startsAt: new Date("2031-02-01T06:00:00Z"),
    expiresAt: new Date(expires),
    source: "courtesy" as const,
  });
  const [lot0] = await db
    .insert(creditLots)
    .values([
      lot(u0, "in_person", 3, "2031-03-15T06:00:00Z"),
      lot(u1, "in_person", 2, "2031-03-25T06:00:00Z"),
      lot(u3, "on_demand", 1, "2031-03-13T06:00:00Z"),
      lot(u4, "in_person", 0, "2031-03-14T06:00:00Z"),
    ])
    .returning();
  // u0's ledger: 5 before March; in the period +2, two spends, one expiry, one revocation; one spend after it.
  const move = (delta: number, kind: "grant" | "spend" | "expire" | "revoke", at: string) => ({
    lotId: lot0!.id,
    userId: u0,
    delta,
    kind,
    reason: "Prueba",
    createdAt: new Date(at),
  });
  await db
    .insert(creditMovements)
    .values([
      move(5, "grant", "2031-02-01T06:00:00Z"),
      move(2, "grant", "2031-03-05T18:00:00Z"),
      move(-1, "expire", "2031-03-10T06:00:00Z"),
      move(-1, "spend", "2031-03-11T14:00:00Z"),
      move(-1, "spend", "2031-03-12T01:00:00Z"),
      move(-1, "revoke", "2031-03-12T02:00:00Z"),
      move(-1, "spend", "2031-03-13T06:30:00Z"),
    ]);
});

const get = (path: string, token = tokens.admin) => app.request(path, { token });
async function figures(query: string, token = tokens.admin) {
  const res = await get(`/admin/dashboard?${query}`, token);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).data;
}

describe("dashboard figures", () => {
  it("sales of the period by kind and studio, and today, this week and this month, in Mexico City days", async () => {
    const d = await figures("from=2031-03-01&to=2031-03-12");
    expect(d.period).toEqual({ from: "2031-03-01", to: "2031-03-12", studio_id: null, days: 12 });
    const s = d.sales;
    expect(s.total_cents).toBe(150000 + 9000 + 300000 + 29900);
    expect(s.orders).toBe(3);
    expect(s.today_cents).toBe(309000);
    expect(s.week_cents).toBe(459000);
    // The February 28 sale at 23:30 (March 1 05:30 UTC) is not March's.
    expect(s.month_cents).toBe(488900);
    expect(s.display_month).toBe("$4,889.00");
    const kind = Object.fromEntries(s.by_kind.map((k: { kind: string; cents: number }) => [k.kind, k.cents]));
    expect(kind).toEqual({ packs: 150000, plans: 29900, store: 9000, certifications: 300000, gift_cards: 0 });
    const studios = s.by_studio
      .filter((r: { studio_id: number }) => [ids.studioA, ids.studioB].includes(r.studio_id))
      .map((r: Record<string, unknown>) => [r.studio, r.cents, r.orders, r.today_cents, r.week_cents, r.month_cents]);
    expect(studios).toEqual([
      ["Estudio Alfa", 459000, 2, 309000, 459000, 459000],
      ["Estudio Beta", 29900, 1, 0, 0, 29900],
    ]);
    const day = (d0: string) => s.daily.find((r: { day: string }) => r.day === d0);
    expect(s.daily).toHaveLength(12);
    expect(day("2031-03-10")).toMatchObject({ packs: 150000, total: 150000 });
    expect(day("2031-03-11")).toMatchObject({ total: 0 });
    expect(day("2031-03-12")).toMatchObject({ store: 9000, certifications: 300000, total: 309000 });
    expect(day("2031-03-01")).toMatchObject({ plans: 29900, total: 29900 });
  });

  it("a sale at 23:30 in Mexico City belongs to that day (not to the next UTC day)", async () => {
    const feb28 = await figures("from=2031-02-28&to=2031-02-28");
    expect(feb28.sales.total_cents).toBe(100000);
    expect(feb28.sales.daily).toEqual([expect.objectContaining({ day: "2031-02-28", packs: 100000 })]);
    const mar10 = await figures("from=2031-03-10&to=2031-03-10");
    expect(mar10.sales.total_cents).toBe(150000);
    const mar11 = await figures("from=2031-03-11&to=2031-03-11");
    expect(mar11.sales.total_cents).toBe(0);
  });

  it("bookings, occupancy, no-shows, late cancellations and waiting list per studio, class type and day", async () => {
    const b = (await figures("from=2031-03-01&to=2031-03-12")).bookings;
    // k1 (4 spots: 3 active, 1 late cancel), k2 (4 spots, 3 attended), k4 (2 spots, 1 attended); k3 cancelled, k6 later today.
    expect(b.totals).toEqual({
      classes: 4,
      capacity: 14,
      booked: 8,
      attended: 5,
      no_shows: 1,
      late_cancels: 1,
      waitlist: 2,
      waitlisted_classes: 1,
      occupancy_pct: 57.1,
    });
    const alfa = b.by_studio.find((r: { studio_id: number }) => r.studio_id === ids.studioA);
    expect(alfa).toMatchObject({
      classes: 3,
      capacity: 12,
      booked: 7,
      attended: 4,
      no_shows: 1,
      late_cancels: 1,
      occupancy_pct: 58.3,
    });
    const beta = b.by_studio.find((r: { studio_id: number }) => r.studio_id === ids.studioB);
    expect(beta).toMatchObject({ classes: 1, capacity: 2, booked: 1, attended: 1, occupancy_pct: 50 });
    expect(b.by_class).toEqual([expect.objectContaining({ session_type_id: ids.type, classes: 4, booked: 8 })]);
    // k4 starts at 05:30 UTC of the 12th: 23:30 of the 11th in Mexico City.
    const day = (d0: string) => b.daily.find((r: { day: string }) => r.day === d0);
    expect(day("2031-03-11")).toMatchObject({ classes: 3, capacity: 10, booked: 7, attended: 5, occupancy_pct: 70 });
    expect(day("2031-03-12")).toMatchObject({ classes: 1, capacity: 4, booked: 1, occupancy_pct: 25 });
  });

  it("new customers and first visits, for all studios and for one", async () => {
    expect((await figures("from=2031-03-01&to=2031-03-12")).people).toEqual({ new_customers: 1, first_visits: 3 });
    expect((await figures("from=2031-03-11&to=2031-03-12")).people).toEqual({ new_customers: 0, first_visits: 3 });
    expect((await figures(`from=2031-03-01&to=2031-03-12&studio_id=${ids.studioA}`)).people).toEqual({
      new_customers: 1,
      first_visits: 2,
    });
    expect((await figures(`from=2031-03-01&to=2031-03-12&studio_id=${ids.studioB}`)).people).toEqual({
      new_customers: 0,
      first_visits: 1,
    });
  });

  it("the studio filter narrows every figure", async () => {
    const d = await figures(`from=2031-03-01&to=2031-03-12&studio_id=${ids.studioB}`);
    expect(d.period.studio_id).toBe(ids.studioB);
    expect(d.sales.total_cents).toBe(29900);
    expect(d.sales.today_cents).toBe(0);
    expect(d.sales.by_studio.map((r: { studio: string }) => r.studio)).toEqual(["Estudio Beta"]);
    expect(d.bookings.totals).toMatchObject({ classes: 1, booked: 1, waitlist: 0 });
  });

  it("credits about to expire in the next 7 days", async () => {
    const c = (await figures("from=2031-03-01&to=2031-03-12")).credits;
    expect(c).toEqual({
      days: 7,
      lots: 2,
      credits: 4,
      customers: 2,
      in_person: { lots: 1, customers: 1, credits: 3 },
      on_demand: { lots: 1, customers: 1, credits: 1 },
    });
  });

  it("without dates it covers the month so far; a backwards or too long period is a 422 in Spanish", async () => {
    expect((await figures("")).period).toMatchObject({ from: "2031-03-01", to: "2031-03-12", days: 12 });
    const back = await get("/admin/dashboard?from=2031-03-12&to=2031-03-01");
    expect(back.status).toBe(422);
    expect((await back.json()).error.messages).toEqual([
      { field: "to", message: "La fecha final no puede ser anterior a la inicial" },
    ]);
    const long = await get("/admin/dashboard?from=2029-01-01&to=2031-03-01");
    expect(long.status).toBe(422);
    expect((await long.json()).errorMessage).toBe("El periodo no puede pasar de 366 días");
    expect((await get("/admin/dashboard?from=2031-02-30")).status).toBe(422);
  });

  it("administrators of both types read it; cashiers, customers and visitors do not", async () => {
    expect((await get("/admin/dashboard", tokens.manager)).status).toBe(200);
    expect((await get("/admin/dashboard", tokens.cashier)).status).toBe(403);
    expect((await get("/admin/dashboard", tokens.customer)).status).toBe(403);
    expect((await app.request("/admin/dashboard")).status).toBe(401);
  });
});

describe("coach pay", () => {
  const rate = (id: number, body: unknown, token = tokens.admin) =>
    app.request(`/admin/coach-pay/rates/${id}`, { method: "PUT", token, json: body });

  it("saves a rate, audited; refuses bad amounts, unknown coaches and managers", async () => {
    const bad = await rate(ids.coachX, { per_class_cents: -5, per_attendee_cents: "x", min_per_class_cents: 1.5 });
    expect(bad.status).toBe(422);
    const body = await bad.json();
    expect(body.error.messages.map((m: { field: string }) => m.field).sort()).toEqual([
      "min_per_class_cents",
      "per_attendee_cents",
      "per_class_cents",
    ]);
    expect((await rate(999999, { per_class_cents: 1, per_attendee_cents: 1, min_per_class_cents: 1 })).status).toBe(
      404,
    );
    expect(
      (await rate(ids.coachX, { per_class_cents: 1, per_attendee_cents: 1, min_per_class_cents: 1 }, tokens.manager))
        .status,
    ).toBe(403);
    const ok = await rate(ids.coachX, { per_class_cents: 20000, per_attendee_cents: 3000, min_per_class_cents: 25000 });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({
      coach_id: ids.coachX,
      per_class_cents: 20000,
      display_per_class: "$200.00",
      display_min_per_class: "$250.00",
      has_rate: true,
      Message: "Tarifa guardada",
    });
    const entries = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "coach_pay.rate_set"), eq(auditLog.entityId, String(ids.coachX))));
    expect(entries).toHaveLength(1);
    const list = (await (await get("/admin/coach-pay/rates")).json()).data;
    expect(list.find((r: { coach_id: number }) => r.coach_id === ids.coachY)).toMatchObject({
      has_rate: false,
      per_class_cents: 0,
    });
  });

  it("pays each class taught: per class + per attendee, never under the minimum; only classes over", async () => {
    const res = await get("/admin/coach-pay?from=2031-03-01&to=2031-03-12");
    expect(res.status).toBe(200);
    const { lines, totals } = (await res.json()).data;
    const x = lines.find((l: { coach_id: number }) => l.coach_id === ids.coachX);
    // k1: 20000 + 1 × 3000 = 23000 < 25000 → 25000; k2: 20000 + 3 × 3000 = 29000. k3 cancelled, k6 not over yet.
    expect(x).toMatchObject({ classes: 2, attended: 4, minimum_classes: 1, pay_cents: 54000, display_pay: "$540.00" });
    const y = lines.find((l: { coach_id: number }) => l.coach_id === ids.coachY);
    expect(y).toMatchObject({ classes: 1, attended: 1, pay_cents: 0, has_rate: false });
    expect(totals).toMatchObject({ classes: 3, attended: 5, pay_cents: 54000 });
    // Later that evening k6 is over: one more class at the minimum.
    app.setNow(new Date("2031-03-12T23:00:00Z"));
    try {
      const later = (await (await get("/admin/coach-pay?from=2031-03-01&to=2031-03-12")).json()).data;
      expect(later.lines.find((l: { coach_id: number }) => l.coach_id === ids.coachX)).toMatchObject({
        classes: 3,
        pay_cents: 79000,
      });
    } finally {
      app.setNow(NOW);
    }
  });

  it("exports one line per class as CSV", async () => {
    const res = await get("/admin/coach-pay?from=2031-03-01&to=2031-03-12&format=csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("pago-coaches-2031-03-01-a-2031-03-12.csv");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Coach,Clase (hora de la Ciudad de México),Estudio,Tipo de clase,Asistentes,Pago (MXN)");
    const xime = lines.filter((l) => l.startsWith("Xime"));
    expect(xime.map((l) => l.split(",").slice(1, 3).concat(l.split(",").slice(-2)))).toEqual([
      ["2031-03-11 08:00", "Estudio Alfa", "1", "250.00"],
      ["2031-03-11 19:00", "Estudio Alfa", "3", "290.00"],
    ]);
  });
});

describe("reports", () => {
  const csv = async (path: string, token = tokens.admin) => {
    const res = await get(path, token);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
  };

  it("sales CSV: one line per item, Mexico City time, the screens' labels; the export is in the Bitácora", async () => {
    const lines = await csv(`/admin/reports/sales?from=2031-03-01&to=2031-03-12&studio_id=${ids.studioA}&format=csv`);
    expect(lines[0]).toBe(
      "Fecha (hora de la Ciudad de México),Orden,Cliente,Email,Estudio,Tipo,Artículo,Cantidad,Precio unitario (MXN),Importe (MXN),Forma de pago,Estado",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(
      /^2031-03-10 23:30,\d+,Clienta0 .*,Estudio Alfa,Paquetes,pack 1,1,1500.00,1500.00,Tarjeta,Pagada$/,
    );
    expect(lines[3]).toMatch(/^2031-03-12 09:00,.*,Certificaciones,product \d+,1,3000.00,3000.00,Tarjeta,Pagada$/);
    const [entry] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export.csv"), eq(auditLog.entityId, "reports.sales")));
    expect(entry?.data).toMatchObject({
      rows: 3,
      filters: { from: "2031-03-01", to: "2031-03-12", studio_id: ids.studioA },
    });
  });

  it("attendance CSV: each reservation of the period's classes with its state", async () => {
    const lines = await csv(
      `/admin/reports/attendance?from=2031-03-11&to=2031-03-11&studio_id=${ids.studioA}&format=csv`,
    );
    expect(lines[0]).toBe(
      "Clase (hora de la Ciudad de México),Estudio,Tipo de clase,Coach,Cliente,Email,Lugar,Estado,Cancelación tardía,Registro de entrada",
    );
    const states = lines.slice(1).map((l) => l.split(",").slice(0, 1).concat(l.split(",").slice(-4, -1)));
    expect(states).toEqual([
      ["2031-03-11 08:00", "1", "Asistió", "No"],
      ["2031-03-11 08:00", "2", "No asistió", "No"],
      ["2031-03-11 08:00", "3", "Cancelada", "Sí"],
      ["2031-03-11 08:00", "4", "Reservada", "No"],
      ["2031-03-11 19:00", "1", "Asistió", "No"],
      ["2031-03-11 19:00", "2", "Asistió", "No"],
      ["2031-03-11 19:00", "3", "Asistió", "No"],
    ]);
  });

  it("credit balances CSV: opening, in, out and closing balance per customer from the ledger", async () => {
    const lines = await csv("/admin/reports/credits?from=2031-03-01&to=2031-03-12&format=csv");
    expect(lines[0]).toBe(
      "ID de cliente,Cliente,Email,Saldo al inicio,Créditos recibidos,Créditos usados,Créditos vencidos,Otras salidas,Saldo al final",
    );
    const u0 = lines.find((l) => l.startsWith(`${ids.u[0]},`));
    expect(u0?.split(",").slice(3)).toEqual(["5", "2", "2", "1", "1", "3"]);
    // A studio of another city: u0's credits are not its city's.
    const other = await createStudio(app.deps.db, { cityId: (await createCity(app.deps.db)).id });
    const none = await csv(`/admin/reports/credits?from=2031-03-01&to=2031-03-12&studio_id=${other.id}&format=csv`);
    expect(none.some((l) => l.startsWith(`${ids.u[0]},`))).toBe(false);
  });

  it("JSON without format=csv; administrators of type 1 only", async () => {
    const res = await get("/admin/reports/sales?from=2031-03-01&to=2031-03-12");
    expect(res.status).toBe(200);
    const body = (await res.json()).data;
    expect(body.filename).toBe("ventas-2031-03-01-a-2031-03-12.csv");
    expect(
      body.rows.filter((r: { studio: string }) => ["Estudio Alfa", "Estudio Beta"].includes(r.studio)),
    ).toHaveLength(4);
    for (const path of [
      "/admin/reports/sales",
      "/admin/reports/attendance",
      "/admin/reports/credits",
      "/admin/coach-pay",
    ]) {
      expect((await get(path, tokens.manager)).status, path).toBe(403);
      expect((await get(path, tokens.customer)).status, path).toBe(403);
      expect((await app.request(path)).status, path).toBe(401);
    }
  });
});
