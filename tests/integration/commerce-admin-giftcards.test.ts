/**
 * Issue 10, the payments group of the back office on the resource kit: vouchers (/admin/vouchers),
 * gift cards (/admin/giftcards) and rewards (/admin/rewards). Spanish 422s, commerce permissions,
 * audit entries, list search/filters/CSV, and what each change does where customers use it (the
 * cart's voucher, the redeemed card, the reward's credits in the booking ledger).
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { creditLots, creditMovements, giftCardMovements, reservations, vouchers } from "../../app/.server/db/schema";
import { customerCredits } from "../../app/.server/domain/credits/reader";
import { customerRewards } from "../../app/.server/resources/rewards";
import { createCustomer, createStaff, grantCredits, sessionFor, unique } from "../support/factories";
import { scheduledTasks } from "../../app/.server/jobs/tasks";
import { setupTestApp } from "../support/app";
import { auditActionsOf, fieldErrorsOf } from "../support/audit";
import { newCustomer } from "../support/commerce";
import { makeClass, makeRoom } from "../support/booking";

const app = setupTestApp();
const json = async (res: Response) => (await res.json()) as any;
let manager = "";
let cashier = "";
let customer = "";

beforeAll(async () => {
  manager = await sessionFor(app.deps.db, await createStaff(app.deps.db, "manager"));
  cashier = await sessionFor(app.deps.db, await createStaff(app.deps.db, "cashier"));
  customer = await sessionFor(app.deps.db, await createCustomer(app.deps.db));
});

const actionsOf = (entity: string, id: number) => auditActionsOf(app.deps.db, entity, id);

const fieldErrors = fieldErrorsOf;

const post = (path: string, body: unknown, token = manager) => app.request(path, { method: "POST", token, json: body });

describe("vouchers", () => {
  it("refuses bad input in Spanish, every message at once", async () => {
    const res = await post("/admin/vouchers", {
      code: "x",
      kind: "percent",
      percent: "150",
      starts_at: "2026-02-01",
      ends_at: "2026-01-01",
      max_uses: "0",
    });
    expect(res.status).toBe(422);
    expect(await fieldErrors(res)).toEqual({
      code: "El código admite de 3 a 40 letras, números o guiones",
      percent: "El porcentaje debe ser un número entero de 1 a 100",
      ends_at: "La fecha final no puede ser anterior a la inicial",
      max_uses: "Los usos deben ser un número entero mayor que cero",
    });
    const fixed = await post("/admin/vouchers", { code: "SIN-MONTO", kind: "fixed", amount_cents: "" });
    expect(await fieldErrors(fixed)).toEqual({ amount_cents: "Escriba el descuento en pesos (mayor que cero)" });
  });

  it("creates a voucher usable in a cart, edits and deactivates it, audited", async () => {
    const code = `verano-${unique()}`;
    const res = await post("/admin/vouchers", {
      code,
      kind: "fixed",
      amount_cents: 15_050,
      scope: "pack",
      starts_at: "2026-01-01",
      ends_at: "2036-01-31",
      max_uses: "",
      max_uses_per_customer: "1",
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({
      code: code.toUpperCase(),
      kind: "fixed",
      amount_cents: 15_050,
      percent: null,
      display_value: "$150.50",
      scope: "pack",
      starts_at: "2026-01-01",
      ends_at: "2036-01-31",
      max_uses: null,
      max_uses_per_customer: 1,
      active: true,
    });
    // Mexico City days: from its first midnight to the midnight after the last day.
    const [row] = await app.deps.db.select().from(vouchers).where(eq(vouchers.id, item.id));
    expect(row!.startsAt!.toISOString()).toBe("2026-01-01T06:00:00.000Z");
    expect(row!.endsAt!.toISOString()).toBe("2036-02-01T06:00:00.000Z");
    // A code is unique whatever its case.
    const again = await post("/admin/vouchers", { code: code.toLowerCase(), kind: "percent", percent: 10 });
    expect(await fieldErrors(again)).toEqual({ code: "Ya existe un código igual" });

    const c = await newCustomer(app);
    await post("/v2/carts", { action: "addPack", action_param: { pack_id: 1 } }, c.token);
    const applied = await post("/v2/carts", { action: "setVoucher", action_param: { code } }, c.token);
    expect((await json(applied)).data.amount_cents).toBe(28_000 - 15_050);

    const put = await app.request(`/admin/vouchers/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...item, kind: "percent", percent: 20, amount_cents: null },
    });
    expect(put.status).toBe(200);
    expect((await json(put)).data.item).toMatchObject({ display_value: "20%", percent: 20, ends_at: "2036-01-31" });
    const cart = await json(await app.request("/v2/carts", { token: c.token }));
    expect(cart.data.amount_cents).toBe(28_000 - 5_600);

    expect((await post(`/admin/vouchers/${item.id}/deactivate`, {})).status).toBe(200);
    const refused = await post("/v2/carts", { action: "setVoucher", action_param: { code } }, c.token);
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await json(refused))).toContain("El cupón no es válido");
    expect(await actionsOf("voucher", item.id)).toEqual(["voucher.created", "voucher.updated", "voucher.deactivated"]);
  });

  it("lists with search, filters and CSV; back office only", async () => {
    const code = `LISTA-${unique()}`;
    await post("/admin/vouchers", { code, kind: "percent", percent: 15, scope: "plan" });
    const found = await json(await app.request(`/admin/vouchers?search=${code.toLowerCase()}`, { token: manager }));
    expect(found.data.map((v: any) => v.code)).toEqual([code]);
    const other = await json(await app.request(`/admin/vouchers?search=${code}&scope=pack`, { token: manager }));
    expect(other.data).toEqual([]);
    const csv = await app.request(`/admin/vouchers?format=csv&search=${code}`, { token: manager });
    const text = await csv.text();
    expect(text).toContain(code);
    expect(text).toContain("Planes Nucleo Home");
    for (const token of [cashier, customer]) {
      expect((await app.request("/admin/vouchers", { token })).status).toBe(403);
      expect((await post("/admin/vouchers", { code: "NO-PUEDE", kind: "percent", percent: 5 }, token)).status).toBe(
        403,
      );
    }
  });
});

describe("gift cards", () => {
  it("issues a card with its movement, audited; never edited; redeemable by a customer; history", async () => {
    const bad = await post("/admin/giftcards", { amount_cents: 0, code: "abc" });
    expect(await fieldErrors(bad)).toEqual({
      amount_cents: "El monto debe ser mayor que cero y de hasta $100,000",
      code: "El código admite de 6 a 40 letras, números o guiones",
    });
    const past = await post("/admin/giftcards", { amount_cents: 1000, expires_at: "2020-01-01" });
    expect(await fieldErrors(past)).toEqual({ expires_at: "La fecha de vencimiento debe ser posterior a hoy" });

    const res = await post("/admin/giftcards", { amount_cents: 75_000, code: "", expires_at: "" });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ balance_cents: 75_000, display_balance: "$750", owner_email: null, movements: 1 });
    expect(item.code).toMatch(/^NB-[0-9A-F]{8}-[0-9A-F]{4}$/);
    const moves = await app.deps.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, item.id));
    expect(moves.map((m) => [m.kind, m.deltaCents])).toEqual([["issue", 75_000]]);
    expect(await actionsOf("gift_card", item.id)).toEqual(["gift_card.created"]);
    const taken = await post("/admin/giftcards", { amount_cents: 1000, code: item.code.toLowerCase() });
    expect(await fieldErrors(taken)).toEqual({ code: "Ya existe un código igual" });
    // An issued card is not edited: there is no PUT call.
    const put = await app.request(`/admin/giftcards/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { amount_cents: 1 },
    });
    expect(put.status).toBe(404);

    const c = await newCustomer(app);
    const redeemed = await post("/v2/customer/giftcards/redeem", { code: item.code.toLowerCase() }, c.token);
    expect((await json(redeemed)).data.balance_cents).toBe(75_000);
    const listed = await json(await app.request(`/admin/giftcards?search=${item.code}`, { token: manager }));
    expect(listed.data[0]).toMatchObject({ id: item.id, owner_email: c.email });
    const unredeemed = await json(
      await app.request(`/admin/giftcards?search=${item.code}&redeemed=no`, { token: manager }),
    );
    expect(unredeemed.data).toEqual([]);
    const history = await json(await app.request(`/admin/giftcards/${item.id}/movements`, { token: manager }));
    expect(history.data[0]).toMatchObject({ kind: "issue", delta_cents: 75_000, display_delta: "+$750" });
    expect((await app.request(`/admin/giftcards/${item.id}/movements`, { token: cashier })).status).toBe(403);

    // Deactivated, it no longer pays: the customer's checkout refuses it.
    expect((await post(`/admin/giftcards/${item.id}/deactivate`, {})).status).toBe(200);
    const other = await newCustomer(app);
    const refused = await post("/v2/customer/giftcards/redeem", { code: item.code }, other.token);
    expect(refused.status).toBe(422);
    expect(await actionsOf("gift_card", item.id)).toEqual(["gift_card.created", "gift_card.deactivated"]);
  });
});

describe("rewards", () => {
  it("grants free classes as a reward lot in the ledger, audited, listed, and shown to the customer", async () => {
    const c = await newCustomer(app);
    const res = await post("/admin/rewards", {
      email: c.email.toUpperCase(),
      kind: "milestone",
      note: "50 clases",
      city_id: "1",
      sessions: "2",
      validity_days: "",
    });
    expect(res.status).toBe(201);
    const { item, Message } = (await json(res)).data;
    expect(Message).toBe("Recompensa otorgada");
    expect(item).toMatchObject({
      customer_email: c.email,
      kind: "milestone",
      reason: "Recompensa: Clases cumplidas (50 clases)",
      city_id: 1,
      sessions: 2,
      remaining: 2,
    });
    // 30 days when the validity is left blank.
    expect(new Date(item.expires_at).getTime() - new Date(item.starts_at).getTime()).toBe(30 * 86_400_000);
    const [lot] = await app.deps.db.select().from(creditLots).where(eq(creditLots.id, item.id));
    expect(lot).toMatchObject({ source: "reward", sourceRef: "reward:milestone", userId: c.id, remaining: 2 });
    const grants = await app.deps.db.select().from(creditMovements).where(eq(creditMovements.lotId, item.id));
    expect(grants.map((m) => [m.kind, m.delta])).toEqual([["grant", 2]]);
    expect(await actionsOf("reward", item.id)).toEqual(["reward.created"]);

    // The customer books with it like any credit, and reads it on /profile/rewards.
    const credits = await customerCredits(app.deps.db, c.id, new Date());
    expect(credits.lots.find((l: any) => l.id === item.id)).toBeTruthy();
    expect(await customerRewards(app.deps.db, c.id, new Date())).toEqual([
      expect.objectContaining({ id: item.id, reason: "Recompensa: Clases cumplidas (50 clases)", remaining: 2 }),
    ]);

    const list = await json(await app.request(`/admin/rewards?search=${c.email}`, { token: manager }));
    expect(list.data.map((r: any) => r.id)).toEqual([item.id]);
    const byKind = await json(await app.request(`/admin/rewards?search=${c.email}&kind=birthday`, { token: manager }));
    expect(byKind.data).toEqual([]);
    const csv = await (await app.request(`/admin/rewards?format=csv&search=${c.email}`, { token: manager })).text();
    expect(csv).toContain("Recompensa: Clases cumplidas (50 clases)");
    // Other credit lots (a courtesy) are not rewards.
    expect(list.data.every((r: any) => r.kind !== null)).toBe(true);
    expect((await app.request(`/admin/rewards/${item.id}`, { method: "PUT", token: manager, json: {} })).status).toBe(
      404,
    );

    // A mistaken reward: its unused classes are taken back, in the ledger and the Bitácora; once.
    expect((await post(`/admin/rewards/${item.id}/revoke`, {}, cashier)).status).toBe(403);
    const revoked = await post(`/admin/rewards/${item.id}/revoke`, {});
    expect(revoked.status).toBe(200);
    expect((await json(revoked)).data).toMatchObject({ Message: "Se retiraron 2 clases", item: { remaining: 0 } });
    const moves = await app.deps.db.select().from(creditMovements).where(eq(creditMovements.lotId, item.id));
    expect(moves.map((m) => [m.kind, m.delta])).toEqual([
      ["grant", 2],
      ["revoke", -2],
    ]);
    const twice = await post(`/admin/rewards/${item.id}/revoke`, {});
    expect(twice.status).toBe(409);
    expect(await actionsOf("reward", item.id)).toEqual(["reward.created", "reward.revoked"]);
  });

  it("refuses what is not a customer, bad input in Spanish, and anyone outside the back office", async () => {
    const staffEmail = `staff${unique()}@example.com`;
    await createStaff(app.deps.db, "manager", { email: staffEmail });
    const before = await app.deps.db.select({ id: creditLots.id }).from(creditLots);
    const notCustomer = await post("/admin/rewards", { email: staffEmail, kind: "goodwill", city_id: 1, sessions: 1 });
    expect(await fieldErrors(notCustomer)).toEqual({ email: "No hay una cuenta de cliente con ese email" });
    const bad = await post("/admin/rewards", { email: "x", kind: "otro", city_id: "", sessions: 50 });
    expect(await fieldErrors(bad)).toEqual({
      email: "El email debe ser valido",
      kind: "Elija el motivo de la recompensa",
      city_id: "Seleccione una ciudad",
      sessions: "Las clases deben ser un número entero de 1 a 20",
    });
    expect(await app.deps.db.select({ id: creditLots.id }).from(creditLots)).toHaveLength(before.length);
    const c = await newCustomer(app);
    for (const token of [cashier, customer]) {
      expect((await app.request("/admin/rewards", { token })).status).toBe(403);
      expect(
        (await post("/admin/rewards", { email: c.email, kind: "birthday", city_id: 1, sessions: 1 }, token)).status,
      ).toBe(403);
    }
  });
});

describe("birthday rewards (the rewards-birthday task)", () => {
  const task = scheduledTasks.find((x) => x.name === "rewards-birthday")!;
  // 8:00 in Mexico City on 2031-03-14 (the task's cron), and a day whose year has no 29 February.
  const at = (iso: string) => ({ ...app.deps, clock: () => new Date(iso) });
  const rewardsOf = (userId: number) =>
    app.deps.db
      .select()
      .from(creditLots)
      .where(and(eq(creditLots.userId, userId), eq(creditLots.source, "reward")));

  it("gives one class in the customer's city on their birthday, once a year, and lists it as a birthday", async () => {
    const born = await createCustomer(app.deps.db, { birthDate: "1990-03-14" });
    const other = await createCustomer(app.deps.db, { birthDate: "1990-03-15" });
    const noCity = await createCustomer(app.deps.db, { birthDate: "1991-03-14" });
    for (const u of [born, other]) await grantCredits(app.deps.db, u.id, { cityId: 2 });

    await task.run(at("2031-03-14T14:00:00Z"));
    await task.run(at("2031-03-14T20:00:00Z"));
    const [lot, ...more] = await rewardsOf(born.id);
    expect(more).toEqual([]);
    expect(lot).toMatchObject({ cityId: 2, quantity: 1, remaining: 1, sourceRef: "reward:birthday:2031" });
    expect(lot!.expiresAt.getTime() - lot!.startsAt.getTime()).toBe(30 * 86_400_000);
    expect(await rewardsOf(other.id)).toEqual([]);
    expect(await rewardsOf(noCity.id)).toEqual([]);
    // Next year, again.
    await task.run(at("2032-03-14T14:00:00Z"));
    expect((await rewardsOf(born.id)).map((l) => l.sourceRef).sort()).toEqual([
      "reward:birthday:2031",
      "reward:birthday:2032",
    ]);
    const listed = await json(
      await app.request(`/admin/rewards?search=${born.email}&kind=birthday`, { token: manager }),
    );
    expect(listed.data).toHaveLength(2);
    expect(listed.data[0]).toMatchObject({ kind: "birthday", reason: "Recompensa: Cumpleaños", granted_by: null });
  });

  it("celebrates 29 February on the 28th when the year has none", async () => {
    const leap = await createCustomer(app.deps.db, { birthDate: "2000-02-29" });
    await grantCredits(app.deps.db, leap.id, { cityId: 1 });
    await task.run(at("2033-02-28T14:00:00Z"));
    expect((await rewardsOf(leap.id)).map((l) => l.sourceRef)).toEqual(["reward:birthday:2033"]);
  });
});

describe("milestone rewards (the rewards-milestones task)", () => {
  it("gives one class every 50 attended classes, once per milestone, in the customer's city", async () => {
    const task = scheduledTasks.find((x) => x.name === "rewards-milestones")!;
    const place = await makeRoom(app.deps.db, 1);
    const c = await createCustomer(app.deps.db);
    await grantCredits(app.deps.db, c.id, { cityId: place.city.id });
    const attend = async (n: number, from: number) => {
      for (let i = 0; i < n; i++) {
        const starts = new Date(Date.UTC(2030, 0, 1, 14) + (from + i) * 86_400_000);
        const cls = await makeClass(app.deps.db, place, starts, new Date(Date.UTC(2029, 0, 1)));
        await app.deps.db.insert(reservations).values({
          classSessionId: cls.id,
          userId: c.id,
          spot: 1,
          status: "attended",
          qrToken: `hito-${c.id}-${from + i}`,
        });
      }
    };
    const milestones = async () =>
      (
        await app.deps.db
          .select()
          .from(creditLots)
          .where(and(eq(creditLots.userId, c.id), eq(creditLots.source, "reward")))
      ).map((l) => [l.sourceRef, l.cityId, l.quantity]);
    const now = { ...app.deps, clock: () => new Date("2031-01-01T14:10:00Z") };

    await attend(49, 0);
    await task.run(now);
    expect(await milestones()).toEqual([]);
    await attend(1, 49);
    await task.run(now);
    await task.run(now);
    expect(await milestones()).toEqual([["reward:milestone:50", place.city.id, 1]]);
    const listed = await json(await app.request(`/admin/rewards?search=${c.email}`, { token: manager }));
    expect(listed.data[0]).toMatchObject({ kind: "milestone", reason: "Recompensa: Clases cumplidas (50 clases)" });
  });
});
