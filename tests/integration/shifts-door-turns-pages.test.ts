/**
 * The door page and the turns page (issue 22, items 2 and 4), through their loaders and calls:
 * `/admin/qr-door-page` shows today's classes of the door account's studio only, each with its people
 * (not the cancelled ones), who has arrived, who came late and who has not; a record of attendance by name from
 * the list (`POST /admin/reservations/{id}/attendance`) marks her, late when after the class's start.
 * `/admin/turns` lists the shifts filtered by studio, employee and Mexico City days, and the same
 * filters give its CSV (`GET /admin/turns?format=csv`). Clock: Wednesday 2031-04-09 12:00 in Mexico City.
 */
import crypto from "node:crypto";
import { describe, expect, it, beforeAll } from "vitest";
import { anonymous } from "../../app/.server/http/api";
import { loader as doorLoader } from "../../app/routes/admin/booking/door";
import { loader as turnsLoader } from "../../app/routes/admin/shifts/turns";
import { classSessions, employees, reservations, shifts } from "../../app/.server/db/schema";
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
const NOW = new Date("2031-04-09T18:00:00Z");
const at = (local: string) => new Date(`${local}-06:00`);

type Loader = (args: never) => Promise<unknown>;
async function visit<T>(loader: Loader, userId: number, path: string): Promise<T> {
  const row = (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
  const auth = { ...anonymous, user: row, session: { twoFactorAt: null } } as never;
  return (await loader({
    request: new Request(`http://localhost${path}`),
    params: {},
    context: { deps: app.deps, auth, cookies: {} },
  } as never)) as T;
}

const s = {
  studio: 0,
  other: 0,
  door: { id: 0, token: "" },
  lonely: 0,
  k1: 0,
  people: {} as Record<string, number>,
  admin: { id: 0, token: "" },
  emp: { a: 0, b: 0 },
};

beforeAll(async () => {
  const db = app.deps.db;
  app.setNow(NOW);
  const city = await createCity(db);
  s.studio = (await createStudio(db, { cityId: city.id, name: "Estudio Puerta" })).id;
  s.other = (await createStudio(db, { cityId: city.id, name: "Estudio Vecino" })).id;
  const door = await createStaff(db, "door");
  await db.insert(employees).values({ userId: door.id, studioId: s.studio });
  s.door = { id: door.id, token: await sessionFor(db, door, { now: NOW }) };
  s.lonely = (await createStaff(db, "door")).id;
  const layout = { rows: [[1, 2, 3, 4]], coachPosition: "top" as const };
  const room = (await createRoom(db, { studioId: s.studio, capacity: 4, layout })).id;
  const room2 = (await createRoom(db, { studioId: s.other, capacity: 4, layout })).id;
  const coach = (await createCoach(db, { name: "Xime" })).id;
  const type = (await createSessionType(db)).id;
  const klass = async (
    studioId: number,
    roomId: number,
    starts: Date,
    status: "scheduled" | "cancelled" = "scheduled",
  ) =>
    (
      await db
        .insert(classSessions)
        .values({
          studioId,
          roomId,
          coachId: coach,
          sessionTypeId: type,
          startsAt: starts,
          endsAt: new Date(starts.getTime() + 50 * 60_000),
          durationMinutes: 50,
          capacity: 4,
          layout,
          status,
        })
        .returning()
    )[0]!.id;
  s.k1 = await klass(s.studio, room, at("2031-04-09T11:00"));
  const tomorrow = await klass(s.studio, room, at("2031-04-10T09:00"));
  const elsewhere = await klass(s.other, room2, at("2031-04-09T11:00"));
  const cancelled = await klass(s.studio, room, at("2031-04-09T13:00"), "cancelled");
  for (const name of ["Ana", "Berta", "Carla", "Dora"])
    s.people[name] = (await createCustomer(db, { name, lastName: "Prueba" })).id;
  const reserve = (classSessionId: number, name: string, spot: number, o: object = {}) =>
    db
      .insert(reservations)
      .values({
        classSessionId,
        userId: s.people[name]!,
        spot,
        qrToken: crypto.randomBytes(12).toString("hex"),
        ...o,
      })
      .returning()
      .then((r) => r[0]!.id);
  // Ana came on time, Berta 10 minutes late, Carla has not come, Dora cancelled.
  await reserve(s.k1, "Ana", 1, { status: "attended", attendedAt: at("2031-04-09T10:55") });
  await reserve(s.k1, "Berta", 2, { status: "attended", attendedAt: at("2031-04-09T11:10") });
  s.people.carlaReservation = await reserve(s.k1, "Carla", 3);
  await reserve(s.k1, "Dora", 4, { status: "cancelled", cancelledAt: at("2031-04-08T10:00") });
  for (const k of [tomorrow, elsewhere, cancelled]) await reserve(k, "Ana", 1);
});

type DoorData = {
  door: boolean;
  studioId: number | null;
  classes: {
    id: number;
    studio_id: number;
    roster: { id: number; name: string; status: string; late: boolean; spot: number }[];
  }[];
};

describe("the door page", () => {
  it("today's classes of the door's own studio, with who arrived, who came late and who has not", async () => {
    const d = await visit<DoorData>(doorLoader as Loader, s.door.id, "/admin/qr-door-page");
    expect(d.door).toBe(true);
    expect(d.studioId).toBe(s.studio);
    // Not tomorrow's, not the other studio's, not a cancelled class.
    expect(d.classes.map((c) => c.id)).toEqual([s.k1]);
    const people = d.classes[0]!.roster.map((r) => [r.name, r.status, r.late]);
    expect(people).toEqual([
      ["Ana Prueba", "attended", false],
      ["Berta Prueba", "attended", true],
      ["Carla Prueba", "booked", false],
    ]);
  });

  it("a record of attendance by name from the list marks her arrived, late after the start; twice is refused", async () => {
    const call = () =>
      app.request(`/admin/reservations/${s.people.carlaReservation}/attendance`, {
        method: "POST",
        token: s.door.token,
      });
    const res = await call();
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).data.Message).toContain("Carla");
    const d = await visit<DoorData>(doorLoader as Loader, s.door.id, "/admin/qr-door-page");
    expect(d.classes[0]!.roster.find((r) => r.name === "Carla Prueba")).toMatchObject({
      status: "attended",
      late: true,
    });
    expect(d.classes[0]!.roster.filter((r) => r.status !== "attended")).toEqual([]);
    expect((await call()).status).toBe(409);
  });

  it("a door account without a studio sees no classes; the scanner's page sends the door to hers", async () => {
    const d = await visit<DoorData>(doorLoader as Loader, s.lonely, "/admin/qr-door-page");
    expect(d).toMatchObject({ door: true, studioId: null, classes: [] });
    const thrown = await visit(doorLoader as Loader, s.door.id, "/admin/assistqr").catch((e) => e);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/qr-door-page");
  });

  it("customers are sent away from the door page", async () => {
    const thrown = await visit(doorLoader as Loader, s.people.Ana!, "/admin/qr-door-page").catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/admin/auth/login");
  });
});

