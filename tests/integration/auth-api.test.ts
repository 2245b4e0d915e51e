import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../app/.server/db/schema";
import { deliverableContent } from "../../app/.server/adapters/mail";
import { setupTestApp } from "../support/app";
import { createCustomer, createStaff, FACTORY_PASSWORD, grantCredits } from "../support/factories";

const app = setupTestApp();
const PASSWORD = FACTORY_PASSWORD;

/** This file's own accounts (not the demo ones). */
const email = { customer: "", tester: "", admin: "", manager: "", coach: "", door: "" };
beforeAll(async () => {
  const db = app.deps.db;
  const customer = await createCustomer(db, { name: "Claudia", lastName: "Ramírez Duarte" });
  await grantCredits(db, customer.id, { cityId: 2, quantity: 3 });
  email.customer = customer.email;
  email.tester = (await createCustomer(db, { isTester: true })).email;
  email.admin = (await createStaff(db, "administrator")).email;
  email.manager = (await createStaff(db, "manager")).email;
  email.coach = (await createStaff(db, "coach")).email;
  email.door = (await createStaff(db, "door")).email;
});

async function json(res: Response) {
  return (await res.json()) as any;
}

async function lastMail(to: string) {
  const rows = await app.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(sql`${mailOutbox.id} desc`)
    .limit(1);
  // The stored text has its links masked: the test reads the mail as delivered.
  return rows[0] && { ...rows[0], ...deliverableContent(rows[0], app.deps.secrets) };
}

const linkToken = (text: string, re: RegExp) => re.exec(text)?.[1] ?? "";

describe("email check (login step 1)", () => {
  it("answers data.exist for known and unknown emails, case-insensitively", async () => {
    expect((await json(await app.request(`/user/verify/emails/${email.customer.toUpperCase()}`))).data.exist).toBe(
      true,
    );
    expect((await json(await app.request("/user/verify/emails/nadie@example.com"))).data.exist).toBe(false);
  });
  it("rejects a malformed email with the spec's message", async () => {
    const res = await app.request("/user/verify/emails/no-es-email");
    expect(res.status).toBe(400);
    expect((await json(res)).error.messages).toEqual([{ field: "email", message: "El email debe ser valido" }]);
  });
});

