import { and, desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, employees, mailOutbox, oneTimeTokens, users } from "../../app/.server/db/schema";
import { createSession } from "../../app/.server/domain/identity/sessions";
import { deliverableContent } from "../../app/.server/adapters/mail";
import { setupTestApp } from "../support/app";
import { createCustomer, createStaff, createStudio, sessionFor, unique } from "../support/factories";

const app = setupTestApp();

/** A session for an account (the shared helper of tests/support/factories.ts). */
const tokenFor = (who: string | { id: number }) => sessionFor(app.deps.db, who);

/**
 * This file's own people (not the demo accounts): every last name carries `tag`, so a search for
 * it finds exactly them among whatever else the database holds.
 */
const tag = `t${unique()}`;
const phone = `55${String(Date.now()).slice(-8)}`;
type Person = Awaited<ReturnType<typeof createStaff>>;
const P = {} as Record<"admin" | "manager" | "cashier" | "coach" | "door" | "customer" | "tester", Person>;

async function lastAudit(action: string) {
  const [row] = await app.deps.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const json = async (res: Response) => (await res.json()) as any;

let admin = "";
let manager = "";
let cashier = "";
let coach = "";
let door = "";
let customer = "";

beforeAll(async () => {
  const db = app.deps.db;
  P.admin = await createStaff(db, "administrator", { name: "Ana", lastName: `Administradora ${tag}`, studioId: 1 });
  P.manager = await createStaff(db, "manager", { name: "Gabriel", lastName: `Gerente ${tag}`, studioId: 1 });
  P.cashier = await createStaff(db, "cashier", { name: "Carmen", lastName: `Caja ${tag}` });
  P.coach = await createStaff(db, "coach", { name: "Sofía", lastName: `Coach ${tag}` });
  P.door = await createStaff(db, "door", { name: "Pedro", lastName: `Puerta ${tag}` });
  await db.insert(employees).values({ userId: P.door.id, studioId: 1 });
  P.customer = {
    ...(await createCustomer(db, { name: "Claudia", lastName: `Ramírez ${tag}`, phone })),
    employeeId: null,
  };
  P.tester = {
    ...(await createCustomer(db, { name: "Tere", lastName: `Tester ${tag}`, isTester: true })),
    employeeId: null,
  };
  admin = await tokenFor(P.admin);
  manager = await tokenFor(P.manager);
  cashier = await tokenFor(P.cashier);
  coach = await tokenFor(P.coach);
  door = await tokenFor(P.door);
  customer = await tokenFor(P.customer);
});

describe("who may use the people API", () => {
  const paths = ["/admin/users", "/admin/administrators", "/admin/employees", "/admin/dashboard"];

  it("anonymous visitors get 401 in the error shape", async () => {
    for (const p of paths) {
      const res = await app.request(p);
      expect(res.status, p).toBe(401);
      expect((await json(res)).errorMessage).toBe("Debe iniciar sesión para continuar");
    }
  });

  it("customers, coaches, door staff and cashiers get 403", async () => {
    for (const token of [customer, coach, door, cashier])
      for (const p of paths) expect((await app.request(p, { token })).status, p).toBe(403);
  });

  it("administrators of types 1 and 2 may read", async () => {
    for (const token of [admin, manager])
      for (const p of paths) expect((await app.request(p, { token })).status, p).toBe(200);
  });

  it("the OpenAPI document lists the people calls", async () => {
    const doc = await json(await app.request("/openapi.json"));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/api/admin/users",
        "/api/admin/users/{id}",
        "/api/admin/users/{id}/send-reset",
        "/api/admin/administrators",
        "/api/admin/employees/{id}",
        "/api/admin/outbox",
      ]),
    );
  });
});

