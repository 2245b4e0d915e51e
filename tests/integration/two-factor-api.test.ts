import { eq, sql } from "drizzle-orm";
import { generate } from "otplib";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, authTokens, users } from "../../app/.server/db/schema";
import { createSession } from "../../app/.server/domain/identity/sessions";
import { enforceGuard, resolveAuth } from "../../app/.server/http/api";
import { AppError } from "../../app/.server/http/errors";
import { setupTestApp } from "../support/app";
import { createCast, type Cast } from "../support/factories";

const app = setupTestApp();

/** 2026-03-02 09:00 in Mexico City: the start of a 10-minute window and of a 30 s step. */
const T0 = new Date("2026-03-02T15:00:00Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const policy = { sessionHours: 12, rememberDays: 30 };

/** This file's own accounts (not the demo ones). */
let cast: Cast;
beforeAll(async () => {
  cast = await createCast(app.deps.db);
});

async function userId(email: string) {
  const [u] = await app.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

/** A fresh login session (as the login API would create it), with require2fa set as asked. */
async function sessionFor(email: string, require2fa = true) {
  const id = await userId(email);
  await app.deps.db.update(users).set({ require2fa }).where(eq(users.id, id));
  const { token } = await createSession(app.deps.db, id, { remember: false, now: app.deps.clock(), policy });
  return { id, token };
}

async function setup(token: string) {
  const res = await app.request("/auth/2fa/setup", { method: "POST", token });
  return { res, body: await res.json() };
}

async function verifyCode(token: string, code: unknown) {
  const res = await app.request("/auth/2fa/verify", { method: "POST", token, json: { code } });
  return { res, body: await res.json() };
}

async function status(token: string) {
  const res = await app.request("/auth/2fa/status", { token });
  return (await res.json()).data;
}

const codeAt = (secret: string, d: Date) => generate({ secret, epoch: Math.floor(d.getTime() / 1000) });

/** A well-formed code that is valid at none of the steps around `d`. */
async function wrongCodeAt(secret: string, d: Date) {
  const valid = new Set(
    await Promise.all([-60, -30, 0, 30, 60].map((s) => codeAt(secret, new Date(d.getTime() + s * 1000)))),
  );
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, "0");
    if (!valid.has(c)) return c;
  }
}

/** Whether the API's admin guard lets this token through (the same check every admin call runs). */
async function adminGuardAllows(token: string) {
  const auth = await resolveAuth(app.deps, new Headers({ authorization: `Bearer ${token}` }), {});
  try {
    enforceGuard(["admin"], auth);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.status === 403) return false;
    throw err;
  }
}

