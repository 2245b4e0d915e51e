import { and, desc, eq, isNull } from "drizzle-orm";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, authTokens, rateLimits, users } from "../../app/.server/db/schema";
import { createSession } from "../../app/.server/domain/identity/sessions";
import { setupTestApp } from "../support/app";
import { createCast, type Cast } from "../support/factories";

/**
 * An administrator-type 1 forgets a staff member's authenticator app (lost phone): the secret,
 * last code and wrong-code counter are cleared, their sessions end, the action is audited, and
 * the next login enrols a new app. Nobody else may do it, and nobody on their own account.
 */
const app = setupTestApp();
const policy = { sessionHours: 12, rememberDays: 30 };
const T0 = new Date("2026-03-02T15:00:00Z");

/** This file's own accounts (not the demo ones). */
let cast: Cast;
beforeAll(async () => {
  cast = await createCast(app.deps.db);
});

async function userId(email: string) {
  const [u] = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

async function sessionFor(email: string) {
  const id = await userId(email);
  const { token } = await createSession(app.deps.db, id, { remember: false, now: app.deps.clock(), policy });
  return { id, token };
}

/** Enrols `email` with an authenticator app (set-up and a first valid code), as the 2FA page does. */
async function enrol(email: string) {
  await app.deps.db.update(users).set({ require2fa: true }).where(eq(users.email, email));
  const s = await sessionFor(email);
  const setup = await app.request("/auth/2fa/setup", { method: "POST", token: s.token });
  const { secret } = (await setup.json()).data;
  const code = await generate({ secret, epoch: Math.floor(app.deps.clock().getTime() / 1000) });
  const verify = await app.request("/auth/2fa/verify", { method: "POST", token: s.token, json: { code } });
  expect(verify.status).toBe(200);
  return { ...s, secret };
}

const post = (path: string, token: string) => app.request(path, { method: "POST", token });

describe("resetting a staff member's two-factor", () => {
  it("type 1 forgets the coach's app, ends their sessions and records it; the next login enrols again", async () => {
    app.setNow(T0);
    const coach = await enrol(cast.coach.email);
    const { token: admin } = await sessionFor(cast.admin.email);

    // The list shows the app as registered.
    const list = await (
      await app.request(`/admin/employees?search=${encodeURIComponent(cast.coach.email)}`, { token: admin })
    ).json();
    expect(list.data[0]).toMatchObject({ id: coach.id, require2fa: true, two_factor_enrolled: true });

    const res = await post(`/admin/employees/${coach.id}/reset-2fa`, admin);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.Message).toMatch(/^Se restableció la verificación en dos pasos de /);
    expect(body.data.user).toMatchObject({ id: coach.id, two_factor_enrolled: false, require2fa: true });

    const [stored] = await app.deps.db.select().from(users).where(eq(users.id, coach.id));
    expect(stored).toMatchObject({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, require2fa: true });
    const open = await app.deps.db
      .select()
      .from(authTokens)
      .where(and(eq(authTokens.userId, coach.id), isNull(authTokens.revokedAt)));
    expect(open).toHaveLength(0);
    expect((await app.request("/auth/me", { method: "POST", token: coach.token })).status).toBe(401);

    const [entry] = await app.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "staff.two_factor_reset"))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      entityId: String(coach.id),
      data: { email: cast.coach.email, was_enrolled: true },
    });

    // A new login must enrol a new app: set-up hands out a new secret.
    const again = await sessionFor(cast.coach.email);
    const setup = await (await app.request("/auth/2fa/setup", { method: "POST", token: again.token })).json();
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.secret).not.toBe(coach.secret);
    app.setNow(null);
  });

  it("clears the wrong-code counter too", async () => {
    const door = await sessionFor(cast.door.email);
    await app.request("/auth/2fa/setup", { method: "POST", token: door.token });
    await app.request("/auth/2fa/verify", { method: "POST", token: door.token, json: { code: "000000" } });
    const key = `2fa:${door.id}`;
    expect(await app.deps.db.select().from(rateLimits).where(eq(rateLimits.key, key))).not.toHaveLength(0);
    const { token: admin } = await sessionFor(cast.admin.email);
    expect((await post(`/admin/employees/${door.id}/reset-2fa`, admin)).status).toBe(200);
    expect(await app.deps.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toHaveLength(0);
  });

  it("says so when there is no app to forget, and changes nothing", async () => {
    const { token: admin } = await sessionFor(cast.admin.email);
    const id = await userId(cast.manager.email);
    const res = await post(`/admin/administrators/${id}/reset-2fa`, admin);
    expect(res.status).toBe(409);
    expect((await res.json()).errorMessage).toBe("Esta cuenta no tiene una app de autenticación registrada");
  });

  it("nobody resets their own; only type 1 resets; customers are not staff (404)", async () => {
    const { id: adminId, token: admin } = await sessionFor(cast.admin.email);
    const own = await post(`/admin/administrators/${adminId}/reset-2fa`, admin);
    expect(own.status).toBe(403);
    expect((await own.json()).errorMessage).toBe(
      "Otro administrador debe restablecer la verificación en dos pasos de su propia cuenta",
    );

    const coach = await enrol(cast.coach.email);
    for (const who of [cast.manager.email, cast.cashier.email, cast.customer.email, cast.door.email]) {
      const { token } = await sessionFor(who);
      expect((await post(`/admin/employees/${coach.id}/reset-2fa`, token)).status).toBe(403);
    }
    const [kept] = await app.deps.db.select().from(users).where(eq(users.id, coach.id));
    expect(kept.totpEnabledAt).not.toBeNull();
    expect((await post(`/admin/employees/${coach.id}/reset-2fa`, "")).status).toBe(401);

    const customer = await userId(cast.customer.email);
    expect((await post(`/admin/employees/${customer}/reset-2fa`, admin)).status).toBe(404);
  });
});