describe("POST /login", () => {
  it("returns access_token, sets the httpOnly cookie and the token works as Bearer", async () => {
    const res = await app.request("/login", {
      method: "POST",
      form: { email: email.customer, password: PASSWORD },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(res.headers.get("set-cookie")).toMatch(/token=.+HttpOnly/);
    const me = await json(await app.request("/auth/me", { method: "POST", token: body.access_token }));
    expect(me.data).toMatchObject({
      email: email.customer,
      full_name: "Claudia Ramírez Duarte",
      role_id: 2,
      isCustomer: true,
      isAdmin: false,
      scope: ["customer"],
      // A courtesy of 3 classes in the second city (beforeAll).
      available_sessions: 3,
      available_sessions_per_city: { city_1: 0, city_2: 3, city_3: 0 },
      has_unlimited_sessions: false,
      available_sessions_on_demand: 0,
    });
  });

  it("accepts JSON bodies too", async () => {
    const res = await app.request("/login", {
      method: "POST",
      json: { email: email.coach, password: PASSWORD },
    });
    expect(res.status).toBe(200);
  });

  it("gives the spec's field messages for missing or short values", async () => {
    const res = await app.request("/login", { method: "POST", form: { email: "", password: "123" } });
    expect(res.status).toBe(422);
    expect((await json(res)).error.messages).toEqual([
      { field: "email", message: "El email es requerido" },
      { field: "password", message: "La contraseña debe tener minimo 6 caracteres" },
    ]);
  });

  it("a wrong password is one message on the password field", async () => {
    const res = await app.request("/login", {
      method: "POST",
      form: { email: email.customer, password: "otra-cosa" },
    });
    expect(res.status).toBe(422);
    expect((await json(res)).error.messages).toEqual([
      { field: "password", message: "El email o la contraseña son incorrectos" },
    ]);
  });

  it("staff sessions report id_employee", async () => {
    const token = await app.login(email.admin, PASSWORD);
    const me = await json(await app.request("/auth/me", { token }));
    expect(me.data).toMatchObject({ role_id: 1, employee_type: 1, isAdmin: true, id_employee: expect.any(Number) });
  });

  it("rate-limits repeated failures per account with 429", async () => {
    const form = { email: email.tester, password: "incorrecta" };
    let last = 0;
    for (let i = 0; i < 9; i++) {
      last = (await app.request("/login", { method: "POST", form })).status;
    }
    expect(last).toBe(429);
    const blocked = await app.request("/login", { method: "POST", form: { ...form, password: PASSWORD } });
    expect(blocked.status).toBe(429);
    expect((await json(blocked)).errorMessage).toMatch(/Demasiados intentos/);
    app.setNow(new Date(Date.now() + 16 * 60_000));
    const later = await app.request("/login", { method: "POST", form: { ...form, password: PASSWORD } });
    app.setNow(null);
    expect(later.status).toBe(200);
  });
});

describe("sessions", () => {
  it("an expired token answers 401 'Token has expired'", async () => {
    const token = await app.login(email.customer, PASSWORD);
    app.setNow(new Date(Date.now() + 13 * 3_600_000));
    const res = await app.request("/auth/me", { token });
    app.setNow(null);
    expect(res.status).toBe(401);
    expect((await json(res)).errorMessage).toBe("Token has expired");
  });

  it("remember me keeps the session for days", async () => {
    const res = await app.request("/login", {
      method: "POST",
      form: { email: email.customer, password: PASSWORD, rememberMe: "true" },
    });
    const { access_token } = await json(res);
    app.setNow(new Date(Date.now() + 10 * 86_400_000));
    const me = await app.request("/auth/me", { token: access_token });
    app.setNow(null);
    expect(me.status).toBe(200);
  });

  it("logout revokes the token and clears the cookie", async () => {
    const token = await app.login(email.customer, PASSWORD);
    const out = await app.request("/logout", { method: "POST", token });
    expect(out.status).toBe(200);
    expect(out.headers.get("set-cookie")).toMatch(/token=;.*Max-Age=0/);
    expect((await app.request("/auth/me", { token })).status).toBe(401);
  });

  it("no token is 401 on a guarded call", async () => {
    const res = await app.request("/auth/me");
    expect(res.status).toBe(401);
    expect((await json(res)).errorMessage).toBe("Debe iniciar sesión para continuar");
  });

  it("a cookie session needs the XSRF header for state changes", async () => {
    const token = await app.login(email.customer, PASSWORD);
    const noHeader = await app.request("/my-account/resend", {
      method: "POST",
      headers: { cookie: `token=${token}; XSRF-TOKEN=abc` },
    });
    expect(noHeader.status).toBe(403);
    const withHeader = await app.request("/my-account/resend", {
      method: "POST",
      headers: { cookie: `token=${token}; XSRF-TOKEN=abc`, "x-xsrf-token": "abc" },
    });
    expect(withHeader.status).toBe(200);
  });
});

describe("register", () => {
  const valid = {
    name: "Lucía",
    last_name: "Pérez",
    email: "lucia@example.com",
    password: "secreto1",
    confirmPassword: "secreto1",
    terms: "true",
  };

  it("creates a customer, logs in and mails the verification link", async () => {
    const res = await app.request("/user", { method: "POST", form: valid });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data.Message).toBeTruthy();
    expect(body.data.user).toMatchObject({ email: "lucia@example.com", role_id: 2, email_verified: false });
    const mail = await lastMail("lucia@example.com");
    expect(mail.template).toBe("verify-email");
    const token = linkToken(mail.text, /\/auth\/verify\/([\w-]+)/);
    const verified = await app.request(`/auth/verify/${token}`);
    expect(verified.status).toBe(200);
    const again = await app.request(`/auth/verify/${token}`);
    expect(again.status).toBe(422);
    const me = await json(await app.request("/auth/me", { token: body.access_token }));
    expect(me.data.email_verified).toBe(true);
  });

  it("refuses a taken email (any case) on the email field", async () => {
    const res = await app.request("/v2/users", {
      method: "POST",
      form: { ...valid, email: email.customer.toUpperCase() },
    });
    expect(res.status).toBe(422);
    expect((await json(res)).error.messages).toEqual([{ field: "email", message: "El email ya está registrado" }]);
  });

  it("gives every spec message for an empty form, and changes nothing", async () => {
    const before = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await app.request("/user", { method: "POST", form: {} });
    expect(res.status).toBe(422);
    expect((await json(res)).error.messages).toEqual([
      { field: "name", message: "El nombre es requerido" },
      { field: "last_name", message: "El apellido es requerido" },
      { field: "email", message: "El email es requerido" },
      { field: "password", message: "La contraseña es requerida" },
      { field: "confirmPassword", message: "La confirmación de contraseña es requerida" },
      { field: "terms", message: "Debe aceptar los Términos y Condiciones" },
    ]);
    const after = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0].n).toBe(before[0].n);
  });

  it("passwords must match", async () => {
    const res = await app.request("/user", {
      method: "POST",
      form: { ...valid, email: "x@example.com", confirmPassword: "otro123" },
    });
    expect((await json(res)).error.messages).toEqual([
      { field: "confirmPassword", message: "Las contraseñas deben coincidir" },
    ]);
  });
});

