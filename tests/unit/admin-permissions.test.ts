/**
 * Issue 7 "permissions once": one table (app/shared/permissions.ts) that the API and the pages
 * enforce, and the back-office layout's middleware guarding every child route.
 */
import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { can, PERMISSIONS, type Permission } from "~/shared/permissions";
import { assertCan } from "~/.server/domain/people/access";
import { requireAdminPage, requireScannerPage } from "~/routes/admin/.server/page";
import { middleware } from "~/routes/admin/layouts/admin";

const who = (roleId: number, employeeType: number | null, canScanAttendance = false) => ({
  id: 1,
  roleId,
  employeeType,
  canScanAttendance,
  require2fa: false,
});
const IDENTITIES = {
  administrator: who(1, 1),
  manager: who(1, 2),
  cashier: who(1, 3),
  frontDesk: who(1, 2, true),
  customer: who(2, null),
  coach: who(4, null),
  door: who(5, null),
};

function contextFor(user: ReturnType<typeof who> | null) {
  return {
    deps: {},
    auth: {
      user,
      session: user ? { twoFactorAt: null } : null,
      employeeId: null,
      token: null,
      via: null,
      expired: false,
    },
    cookies: {},
    clientIp: "10.0.0.1",
  } as unknown as AppLoadContext;
}
const request = (path = "/admin/outbox") => new Request(`http://localhost${path}`);

describe("the permission table", () => {
  it("administrators of type 1 may do everything; managers all but staff changes, the outbox, configuration, reports and coach pay", () => {
    for (const p of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can(IDENTITIES.administrator, p), p).toBe(true);
      expect(can(IDENTITIES.manager, p), p).toBe(
        ![
          "staff.write",
          "outbox.read",
          "configuration.read",
          "configuration.write",
          "shifts.read",
          "reports.read",
          "coachPay.read",
          "coachPay.write",
        ].includes(p),
      );
      for (const k of ["cashier", "frontDesk", "customer", "coach", "door"] as const)
        expect(can(IDENTITIES[k], p), `${k} ${p}`).toBe(false);
    }
  });

  it("the API and the page refuse the same identities for the same permission", () => {
    for (const p of Object.keys(PERMISSIONS) as Permission[]) {
      for (const k of ["administrator", "manager"] as const) {
        const actor = { ...IDENTITIES[k], ip: null };
        let api = 200;
        try {
          assertCan(actor, p);
        } catch (e) {
          api = (e as { status: number }).status;
        }
        let page = 200;
        try {
          requireAdminPage({ request: request(), context: contextFor(IDENTITIES[k]) }, { permission: p });
        } catch (e) {
          page = (e as { init?: { status?: number } }).init?.status ?? 0;
        }
        expect([k, p, page]).toEqual([k, p, api]);
      }
    }
  });
});

describe("the back-office layout middleware", () => {
  const run = async (user: ReturnType<typeof who> | null, path = "/admin/users") => {
    let reached = false;
    try {
      await middleware[0]!(
        { request: request(path), context: contextFor(user), params: {}, unstable_pattern: "" } as never,
        async () => {
          reached = true;
          return new Response("ok");
        },
      );
    } catch (e) {
      return { reached, thrown: e as Response };
    }
    return { reached, thrown: null };
  };

  it("lets the back office through to the child routes", async () => {
    expect((await run(IDENTITIES.manager)).reached).toBe(true);
  });

  it("stops everyone else before any child loader runs", async () => {
    const anonymous = await run(null);
    expect(anonymous.reached).toBe(false);
    expect(anonymous.thrown?.headers.get("Location")).toContain("/admin/auth/login");
    for (const k of ["customer", "coach", "door", "cashier", "frontDesk"] as const) {
      const r = await run(IDENTITIES[k]);
      expect(r.reached, k).toBe(false);
      expect(r.thrown, k).toBeTruthy();
    }
  });
});

describe("the attendance scanner pages: spec middleware `coach` (issue 19)", () => {
  const go = (user: ReturnType<typeof who> | null, path = "/admin/qr-assistance/list") => {
    try {
      requireScannerPage({ request: request(path), context: contextFor(user) });
      return "allow";
    } catch (e) {
      return (e as Response).headers.get("Location");
    }
  };

  it("lets coaches, front desk and the back office in; sends the others where the `coach` guard says", () => {
    for (const k of ["coach", "frontDesk", "administrator", "manager"] as const)
      expect(go(IDENTITIES[k]), k).toBe("allow");
    expect(go(IDENTITIES.cashier)).toBe("/admin/assistances/list");
    expect(go(IDENTITIES.customer)).toBe("/admin/assistances/list");
    expect(go(IDENTITIES.door)).toBe("/admin/qr-door-page");
    expect(go(null)).toContain("/admin/auth/login");
    expect(go(IDENTITIES.cashier, "/es-MX/admin/qr-assistance/scan/3")).toBe("/es-MX/admin/assistances/list");
  });
});
