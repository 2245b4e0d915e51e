/**
 * Issue 12, security 2 and 8: text with NUL bytes or lone surrogates is refused with a 422 (never
 * reaching PostgreSQL as a 500), booleans accept only their spec forms, and the OpenAPI document
 * declares the error answers and the CSV of the lists. Issue 19, item 6: integers past
 * PostgreSQL's `integer` are refused the same way (the fuzz of every operation is platform-fuzz).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../app/.server/db/schema";
import { createCustomer, createStaff, sessionFor } from "../support/factories";
import { setupTestApp } from "../support/app";

const app = setupTestApp();
const json = async (res: Response) => (await res.json()) as any;
let admin = "";
let customerToken = "";
let customerId = 0;

beforeAll(async () => {
  admin = await sessionFor(app.deps.db, await createStaff(app.deps.db, "administrator"));
  const c = await createCustomer(app.deps.db);
  customerId = c.id;
  customerToken = await sessionFor(app.deps.db, c);
});

const NUL = "Ana\u0000";
const LONE = "Ana\ud800";

describe("NUL bytes and lone surrogates", () => {
  it("register refuses them with a Spanish 422", async () => {
    for (const bad of [NUL, LONE]) {
      const res = await app.request("/user", {
        method: "POST",
        json: {
          name: bad,
          last_name: "Pérez",
          email: "nueva@prueba.mx",
          password: "secreta1",
          confirmPassword: "secreta1",
          terms: true,
        },
      });
      expect(res.status).toBe(422);
      const body = await json(res);
      expect(body.error.messages[0]).toEqual({ field: "name", message: "El texto contiene caracteres no permitidos" });
    }
  });

  it("profile, admin create/edit of customers and staff refuse them and change nothing", async () => {
    const calls: [string, string, string | undefined, Record<string, unknown>][] = [
      ["/profile/user", "POST", customerToken, { name: NUL, last_name: "B" }],
      ["/profile/user", "POST", customerToken, { name: "A", last_name: LONE }],
      ["/admin/users", "POST", admin, { name: "A", last_name: NUL, email: "x1@prueba.mx" }],
      [`/admin/users/${customerId}`, "PUT", admin, { name: LONE, last_name: "B", email: "x2@prueba.mx" }],
      ["/admin/administrators", "POST", admin, { name: NUL, last_name: "B", email: "x3@prueba.mx", employee_type: 1 }],
      ["/admin/employees", "POST", admin, { name: "A", last_name: LONE, email: "x4@prueba.mx", role_id: 4 }],
    ];
    for (const [path, method, token, body] of calls) {
      const res = await app.request(path, { method, token, json: body });
      expect(res.status, `${method} ${path}`).toBe(422);
      expect((await json(res)).error.messages[0].message).toBe("El texto contiene caracteres no permitidos");
    }
    const [row] = await app.deps.db.select().from(users).where(eq(users.id, customerId));
    expect(row!.name).not.toContain("\u0000");
  });

  it("the search of the admin lists refuses a NUL byte, and a broken UTF-8 sequence is no 500", async () => {
    for (const path of ["/admin/users", "/admin/administrators", "/admin/employees", "/admin/audit", "/admin/outbox"]) {
      const res = await app.request(`${path}?search=Ana%00`, { token: admin });
      expect(res.status, path).toBe(422);
      expect((await json(res)).error.messages[0]).toEqual({
        field: "search",
        message: "El texto contiene caracteres no permitidos",
      });
      // A lone surrogate written as (invalid) UTF-8 bytes.
      const broken = await app.request(`${path}?search=Ana%ED%A0%80`, { token: admin });
      expect(broken.status, path).toBeLessThan(500);
    }
  });

  it("a form-encoded body is checked too", async () => {
    const res = await app.request("/login", { method: "POST", form: { email: "a@b.mx", password: "x\u0000yzabc" } });
    expect(res.status).toBe(422);
  });
});

describe("numbers and text reach PostgreSQL only when they fit (issue 19, item 6)", () => {
  const ID = "El identificador debe ser un número entero";

  it("an id past PostgreSQL's integer is a Spanish 422 on the query, never a 500", async () => {
    for (const value of ["1e308", "99999999999", "2147483648"]) {
      const packs = await app.request(`/v2/packs?city_id=${value}`);
      expect(packs.status, value).toBe(422);
      expect((await json(packs)).error.messages[0]).toEqual({ field: "city_id", message: ID });
      const payments = await app.request(`/admin/payments?studio_id=${value}`, { token: admin });
      expect(payments.status, value).toBe(422);
      expect((await json(payments)).error.messages[0]).toEqual({ field: "studio_id", message: ID });
      const audit = await app.request(`/admin/audit?actor=${value}`, { token: admin });
      expect(audit.status, value).toBe(422);
      expect((await json(audit)).error.messages[0]).toEqual({ field: "actor", message: ID });
    }
    // The largest integer is still an id (nothing has it: an empty list).
    expect((await app.request("/v2/packs?city_id=2147483647")).status).toBe(200);
  });

  it("in a body too: the cart of make-payment, the studio of a room, a price", async () => {
    const pay = await app.request("/v2/checkout/make-payment", {
      method: "POST",
      token: customerToken,
      json: { cart_id: 1e308, studio_id: 99999999999 },
    });
    expect(pay.status).toBe(422);
    expect((await json(pay)).error.messages).toEqual([
      { field: "studio_id", message: ID },
      { field: "cart_id", message: ID },
    ]);
    const room = await app.request("/admin/rooms", {
      method: "POST",
      token: admin,
      json: { name: "Sala", studio_id: 2147483648, active: true, layout: { rows: [[1]] } },
    });
    expect(room.status).toBe(422);
    expect((await json(room)).error.messages.map((m: { field: string }) => m.field)).toContain("studio_id");
    const pack = await app.request("/admin/packs", {
      method: "POST",
      token: admin,
      json: { name: "Caro", city_id: 1, sessions: 1, validity_days: 30, price_cents: "2147483648" },
    });
    expect(pack.status).toBe(422);
    expect((await json(pack)).error.messages).toContainEqual({
      field: "price_cents",
      message: "El monto no puede pasar de $21,474,836.47",
    });
  });

  it("a NUL byte in any query or path value is refused before a schema reads it", async () => {
    for (const [path, field] of [
      ["/admin/audit?entity=user%00", "entity"],
      ["/admin/reservations?q=Ana%00", "q"],
    ]) {
      const res = await app.request(path!, { token: admin });
      expect(res.status, path).toBe(422);
      expect((await json(res)).error.messages[0], path).toEqual({
        field,
        message: "El texto contiene caracteres no permitidos",
      });
    }
    const file = await app.request("/v2/calendar/abc%00.ics");
    expect(file.status).toBe(400);
    expect((await json(file)).error.messages[0]).toEqual({
      field: "file",
      message: "El texto contiene caracteres no permitidos",
    });
  });

  it("pages fit too", async () => {
    const res = await app.request("/admin/users?page=1e308", { token: admin });
    expect(res.status).toBe(422);
    expect((await json(res)).error.messages[0]).toEqual({
      field: "page",
      message: "La página debe ser un número entero de 1 en adelante",
    });
  });
});

describe("booleans", () => {
  it("accept true/false/1/0/on and refuse other strings with a 422", async () => {
    const ok = await app.request("/admin/users", {
      method: "POST",
      token: admin,
      form: { name: "Bool", last_name: "Prueba", email: "bool.on@prueba.mx", is_tester: "on" },
    });
    expect(ok.status).toBe(201);
    expect((await json(ok)).data.user.is_tester).toBe(true);
    const off = await app.request("/admin/users", {
      method: "POST",
      token: admin,
      form: { name: "Bool", last_name: "Prueba", email: "bool.off@prueba.mx", is_tester: "0" },
    });
    expect((await json(off)).data.user.is_tester).toBe(false);
    const bad = await app.request("/admin/users", {
      method: "POST",
      token: admin,
      form: { name: "Bool", last_name: "Prueba", email: "bool.bad@prueba.mx", is_tester: "yes please" },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages[0].field).toBe("is_tester");
  });
});

describe("the OpenAPI document", () => {
  it("declares the error answers and the CSV of the lists", async () => {
    const doc = await json(await app.request("/openapi.json"));
    const codes = new Set<string>();
    for (const item of Object.values(doc.paths) as any[])
      for (const op of Object.values(item) as any[]) for (const code of Object.keys(op.responses)) codes.add(code);
    for (const code of ["400", "404", "409", "413", "415", "422", "429"]) expect(codes.has(code), code).toBe(true);

    const create = doc.paths["/api/admin/users"].post.responses;
    for (const code of ["400", "401", "403", "404", "409", "413", "415", "422", "429"])
      expect(create[code]?.content?.["application/json"], code).toBeTruthy();

    const list = doc.paths["/api/admin/users"].get.responses["200"].content;
    expect(list["text/csv"]).toBeTruthy();
    expect(list["application/json"]).toBeTruthy();
  });
});
