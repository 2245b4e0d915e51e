/**
 * Issue 24, item 3: a back-office list counts its rows up to 10,000 (COUNT_CAP). Past it the answer
 * gives `total: 10000, total_capped: true` and the pager «más de 10,000» (an exact count of 100,000
 * customers or 500,000 audit entries on every page cost more than the page); under it the count is
 * exact, as before. Also: the kit sorts a NOT NULL column without `nulls last` (so one index reads it
 * both ways) and a nullable one with its empty values last either way.
 */
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { anonymous } from "../../app/.server/http/api";
import { loader as auditLoader } from "../../app/routes/admin/audit";
import { loader as usersLoader } from "../../app/routes/admin/users/list";
import { setupTestApp } from "../support/app";
import { createStaff, sessionFor } from "../support/factories";

const app = setupTestApp();
let admin = "";
let adminId = 0;
const MANY = 10_050;

type Meta = { page: number; per_page: number; total: number; last_page: number; total_capped?: true };

beforeAll(async () => {
  const a = await createStaff(app.deps.db, "administrator");
  adminId = a.id;
  admin = await sessionFor(app.deps.db, a);
  // 10,050 customers «Cuenta N» (the first 20 never logged in), and 10,050 audit entries of the admin.
  await app.deps.db.execute(sql`
    insert into users (name, last_name, email, password_hash, role_id, last_login_at, created_at, updated_at)
    select 'Cuenta', 'Tope ' || g, 'tope' || g || '@prueba.mx', 'x', 2,
           case when g > 20 then timestamptz '2026-01-01' + g * interval '1 minute' end, now(), now()
    from generate_series(1, ${MANY}) g`);
  await app.deps.db.execute(sql`
    insert into audit_log (actor_user_id, action, entity, entity_id)
    select ${adminId}, 'customer.updated', 'tope', g::text from generate_series(1, ${MANY}) g`);
});

const list = async (path: string) => {
  const res = await app.request(path, { token: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as { data: Record<string, unknown>[]; meta: Meta };
};

describe("a list of more than 10,000 rows", () => {
  it("answers the cap and `total_capped`; the last page is the cap's, or the next while pages are full", async () => {
    const first = await list("/admin/users");
    expect(first.meta).toEqual({ page: 1, per_page: 20, total: 10_000, last_page: 500, total_capped: true });
    expect(first.data).toHaveLength(20);
    // Past the counted rows the pages go on while they are full.
    const far = await list("/admin/users?page=501&per_page=20");
    expect(far.data).toHaveLength(20);
    expect(far.meta).toMatchObject({ page: 501, total: 10_000, last_page: 502, total_capped: true });
    const audit = await list("/admin/audit?per_page=100");
    expect(audit.meta).toEqual({ page: 1, per_page: 100, total: 10_000, last_page: 100, total_capped: true });
  });

  it("counts exactly when the search or a filter leaves 10,000 or fewer", async () => {
    // Every customer whose name, surname or email holds «tope» and «100» (some 70): counted whole.
    const some = await list("/admin/users?search=tope%20100&per_page=100");
    expect(some.meta.total_capped).toBeUndefined();
    expect(some.meta.total).toBe(some.data.length);
    expect(some.meta.total).toBeGreaterThan(0);
    const none = await list("/admin/audit?entity=ninguna");
    expect(none.meta).toEqual({ page: 1, per_page: 20, total: 0, last_page: 1 });
  });

  it("the page loaders give the same paging (the pager shows «más de 10,000»)", async () => {
    const row = (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, adminId) }))!;
    const auth = { ...anonymous, user: row, session: { twoFactorAt: null } } as never;
    for (const [loader, path] of [
      [usersLoader, "/admin/users"],
      [auditLoader, "/admin/audit"],
    ] as const) {
      const page = (await (loader as (a: never) => Promise<{ meta: Meta }>)({
        request: new Request(`http://localhost${path}`),
        params: {},
        context: { deps: app.deps, auth, cookies: {} },
      } as never)) as { meta: Meta };
      expect(page.meta).toMatchObject({ total: 10_000, total_capped: true, last_page: 500 });
    }
  });
});

