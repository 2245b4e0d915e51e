import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens, users } from "../../app/.server/db/schema";
import { verifyPassword } from "../../app/.server/domain/identity/passwords";
import { createSession } from "../../app/.server/domain/identity/sessions";
import { setupTestApp } from "../support/app";
import { createStaff, FACTORY_PASSWORD, type StaffKind } from "../support/factories";

/**
 * A session that has not passed two-factor yet may only do two-factor and logout (issue 12,
 * security 4): not change the password (which would lock the real owner out), edit the profile,
 * resend verification or list staff.
 */
const app = setupTestApp();
const policy = { sessionHours: 12, rememberDays: 30 };

/** A new staff account that requires two-factor, with a session that has not passed it yet. */
async function pendingSession(kind: StaffKind) {
  const u = await createStaff(app.deps.db, kind, { require2fa: true });
  const { token } = await createSession(app.deps.db, u.id, { remember: false, now: app.deps.clock(), policy });
  return { id: u.id, token };
}

describe("a session pending two-factor", () => {
  it("cannot change the password, edit the profile, resend verification or list staff", async () => {
    const { id, token } = await pendingSession("manager");
    const calls: [string, RequestInit & { json?: unknown }][] = [
      [
        "/profile/user/password",
        {
          method: "POST",
          json: { current_password: FACTORY_PASSWORD, password: "Tomada123!", password_confirmation: "Tomada123!" },
        },
      ],
      [
        "/auth/password/change",
        {
          method: "POST",
          json: { current_password: FACTORY_PASSWORD, password: "Tomada123!", password_confirmation: "Tomada123!" },
        },
      ],
      ["/profile/user", { method: "POST", json: { name: "Intruso", last_name: "X", phone: "5512345678" } }],
      ["/profile/user", { method: "GET" }],
      ["/my-account/resend", { method: "POST" }],
      ["/admin/employee/list/studio/1", { method: "GET" }],
      ["/admin/administrators", { method: "GET" }],
    ];
    for (const [path, init] of calls) {
      const res = await app.request(path, { ...init, token });
      expect(res.status, `${init.method} ${path}`).toBe(403);
      expect((await res.json()).errorMessage, path).toBe("Complete la verificación en dos pasos para continuar");
    }
    const [after] = await app.deps.db.select().from(users).where(eq(users.id, id));
    expect(await verifyPassword(after.passwordHash, FACTORY_PASSWORD)).toBe(true);
    expect(after.name).not.toBe("Intruso");
  });

  it("can still do two-factor, read who it is and log out", async () => {
    const { token } = await pendingSession("cashier");
    expect((await app.request("/auth/2fa/status", { token })).status).toBe(200);
    expect((await app.request("/auth/2fa/setup", { method: "POST", token })).status).toBe(200);
    expect((await app.request("/auth/me", { token })).status).toBe(200);
    const out = await app.request("/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect((await app.request("/auth/2fa/status", { token })).status).toBe(401);
  });

  it("once two-factor is passed, the same calls work again", async () => {
    const { id, token } = await pendingSession("coach");
    await app.deps.db.update(authTokens).set({ twoFactorAt: new Date() }).where(eq(authTokens.userId, id));
    const res = await app.request("/admin/employee/list/studio/1", { token });
    expect(res.status).toBe(200);
  });
});