describe("customers: /admin/users", () => {
  it("lists customers only, paginated, with meta", async () => {
    const body = await json(await app.request("/admin/users", { token: admin }));
    expect(body.meta).toMatchObject({ page: 1, per_page: 20 });
    expect(body.data.length).toBe(body.meta.total);
    expect(body.data.every((u: { role_id: number }) => u.role_id === 2)).toBe(true);
    expect(body.data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([P.customer.email, P.tester.email]),
    );
    expect(body.data[0]).not.toHaveProperty("password_hash");
    expect(body.data[0]).not.toHaveProperty("passwordHash");
  });

  it("searches by name, email and phone, case-insensitively", async () => {
    const find = async (search: string) =>
      (await json(await app.request(`/admin/users?search=${encodeURIComponent(search)}`, { token: admin }))).data.map(
        (u: { email: string }) => u.email,
      );
    expect(await find(P.tester.email.toUpperCase())).toEqual([P.tester.email]);
    expect(await find(`CLAUDIA ram ${tag}`)).toEqual([P.customer.email]);
    expect(await find(`${phone.slice(2, 6)}-${phone.slice(6)}`)).toEqual([P.customer.email]);
    const none = await json(await app.request("/admin/users?search=%25%25nadie", { token: admin }));
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
  });

  it("sorts and paginates", async () => {
    const asc = await json(await app.request(`/admin/users?search=${tag}&sort=email&dir=asc`, { token: admin }));
    const emails = asc.data.map((u: { email: string }) => u.email);
    expect(emails).toHaveLength(2);
    expect(emails).toEqual([...emails].sort());
    const desc_ = await json(await app.request(`/admin/users?search=${tag}&sort=email&dir=desc`, { token: admin }));
    expect(desc_.data.map((u: { email: string }) => u.email)).toEqual([...emails].reverse());
    const p2 = await json(
      await app.request(`/admin/users?search=${tag}&sort=email&per_page=1&page=2`, { token: admin }),
    );
    expect(p2.data.map((u: { email: string }) => u.email)).toEqual([emails[1]]);
    expect(p2.meta).toMatchObject({ page: 2, per_page: 1, total: emails.length, last_page: emails.length });
    const bad = await app.request("/admin/users?per_page=1000", { token: admin });
    expect(bad.status).toBe(422);
  });

  it("exports the filtered list as CSV", async () => {
    const res = await app.request(`/admin/users?format=csv&search=${tag}&per_page=1`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("clientes.csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toContain("Nombre,Apellido,Email");
    // The whole filtered list, not one page.
    expect(lines.length - 1).toBeGreaterThanOrEqual(2);
    expect(text).toContain(P.customer.email);
  });

  let created = 0;

  it("creates a customer with a random password, mails a reset link and audits it", async () => {
    const res = await app.request("/admin/users", {
      method: "POST",
      token: manager,
      json: { name: "Lucía", last_name: "Pérez", email: "Lucia.Perez@Example.com", phone: "55 1234 5678" },
    });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.data.Message).toContain("Cuenta creada");
    created = body.data.user.id;
    expect(body.data.user).toMatchObject({ email: "lucia.perez@example.com", role_id: 2, active: true });
    const [mail] = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "lucia.perez@example.com"))
      .orderBy(desc(mailOutbox.id));
    expect(mail).toMatchObject({ template: "password-reset", status: "stored" });
    expect(mail.html).toMatch(/\/auth\/reset\/••••••••/);
    expect(deliverableContent(mail, app.deps.secrets).html).toMatch(/\/auth\/reset\/[A-Za-z0-9_-]{20,}/);
    const tokens = await app.deps.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, created), eq(oneTimeTokens.purpose, "reset")));
    expect(tokens.length).toBe(1);
    const a = await lastAudit("customer.created");
    expect(a).toMatchObject({
      entity: "user",
      entityId: String(created),
      actorUserId: P.manager.id,
    });
    expect(JSON.stringify(a.data)).not.toMatch(/password/i);
    expect(await lastAudit("customer.reset_sent")).toMatchObject({ entityId: String(created) });
  });

  it("a duplicate email, in any case, is a 422 field error in Spanish", async () => {
    const res = await app.request("/admin/users", {
      method: "POST",
      token: admin,
      form: { name: "Otra", last_name: "Persona", email: P.customer.email.toUpperCase() },
    });
    expect(res.status).toBe(422);
    expect(await json(res)).toMatchObject({
      errorMessage: "Ya existe una cuenta con este email",
      error: { messages: [{ field: "email", message: "Ya existe una cuenta con este email" }] },
    });
  });

  it("invalid data is a 422 with one message per field", async () => {
    const res = await app.request("/admin/users", {
      method: "POST",
      token: admin,
      json: { name: "", last_name: "", email: "no-es-email", phone: "12", birth_date: "2020-02-31" },
    });
    expect(res.status).toBe(422);
    const fields = Object.fromEntries(
      (await json(res)).error.messages.map((m: { field: string; message: string }) => [m.field, m.message]),
    );
    expect(fields).toMatchObject({
      name: "El nombre es requerido",
      last_name: "El apellido es requerido",
      email: "El email debe ser valido",
      phone: "El teléfono debe tener 10 dígitos",
      birth_date: "La fecha de nacimiento no es válida",
    });
  });

  it("shows one customer, and 404 for staff ids or unknown ids", async () => {
    expect((await json(await app.request(`/admin/users/${created}`, { token: admin }))).data.name).toBe("Lucía");
    expect((await app.request(`/admin/users/${P.admin.id}`, { token: admin })).status).toBe(404);
    expect((await app.request("/admin/users/999999", { token: admin })).status).toBe(404);
    expect((await app.request("/admin/users/abc", { token: admin })).status).toBe(400);
  });

  it("edits a customer and records what changed", async () => {
    const res = await app.request(`/admin/users/${created}`, {
      method: "PUT",
      token: admin,
      json: {
        name: "Lucía",
        last_name: "Pérez Gómez",
        email: "lucia.perez@example.com",
        phone: "",
        birth_date: "1990-05-20",
        is_tester: true,
      },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.user).toMatchObject({
      last_name: "Pérez Gómez",
      phone: null,
      birth_date: "1990-05-20",
      is_tester: true,
    });
    const a = await lastAudit("customer.updated");
    expect(a.data).toMatchObject({
      changes: { last_name: { from: "Pérez", to: "Pérez Gómez" }, is_tester: { from: false, to: true } },
    });
    const taken = await app.request(`/admin/users/${created}`, {
      method: "PUT",
      token: admin,
      json: { name: "Lucía", last_name: "P", email: P.tester.email.toUpperCase() },
    });
    expect(taken.status).toBe(422);
    expect((await json(taken)).error.messages[0]).toEqual({
      field: "email",
      message: "Ya existe una cuenta con este email",
    });
  });

  it("deactivating closes the customer's sessions; reactivating lets them back", async () => {
    const id = P.customer.id;
    const before = await app.request("/admin/users", { token: customer });
    expect(before.status).toBe(403);
    const res = await app.request(`/admin/users/${id}/deactivate`, { method: "POST", token: admin });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({ Message: "Cuenta desactivada", user: { active: false } });
    // The old session no longer resolves: it is anonymous now.
    expect((await app.request("/admin/users", { token: customer })).status).toBe(401);
    const inactive = await json(await app.request(`/admin/users?status=inactive&search=${tag}`, { token: admin }));
    expect(inactive.data.map((u: { id: number }) => u.id)).toEqual([id]);
    expect(await lastAudit("customer.deactivated")).toMatchObject({ entityId: String(id) });
    const reset = await app.request(`/admin/users/${id}/send-reset`, { method: "POST", token: admin });
    expect(reset.status).toBe(409);
    const back = await app.request(`/admin/users/${id}/reactivate`, { method: "POST", token: admin });
    expect((await json(back)).data.user.active).toBe(true);
    expect(await lastAudit("customer.reactivated")).toMatchObject({ entityId: String(id) });
    customer = await tokenFor(P.customer);
  });

  it("sends a password-reset mail on request", async () => {
    const id = P.tester.id;
    const res = await app.request(`/admin/users/${id}/send-reset`, { method: "POST", token: manager });
    expect(res.status).toBe(200);
    expect((await json(res)).data.Message).toContain(P.tester.email);
    const [mail] = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, P.tester.email))
      .orderBy(desc(mailOutbox.id));
    expect(mail.template).toBe("password-reset");
    expect(await lastAudit("customer.reset_sent")).toMatchObject({ entityId: String(id) });
  });
});

