/**
 * Issue 7: countries (with Mexico's states, read-only) and sponsors added through the resource
 * kit: list/search/sort/CSV, get, create, update, deactivate/reactivate, permissions, audit, and
 * the public sponsors read the change at once (the public cache is cleared).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, cmsPages, countries, users } from "../../app/.server/db/schema";
import { cmsPagesResource } from "../../app/.server/resources/cms-pages";
import { customersResource } from "../../app/.server/resources/people";
import { ttlCache } from "../../app/.server/cache/ttl";
import { createCustomer, createStaff, createStudio, sessionFor, unique } from "../support/factories";
import { setupTestApp } from "../support/app";

// A real cache (60 s): the public reads must still see sponsor changes at once.
const app = setupTestApp({ cache: ttlCache(60_000) });
const json = async (res: Response) => (await res.json()) as any;
let manager = "";
let customer = "";
let managerId = 0;

beforeAll(async () => {
  const m = await createStaff(app.deps.db, "manager");
  managerId = m.id;
  manager = await sessionFor(app.deps.db, m);
  customer = await sessionFor(app.deps.db, await createCustomer(app.deps.db));
});

describe("countries", () => {
  it("lists and finds Mexico, with its 32 states read-only", async () => {
    const list = await json(await app.request("/admin/countries?search=m%C3%A9x", { token: manager }));
    const mx = list.data.find((c: { iso_code: string }) => c.iso_code === "MX");
    expect(mx).toMatchObject({ name: "México", active: true });
    const st = await json(await app.request(`/admin/countries/${mx.id}/states`, { token: manager }));
    expect(st.data).toHaveLength(32);
    expect(st.data.map((s: { name: string }) => s.name)).toContain("Jalisco");
    expect((await app.request(`/admin/countries/${mx.id}/states`, { method: "POST", token: manager })).status).toBe(
      404,
    );
  });

  it("creates, edits, deactivates with audit; validates; refuses customers", async () => {
    const bad = await app.request("/admin/countries", {
      method: "POST",
      token: manager,
      json: { name: "", iso_code: "x" },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages.map((m: { field: string }) => m.field)).toEqual(["name", "iso_code"]);
    const res = await app.request("/admin/countries", {
      method: "POST",
      token: manager,
      json: { name: "Colombia", iso_code: "co" },
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ name: "Colombia", iso_code: "CO", active: true });
    const put = await app.request(`/admin/countries/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { name: "República de Colombia", iso_code: "CO" },
    });
    expect((await json(put)).data.item.name).toBe("República de Colombia");
    const off = await app.request(`/admin/countries/${item.id}/deactivate`, { method: "POST", token: manager });
    expect((await json(off)).data.item.active).toBe(false);
    const actions = (
      await app.deps.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "country"), eq(auditLog.entityId, String(item.id))))
        .orderBy(auditLog.id)
    ).map((r) => r.action);
    expect(actions).toEqual(["country.created", "country.updated", "country.deactivated"]);
    expect((await app.request("/admin/countries", { token: customer })).status).toBe(403);
    expect((await app.request("/admin/countries/999999", { token: manager })).status).toBe(404);
  });

  it("exports CSV, audited", async () => {
    const res = await app.request("/admin/countries?format=csv", { token: manager });
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(await res.text()).toContain("México");
    const [e] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "export.csv"), eq(auditLog.actorUserId, managerId)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(e!.entityId).toBe("countries");
  });
});

describe("sponsors", () => {
  it("a new sponsor shows in the public sponsors at once; a deactivated one disappears", async () => {
    const before = await json(await app.request("/v2/sponsors"));
    const res = await app.request("/admin/sponsors", {
      method: "POST",
      token: manager,
      json: { name: "Agua Clara", link: "https://aguaclara.mx", image_url: "/images/sponsors/agua.svg" },
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    const after = await json(await app.request("/v2/sponsors"));
    expect(after.data.length).toBe(before.data.length + 1);
    await app.request(`/admin/sponsors/${item.id}/deactivate`, { method: "POST", token: manager });
    expect((await json(await app.request("/v2/sponsors"))).data.length).toBe(before.data.length);
  });

  it("a studio's sponsor goes to its marketplace; an unknown studio or a bad link is a 422", async () => {
    const studio = await createStudio(app.deps.db);
    const res = await app.request("/admin/sponsors", {
      method: "POST",
      token: manager,
      form: {
        name: "Café",
        link: "https://cafe.mx",
        image_url: "https://cafe.mx/logo.png",
        studio_id: String(studio.id),
      },
    });
    expect(res.status).toBe(201);
    const market = await json(await app.request(`/v2/sponsors?studio_id=${studio.id}`));
    expect(market.data.map((s: { name: string }) => s.name)).toEqual(["Café"]);
    const bad = await app.request("/admin/sponsors", {
      method: "POST",
      token: manager,
      json: { name: "X", link: "javascript:alert(1)", image_url: "/x.png", studio_id: 999999 },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages[0].field).toBe("link");
    const noStudio = await app.request("/admin/sponsors", {
      method: "POST",
      token: manager,
      json: { name: "X", link: "https://x.mx", image_url: "/x.png", studio_id: 999999 },
    });
    expect((await json(noStudio)).error.messages[0]).toEqual({ field: "studio_id", message: "El estudio no existe" });
  });

  it("uploads a logo (checked by its bytes): stored, served and shown by the public sponsors", async () => {
    const created = await json(
      await app.request("/admin/sponsors", {
        method: "POST",
        token: manager,
        json: { name: "Logo", link: "https://logo.mx", image_url: "/images/sponsors/logo.svg" },
      }),
    );
    const id = created.data.item.id;
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360f8cfc0f01f0005000201e2213bc50000000049454e44ae426082",
      "hex",
    );
    const upload = (bytes: Uint8Array, type: string) => {
      const form = new FormData();
      form.set("image", new Blob([new Uint8Array(bytes)], { type }), "logo");
      return app.request(`/admin/sponsors/${id}/image`, { method: "POST", token: manager, body: form });
    };
    const bad = await upload(new TextEncoder().encode("<svg onload=alert(1)>"), "image/png");
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages[0]).toEqual({
      field: "image",
      message: "La imagen debe ser PNG, JPEG o WebP",
    });
    const res = await upload(png, "image/png");
    expect(res.status).toBe(200);
    const url: string = (await json(res)).data.item.image_url;
    expect(url).toMatch(/^\/api\/files\/sponsors\/sponsor-\d+-[a-f0-9]{16}\.png$/);
    const file = await app.request(url.slice("/api".length));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    const pub = await json(await app.request("/v2/sponsors"));
    expect(pub.data.find((s: { name: string }) => s.name === "Logo").image).toBe(url);
    const [e] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "sponsor.image_changed"), eq(auditLog.entityId, String(id))));
    expect(e).toBeTruthy();
  });
});

/**
 * Two saves that race past a uniqueness check: the unique index refuses the second, and the kit
 * answers it with a 409 (or the entity's own error) naming the field, never a 500, and nothing
 * of the refused save is written (no row, no audit entry). `beforeWrite` is held at a barrier
 * until both requests have passed their check, so the race happens on every run.
 */
