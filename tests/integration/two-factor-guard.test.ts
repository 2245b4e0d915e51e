import { describe, expect, it } from "vitest";
import { runGuards, type GuardUser } from "../../app/.server/domain/identity/guards";

const user = (roleId: number, needsTwoFactor: boolean, employeeType: number | null = null): GuardUser => ({
  roleId,
  employeeType,
  canScanAttendance: false,
  needsTwoFactor,
});
const redirectOf = (names: string[], u: GuardUser | null) => {
  const r = runGuards(names, { user: u });
  return r.allow ? "allow" : r.redirect;
};

describe("two-factor guards (spec §4)", () => {
  it("admin pages send an administrator still needing two-factor to the two-factor page", () => {
    expect(redirectOf(["admin"], user(1, true, 1))).toBe("admin2fa");
    expect(redirectOf(["admin"], user(1, false, 1))).toBe("allow");
    expect(redirectOf(["adminAndCoach"], user(4, true))).toBe("admin2fa");
    expect(redirectOf(["adminAndCoach"], user(4, false))).toBe("allow");
  });

  it("requires2faAdmin: anonymous to admin login, customer to my-account, pending stays, others home", () => {
    expect(redirectOf(["requires2faAdmin"], null)).toBe("adminLogin");
    expect(redirectOf(["requires2faAdmin"], user(2, true))).toBe("myAccount");
    expect(redirectOf(["requires2faAdmin"], user(1, true, 1))).toBe("allow");
    expect(redirectOf(["requires2faAdmin"], user(5, true))).toBe("allow");
    expect(redirectOf(["requires2faAdmin"], user(1, false, 1))).toBe("adminDashboard");
    expect(redirectOf(["requires2faAdmin"], user(1, false, 3))).toBe("adminCashier");
    expect(redirectOf(["requires2faAdmin"], user(4, false))).toBe("adminQrAssistanceList");
    expect(redirectOf(["requires2faAdmin"], user(5, false))).toBe("adminQrDoorPage");
  });

  it("guest (login pages): coach to the assistance list, admin to the dashboard (or two-factor), others to my-account", () => {
    expect(redirectOf(["guest"], null)).toBe("allow");
    expect(redirectOf(["guest"], user(4, false))).toBe("adminQrAssistanceList");
    expect(redirectOf(["guest"], user(1, false, 1))).toBe("adminDashboard");
    expect(redirectOf(["guest"], user(1, true, 1))).toBe("admin2fa");
    expect(redirectOf(["guest"], user(2, false))).toBe("myAccount");
    expect(redirectOf(["guest"], user(5, false))).toBe("myAccount");
  });

  it("resetPasswordAdmin lets only visitors without a session in", () => {
    expect(redirectOf(["resetPasswordAdmin"], null)).toBe("allow");
    expect(redirectOf(["resetPasswordAdmin"], user(1, false, 2))).toBe("adminDashboard");
    expect(redirectOf(["resetPasswordAdmin"], user(2, false))).toBe("myAccount");
  });
});