describe("administrators: /admin/administrators", () => {
  it("lists role 1 accounts, filterable by employee type", async () => {
    const body = await json(await app.request(`/admin/administrators?search=${tag}&sort=email`, { token: manager }));
    expect(body.data.map((u: { email: string }) => u.email)).toEqual(
      [P.admin.email, P.cashier.email, P.manager.email].sort(),
    );
    expect(body.data.find((u: { id: number }) => u.id === P.admin.id)).toMatchObject({
      role_id: 1,
      employee_type: 1,
      id_employee: expect.any(Number),
    });
    const cashiers = await json(
      await app.request(`/admin/administrators?employee_type=3&search=${tag}`, { token: admin }),
    );
    expect(cashiers.data.map((u: { email: string }) => u.email)).toEqual([P.cashier.email]);
    const csv = await app.request("/admin/administrators?format=csv", { token: admin });
    expect(await csv.text()).toContain("Gerente");
  });

  let createdAdmin = 0;

  it("type 1 creates an administrator (random password, reset mail, audit)", async () => {
    const res = await app.request("/admin/administrators", {
      method: "POST",
      token: admin,
      json: {
        name: "Mariana",
        last_name: "Ruiz",
        email: "mariana@example.com",
        employee_type: "2",
        employee: true,
        studio_id: "1",
        require2fa: true,
      },
    });
    expect(res.status).toBe(201);
    const user = (await json(res)).data.user;
    createdAdmin = user.id;
    expect(user).toMatchObject({
      role_id: 1,
      employee_type: 2,
      require2fa: true,
      studio_id: 1,
      id_employee: expect.any(Number),
    });
    expect(await lastAudit("staff.created")).toMatchObject({ entityId: String(user.id) });
    const mails = await app.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, "mariana@example.com"));
    expect(mails.length).toBe(1);
  });

  it("an administrator needs an employee type, and the email must be free", async () => {
    const noType = await app.request("/admin/administrators", {
      method: "POST",
      token: admin,
      json: { name: "Sin", last_name: "Tipo", email: "sintipo@example.com" },
    });
    expect(noType.status).toBe(422);
    expect((await json(noType)).error.messages).toEqual([
      { field: "employee_type", message: "El tipo de administrador es requerido" },
    ]);
    const dup = await app.request("/admin/administrators", {
      method: "POST",
      token: admin,
      json: { name: "Dup", last_name: "Licada", email: P.manager.email.toUpperCase(), employee_type: 2 },
    });
    expect(dup.status).toBe(422);
    expect((await json(dup)).error.messages[0].field).toBe("email");
    const badStudio = await app.request("/admin/administrators", {
      method: "POST",
      token: admin,
      json: { name: "X", last_name: "Y", email: "xy@example.com", employee_type: 2, employee: true, studio_id: 9999 },
    });
    expect((await json(badStudio)).error.messages[0]).toEqual({
      field: "studio_id",
      message: "El estudio no existe",
    });
  });

  it("type 2 may read but not create, edit or deactivate (403)", async () => {
    const create = await app.request("/admin/administrators", {
      method: "POST",
      token: manager,
      json: { name: "No", last_name: "Puede", email: "nopuede@example.com", employee_type: 1 },
    });
    expect(create.status).toBe(403);
    expect((await json(create)).errorMessage).toBe("Solo un administrador puede hacer este cambio");
    const edit = await app.request(`/admin/administrators/${createdAdmin}`, {
      method: "PUT",
      token: manager,
      json: { name: "Mariana", last_name: "Ruiz", email: "mariana@example.com", employee_type: 1 },
    });
    expect(edit.status).toBe(403);
    const off = await app.request(`/admin/administrators/${createdAdmin}/deactivate`, {
      method: "POST",
      token: manager,
    });
    expect(off.status).toBe(403);
    const reset = await app.request(`/admin/administrators/${createdAdmin}/send-reset`, {
      method: "POST",
      token: manager,
    });
    expect(reset.status).toBe(403);
    expect((await app.request(`/admin/administrators/${createdAdmin}`, { token: manager })).status).toBe(200);
    // Nothing changed.
    const [row] = await app.deps.db.select().from(users).where(eq(users.email, "nopuede@example.com"));
    expect(row).toBeUndefined();
  });

  it("type 1 changes the employee type; the account's sessions end", async () => {
    const [u] = await app.deps.db.select().from(users).where(eq(users.id, createdAdmin));
    const { token } = await createSession(app.deps.db, u.id, {
      remember: false,
      now: new Date(),
      policy: { sessionHours: 12, rememberDays: 30 },
    });
    const res = await app.request(`/admin/administrators/${createdAdmin}`, {
      method: "PUT",
      token: admin,
      json: {
        name: "Mariana",
        last_name: "Ruiz",
        email: "mariana@example.com",
        employee_type: 3,
        employee: true,
        studio_id: 2,
        require2fa: false,
        is_tester: true,
      },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.user).toMatchObject({
      employee_type: 3,
      studio_id: 2,
      require2fa: false,
      is_tester: true,
    });
    const a = await lastAudit("staff.updated");
    expect(a.data).toMatchObject({
      changes: {
        employee_type: { from: 2, to: 3 },
        studio_id: { from: 1, to: 2 },
        require2fa: { from: true, to: false },
      },
    });
    expect((await app.request("/admin/dashboard", { token })).status).toBe(401);
  });

  it("nobody changes their own type or deactivates themselves", async () => {
    const me = P.admin.id;
    const res = await app.request(`/admin/administrators/${me}`, {
      method: "PUT",
      token: admin,
      json: {
        name: "Ana",
        last_name: P.admin.lastName,
        email: P.admin.email,
        employee_type: 2,
        employee: true,
        studio_id: 1,
      },
    });
    expect(res.status).toBe(422);
    expect((await json(res)).error.messages).toEqual([
      {
        field: "employee_type",
        message: "No puede cambiar el rol, el tipo, el acceso ni el estado de su propia cuenta",
      },
    ]);
    const off = await app.request(`/admin/administrators/${me}/deactivate`, { method: "POST", token: admin });
    expect(off.status).toBe(403);
  });

  it("type 1 deactivates and reactivates an administrator", async () => {
    const off = await app.request(`/admin/administrators/${createdAdmin}/deactivate`, {
      method: "POST",
      token: admin,
    });
    expect((await json(off)).data.user.active).toBe(false);
    expect(await lastAudit("staff.deactivated")).toMatchObject({ entityId: String(createdAdmin) });
    const on = await app.request(`/admin/administrators/${createdAdmin}/reactivate`, {
      method: "POST",
      token: admin,
    });
    expect((await json(on)).data.user.active).toBe(true);
    expect(await lastAudit("staff.reactivated")).toMatchObject({ entityId: String(createdAdmin) });
  });

  it("a coach id is not an administrator (404)", async () => {
    const res = await app.request(`/admin/administrators/${P.coach.id}`, { token: admin });
    expect(res.status).toBe(404);
  });
});

