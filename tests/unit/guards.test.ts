import { describe, expect, it } from "vitest";
import { MIDDLEWARE_NAMES, runGuard, type GuardUser } from "../../app/.server/domain/identity/guards";

const u = (roleId: number, employeeType: number | null = null, extra: Partial<GuardUser> = {}): GuardUser => ({
  roleId,
  employeeType,
  canScanAttendance: false,
  needsTwoFactor: false,
  ...extra,
});

const VISITORS = {
  anonymous: null,
  admin1: u(1, 1),
  admin2: u(1, 2),
  cashier: u(1, 3),
  admin2faPending: u(1, 1, { needsTwoFactor: true }),
  coach2faPending: u(4, null, { needsTwoFactor: true }),
  door2faPending: u(5, null, { needsTwoFactor: true }),
  customer: u(2),
  coach: u(4),
  door: u(5),
} as const;
type Visitor = keyof typeof VISITORS;

/** Expected outcome: "ok" or the route name of the redirect (spec §4). */
const TABLE: Record<string, Record<Visitor, string>> = {
  admin: {
    anonymous: "adminLogin",
    admin1: "ok",
    admin2: "ok",
    cashier: "ok",
    admin2faPending: "admin2fa",
    customer: "adminLogin",
    coach: "adminQrAssistanceList",
    door: "adminQrDoorPage",
    coach2faPending: "adminQrAssistanceList",
    door2faPending: "adminQrDoorPage",
  },
  adminAndCoach: {
    anonymous: "adminLogin",
    admin1: "ok",
    admin2: "ok",
    cashier: "ok",
    admin2faPending: "admin2fa",
    customer: "myAccount",
    coach: "ok",
    door: "adminQrDoorPage",
    coach2faPending: "admin2fa",
    door2faPending: "adminQrDoorPage",
  },
  coach: {
    anonymous: "adminLogin",
    admin1: "adminAssistancesList",
    admin2: "adminAssistancesList",
    cashier: "adminAssistancesList",
    admin2faPending: "adminAssistancesList",
    customer: "adminAssistancesList",
    coach: "ok",
    door: "adminQrDoorPage",
    coach2faPending: "admin2fa",
    door2faPending: "adminQrDoorPage",
  },
  customer: {
    anonymous: "login",
    admin1: "adminCalendar",
    admin2: "adminCalendar",
    cashier: "adminCalendar",
    admin2faPending: "adminCalendar",
    customer: "ok",
    coach: "index",
    door: "index",
    coach2faPending: "index",
    door2faPending: "index",
  },
  door: {
    anonymous: "adminLogin",
    admin1: "adminLogin",
    admin2: "adminLogin",
    cashier: "adminLogin",
    admin2faPending: "adminLogin",
    customer: "adminLogin",
    coach: "adminLogin",
    door: "ok",
    coach2faPending: "adminLogin",
    door2faPending: "admin2fa",
  },
  guest: {
    anonymous: "ok",
    admin1: "adminDashboard",
    admin2: "adminDashboard",
    cashier: "adminDashboard",
    admin2faPending: "admin2fa",
    customer: "myAccount",
    coach: "adminQrAssistanceList",
    door: "myAccount",
    coach2faPending: "admin2fa",
    door2faPending: "admin2fa",
  },
  noCashiers: {
    anonymous: "login",
    admin1: "ok",
    admin2: "ok",
    cashier: "adminCashier",
    admin2faPending: "admin2fa",
    customer: "login",
    coach: "login",
    door: "login",
    coach2faPending: "login",
    door2faPending: "login",
  },
  requires2faAdmin: {
    anonymous: "adminLogin",
    admin1: "adminDashboard",
    admin2: "adminDashboard",
    cashier: "adminCashier",
    admin2faPending: "ok",
    customer: "myAccount",
    coach: "adminQrAssistanceList",
    door: "adminQrDoorPage",
    coach2faPending: "ok",
    door2faPending: "ok",
  },
  resetPasswordAdmin: {
    anonymous: "ok",
    admin1: "adminDashboard",
    admin2: "adminDashboard",
    cashier: "adminCashier",
    admin2faPending: "adminDashboard",
    customer: "myAccount",
    coach: "adminQrAssistanceList",
    door: "adminQrDoorPage",
    coach2faPending: "adminQrAssistanceList",
    door2faPending: "adminQrDoorPage",
  },
};

describe("route guards (spec §4), every middleware × every visitor", () => {
  for (const [name, row] of Object.entries(TABLE)) {
    for (const [visitor, expected] of Object.entries(row)) {
      it(`${name} · ${visitor} → ${expected}`, () => {
        const r = runGuard(name, { user: VISITORS[visitor as Visitor] });
        expect(r.allow ? "ok" : r.redirect).toBe(expected);
      });
    }
  }

  it("citySelected and studioSelected send to the choosers", () => {
    expect(runGuard("citySelected", { user: null })).toMatchObject({ allow: false, redirect: "selectLocation" });
    expect(runGuard("citySelected", { user: null, cityId: 1 }).allow).toBe(true);
    expect(runGuard("studioSelected", { user: null, cityId: 1 })).toMatchObject({
      allow: false,
      redirect: "selectStudio",
    });
    expect(runGuard("studioSelected", { user: null, studioId: 3 }).allow).toBe(true);
  });

  it("hasProducts sends an empty cart to my-account", () => {
    expect(runGuard("hasProducts", { user: u(2), cartProductCount: 0 })).toMatchObject({ redirect: "myAccount" });
    expect(runGuard("hasProducts", { user: u(2), cartProductCount: 2 }).allow).toBe(true);
  });

  it("every middleware name of the spec is handled", () => {
    for (const name of MIDDLEWARE_NAMES) expect(() => runGuard(name, { user: null })).not.toThrow();
  });

  it("an unknown middleware is a 500 'Unknown middleware'", () => {
    expect(() => runGuard("superuser", { user: null })).toThrow("Unknown middleware");
    try {
      runGuard("x", { user: null });
    } catch (e) {
      expect((e as { status: number }).status).toBe(500);
    }
  });

  it("refusals of anonymous visitors are 401, of logged-in ones 403", () => {
    expect(runGuard("admin", { user: null })).toMatchObject({ status: 401 });
    expect(runGuard("admin", { user: u(2) })).toMatchObject({ status: 403 });
  });
});