describe("password reset", () => {
  it("always answers the same, mails a single-use link that works once", async () => {
    const unknown = await json(
      await app.request("/guest/forgot/password", { method: "POST", form: { email: "nadie@example.com" } }),
    );
    const known = await json(
      await app.request("/guest/forgot/password", { method: "POST", form: { email: email.customer } }),
    );
    expect(known).toEqual(unknown);
    expect(known.data.Message).toBe(
      "Le hemos enviado un correo electrónico con instrucciones para recuperar su contraseña.",
    );
    const mail = await lastMail(email.customer);
    expect(mail.template).toBe("password-reset");
    const token = linkToken(mail.text, /\/auth\/reset\/([\w-]+)/);
    expect(token).not.toBe("");

    const oldSession = await app.login(email.customer, PASSWORD);
    const mismatch = await app.request(`/reset/password/${token}`, {
      method: "POST",
      form: { newPassword: "nueva123", confirmNewPassword: "nueva12" },
    });
    expect((await json(mismatch)).error.messages).toEqual([
      { field: "confirmNewPassword", message: "Las contraseñas deben coincidir" },
    ]);
    const ok = await app.request(`/reset/password/${token}`, {
      method: "POST",
      form: { newPassword: "nueva123", confirmNewPassword: "nueva123" },
    });
    expect(ok.status).toBe(200);
    const reused = await app.request(`/reset/password/${token}`, {
      method: "POST",
      form: { newPassword: "otra1234", confirmNewPassword: "otra1234" },
    });
    expect(reused.status).toBe(422);
    expect((await app.request("/auth/me", { token: oldSession })).status).toBe(401);
    expect((await lastMail(email.customer)).template).toBe("password-changed");
    await app.login(email.customer, "nueva123");
    // put it back for the other tests
    const t2 = await app.login(email.customer, "nueva123");
    await app.request("/profile/user/password", {
      method: "POST",
      token: t2,
      form: { currentPassword: "nueva123", newPassword: PASSWORD, confirmNewPassword: PASSWORD },
    });
  });

  it("staff reset links go to the admin reset page", async () => {
    await app.request("/auth/password/forgot", { method: "POST", form: { email: email.manager } });
    expect((await lastMail(email.manager)).text).toMatch(/\/admin\/auth\/reset-password\?token=[\w-]+/);
  });

  it("an expired link is refused", async () => {
    await app.request("/guest/forgot/password", { method: "POST", form: { email: email.door } });
    const token = linkToken((await lastMail(email.door)).text, /token=([\w-]+)/);
    app.setNow(new Date(Date.now() + 61 * 60_000));
    const res = await app.request("/auth/password/reset", {
      method: "POST",
      form: { token, newPassword: "nueva123", confirmNewPassword: "nueva123" },
    });
    app.setNow(null);
    expect(res.status).toBe(422);
    expect((await json(res)).errorMessage).toBe("El enlace para restablecer la contraseña no es válido o ya expiró");
  });

  it("reset and forgot never put the token in the answer", async () => {
    const res = await app.request("/guest/forgot/password", { method: "POST", form: { email: email.coach } });
    expect(JSON.stringify(await json(res))).not.toMatch(/token/i);
  });
});

