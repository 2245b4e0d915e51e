/**
 * Issue 7 "one source per fact": one client-IP rule. X-Forwarded-For counts only behind a trusted
 * proxy, in the API and in the back-office pages (whose audit IP could be forged before).
 */
import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "react-router";
import { clientIpFrom } from "~/.server/http/client";
import { requireAdminPage } from "~/routes/admin/.server/page";

const forged = new Headers({ "x-forwarded-for": "6.6.6.6, 10.0.0.9" });

describe("clientIpFrom", () => {
  it("ignores X-Forwarded-For unless TRUST_PROXY", () => {
    expect(clientIpFrom({ headers: forged, remoteAddress: "10.0.0.1", trustProxy: false })).toBe("10.0.0.1");
    expect(clientIpFrom({ headers: forged, remoteAddress: "10.0.0.1", trustProxy: true })).toBe("6.6.6.6");
    expect(clientIpFrom({ headers: new Headers(), remoteAddress: null, trustProxy: true })).toBeNull();
  });
});

describe("back-office page actions", () => {
  it("audit the IP the server resolved, never a forged X-Forwarded-For", () => {
    const user = { id: 7, roleId: 1, employeeType: 1, canScanAttendance: false, require2fa: false };
    const context = {
      deps: {},
      auth: { user, session: { twoFactorAt: null }, employeeId: 1, token: "x", via: "cookie", expired: false },
      cookies: {},
      clientIp: "10.0.0.1",
    } as unknown as AppLoadContext;
    const request = new Request("http://localhost/admin/users", { headers: forged });
    expect(requireAdminPage({ request, context }).ip).toBe("10.0.0.1");
  });
});