describe("unique index races", () => {
  /** Holds each caller until `n` callers have arrived. */
  function barrier(n: number) {
    let arrived = 0;
    let open!: () => void;
    const all = new Promise<void>((r) => (open = r));
    return async () => {
      if (++arrived === n) open();
      await all;
    };
  }
  async function racing<T extends { beforeWrite?: (...a: never[]) => Promise<void> }>(
    d: T,
    run: () => Promise<Response>[],
  ): Promise<Response[]> {
    const own = d.beforeWrite;
    const wait = barrier(2);
    d.beforeWrite = (async (...a: never[]) => {
      await own?.(...a);
      await wait();
    }) as T["beforeWrite"];
    try {
      return await Promise.all(run());
    } finally {
      d.beforeWrite = own;
    }
  }
  const byStatus = async (rs: Response[]) =>
    Object.fromEntries(await Promise.all(rs.map(async (r) => [r.status, await json(r)])));
  const createdAudits = (action: string, key: string, value: string) =>
    app.deps.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), sql`${auditLog.data}->>${key} = ${value}`));

  it("two creates of one CMS page address: one 201, one 409 with the page's message; one row, one audit entry", async () => {
    const slug = `carrera-${unique()}`;
    const post = () =>
      app.request("/admin/cms-pages", {
        method: "POST",
        token: manager,
        json: { slug, title: "Carrera", body: "Texto", published: false },
      });
    const answers = await byStatus(await racing(cmsPagesResource, () => [post(), post()]));
    expect(Object.keys(answers).sort()).toEqual(["201", "409"]);
    expect(answers[409].error.messages).toEqual([{ field: "slug", message: "Ya existe una página con esa dirección" }]);
    expect(answers[409].errorMessage).toBe("Ya existe una página con esa dirección");
    expect(await app.deps.db.select().from(cmsPages).where(eq(cmsPages.slug, slug))).toHaveLength(1);
    expect(await createdAudits("cms_page.created", "slug", slug)).toHaveLength(1);
  });

  it("two edits giving two pages one address: one 200, one 409; the refused page keeps its address", async () => {
    const [a, b] = [`uno-${unique()}`, `dos-${unique()}`];
    const ids: number[] = [];
    for (const slug of [a, b]) {
      const res = await app.request("/admin/cms-pages", {
        method: "POST",
        token: manager,
        json: { slug, title: slug, body: "", published: false },
      });
      ids.push((await json(res)).data.id);
    }
    const target = `tres-${unique()}`;
    const put = (id: number) =>
      app.request(`/admin/cms-pages/${id}`, {
        method: "PUT",
        token: manager,
        json: { slug: target, title: "Tres", body: "", published: false },
      });
    const rs = await racing(cmsPagesResource, () => ids.map(put));
    expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await app.deps.db.select().from(cmsPages).where(inArray(cmsPages.id, ids));
    expect(rows.map((r) => r.slug).sort()).toEqual([target, rs[0].status === 409 ? a : b].sort());
    const refused = ids[rs.findIndex((r) => r.status === 409)];
    expect(rows.find((r) => r.id === refused)?.title).not.toBe("Tres");
  });

  it("an index the descriptor does not word: a 409 naming the column with the generic message", async () => {
    const taken = new Set((await app.deps.db.select({ iso: countries.isoCode }).from(countries)).map((c) => c.iso));
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const iso = [...letters].flatMap((x) => [...letters].map((y) => `${x}${y}`)).find((c) => !taken.has(c))!;
    const post = () =>
      app.request("/admin/countries", { method: "POST", token: manager, json: { name: "Carrera", iso_code: iso } });
    const answers = await byStatus(await Promise.all([post(), post()]));
    expect(Object.keys(answers).sort()).toEqual(["201", "409"]);
    expect(answers[409].error.messages).toEqual([
      { field: "iso_code", message: "Ya existe un registro con ese valor" },
    ]);
    expect(await app.deps.db.select().from(countries).where(eq(countries.isoCode, iso))).toHaveLength(1);
    expect(await createdAudits("country.created", "iso_code", iso)).toHaveLength(1);
  });

  it("two new customers with one email: the people's own 422 (the email is taken), one account", async () => {
    const email = `carrera-${unique()}@example.com`;
    const post = () =>
      app.request("/admin/users", {
        method: "POST",
        token: manager,
        json: { name: "Carrera", last_name: "Prueba", email },
      });
    const answers = await byStatus(await racing(customersResource, () => [post(), post()]));
    expect(Object.keys(answers).sort()).toEqual(["201", "422"]);
    expect(answers[422].error.messages).toEqual([{ field: "email", message: "Ya existe una cuenta con este email" }]);
    expect(await app.deps.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    expect(await createdAudits("customer.created", "email", email)).toHaveLength(1);
  });
});

