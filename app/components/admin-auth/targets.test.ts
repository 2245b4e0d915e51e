import { describe, expect, it } from "vitest";
import { afterLoginTarget, safeBack, staffHome } from "./targets";

describe("admin login targets", () => {
  it("sends each role to its home", () => {
    expect(afterLoginTarget({ role_id: 1, employee_type: 1 })).toBe("/admin/dashboard");
    expect(afterLoginTarget({ role_id: 1, employee_type: 2 })).toBe("/admin/dashboard");
    expect(afterLoginTarget({ role_id: 1, employee_type: 3 })).toBe("/admin/pos");
    expect(afterLoginTarget({ role_id: 4, employee_type: null })).toBe("/admin/qr-assistance/list");
    expect(afterLoginTarget({ role_id: 5, employee_type: null })).toBe("/admin/qr-door-page");
    expect(afterLoginTarget({ role_id: 2, employee_type: null })).toBe("/my-account");
  });

  it("sends users with require2fa to the two-factor page, keeping back", () => {
    expect(afterLoginTarget({ role_id: 1, employee_type: 1, require2fa: true })).toBe("/admin/auth/2f-auth");
    expect(afterLoginTarget({ role_id: 4, employee_type: null, require2fa: true }, "/admin/calendar?x=1")).toBe(
      "/admin/auth/2f-auth?back=%2Fadmin%2Fcalendar%3Fx%3D1",
    );
    expect(afterLoginTarget({ role_id: 2, employee_type: null, require2fa: true })).toBe("/my-account");
  });

  it("honours back for staff only, and only same-site paths", () => {
    expect(staffHome({ role_id: 1, employee_type: 1 }, "/es-MX/admin/packs/list?page=2")).toBe(
      "/es-MX/admin/packs/list?page=2",
    );
    expect(staffHome({ role_id: 2, employee_type: null }, "/admin/packs/list")).toBe("/my-account");
    for (const bad of [
      "https://evil.example/x",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "admin/dashboard",
      "/admin/auth/login",
      "/es-MX/admin/auth/2f-auth",
      "/ok\nSet-Cookie: x",
      "",
    ])
      expect(safeBack(bad), bad).toBeNull();
    expect(safeBack("/admin/calendar#hoy")).toBe("/admin/calendar#hoy");
  });
});
