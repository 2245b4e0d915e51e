import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { cities, studios } from "../../app/.server/db/schema";
import { setupTestApp } from "../support/app";
import { adminAndCustomer, createStudio, staffToken } from "../support/factories";

const app = setupTestApp();

const json = async (res: Response) => (await res.json()) as any;
let admin = "";
let customer = "";
beforeAll(async () => {
  ({ adminToken: admin, customerToken: customer } = await adminAndCustomer(app.deps.db));
});

const studio = (cityId: number) => ({
  name: "Nucleo Andares",
  city_id: cityId,
  address: "Blvd. Puerta de Hierro 4965, Zapopan, Jal.",
  phone: "33 3611 2020",
  map_url: "https://maps.app.goo.gl/andares",
  image_url: "",
  description: "Nuestro primer estudio en Guadalajara.",
  timezone: "America/Mexico_City",
  active: true,
  is_external: false,
});

describe("back office: cities and studios", () => {
  let cityId = 0;

  it("only the back office may list or change them", async () => {
    expect((await app.request("/admin/cities")).status).toBe(401);
    expect((await app.request("/admin/cities", { token: customer })).status).toBe(403);
    const res = await app.request("/admin/cities", {
      method: "POST",
      token: customer,
      json: { name: "X", suffix: "XX" },
    });
    expect(res.status).toBe(403);
  });

  it("creates a city; a duplicate name or a bad suffix is refused in Spanish", async () => {
    const res = await app.request("/admin/cities", {
      method: "POST",
      token: admin,
      json: { name: "Guadalajara", suffix: "gdl" },
    });
    expect(res.status).toBe(201);
    cityId = (await json(res)).data.id;
    const [row] = await app.deps.db.select().from(cities).where(eq(cities.id, cityId));
    expect(row).toMatchObject({ name: "Guadalajara", suffix: "GDL" });
    const dup = await app.request("/admin/cities", {
      method: "POST",
      token: admin,
      json: { name: "guadalajara", suffix: "GDL" },
    });
    expect(dup.status).toBe(409);
    expect((await json(dup)).error.messages).toEqual([
      { field: "name", message: "Ya existe una ciudad con ese nombre" },
    ]);
    const bad = await app.request("/admin/cities", {
      method: "POST",
      token: admin,
      json: { name: "León", suffix: "L1" },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages).toContainEqual({
      field: "suffix",
      message: "El sufijo debe tener de 2 a 6 letras mayúsculas",
    });
  });

  it("creates a studio that the public API then lists; bad phone or map link refused", async () => {
    const bad = await app.request("/admin/studios", {
      method: "POST",
      token: admin,
      json: { ...studio(cityId), phone: "123", map_url: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(422);
    const fields = (await json(bad)).error.messages.map((m: { field: string }) => m.field);
    expect(fields).toEqual(expect.arrayContaining(["phone", "map_url"]));
    const res = await app.request("/admin/studios", { method: "POST", token: admin, json: studio(cityId) });
    expect(res.status).toBe(201);
    const pub = await json(await app.request(`/studios/city/${cityId}`));
    expect(pub.data.map((s: { name: string }) => s.name)).toEqual(["Nucleo Andares"]);
    const dup = await app.request("/admin/studios", { method: "POST", token: admin, json: studio(cityId) });
    expect(dup.status).toBe(409);
    const list = await json(await app.request(`/admin/studios/list?city=${cityId}`, { token: admin }));
    expect(list.data[0]).toMatchObject({ name: "Nucleo Andares", city: "Guadalajara", active: true });
  });

  it("refuses to delete a city that still has studios, and nothing changes", async () => {
    const res = await app.request(`/admin/cities/${cityId}`, { method: "DELETE", token: admin });
    expect(res.status).toBe(409);
    expect((await json(res)).errorMessage).toBe(
      "No se puede eliminar Guadalajara: tiene 1 estudios. Muévelos o desactívalos primero.",
    );
    expect((await app.deps.db.select().from(cities).where(eq(cities.id, cityId))).length).toBe(1);
    await app.deps.db.delete(studios).where(eq(studios.cityId, cityId));
    expect((await app.request(`/admin/cities/${cityId}`, { method: "DELETE", token: admin })).status).toBe(200);
    expect((await app.request(`/admin/cities/${cityId}`, { token: admin })).status).toBe(404);
  });

  it("edits a studio (deactivating hides it from the public list)", async () => {
    const list = await json(await app.request("/admin/studios/list?search=Roma", { token: admin }));
    const id = list.data[0].id;
    const current = (await json(await app.request(`/admin/studios/${id}`, { token: admin }))).data;
    const res = await app.request(`/admin/studios/${id}`, {
      method: "PUT",
      token: admin,
      json: { ...current, active: false },
    });
    expect(res.status).toBe(200);
    const pub = await json(await app.request("/studios/city/1"));
    expect(pub.data.map((s: { name: string }) => s.name)).not.toContain("Nucleo Roma");
  });

  it("rooms: the capacity follows the spot map, numbered in reading order; an empty map is refused", async () => {
    const layout = {
      rows: [
        [1, null, 2],
        [3, 4, 5],
      ],
      coachPosition: "top",
      mirror: "top",
      barres: ["left", "right"],
    };
    const res = await app.request("/admin/rooms", {
      method: "POST",
      token: admin,
      json: { name: "Salón Terraza", studio_id: 1, active: true, layout },
    });
    expect(res.status).toBe(201);
    const id = (await json(res)).data.id;
    const room = (await json(await app.request(`/admin/rooms/${id}`, { token: admin }))).data;
    expect(room.capacity).toBe(5);
    expect(room.layout.rows).toEqual([
      [1, null, 2],
      [3, 4, 5],
    ]);
    expect(room.layout.barres).toEqual(["left", "right"]);
    const empty = await app.request("/admin/rooms", {
      method: "POST",
      token: admin,
      json: { name: "Vacío", studio_id: 1, active: true, layout: { ...layout, rows: [[null, null]] } },
    });
    expect(empty.status).toBe(422);
    expect((await json(empty)).errorMessage).toBe("El mapa necesita al menos un lugar");
    const dup = await app.request("/admin/rooms", {
      method: "POST",
      token: admin,
      json: { name: "salón terraza", studio_id: 1, active: true, layout },
    });
    expect(dup.status).toBe(409);
    const noStudio = await app.request("/admin/rooms", {
      method: "POST",
      token: admin,
      json: { name: "Otro", studio_id: 99999, active: true, layout },
    });
    expect(noStudio.status).toBe(422);
    expect((await app.request("/admin/rooms/list", { token: customer })).status).toBe(403);
  });
});

describe("the shift-start screen's studios: GET /admin/studios (spec §7)", () => {
  it("lists every studio with its active flag to any staff account that opens a shift; not to customers", async () => {
    const db = app.deps.db;
    const open = await createStudio(db, { name: "Turno abierto" });
    const closed = await createStudio(db, { name: "Turno cerrado", active: false });
    for (const kind of ["administrator", "manager", "cashier", "coach", "door"] as const) {
      const res = await app.request("/admin/studios", { token: await staffToken(db, kind) });
      expect(res.status, kind).toBe(200);
      const { data } = await json(res);
      expect(data, kind).toEqual(
        expect.arrayContaining([
          { id: open.id, name: "Turno abierto", city_id: open.cityId, active: true },
          { id: closed.id, name: "Turno cerrado", city_id: closed.cityId, active: false },
        ]),
      );
    }
    expect((await app.request("/admin/studios", { token: customer })).status).toBe(403);
    expect((await app.request("/admin/studios")).status).toBe(401);
  });
  it("finds a studio by its phone however it is typed (+52, spaces, dashes, or the bare 10 digits)", async () => {
    const phone = `81${String(Date.now()).slice(-8)}`;
    const s = await createStudio(app.deps.db, { phone });
    const found = async (term: string) => {
      const res = await app.request(`/admin/studios/list?search=${encodeURIComponent(term)}`, { token: admin });
      expect(res.status).toBe(200);
      return (await json(res)).data.map((r: { id: number }) => r.id) as number[];
    };
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 6)} ${phone.slice(6)}`;
    for (const term of [phone, `+52 ${spaced}`, `${phone.slice(0, 2)}-${phone.slice(2, 6)}-${phone.slice(6)}`, spaced])
      expect(await found(term), term).toContain(s.id);
    // A partial number typed with spaces finds it too; another number does not.
    expect(await found(`${phone.slice(2, 6)} ${phone.slice(6)}`)).toContain(s.id);
    expect(await found("+52 99 0000 0000")).not.toContain(s.id);
  });
});