describe("two-factor API (spec §4 two-factor guard)", () => {
  it("needs a session", async () => {
    for (const [method, path] of [
      ["POST", "/auth/2fa/setup"],
      ["POST", "/auth/2fa/verify"],
      ["GET", "/auth/2fa/status"],
    ]) {
      const res = await app.request(path, { method });
      expect(res.status).toBe(401);
      expect((await res.json()).errorMessage).toBe("Debe iniciar sesión para continuar");
    }
  });

  it("is for staff only: a customer is refused", async () => {
    const { token } = await sessionFor(cast.customer.email, false);
    const { res, body } = await setup(token);
    expect(res.status).toBe(403);
    expect(body.errorMessage).toBe("La verificación en dos pasos es solo para el personal.");
    expect((await verifyCode(token, "123456")).res.status).toBe(403);
    expect(await status(token)).toEqual({ enrolled: false, passed: false, required: false });
  });

  it("enrols an administrator: QR, then a first valid code passes the session and opens the admin API", async () => {
    app.setNow(at(0));
    const { id, token } = await sessionFor(cast.admin.email);
    expect(await status(token)).toEqual({ enrolled: false, passed: false, required: true });
    expect(await adminGuardAllows(token)).toBe(false);

    const { res, body } = await setup(token);
    expect(res.status).toBe(200);
    const { secret, otpauth_url, qr_data_url } = body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(
      `otpauth://totp/Nucleo%20Barre:${encodeURIComponent(cast.admin.email)}?secret=${secret}&issuer=Nucleo%20Barre`,
    );
    expect(qr_data_url).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    const [stored] = await app.deps.db.select().from(users).where(eq(users.id, id));
    // Stored encrypted with the installation's key, never in clear.
    expect(stored.totpSecret).toMatch(/^v1:/);
    expect(stored.totpSecret).not.toContain(secret);
    expect(app.deps.secrets.open(stored.totpSecret!)).toBe(secret);
    expect(stored.totpEnabledAt).toBeNull();

    // A reload of the page gets the same pending secret: a QR already scanned stays good.
    expect((await setup(token)).body.data.secret).toBe(secret);

    const ok = await verifyCode(token, await codeAt(secret, at(0)));
    expect(ok.res.status).toBe(200);
    expect(ok.body).toEqual({ data: { Message: "Verificación completada" } });
    expect(await status(token)).toEqual({ enrolled: true, passed: true, required: true });
    expect(await adminGuardAllows(token)).toBe(true);

    const [after] = await app.deps.db.select().from(users).where(eq(users.id, id));
    expect(after.totpEnabledAt?.toISOString()).toBe(at(0).toISOString());
    const [session] = await app.deps.db
      .select()
      .from(authTokens)
      .where(sql`${authTokens.userId} = ${id} and ${authTokens.twoFactorAt} is not null`);
    expect(session.twoFactorAt?.toISOString()).toBe(at(0).toISOString());
    const logged = await app.deps.db.select().from(auditLog).where(eq(auditLog.action, "two_factor.enrolled"));
    expect(logged).toEqual([expect.objectContaining({ actorUserId: id, entity: "user", entityId: String(id) })]);

    // Enrolled: a new set-up is refused (re-enrolment is an administrator's decision).
    const again = await setup(token);
    expect(again.res.status).toBe(409);
    expect(again.body.errorMessage).toBe("La verificación en dos pasos ya está configurada en esta cuenta.");

    // The next login session needs its own code; the one already used is refused.
    const next = await sessionFor(cast.admin.email);
    expect(await status(next.token)).toEqual({ enrolled: true, passed: false, required: true });
    expect(await adminGuardAllows(next.token)).toBe(false);
    const replay = await verifyCode(next.token, await codeAt(secret, at(0)));
    expect(replay.res.status).toBe(422);
    expect(replay.body.error.messages).toEqual([
      { field: "code", message: "Este código ya fue utilizado. Espere el siguiente código de su app." },
    ]);
    expect(await adminGuardAllows(next.token)).toBe(false);

    // One step later the app shows a new code, which passes.
    app.setNow(at(31));
    expect((await verifyCode(next.token, await codeAt(secret, at(31)))).res.status).toBe(200);
    expect(await adminGuardAllows(next.token)).toBe(true);
    app.setNow(null);
  });

  it("validates the code's form with the Spanish messages", async () => {
    const { token } = await sessionFor(cast.manager.email);
    await setup(token);
    const cases: [unknown, string][] = [
      [undefined, "El código es requerido"],
      ["", "El código es requerido"],
      ["   ", "El código es requerido"],
      ["12345", "El código debe tener 6 dígitos"],
      ["1234567", "El código debe tener 6 dígitos"],
      ["12a456", "El código debe tener 6 dígitos"],
    ];
    for (const [code, message] of cases) {
      const { res, body } = await verifyCode(token, code);
      expect(res.status, String(code)).toBe(422);
      expect(body.errorMessage).toBe(message);
      expect(body.error.messages).toEqual([{ field: "code", message }]);
    }
    // Form bodies work too, and spaces inside the code are ignored ("123 456" as apps show it).
    const form = await app.request("/auth/2fa/verify", { method: "POST", token, form: { code: "12 34 5" } });
    expect((await form.json()).errorMessage).toBe("El código debe tener 6 dígitos");
  });

  it("accepts the previous and next step, not further ones; a wrong code is 'no es válido'", async () => {
    app.setNow(at(600));
    const { token } = await sessionFor(cast.cashier.email);
    const { secret } = (await setup(token)).body.data;

    const wrong = await verifyCode(token, await wrongCodeAt(secret, at(600)));
    expect(wrong.res.status).toBe(422);
    expect(wrong.body).toMatchObject({
      errorMessage: "El código no es válido",
      error: { messages: [{ field: "code", message: "El código no es válido" }] },
    });

    const twoStepsOld = await verifyCode(token, await codeAt(secret, at(540)));
    expect(twoStepsOld.body.errorMessage).toBe("El código no es válido");
    const previousStep = await verifyCode(token, await codeAt(secret, at(570)));
    expect(previousStep.res.status).toBe(200);

    const other = await sessionFor(cast.cashier.email);
    const nextStep = await verifyCode(other.token, await codeAt(secret, at(630)));
    expect(nextStep.res.status).toBe(200);
    // The step before the last one used is now refused too (codes only move forward).
    const third = await sessionFor(cast.cashier.email);
    expect((await verifyCode(third.token, await codeAt(secret, at(600)))).body.errorMessage).toBe(
      "Este código ya fue utilizado. Espere el siguiente código de su app.",
    );
    app.setNow(null);
  });

  it("limits wrong codes to 5 per user in 10 minutes (429), then lets the user try again", async () => {
    app.setNow(at(1200));
    const { token } = await sessionFor(cast.coach.email);
    const { secret } = (await setup(token)).body.data;
    const wrong = await wrongCodeAt(secret, at(1200));

    // A right code does not count against the limit.
    const other = await sessionFor(cast.coach.email);
    expect((await verifyCode(other.token, await codeAt(secret, at(1200)))).res.status).toBe(200);

    for (let i = 0; i < 5; i++) expect((await verifyCode(token, wrong)).res.status).toBe(422);
    app.setNow(at(1500));
    const blocked = await verifyCode(token, await codeAt(secret, at(1500)));
    expect(blocked.res.status).toBe(429);
    expect(blocked.body.errorMessage).toBe("Demasiados códigos incorrectos. Espere 10 minutos e intente de nuevo.");
    expect(blocked.res.headers.get("Retry-After")).toBe("300");
    expect(await status(token)).toMatchObject({ passed: false });

    // The limit is per user: another staff member is not affected.
    const door = await sessionFor(cast.door.email);
    const doorSecret = (await setup(door.token)).body.data.secret;
    expect((await verifyCode(door.token, await codeAt(doorSecret, at(1500)))).res.status).toBe(200);

    // The next window starts clean.
    app.setNow(at(1800));
    expect((await verifyCode(token, await codeAt(secret, at(1800)))).res.status).toBe(200);
    expect(await status(token)).toMatchObject({ passed: true });
    app.setNow(null);
  });

  it("parallel guesses cannot exceed the limit", async () => {
    app.setNow(at(2400));
    const { id, token } = await sessionFor(cast.tester.email, true);
    // tester is a customer account: make it staff for this check.
    await app.deps.db.update(users).set({ roleId: 5 }).where(eq(users.id, id));
    const { secret } = (await setup(token)).body.data;
    const wrong = await wrongCodeAt(secret, at(2400));
    const results = await Promise.all(Array.from({ length: 12 }, () => verifyCode(token, wrong)));
    const statuses = results.map((r) => r.res.status).sort();
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    app.setNow(null);
  });

  it("a secret stored in clear before encryption still works, and is sealed at its next code", async () => {
    app.setNow(at(4000));
    const { id, token } = await sessionFor(cast.coach.email);
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    await app.deps.db
      .update(users)
      .set({ totpSecret: secret, totpEnabledAt: at(0), totpLastStep: null })
      .where(eq(users.id, id));
    expect((await verifyCode(token, await codeAt(secret, at(4000)))).res.status).toBe(200);
    const [stored] = await app.deps.db.select().from(users).where(eq(users.id, id));
    expect(stored.totpSecret).toMatch(/^v1:/);
    expect(app.deps.secrets.open(stored.totpSecret!)).toBe(secret);
    app.setNow(at(4031));
    const next = await sessionFor(cast.coach.email);
    expect((await verifyCode(next.token, await codeAt(secret, at(4031)))).res.status).toBe(200);
    app.setNow(null);
  });

  it("refuses verification before set-up", async () => {
    const { token } = await sessionFor(cast.door.email);
    await app.deps.db
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null })
      .where(eq(users.email, cast.door.email));
    const { res, body } = await verifyCode(token, "123456");
    expect(res.status).toBe(409);
    expect(body.errorMessage).toBe("Primero configure la verificación en dos pasos.");
  });
});

describe("two-factor replay under concurrency", () => {
  it("one code sent by two sessions at the same moment passes once", async () => {
    app.setNow(at(3000));
    const id = await userId(cast.manager.email);
    await app.deps.db
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, id));
    const a = await sessionFor(cast.manager.email);
    const b = await sessionFor(cast.manager.email);
    const { secret } = (await setup(a.token)).body.data;
    const code = await codeAt(secret, at(3000));
    const [ra, rb] = await Promise.all([verifyCode(a.token, code), verifyCode(b.token, code)]);
    expect([ra.res.status, rb.res.status].sort()).toEqual([200, 422]);
    const passed = [await status(a.token), await status(b.token)].filter((s) => s.passed);
    expect(passed).toHaveLength(1);
    app.setNow(null);
  });
});
