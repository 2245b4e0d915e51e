/**
 * The dashboard's figures fall on each studio's own days (`studios.timezone`, issue 22): a studio in
 * Tijuana (UTC-7 in March 2031, after the United States' daylight-saving change of March 9) beside one
 * in Mexico City (UTC-6). The clock is Wednesday 2031-03-12 12:00 in Mexico City (11:00 in Tijuana).
 * 2031-03-12T06:30Z is 00:30 of the 12th in Mexico City but 23:30 of the 11th in Tijuana.
 *
 * Also: the counts and first visits the database keeps follow every change of a reservation
 * (attendance, no-show, cancellation of the class, a class moved in time), not only inserts.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { queryRows } from "../../app/.server/db/client";
import { DEFAULT_TZ } from "../../app/shared/mexico/time";
import { beforeAll, describe, expect, it } from "vitest";
import { carts, classSessions, orderItems, orders, reservations, studios, users } from "../../app/.server/db/schema";
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
const AT = "2031-03-12T06:30:00Z";
let token = "";
const ids = { tj: 0, mx: 0, tjClass: 0, mxClass: 0, visitor: 0, local: 0 };

type Db = typeof app.deps.db;
const layout = { rows: [[1, 2, 3, 4]], coachPosition: "top" as const };

async function sale(db: Db, userId: number, studioId: number, cents: number) {
  const [cart] = await db.insert(carts).values({ userId, status: "paid" }).returning();
  const [o] = await db
    .insert(orders)
    .values({
      userId,
      cartId: cart!.id,
      studioId,
      subtotalCents: cents,
      totalCents: cents,
      paymentMethod: "card",
      createdAt: new Date(AT),
      updatedAt: new Date(AT),
    })
    .returning();
  await db
    .insert(orderItems)
    .values({ orderId: o!.id, scope: "pack", refId: 1, name: "Paquete", qty: 1, unitCents: cents, totalCents: cents });
}

async function klass(db: Db, studioId: number, roomId: number, coachId: number, typeId: number) {
  const [row] = await db
    .insert(classSessions)
    .values({
      studioId,
      roomId,
      coachId,
      sessionTypeId: typeId,
      startsAt: new Date(AT),
      endsAt: new Date(new Date(AT).getTime() + 50 * 60_000),
      durationMinutes: 50,
      capacity: 4,
      layout,
    })
    .returning();
  return row!.id;
}

const reserve = (db: Db, classSessionId: number, userId: number, status: "booked" | "attended", spot = 1) =>
  db
    .insert(reservations)
    .values({ classSessionId, userId, spot, status, qrToken: crypto.randomBytes(12).toString("hex") })
    .returning()
    .then((r) => r[0]!);

beforeAll(async () => {
  const db = app.deps.db;
  app.setNow(NOW);
  token = await sessionFor(db, await createStaff(db, "administrator"), { now: NOW });
  const city = await createCity(db);
  const tj = await createStudio(db, { cityId: city.id, name: "Estudio Tijuana" });
  await db.update(studios).set({ timezone: "America/Tijuana" }).where(eq(studios.id, tj.id));
  const mx = await createStudio(db, { cityId: city.id, name: "Estudio CDMX" });
  ids.tj = tj.id;
  ids.mx = mx.id;
  const coach = (await createCoach(db)).id;
  const type = (await createSessionType(db)).id;
  const roomTj = await createRoom(db, { studioId: tj.id, capacity: 4, layout });
  const roomMx = await createRoom(db, { studioId: mx.id, capacity: 4, layout });
  // A customer of each studio, who joined at AT, bought at AT and attended a class at AT: her first.
  const visitor = await createCustomer(db, { name: "Tijuanense" });
  const local = await createCustomer(db, { name: "Chilanga" });
  ids.visitor = visitor.id;
  ids.local = local.id;
  await db
    .update(users)
    .set({ createdAt: new Date(AT), homeStudioId: tj.id })
    .where(eq(users.id, visitor.id));
  await db
    .update(users)
    .set({ createdAt: new Date(AT), homeStudioId: mx.id })
    .where(eq(users.id, local.id));
  await sale(db, visitor.id, tj.id, 100000);
  await sale(db, local.id, mx.id, 50000);
  ids.tjClass = await klass(db, tj.id, roomTj.id, coach, type);
  ids.mxClass = await klass(db, mx.id, roomMx.id, coach, type);
  await reserve(db, ids.tjClass, visitor.id, "attended");
  await reserve(db, ids.mxClass, local.id, "attended");
});

async function figures(query: string) {
  const res = await app.request(`/admin/dashboard?${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()).data;
}

describe("the dashboard on each studio's days", () => {
  it("a Tijuana studio's sale, class, new customer and first visit at 23:30 of its 11th are the 11th's", async () => {
    const d11 = await figures(`from=2031-03-11&to=2031-03-11&studio_id=${ids.tj}`);
    expect(d11.sales.total_cents).toBe(100000);
    expect(d11.sales.daily).toEqual([expect.objectContaining({ day: "2031-03-11", packs: 100000 })]);
    expect(d11.bookings.totals).toMatchObject({ classes: 1, booked: 1, attended: 1 });
    expect(d11.people).toEqual({ new_customers: 1, first_visits: 1 });
    const d12 = await figures(`from=2031-03-12&to=2031-03-12&studio_id=${ids.tj}`);
    expect(d12.sales.total_cents).toBe(0);
    expect(d12.bookings.totals).toMatchObject({ classes: 0 });
    expect(d12.people).toEqual({ new_customers: 0, first_visits: 0 });
    // Today in Tijuana is the 12th: its sale of the 11th is this week's and month's, not today's.
    expect(d12.sales.by_studio).toEqual([
      expect.objectContaining({ studio: "Estudio Tijuana", today_cents: 0, week_cents: 100000, month_cents: 100000 }),
    ]);
  });

  it("for all studios, each figure lands on its own studio's day", async () => {
    const d11 = await figures("from=2031-03-11&to=2031-03-11");
    expect(d11.sales.total_cents).toBe(100000);
    expect(d11.bookings.totals).toMatchObject({ classes: 1 });
    expect(d11.people).toEqual({ new_customers: 1, first_visits: 1 });
    const d12 = await figures("from=2031-03-12&to=2031-03-12");
    expect(d12.sales.total_cents).toBe(50000);
    expect(d12.sales.today_cents).toBe(50000);
    expect(d12.sales.week_cents).toBe(150000);
    expect(d12.bookings.daily).toEqual([expect.objectContaining({ day: "2031-03-12", classes: 1, attended: 1 })]);
    expect(d12.people).toEqual({ new_customers: 1, first_visits: 1 });
  });
});

describe("the kept counts follow every change", () => {
  it("undoing an attendance, cancelling a class and moving one change the counts and first visits", async () => {
    const db = app.deps.db;
    const mx12 = `from=2031-03-12&to=2031-03-12&studio_id=${ids.mx}`;
    // The Mexico City customer's attendance becomes a no-show: no first visit any more.
    await db.update(reservations).set({ status: "no_show" }).where(eq(reservations.classSessionId, ids.mxClass));
    expect((await figures(mx12)).bookings.totals).toMatchObject({ booked: 1, attended: 0, no_shows: 1 });
    expect((await figures(mx12)).people.first_visits).toBe(0);
    // Checked in after all.
    await db.update(reservations).set({ status: "attended" }).where(eq(reservations.classSessionId, ids.mxClass));
    expect((await figures(mx12)).people.first_visits).toBe(1);
    // The class moves a week back: her first visit moves with it.
    await db
      .update(classSessions)
      .set({ startsAt: new Date("2031-03-05T06:30:00Z"), endsAt: new Date("2031-03-05T07:20:00Z") })
      .where(eq(classSessions.id, ids.mxClass));
    expect((await figures(mx12)).people.first_visits).toBe(0);
    expect((await figures(`from=2031-03-05&to=2031-03-05&studio_id=${ids.mx}`)).people.first_visits).toBe(1);
    // A second reservation, then the class's reservations are deleted: nothing is left counted.
    const other = await createCustomer(db);
    await reserve(db, ids.mxClass, other.id, "booked", 2);
    expect((await figures(`from=2031-03-05&to=2031-03-05&studio_id=${ids.mx}`)).bookings.totals).toMatchObject({
      booked: 2,
      attended: 1,
    });
    await db.delete(reservations).where(eq(reservations.classSessionId, ids.mxClass));
    const after = await figures(`from=2031-03-05&to=2031-03-05&studio_id=${ids.mx}`);
    expect(after.bookings.totals).toMatchObject({ classes: 1, booked: 0, attended: 0 });
    expect(after.people.first_visits).toBe(0);
    const [u] = await db.select().from(users).where(eq(users.id, ids.local));
    expect(u?.firstVisitAt).toBeNull();
  });
});

/** What `sales_daily` must hold: the sales counted from the orders themselves (each order once per kind and in `all`). */
const RECOUNT = sql`
  select studio_key, to_char(day, 'YYYY-MM-DD') as day, kind, sum(cents)::bigint as cents, count(*)::int as orders from (
    select line.id, line.studio_key, line.day, k.kind, sum(line.cents) as cents
    from (
      select o.id, coalesce(o.studio_id, 0) as studio_key,
        (o.created_at at time zone coalesce(st.timezone, ${DEFAULT_TZ}::text))::date as day,
        case i.scope when 'pack' then 'packs' when 'plan' then 'plans' when 'gift_card' then 'gift_cards'
          else case when p.area = 'certificate' then 'certifications' else 'store' end end as kind,
        i.total_cents as cents
      from orders o join order_items i on i.order_id = o.id
      left join studios st on st.id = o.studio_id
      left join products p on i.scope = 'product' and p.id = i.ref_id
      where o.status in ('paid', 'refunded', 'partially_refunded')
    ) line cross join lateral (values (line.kind), ('all')) as k(kind)
    group by line.id, line.studio_key, line.day, k.kind
  ) per_order group by 1, 2, 3 order by 1, 2, 3`;