type TurnsData = {
  rows: { id: number; studio_name: string; employee_name: string; closed_at: string | null }[];
  meta: { total: number };
  studios: { value: string; label: string }[];
  employees: { value: string; label: string }[];
};

describe("the turns page", () => {
  beforeAll(async () => {
    const db = app.deps.db;
    const admin = await createStaff(db, "administrator", { studioId: s.studio });
    s.admin = { id: admin.id, token: await sessionFor(db, admin, { now: NOW }) };
    const a = await createStaff(db, "manager", { studioId: s.studio, name: "Alma", lastName: "Turnos" });
    const b = await createStaff(db, "cashier", { studioId: s.other, name: "Bea", lastName: "Turnos" });
    s.emp = { a: a.employeeId!, b: b.employeeId! };
    const shift = (studioId: number, employeeId: number, userId: number, opened: string, closed?: string) => ({
      studioId,
      employeeId,
      turnType: 1,
      openedByUserId: userId,
      openedAt: at(opened),
      openingCashCents: 50000,
      closedAt: closed ? at(closed) : null,
      closedByUserId: closed ? userId : null,
      countedCashCents: closed ? 50000 : null,
      expectedCashCents: closed ? 50000 : null,
      differenceCents: closed ? 0 : null,
      notes: closed ? "Cuadra, sin diferencia" : null,
    });
    await db.insert(shifts).values([
      shift(s.studio, s.emp.a, a.id, "2031-04-07T08:00", "2031-04-07T15:00"),
      // 23:30 of April 8 in Mexico City (05:30 UTC of the 9th): April 8's.
      shift(s.other, s.emp.b, b.id, "2031-04-08T23:30", "2031-04-09T06:00"),
      shift(s.studio, s.emp.a, a.id, "2031-04-09T08:00"),
    ]);
  });

  const list = (query = "") => visit<TurnsData>(turnsLoader as Loader, s.admin.id, `/admin/turns${query}`);
  const mine = (d: TurnsData) => d.rows.filter((r) => r.employee_name.endsWith("Turnos"));

  it("lists every shift, newest first, with the studios and employees of its filters", async () => {
    const d = await list();
    expect(mine(d).map((r) => [r.studio_name, r.employee_name, r.closed_at === null])).toEqual([
      ["Estudio Puerta", "Alma Turnos", true],
      ["Estudio Vecino", "Bea Turnos", false],
      ["Estudio Puerta", "Alma Turnos", false],
    ]);
    expect(d.employees.map((e) => e.label)).toEqual(expect.arrayContaining(["Alma Turnos", "Bea Turnos"]));
    expect(d.studios.map((e) => e.label)).toEqual(expect.arrayContaining(["Estudio Puerta", "Estudio Vecino"]));
  });

  it("filters by studio, employee and Mexico City days", async () => {
    expect(mine(await list(`?studio_id=${s.other}`)).map((r) => r.employee_name)).toEqual(["Bea Turnos"]);
    expect((await list(`?employee_id=${s.emp.a}`)).meta.total).toBe(2);
    const apr8 = mine(await list("?from=2031-04-08&to=2031-04-08"));
    expect(apr8.map((r) => r.employee_name)).toEqual(["Bea Turnos"]);
    expect(mine(await list("?from=2031-04-09")).map((r) => r.closed_at)).toEqual([null]);
    // A bad filter is ignored, not an error.
    expect(mine(await list("?studio_id=abc&from=ayer")).length).toBe(3);
  });

  it("the CSV has the same filters and the screen's labels, in Mexico City time", async () => {
    const res = await app.request(`/admin/turns?employee_id=${s.emp.b}&format=csv`, { token: s.admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      "Folio,Estudio,Empleado,Turno,Apertura,Cierre,Fondo inicial,Efectivo esperado,Efectivo contado,Diferencia,Terminal bancaria,Transferencias,Notas",
    );
    expect(lines[1]).toContain(",Estudio Vecino,Bea Turnos,1,2031-04-08 23:30,2031-04-09 06:00,");
    expect(lines[1]).toMatch(/"Cuadra, sin diferencia"$/);
  });

  it("administrators of type 2 may not see it", async () => {
    const manager = await createStaff(app.deps.db, "manager");
    const thrown = await visit(turnsLoader as Loader, manager.id, "/admin/turns").catch((e) => e);
    expect(thrown).toMatchObject({ init: { status: 403 } });
  });
});