describe("staff: /admin/employees", () => {
  it("lists administrators, coaches and door staff, filterable by role", async () => {
    const body = await json(await app.request("/admin/employees?per_page=100", { token: admin }));
    const roles = new Set(body.data.map((u: { role_id: number }) => u.role_id));
    expect([...roles].sort()).toEqual([1, 4, 5]);
    const coaches = await json(await app.request(`/admin/employees?role_id=4&search=${tag}`, { token: admin }));
    expect(coaches.data.map((u: { email: string }) => u.email)).toEqual([P.coach.email]);
    const door_ = await json(await app.request(`/admin/employees?role_id=5&search=${tag}`, { token: admin }));
    expect(door_.data[0]).toMatchObject({ email: P.door.email, studio_id: 1, studio_name: expect.any(String) });
  });

  let newCoach = 0;

  it("type 1 creates a coach account with an employee record", async () => {
    const res = await app.request("/admin/employees", {
      method: "POST",
      token: admin,
      form: {
        name: "Pablo",
        last_name: "Coach",
        email: "pablo.coach@example.com",
        role_id: "4",
        employee_type: "1",
        employee: "true",
        studio_id: "2",
      },
    });
    expect(res.status).toBe(201);
    const user = (await json(res)).data.user;
    newCoach = user.id;
    // The employee type only applies to administrators.
    expect(user).toMatchObject({ role_id: 4, employee_type: null, studio_id: 2, id_employee: expect.any(Number) });
  });

  it("changing a role to administrator requires a type; then it is recorded", async () => {
    const base = { name: "Pablo", last_name: "Coach", email: "pablo.coach@example.com", employee: true, studio_id: 2 };
    const noType = await app.request(`/admin/employees/${newCoach}`, {
      method: "PUT",
      token: admin,
      json: { ...base, role_id: 1 },
    });
    expect(noType.status).toBe(422);
    const bad = await app.request(`/admin/employees/${newCoach}`, {
      method: "PUT",
      token: admin,
      json: { ...base, role_id: 2 },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages[0]).toEqual({ field: "role_id", message: "El rol no es válido" });
    const ok = await app.request(`/admin/employees/${newCoach}`, {
      method: "PUT",
      token: admin,
      json: { ...base, role_id: 1, employee_type: 2 },
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data.user).toMatchObject({ role_id: 1, employee_type: 2 });
    expect((await lastAudit("staff.updated")).data).toMatchObject({
      changes: { role_id: { from: 4, to: 1 }, employee_type: { from: null, to: 2 } },
    });
    // Removing the employee record keeps it (shifts refer to it) but inactive.
    const noEmployee = await app.request(`/admin/employees/${newCoach}`, {
      method: "PUT",
      token: admin,
      json: { ...base, role_id: 1, employee_type: 2, employee: false },
    });
    expect((await json(noEmployee)).data.user).toMatchObject({ id_employee: null, studio_id: null });
  });

  it("type 1 grants the front-desk scanner flag; that account loses the back office", async () => {
    const managerId = P.manager.id;
    const res = await app.request(`/admin/employees/${managerId}`, {
      method: "PUT",
      token: admin,
      json: {
        name: "Gabriel",
        last_name: P.manager.lastName,
        email: P.manager.email,
        role_id: 1,
        employee_type: 2,
        employee: true,
        studio_id: 1,
        can_scan_attendance: true,
      },
    });
    expect(res.status).toBe(200);
    const user = (await json(res)).data.user;
    expect(user.can_scan_attendance).toBe(true);
    const fresh = await tokenFor(P.manager);
    expect((await app.request("/admin/users", { token: fresh })).status).toBe(403);
    // Nobody grants it to themselves.
    const me = P.admin.id;
    const self = await app.request(`/admin/employees/${me}`, {
      method: "PUT",
      token: admin,
      json: {
        name: "Ana",
        last_name: P.admin.lastName,
        email: P.admin.email,
        role_id: 1,
        employee_type: 1,
        employee: true,
        studio_id: 1,
        can_scan_attendance: true,
      },
    });
    expect(self.status).toBe(422);
  });

  it("only type 1 edits staff", async () => {
    const res = await app.request(`/admin/employees/${newCoach}/deactivate`, { method: "POST", token: cashier });
    expect(res.status).toBe(403);
  });
});

describe("employee options for the shift form: /admin/employee/list/studio/{studio}", () => {
  it("lists the active employee records of a studio as {id, name}; staff only", async () => {
    const db = app.deps.db;
    const studio = await createStudio(db);
    const carla = await createStaff(db, "manager", { name: "Carla", lastName: `Ibarra ${tag}`, studioId: studio.id });
    await createStaff(db, "cashier", { name: "Pedro", lastName: `Salinas ${tag}`, studioId: studio.id });
    // An inactive account's employee record is not offered.
    await createStaff(db, "manager", {
      name: "Mariana",
      lastName: `Ortega ${tag}`,
      studioId: studio.id,
      active: false,
    });
    const path = `/admin/employee/list/studio/${studio.id}`;
    const { data } = await json(await app.request(path, { token: cashier }));
    expect(data).toEqual([
      { id: carla.employeeId, name: `Carla Ibarra ${tag}` },
      { id: expect.any(Number), name: `Pedro Salinas ${tag}` },
    ]);
    expect((await app.request(path, { token: customer })).status).toBe(403);
    expect((await app.request(path)).status).toBe(401);
    expect((await json(await app.request("/admin/employee/list/studio/999", { token: admin }))).data).toEqual([]);
  });
});

describe("records: outbox and audit", () => {
  it("the outbox is for administrator-type 1 only and shows the HTML of a message", async () => {
    const list = await json(await app.request("/admin/outbox", { token: admin }));
    expect(list.meta.total).toBeGreaterThan(0);
    expect(list.data[0]).toMatchObject({ to: expect.any(String), subject: expect.any(String), status: "stored" });
    expect(list.data[0]).not.toHaveProperty("html");
    const one = await json(await app.request(`/admin/outbox/${list.data[0].id}`, { token: admin }));
    expect(one.data.html).toContain("<html");
    const other = await tokenFor("mariana@example.com");
    expect((await app.request("/admin/outbox", { token: other })).status).toBe(403);
    expect((await app.request("/admin/outbox/999999", { token: admin })).status).toBe(404);
  });

  it("the dashboard counts real rows and shows the latest actions", async () => {
    const { data } = await json(await app.request("/admin/dashboard", { token: admin }));
    const [{ n }] = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(and(eq(users.roleId, 2), eq(users.active, true)));
    expect(data.counts.customers).toBe(n);
    expect(data.counts.cities).toBe(3);
    expect(data.recent.length).toBe(10);
    expect(data.recent[0]).toMatchObject({ actor_email: expect.any(String), action: expect.any(String) });
  });

  it("the audit search finds an entry by its author (accents and case aside), action, record id or IP, and nothing else", async () => {
    const who = `Ñoño${unique()}`;
    const author = await createStaff(app.deps.db, "manager", { name: "Jósefina", lastName: who });
    const entity = `e${unique()}`;
    const [byAuthor, byRecord, byIp, other] = await app.deps.db
      .insert(auditLog)
      .values([
        { actorUserId: author.id, action: "customer.updated", entity, entityId: "1" },
        { actorUserId: null, action: "customer.updated", entity, entityId: `REC-${who}` },
        {
          actorUserId: null,
          action: "session.login",
          entity,
          entityId: "2",
          ip: `10.9.${Number(unique().slice(-6)) % 250}.7`,
        },
        { actorUserId: null, action: `custom.${who.toLowerCase()}`, entity, entityId: "3" },
      ])
      .returning();
    const ids = async (search: string) =>
      (
        await json(
          await app.request(`/admin/audit?entity=${entity}&search=${encodeURIComponent(search)}`, { token: admin }),
        )
      ).data.map((r: { id: number }) => r.id);
    // The author's name and surname in any case and without accents; both words must match.
    expect(await ids(`josefina ${who.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase()}`)).toEqual([byAuthor.id]);
    // The record id (any case) and the action, as typed.
    expect(await ids(`rec-${who.toLowerCase()}`)).toEqual([byRecord.id]);
    expect(await ids(`CUSTOM.${who}`)).toEqual([other.id]);
    expect(await ids(byIp.ip!)).toEqual([byIp.id]);
    expect(await ids("nadie-escribe-esto")).toEqual([]);
    const body = await json(await app.request(`/admin/audit?entity=${entity}&search=josefina`, { token: admin }));
    expect(body.meta.total).toBe(1);
  });

  it("the audit log lists entries newest first, filterable by record kind", async () => {
    const body = await json(await app.request("/admin/audit?entity=user&per_page=5", { token: admin }));
    expect(body.data.length).toBe(5);
    expect(body.data[0].id).toBeGreaterThan(body.data[1].id);
  });
});
