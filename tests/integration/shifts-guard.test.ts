/**
 * The shift guard (spec §4 "Shift", §6): staff with no open shift who are not administrator-type 1
 * or coach see the shift-start screen instead of admin content, in the admin, cashiers and door
 * layouts; once a shift is open they see the page; the cashier guard still sends type 3 to her screen.
 */
import { describe, expect, it } from "vitest";
import { anonymous } from "../../app/.server/http/api";
import { loader as adminLayout } from "../../app/routes/admin/layouts/admin";
import { loader as cashiersLayout } from "../../app/routes/admin/layouts/cashiers";
import { loader as doorLayout } from "../../app/routes/admin/layouts/door";
import { openShift } from "../../app/.server/domain/shifts/service";
import { actorOf } from "../../app/.server/domain/people/access";
import { employees } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { createStaff, createStudio } from "../support/factories";

const app = setupTestApp();

type Loader = (args: never) => Promise<{ shiftStart: boolean }>;

async function visit(loader: Loader, user: { id: number }, path: string) {
  const row = (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) }))!;
  const auth = { ...anonymous, user: row, session: { twoFactorAt: null } } as never;
  try {
    const r = await loader({
      request: new Request(`http://localhost${path}`),
      params: {},
      context: { deps: app.deps, auth, cookies: {} },
    } as never);
    return r.shiftStart ? "shift-start" : "page";
  } catch (e) {
    return (e as Response).headers.get("Location");
  }
}

describe("the shift guard", () => {
  it("a type-2 administrator of a studio gets the shift-start screen on the dashboard until she opens a shift", async () => {
    const db = app.deps.db;
    const studioId = (await createStudio(db)).id;
    const manager = await createStaff(db, "manager", { studioId });
    expect(await visit(adminLayout as Loader, manager, "/admin/dashboard")).toBe("shift-start");
    expect(await visit(cashiersLayout as Loader, manager, "/admin/close-turn")).toBe("shift-start");
    await openShift(
      db,
      actorOf(manager as never),
      {
        employeeDataId: manager.employeeId!,
        studioId,
        turnType: 1,
        employeeId: manager.employeeId!,
        smallBoxInitCents: 0,
      },
      new Date(),
    );
    expect(await visit(adminLayout as Loader, manager, "/admin/dashboard")).toBe("page");
  });

  it("administrator-type 1, and staff without a studio's employee record, need no shift", async () => {
    const db = app.deps.db;
    const studioId = (await createStudio(db)).id;
    expect(
      await visit(adminLayout as Loader, await createStaff(db, "administrator", { studioId }), "/admin/dashboard"),
    ).toBe("page");
    expect(await visit(adminLayout as Loader, await createStaff(db, "manager"), "/admin/dashboard")).toBe("page");
  });

  it("the cashier (type 3) is sent to her screen, where she must open a shift first", async () => {
    const db = app.deps.db;
    const studioId = (await createStudio(db)).id;
    const cashier = await createStaff(db, "cashier", { studioId });
    expect(await visit(adminLayout as Loader, cashier, "/admin/dashboard")).toBe("/admin/pos");
    expect(await visit(cashiersLayout as Loader, cashier, "/admin/close-turn")).toBe("shift-start");
  });

  it("door staff with a studio open a shift before the door page", async () => {
    const db = app.deps.db;
    const studioId = (await createStudio(db)).id;
    const door = await createStaff(db, "door");
    expect(await visit(doorLayout as Loader, door, "/admin/qr-door-page")).toBe("page");
    await db.insert(employees).values({ userId: door.id, studioId });
    expect(await visit(doorLayout as Loader, door, "/admin/qr-door-page")).toBe("shift-start");
  });
});
