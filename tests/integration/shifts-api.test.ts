/**
 * Shifts at the front desk (spec §7 calls, §4 "Shift", §5 "Shift form"): the four calls of the
 * shift-start screen, withdrawals, closing with a count by denomination, the report, the turns list,
 * and what is refused (in Spanish, nothing written).
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, employees, shiftMovements, shifts } from "../../app/.server/db/schema";
import { addShiftMovement, openShift, requireOpenShift } from "../../app/.server/domain/shifts/service";
import { actorOf } from "../../app/.server/domain/people/access";
import { setupTestApp } from "../support/app";
import { createStaff, createStudio, sessionFor } from "../support/factories";

const app = setupTestApp();
const json = async (res: Response) => (await res.json()) as any;

let studioId = 0;
let manager: Awaited<ReturnType<typeof createStaff>>;
let managerToken = "";
let cashier: Awaited<ReturnType<typeof createStaff>>;
let cashierToken = "";
let adminToken = "";
let customerToken = "";

beforeAll(async () => {
  const db = app.deps.db;
  studioId = (await createStudio(db)).id;
  manager = await createStaff(db, "manager", { studioId, name: "Mónica" });
  managerToken = await sessionFor(db, manager);
  cashier = await createStaff(db, "cashier", { studioId, name: "Carla" });
  cashierToken = await sessionFor(db, cashier);
  adminToken = await sessionFor(db, await createStaff(db, "administrator", { studioId }));
  const { createCustomer } = await import("../support/factories");
  customerToken = await sessionFor(db, await createCustomer(db));
});

const start = (token: string, o: Record<string, unknown>) =>
  app.request("/cashier/turn/init", { method: "POST", token, form: o as Record<string, string> });

const shiftCount = async () => (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(shifts))[0]!.n;

describe("the four calls of the shift-start screen", () => {
  it("studios with their active flag and the studio's employees, for the cashier too; customers get 403", async () => {
    const res = await app.request("/admin/studios", { token: cashierToken });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toContainEqual(expect.objectContaining({ id: studioId, active: true }));
    const emp = await json(await app.request(`/admin/employee/list/studio/${studioId}`, { token: cashierToken }));
    expect(emp.data).toContainEqual({ id: cashier.employeeId, name: expect.stringContaining("Carla") });
    expect((await app.request("/admin/studios", { token: customerToken })).status).toBe(403);
    expect((await app.request(`/cashier/turn/smb/last/${studioId}`, { token: customerToken })).status).toBe(403);
    expect((await app.request(`/cashier/turn/smb/last/${studioId}`)).status).toBe(401);
    const init = await start(customerToken, {});
    expect([403, 422]).toContain(init.status);
  });

  it("no petty cash recorded yet: 0", async () => {
    const res = await json(await app.request(`/cashier/turn/smb/last/${studioId}`, { token: cashierToken }));
    expect(res.data).toEqual({ small_box_cents: 0, display_small_box: "$0.00" });
  });

  it("bad input is refused in Spanish and writes nothing", async () => {
    const before = await shiftCount();
    const base = {
      id_employee_data: String(cashier.employeeId),
      id_studio: String(studioId),
      turn_type: "1",
      id_employee: String(cashier.employeeId),
    };
    for (const [body, field, message] of [
      [{ ...base, small_box_init: "-5" }, "small_box_init", /fondo de caja/],
      [{ ...base, small_box_init: "abc" }, "small_box_init", /fondo de caja/],
      [{ ...base, small_box_init: "1.234" }, "small_box_init", /dos decimales/],
      [{ ...base, turn_type: "3" }, "turn_type", /turno/],
      [{ ...base, id_employee: String(manager.employeeId) }, "id_employee", /no corresponde/],
      [{ ...base, id_employee_data: String(manager.employeeId) }, "id_employee_data", /a su nombre/],
    ] as const) {
      const res = await start(cashierToken, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const b = await json(res);
      expect(b.error.messages[0].field).toBe(field);
      expect(b.errorMessage).toMatch(message);
    }
    expect(await shiftCount()).toBe(before);
  });

  it("opens a shift (data.Message), then a second one while it is open is refused", async () => {
    const res = await start(cashierToken, {
      id_employee_data: String(cashier.employeeId),
      id_studio: String(studioId),
      turn_type: "2",
      id_employee: String(cashier.employeeId),
      small_box_init: "$1,500.50",
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data.Message).toBe("Turno iniciado");
    expect(body.data.small_box_cents).toBe(150050);
    const again = await start(cashierToken, {
      id_employee_data: String(cashier.employeeId),
      id_studio: String(studioId),
      turn_type: "1",
      id_employee: String(cashier.employeeId),
      small_box_init: "10",
    });
    expect(again.status).toBe(422);
    expect((await json(again)).errorMessage).toMatch(/Ya hay un turno abierto/);
    const current = await json(await app.request("/cashier/turn/current", { token: cashierToken }));
    expect(current.data).toMatchObject({ id: body.data.id, opening_cash_cents: 150050, expected_cash_cents: 150050 });
  });
});

describe("withdrawals and closing", () => {
  it("records a withdrawal with its reason; refuses another's shift, a negative or text amount", async () => {
    const shift = await requireOpenShift(app.deps.db, cashier.id);
    const url = `/cashier/turn/${shift.id}/withdrawal`;
    for (const amount of ["-20", "veinte", "0"]) {
      const bad = await app.request(url, { method: "POST", token: cashierToken, json: { amount, reason: "Garrafón" } });
      expect(bad.status).toBe(422);
      expect((await json(bad)).errorMessage).toMatch(/mayor a cero/);
    }
    const noReason = await app.request(url, {
      method: "POST",
      token: cashierToken,
      json: { amount: "20", reason: " " },
    });
    expect(noReason.status).toBe(422);
    const other = await app.request(url, { method: "POST", token: managerToken, json: { amount: "20", reason: "x" } });
    expect(other.status).toBe(403);
    expect((await json(other)).errorMessage).toMatch(/otra persona/);
    const tooMuch = await app.request(url, {
      method: "POST",
      token: cashierToken,
      json: { amount: "5000", reason: "x" },
    });
    expect(tooMuch.status).toBe(422);
    expect(await app.deps.db.select().from(shiftMovements).where(eq(shiftMovements.shiftId, shift.id))).toEqual([]);
    const ok = await app.request(url, {
      method: "POST",
      token: cashierToken,
      json: { amount: "200.25", reason: "Compra de garrafón" },
    });
    expect(ok.status).toBe(201);
    expect((await json(ok)).data.Message).toBe("Retiro registrado");
  });

  it("a sale recorded by the point of sale counts in the expected cash (API for the POS)", async () => {
    const shift = await requireOpenShift(app.deps.db, cashier.id);
    await app.deps.db.transaction(async (tx) => {
      await addShiftMovement(tx, shift.id, cashier.id, { kind: "sale", method: "cash", amountCents: 35000 });
      await addShiftMovement(tx, shift.id, cashier.id, {
        kind: "sale",
        method: "card_terminal",
        amountCents: 99900,
        reference: "A1",
      });
      await addShiftMovement(tx, shift.id, cashier.id, { kind: "refund", method: "cash", amountCents: 5000 });
    });
    const current = await json(await app.request("/cashier/turn/current", { token: cashierToken }));
    // 1500.50 + 350 − 200.25 − 50 = 1600.25
    expect(current.data).toMatchObject({
      expected_cash_cents: 160025,
      card_sales_cents: 99900,
      withdrawals_cents: 20025,
    });
  });

  it("closing someone else's shift is refused (403), nothing written; bad counts are a 422", async () => {
    const shift = await requireOpenShift(app.deps.db, cashier.id);
    const url = `/cashier/turn/${shift.id}/close`;
    const other = await app.request(url, { method: "POST", token: managerToken, json: { count: { "100000": 1 } } });
    expect(other.status).toBe(403);
    const neg = await app.request(url, { method: "POST", token: cashierToken, json: { count: { "100000": -1 } } });
    expect(neg.status).toBe(422);
    expect((await json(neg)).errorMessage).toMatch(/números enteros/);
    const text = await app.request(url, {
      method: "POST",
      token: cashierToken,
      json: { count: { "100000": 1 }, card: "mil" },
    });
    expect(text.status).toBe(422);
    const [row] = await app.deps.db.select().from(shifts).where(eq(shifts.id, shift.id));
    expect(row!.closedAt).toBeNull();
  });

  it("closes with a count that matches: difference 0, left cash is the next shift's petty cash, report PDF", async () => {
    const shift = await requireOpenShift(app.deps.db, cashier.id);
    // $1,600.25 = 1000 + 500 + 50 + 20 + 20 + 10 + 0.50 × ... → 1×1000, 1×500, 1×50, 2×20, 1×10 = 1600, + 0.25? not countable:
    // the smallest coin is 50 centavos, so count 1600.50 and see a difference of +0.25.
    const res = await app.request(`/cashier/turn/${shift.id}/close`, {
      method: "POST",
      token: cashierToken,
      json: {
        count: { "100000": 1, "50000": 1, "5000": 1, "2000": 2, "1000": 1, "50": 1 },
        card: "999.00",
        transfer: "0",
        left_cash: "500",
        notes: "Todo en orden",
      },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      counted_cents: 160050,
      expected_cents: 160025,
      difference_cents: 25,
    });
    const [row] = await app.deps.db.select().from(shifts).where(eq(shifts.id, shift.id));
    expect(row).toMatchObject({ cardReportedCents: 99900, cardRecordedCents: 99900, leftCashCents: 50000 });
    const again = await app.request(`/cashier/turn/${shift.id}/close`, {
      method: "POST",
      token: cashierToken,
      json: { count: {} },
    });
    expect(again.status).toBe(422);
    const last = await json(await app.request(`/cashier/turn/smb/last/${studioId}`, { token: cashierToken }));
    expect(last.data).toEqual({ small_box_cents: 50000, display_small_box: "$500.00" });
    const pdf = await app.request(`/cashier/turn/${shift.id}/report`, { token: cashierToken });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    expect((await app.request(`/cashier/turn/${shift.id}/report`, { token: managerToken })).status).toBe(403);
    const actions = await app.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'shift' and ${auditLog.entityId} = ${String(shift.id)}`);
    expect(actions.map((a) => a.action).sort()).toEqual(["shift.closed", "shift.opened", "shift.withdrawal"]);
  });

  it("the next shift takes the petty cash left: a different amount is refused", async () => {
    const base = {
      id_employee_data: String(cashier.employeeId),
      id_studio: String(studioId),
      turn_type: "1",
      id_employee: String(cashier.employeeId),
    };
    const wrong = await start(cashierToken, { ...base, small_box_init: "100" });
    expect(wrong.status).toBe(422);
    expect((await json(wrong)).errorMessage).toContain("$500.00");
    const ok = await start(cashierToken, base);
    expect(ok.status).toBe(201);
    expect((await json(ok)).data.small_box_cents).toBe(50000);
    const last = await json(await app.request(`/cashier/turn/smb/last/${studioId}`, { token: cashierToken }));
    expect(last.data.small_box_cents).toBe(0);
  });
});

describe("turns list (administrator-type 1)", () => {
  it("lists shifts with figures, filters, and CSV in Mexico City time with the screen's labels; type 2 gets 403", async () => {
    expect((await app.request("/admin/turns", { token: managerToken })).status).toBe(403);
    const res = await json(await app.request(`/admin/turns?studio_id=${studioId}`, { token: adminToken }));
    expect(res.data.length).toBe(2);
    expect(res.data[1]).toMatchObject({
      counted_cash_cents: 160050,
      difference_cents: 25,
      closed_at: expect.any(String),
    });
    const none = await json(
      await app.request(`/admin/turns?studio_id=${studioId}&to=2000-01-01`, { token: adminToken }),
    );
    expect(none.data).toEqual([]);
    const csv = await app.request(`/admin/turns?studio_id=${studioId}&format=csv`, { token: adminToken });
    const text = await csv.text();
    expect(text.split("\r\n")[0]).toContain("Folio,Estudio,Empleado,Turno,Apertura,Cierre,Fondo inicial");
    expect(text).toContain("$1,600.50");
    expect(text).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });
});

describe("one open shift per employee, under concurrency", () => {
  it("two simultaneous openings for one employee: exactly one succeeds", async () => {
    const db = app.deps.db;
    const studio = (await createStudio(db)).id;
    const racer = await createStaff(db, "manager", { studioId: studio });
    const actor = actorOf(racer as never);
    const input = {
      employeeDataId: racer.employeeId!,
      studioId: studio,
      turnType: 1,
      employeeId: racer.employeeId!,
      smallBoxInitCents: 1000,
    };
    const results = await Promise.allSettled([
      openShift(db, actor, input, new Date()),
      openShift(db, actor, input, new Date()),
      openShift(db, actor, input, new Date()),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results.filter((r) => r.status === "rejected"))
      expect((r as PromiseRejectedResult).reason).toMatchObject({
        status: 422,
        message: expect.stringMatching(/Ya hay un turno abierto/),
      });
    const open = await db.select().from(shifts).where(eq(shifts.employeeId, racer.employeeId!));
    expect(open).toHaveLength(1);
    // The database refuses a second open row even without the service's checks.
    await expect(
      db.insert(shifts).values({
        studioId: studio,
        employeeId: racer.employeeId!,
        turnType: 1,
        openedByUserId: racer.id,
        openedAt: new Date(),
        openingCashCents: 0,
      }),
    ).rejects.toThrow();
    void employees;
  });
});