describe("change password", () => {
  it("answers data.Message, keeps this session and ends the others", async () => {
    const other = await app.login(email.coach, PASSWORD);
    const mine = await app.login(email.coach, PASSWORD);
    const res = await app.request("/profile/user/password", {
      method: "POST",
      token: mine,
      form: { currentPassword: PASSWORD, newPassword: "coach987", confirmNewPassword: "coach987" },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.Message).toBe("Tu contraseña fue actualizada");
    expect((await app.request("/auth/me", { token: mine })).status).toBe(200);
    expect((await app.request("/auth/me", { token: other })).status).toBe(401);
  });

  it("a wrong current password is a field error with debugMessage", async () => {
    const token = await app.login(email.admin, PASSWORD);
    const res = await app.request("/auth/password/change", {
      method: "POST",
      token,
      form: { currentPassword: "equivocada", newPassword: "nueva123", confirmNewPassword: "nueva123" },
    });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.error.messages).toEqual([{ field: "currentPassword", message: "La contraseña actual es incorrecta" }]);
    expect(body.error.debugMessage).toBe("La contraseña actual es incorrecta");
  });

  it("needs a session", async () => {
    const res = await app.request("/profile/user/password", {
      method: "POST",
      form: { currentPassword: "a", newPassword: "b", confirmNewPassword: "b" },
    });
    expect(res.status).toBe(401);
  });
});

describe("current user balances come from the credit lots", () => {
  it("sums live lots per city, flags unlimited passes and on-demand", async () => {
    const { creditLots } = await import("../../app/.server/db/schema");
    const [u] = await app.deps.db.select().from(users).where(eq(users.email, email.tester));
    const day = 86_400_000;
    const now = Date.now();
    await app.deps.db.insert(creditLots).values([
      {
        userId: u.id,
        scope: "in_person",
        cityId: 1,
        quantity: 10,
        remaining: 7,
        expiresAt: new Date(now + 30 * day),
        source: "purchase",
      },
      {
        userId: u.id,
        scope: "in_person",
        cityId: 1,
        quantity: 5,
        remaining: 5,
        expiresAt: new Date(now - day),
        source: "purchase",
      },
      {
        userId: u.id,
        scope: "in_person",
        cityId: 2,
        quantity: null,
        remaining: 0,
        expiresAt: new Date(now + day),
        source: "purchase",
      },
      {
        userId: u.id,
        scope: "on_demand",
        cityId: null,
        quantity: 4,
        remaining: 3,
        expiresAt: new Date(now + day),
        source: "courtesy",
      },
    ]);
    app.setNow(new Date(now + 20 * 60_000));
    const token = await app.login(email.tester, PASSWORD);
    app.setNow(null);
    const me = (await json(await app.request("/auth/me", { token }))).data;
    expect(me.available_sessions_per_city).toEqual({ city_1: 7, city_2: 0, city_3: 0 });
    expect(me.unlimited_sessions_per_city).toEqual({ city_1: false, city_2: true, city_3: false });
    expect(me.has_unlimited_sessions).toBe(true);
    expect(me.available_sessions).toBe(7);
    expect(me.available_sessions_on_demand).toBe(3);
  });
});
