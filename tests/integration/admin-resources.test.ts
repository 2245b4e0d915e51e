/**
 * Issue 7: countries (with Mexico's states, read-only) and sponsors added through the resource
 * kit: list/search/sort/CSV, get, create, update, deactivate/reactivate, permissions, audit, and
 * the public sponsors read the change at once (the public cache is cleared).
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../../app/.server/db/schema";
import { ttlCache } from "../../app/.server/cache/ttl";
import { createCustomer, createStaff, createStudio, sessionFor } from "../support/factories";
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