describe("Nucleo Home's taxonomies (entities from a descriptor, issue 21)", () => {
  it("a duration bucket: created, listed by its order, edited, deactivated, audited; a bad range and a taken name refused", async () => {
    const name = `De 15 a 30 ${unique()}`;
    const bad = await app.request("/admin/on-demand/durations", {
      method: "POST",
      token: manager,
      json: { name, min_minutes: 30, max_minutes: 15 },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages).toEqual([
      { field: "max_minutes", message: "El límite debe ser mayor que el inicio del rango" },
    ]);
    const res = await app.request("/admin/on-demand/durations", {
      method: "POST",
      token: manager,
      json: { name, min_minutes: 15, max_minutes: 30, sort_order: 2 },
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ name, min_minutes: 15, max_minutes: 30, sort_order: 2, active: true });
    const taken = await app.request("/admin/on-demand/durations", {
      method: "POST",
      token: manager,
      json: { name, min_minutes: 0 },
    });
    expect(taken.status).toBe(409);
    expect((await json(taken)).error.messages).toEqual([
      { field: "name", message: "Ya existe un registro con ese nombre" },
    ]);
    const put = await app.request(`/admin/on-demand/durations/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { name, min_minutes: 15, max_minutes: "", sort_order: 2 },
    });
    expect((await json(put)).data.item.max_minutes).toBeNull();
    const list = await json(
      await app.request(`/admin/on-demand/durations?search=${encodeURIComponent(name)}`, { token: manager }),
    );
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([item.id]);
    await app.request(`/admin/on-demand/durations/${item.id}/deactivate`, { method: "POST", token: manager });
    const actions = (
      await app.deps.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.entity, "on_demand_duration"), eq(auditLog.entityId, String(item.id))))
        .orderBy(auditLog.id)
    ).map((r) => r.action);
    expect(actions).toEqual([
      "on_demand_duration.created",
      "on_demand_duration.updated",
      "on_demand_duration.deactivated",
    ]);
  });

  it("difficulties, equipment and types: the kit's calls, the back office's permission, sorted by their order", async () => {
    for (const [path, extra] of [
      ["difficulties", {}],
      ["equipments", {}],
      ["types", { description: "Clases de barra" }],
    ] as const) {
      const names = [`B ${unique()}`, `A ${unique()}`];
      for (const [i, name] of names.entries()) {
        const res = await app.request(`/admin/on-demand/${path}`, {
          method: "POST",
          token: manager,
          json: { name, sort_order: i, ...extra },
        });
        expect(res.status, path).toBe(201);
      }
      const list = await json(await app.request(`/admin/on-demand/${path}?per_page=100`, { token: manager }));
      const mine = list.data
        .filter((r: { name: string }) => names.includes(r.name))
        .map((r: { name: string }) => r.name);
      expect(mine, path).toEqual(names);
      expect((await app.request(`/admin/on-demand/${path}`, { token: customer })).status).toBe(403);
      const csv = await app.request(`/admin/on-demand/${path}?format=csv`, { token: manager });
      expect(csv.headers.get("content-type")).toContain("text/csv");
    }
  });
});
