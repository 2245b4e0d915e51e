import { describe, expect, it } from "vitest";
import { requireGuards } from "../../app/.server/pages/guard";
import { anonymous, type AuthState } from "../../app/.server/http/api";

/** Issue 12, security 4 (pages): a session pending two-factor only reaches the two-factor page. */
function pending(roleId: number, employeeType: number | null): AuthState {
  return {
    ...anonymous,
    user: { id: 1, roleId, employeeType, require2fa: true, canScanAttendance: false } as never,
    session: { id: 1, twoFactorAt: null } as never,
    token: "t",
    via: "cookie",
  };
}

function redirectOf(auth: AuthState, names: string[], url = "http://x/profile/settings") {
  try {
    requireGuards({ request: new Request(url), context: { auth, cookies: {} } as never }, names);
    return "allow";
  } catch (res) {
    return (res as Response).headers.get("location");
  }
}

describe("pages for a session pending two-factor", () => {
  it("every guarded page but two-factor sends it to the two-factor page", () => {
    for (const [role, type] of [
      [1, 1],
      [1, 3],
      [4, null],
      [5, null],
    ] as const) {
      const auth = pending(role, type);
      for (const names of [["customer"], ["admin", "noCashiers"], ["adminAndCoach"], ["door"], ["citySelected"]])
        expect(redirectOf(auth, names), `${role} ${names}`).toBe("/admin/auth/2f-auth");
      expect(redirectOf(auth, ["requires2faAdmin"])).toBe("allow");
    }
  });

  it("keeps the /es-MX prefix", () => {
    expect(redirectOf(pending(1, 1), ["admin"], "http://x/es-MX/admin/users")).toBe("/es-MX/admin/auth/2f-auth");
  });
});