type SalesRow = { studio_key: number; day: string; kind: string; cents: string; orders: number };
const KEPT = sql`select studio_key, to_char(day, 'YYYY-MM-DD') as day, kind, cents, orders from sales_daily
  where cents <> 0 or orders <> 0 order by 1, 2, 3`;

describe("the kept sales follow every change", () => {
  const db = () => app.deps.db;
  const same = async () => {
    const [kept, recount] = await Promise.all([queryRows<SalesRow>(db(), KEPT), queryRows<SalesRow>(db(), RECOUNT)]);
    expect(kept.map((r) => ({ ...r, cents: Number(r.cents) }))).toEqual(
      recount.map((r) => ({ ...r, cents: Number(r.cents) })),
    );
    return kept;
  };
  const total = async (query: string) => (await figures(query)).sales.total_cents as number;
  const mx12 = () => `from=2031-03-12&to=2031-03-12&studio_id=${ids.mx}`;
  const line = (orderId: number, scope: "pack" | "plan" | "product", cents: number) => ({
    orderId,
    scope,
    refId: 1,
    name: "Línea",
    qty: 1,
    unitCents: cents,
    totalCents: cents,
  });

  it("an order's lines in several statements, changed and deleted, count once per order", async () => {
    await same();
    const before = await total(mx12());
    const [cart] = await db().insert(carts).values({ userId: ids.local, status: "paid" }).returning();
    const [o] = await db()
      .insert(orders)
      .values({
        userId: ids.local,
        cartId: cart!.id,
        studioId: ids.mx,
        subtotalCents: 30000,
        totalCents: 30000,
        paymentMethod: "card",
        createdAt: new Date(AT),
      })
      .returning();
    await db()
      .insert(orderItems)
      .values([line(o!.id, "pack", 10000), line(o!.id, "pack", 5000)]);
    await db()
      .insert(orderItems)
      .values(line(o!.id, "plan", 15000));
    const kept = await same();
    expect(kept).toContainEqual(
      expect.objectContaining({ studio_key: ids.mx, kind: "packs", cents: "65000", orders: 2 }),
    );
    expect(await total(mx12())).toBe(before + 30000);
    await db().update(orderItems).set({ totalCents: 20000 }).where(eq(orderItems.totalCents, 15000));
    await same();
    expect(await total(mx12())).toBe(before + 35000);
    await db().delete(orderItems).where(eq(orderItems.totalCents, 20000));
    await same();
    // Refunded: still a sale of its day (refunds are reported on their own).
    await db().update(orders).set({ status: "refunded" }).where(eq(orders.id, o!.id));
    await same();
    expect(await total(mx12())).toBe(before + 15000);
    // Moved to another day, then its lines deleted: nothing of it is left.
    await db()
      .update(orders)
      .set({ createdAt: new Date("2031-03-05T18:00:00Z") })
      .where(eq(orders.id, o!.id));
    await same();
    expect(await total(mx12())).toBe(before);
    await db().delete(orderItems).where(eq(orderItems.orderId, o!.id));
    await same();
  });

  it("an OXXO voucher counts when it is paid, never while pending or once cancelled unpaid", async () => {
    const before = await total(mx12());
    const voucher = async () => {
      const [cart] = await db().insert(carts).values({ userId: ids.local, status: "paid" }).returning();
      const [o] = await db()
        .insert(orders)
        .values({
          userId: ids.local,
          cartId: cart!.id,
          studioId: ids.mx,
          subtotalCents: 8000,
          totalCents: 8000,
          paymentMethod: "oxxo",
          status: "pending_payment",
          createdAt: new Date(AT),
        })
        .returning();
      await db()
        .insert(orderItems)
        .values(line(o!.id, "pack", 8000));
      return o!.id;
    };
    const paid = await voucher();
    const expired = await voucher();
    await same();
    expect(await total(mx12())).toBe(before);
    await db().update(orders).set({ status: "paid" }).where(eq(orders.id, paid));
    await db().update(orders).set({ status: "canceled" }).where(eq(orders.id, expired));
    await same();
    expect(await total(mx12())).toBe(before + 8000);
  });

  it("a studio that changes its time zone has its sales on its new days", async () => {
    await db().update(studios).set({ timezone: "America/Mexico_City" }).where(eq(studios.id, ids.tj));
    await same();
    // The Tijuana sale at 23:30 of the 11th there is 00:30 of the 12th in Mexico City.
    expect(await total(`from=2031-03-12&to=2031-03-12&studio_id=${ids.tj}`)).toBe(100000);
    expect(await total(`from=2031-03-11&to=2031-03-11&studio_id=${ids.tj}`)).toBe(0);
  });
});