describe("sorting", () => {
  it("puts customers who never logged in last, both ways", async () => {
    for (const dir of ["asc", "desc"]) {
      const last = await list(`/admin/users?sort=last_login_at&dir=${dir}&search=cuenta&per_page=100&page=101`);
      // 10,050 rows: the 101st page of 100 holds the last 50, the 20 without a login at its end.
      const tail = last.data.slice(-20);
      expect(tail.every((r) => r.last_login_at === null)).toBe(true);
      expect(last.data.slice(0, -20).every((r) => r.last_login_at !== null)).toBe(true);
    }
    const newest = await list("/admin/users?sort=last_login_at&dir=desc&search=cuenta&per_page=2");
    expect(newest.data.map((r) => r.email)).toEqual(["tope10050@prueba.mx", "tope10049@prueba.mx"]);
  });

  it("sorts a NOT NULL column both ways, the id breaking ties", async () => {
    const asc = await list("/admin/users?sort=name&dir=asc&search=cuenta%20tope&per_page=3");
    const desc = await list("/admin/users?sort=name&dir=desc&search=cuenta%20tope&per_page=3");
    expect(asc.data.map((r) => r.last_name)).toEqual(["Tope 1", "Tope 10", "Tope 100"]);
    expect(desc.data.map((r) => r.last_name)).toEqual(["Tope 9999", "Tope 9998", "Tope 9997"]);
  });
});

describe("the Bitácora's search", () => {
  it("finds by author or by text, an entry found both ways once, newest first, paged and counted", async () => {
    const [author] = await app.deps.db
      .execute(sql`select id from users where email = 'tope5@prueba.mx'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    const insert = (actor: number | null, entityId: string) =>
      app.deps.db
        .execute(
          sql`insert into audit_log (actor_user_id, action, entity, entity_id)
              values (${actor}, 'customer.updated', 'busqueda', ${entityId}) returning id`,
        )
        .then((r) => (r as unknown as { rows: { id: number }[] }).rows[0]!.id);
    const byAuthor = await insert(author!.id, "1");
    const both = await insert(author!.id, "tope5@prueba.mx");
    const byText = await insert(null, "tope5@prueba.mx");
    const all = await list("/admin/audit?entity=busqueda&search=TOPE5@prueba");
    expect(all.data.map((r) => r.id)).toEqual([byText, both, byAuthor]);
    expect(all.meta).toEqual({ page: 1, per_page: 20, total: 3, last_page: 1 });
    const second = await list("/admin/audit?entity=busqueda&search=tope5@prueba&per_page=2&page=2");
    expect(second.data.map((r) => r.id)).toEqual([byAuthor]);
    expect(second.meta).toMatchObject({ total: 3, last_page: 2 });
    const oldest = await list("/admin/audit?entity=busqueda&search=tope5@prueba&sort=created_at&dir=asc");
    expect(oldest.data.map((r) => r.id)).toEqual([byAuthor, both, byText]);
    expect(oldest.data[0]).toMatchObject({ actor_email: "tope5@prueba.mx", entity: "busqueda" });
  });

  it("the page offers every kind of record in the log, in order", async () => {
    const row = (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, adminId) }))!;
    const auth = { ...anonymous, user: row, session: { twoFactorAt: null } } as never;
    const page = (await auditLoader({
      request: new Request("http://localhost/admin/audit"),
      params: {},
      context: { deps: app.deps, auth, cookies: {} },
    } as never)) as { entities: string[] };
    const kinds = (
      (await app.deps.db.execute(sql`select distinct entity from audit_log order by entity`)) as unknown as {
        rows: { entity: string }[];
      }
    ).rows.map((r) => r.entity);
    expect(kinds).toContain("tope");
    expect(page.entities).toEqual(kinds);
  });
});
