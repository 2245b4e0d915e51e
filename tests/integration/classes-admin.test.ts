/**
 * Issue 8, back office: class types, coaches and bazaar events on the resource kit, and the files
 * library picker. Each: Spanish 422 with nothing changed, 403 for a customer, audited writes, and
 * the public page's data shows the change at once (the public cache is a real 60 s cache here).
 */
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, bazaarEvents, coaches, sessionTypes } from "../../app/.server/db/schema";
import { ttlCache } from "../../app/.server/cache/ttl";
import { getBazaarEvent, getCoachBySlug } from "../../app/.server/domain/content/pages";
import { createCustomer, createStaff, createStudio, sessionFor } from "../support/factories";
import { setupTestApp } from "../support/app";
import { auditActionsOf } from "../support/audit";

const app = setupTestApp({ cache: ttlCache(60_000) });
const json = async (res: Response) => (await res.json()) as any;
let manager = "";
let customer = "";
let customerId = 0;

beforeAll(async () => {
  manager = await sessionFor(app.deps.db, await createStaff(app.deps.db, "manager"));
  const c = await createCustomer(app.deps.db);
  customerId = c.id;
  customer = await sessionFor(app.deps.db, c);
});

const actionsOf = (entity: string, id: number) => auditActionsOf(app.deps.db, entity, id);

const countOf = async (table: typeof sessionTypes | typeof coaches | typeof bazaarEvents) =>
  (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;

const homeData = async () => (await json(await app.request("/v2/home-data"))).data;

describe("class types (/admin/session/types)", () => {
  it("creates, edits and deactivates, audited; the home and /our-sessions data follow at once", async () => {
    expect((await homeData()).session_types.some((s: { name: string }) => s.name === "Barre Sculpt Nocturno")).toBe(
      false,
    );
    const res = await app.request("/admin/session/types", {
      method: "POST",
      token: manager,
      json: {
        name: "Barre Sculpt Nocturno",
        color: "#1E6F5C",
        description: "Clase de 45 minutos para cerrar el día.",
        duration_minutes: "45",
        intensity: 3,
        image_url: "/images/home/hero.svg",
      },
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({
      name: "Barre Sculpt Nocturno",
      slug: "barre-sculpt-nocturno",
      color: "#1e6f5c",
      duration_minutes: 45,
      intensity: 3,
      image_url: "/images/home/hero.svg",
      active: true,
    });
    const shown = (await homeData()).session_types.find((s: { id: number }) => s.id === item.id);
    expect(shown).toMatchObject({ name: "Barre Sculpt Nocturno", duration_minutes: 45 });

    const put = await app.request(`/admin/session/types/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...item, name: "Barre Sculpt de Noche", duration_minutes: 50 },
    });
    expect(put.status).toBe(200);
    expect((await json(put)).data.item).toMatchObject({ name: "Barre Sculpt de Noche", slug: "barre-sculpt-nocturno" });
    expect((await homeData()).session_types.find((s: { id: number }) => s.id === item.id).name).toBe(
      "Barre Sculpt de Noche",
    );

    const off = await app.request(`/admin/session/types/${item.id}/deactivate`, { method: "POST", token: manager });
    expect((await json(off)).data.item.active).toBe(false);
    expect((await homeData()).session_types.some((s: { id: number }) => s.id === item.id)).toBe(false);
    expect(await actionsOf("session_type", item.id)).toEqual([
      "session_type.created",
      "session_type.updated",
      "session_type.deactivated",
    ]);
    const [upd] = await app.deps.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, "session_type.updated"), eq(auditLog.entityId, String(item.id))));
    expect(Object.keys((upd!.data as any).changes).sort()).toEqual(["durationMinutes", "name"]);
  });

  it("refuses bad input and a duplicate name in Spanish, and nothing changes", async () => {
    const before = await countOf(sessionTypes);
    const bad = await app.request("/admin/session/types", {
      method: "POST",
      token: manager,
      json: { name: "", color: "rojo", duration_minutes: 500, intensity: 7, image_url: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(422);
    const fields = Object.fromEntries(
      (await json(bad)).error.messages.map((m: { field: string; message: string }) => [m.field, m.message]),
    );
    expect(fields).toMatchObject({
      name: "El nombre es requerido",
      color: "El color debe tener el formato #RRGGBB (por ejemplo #883943)",
      duration_minutes: "La duración debe ser de 10 a 240 minutos",
      intensity: "La intensidad debe ser 1, 2 o 3",
      image_url: "La imagen debe ser una imagen de la biblioteca, una dirección https://… o /images/…",
    });
    const first = await json(
      await app.request("/admin/session/types", {
        method: "POST",
        token: manager,
        json: { name: "Stretch Profundo", color: "#883943" },
      }),
    );
    const dup = await app.request("/admin/session/types", {
      method: "POST",
      token: manager,
      json: { name: "stretch profundo", color: "#883943" },
    });
    expect(dup.status).toBe(422);
    expect((await json(dup)).error.messages).toEqual([
      { field: "name", message: "Ya existe un tipo de clase con ese nombre" },
    ]);
    const slugTaken = await app.request(`/admin/session/types/${first.data.item.id}`, {
      method: "PUT",
      token: manager,
      json: { name: "Stretch Profundo", color: "#883943", slug: "barre-sculpt-nocturno" },
    });
    expect((await json(slugTaken)).error.messages).toEqual([
      { field: "slug", message: "Ya existe un tipo de clase con ese identificador" },
    ]);
    expect(await countOf(sessionTypes)).toBe(before + 1);
  });

  it("is closed to customers and visitors", async () => {
    expect((await app.request("/admin/session/types", { token: customer })).status).toBe(403);
    expect(
      (await app.request("/admin/session/types", { method: "POST", token: customer, json: { name: "X" } })).status,
    ).toBe(403);
    expect((await app.request("/admin/session/types")).status).toBe(401);
  });
});

describe("coaches (/admin/coaches)", () => {
  it("creates a coach linked to a coach account, with social links; the public profile follows", async () => {
    const account = await createStaff(app.deps.db, "coach");
    const res = await app.request("/admin/coaches", {
      method: "POST",
      token: manager,
      json: {
        name: "Ximena",
        last_name: "Íñiguez Robles",
        quote: "Respira y sostén.",
        bio: "Coach de barre desde 2019.",
        instagram: "@ximena.barre",
        tiktok: "ximenabarre",
        facebook: "https://facebook.com/ximena.barre",
        user_id: String(account.id),
      },
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({
      slug: "ximena-iniguez-robles",
      instagram: "ximena.barre",
      tiktok: "ximenabarre",
      user_id: account.id,
      active: true,
    });
    const page = () =>
      app.deps.cache.get(`public:coach:${item.slug}`, () => getCoachBySlug(app.deps.db, item.slug as string));
    expect(await page()).toMatchObject({ name: "Ximena", tiktok: "ximenabarre" });
    expect((await homeData()).coaches.some((c: { id: number }) => c.id === item.id)).toBe(true);

    await app.request(`/admin/coaches/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...item, bio: "Coach de barre y pilates desde 2019." },
    });
    expect((await page())!.bio).toBe("Coach de barre y pilates desde 2019.");

    await app.request(`/admin/coaches/${item.id}/deactivate`, { method: "POST", token: manager });
    expect(await page()).toBeNull();
    expect((await homeData()).coaches.some((c: { id: number }) => c.id === item.id)).toBe(false);
    expect(await actionsOf("coach", item.id)).toEqual(["coach.created", "coach.updated", "coach.deactivated"]);
  });

  it("refuses a customer account, an account already linked, bad handles and a taken slug", async () => {
    const before = await countOf(coaches);
    const account = await createStaff(app.deps.db, "coach");
    const first = await json(
      await app.request("/admin/coaches", {
        method: "POST",
        token: manager,
        json: { name: "Paulina", last_name: "Sáenz", user_id: account.id },
      }),
    );
    const messages = async (body: Record<string, unknown>) =>
      (await json(await app.request("/admin/coaches", { method: "POST", token: manager, json: body }))).error.messages;
    expect(await messages({ name: "Otra", user_id: customerId })).toEqual([
      { field: "user_id", message: "La cuenta elegida no es una cuenta de coach activa" },
    ]);
    expect(await messages({ name: "Otra", user_id: account.id })).toEqual([
      { field: "user_id", message: "Esa cuenta ya está vinculada a otro coach" },
    ]);
    expect(await messages({ name: "Paulina", last_name: "Sáenz" })).toEqual([
      { field: "name", message: "Ya existe un coach con ese identificador" },
    ]);
    expect(
      await messages({ name: "Otra", instagram: "no válido!", facebook: "facebook.com/x", slug: "Con Espacios" }),
    ).toEqual(
      expect.arrayContaining([
        {
          field: "instagram",
          message: "El usuario de Instagram solo puede tener letras, números, puntos y guiones bajos",
        },
        { field: "facebook", message: expect.stringMatching(/\S/) },
        { field: "slug", message: "El identificador solo puede tener minúsculas, números y guiones" },
      ]),
    );
    // Its own account stays linked when it is saved again.
    const again = await app.request(`/admin/coaches/${first.data.item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...first.data.item, quote: "Siempre un poco más." },
    });
    expect(again.status).toBe(200);
    expect(await countOf(coaches)).toBe(before + 1);
  });

  it("exports CSV (audited) and is closed to customers", async () => {
    const res = await app.request("/admin/coaches?format=csv&search=paulina", { token: manager });
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(await res.text()).toContain("Paulina");
    const [e] = await app.deps.db
      .select({ entityId: auditLog.entityId, data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.action, "export.csv"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(e).toMatchObject({ entityId: "coaches", data: { rows: 1 } });
    expect((await app.request("/admin/coaches", { token: customer })).status).toBe(403);
  });
});

describe("bazaar events (/admin/bazar)", () => {
  it("takes Mexico City times, shows on the public event page, and hides when deactivated", async () => {
    const studio = await createStudio(app.deps.db);
    const res = await app.request("/admin/bazar", {
      method: "POST",
      token: manager,
      json: {
        title: "Mercado de Invierno",
        summary: "Marcas locales y clase abierta.",
        body: "Dos días de mercado.",
        starts_at: "2030-12-05T10:00",
        ends_at: "2030-12-05T18:30",
        place: "Terraza",
        studio_id: studio.id,
      },
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ starts_at: "2030-12-05T10:00", ends_at: "2030-12-05T18:30", studio_id: studio.id });
    const [row] = await app.deps.db.select().from(bazaarEvents).where(eq(bazaarEvents.id, item.id));
    expect(row!.startsAt.toISOString()).toBe("2030-12-05T16:00:00.000Z");
    expect(await getBazaarEvent(app.deps.db, item.id)).toMatchObject({ title: "Mercado de Invierno" });

    await app.request(`/admin/bazar/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...item, title: "Mercado de Invierno 2030" },
    });
    expect((await getBazaarEvent(app.deps.db, item.id))!.title).toBe("Mercado de Invierno 2030");
    // Saving the same times again records only what changed.
    const [upd] = await app.deps.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, "bazaar_event.updated"), eq(auditLog.entityId, String(item.id))));
    expect(Object.keys((upd!.data as any).changes)).toEqual(["title"]);

    await app.request(`/admin/bazar/${item.id}/deactivate`, { method: "POST", token: manager });
    expect(await getBazaarEvent(app.deps.db, item.id)).toBeNull();
    expect(await actionsOf("bazaar_event", item.id)).toEqual([
      "bazaar_event.created",
      "bazaar_event.updated",
      "bazaar_event.deactivated",
    ]);
  });

  it("refuses an end before the start, a bad date and an unknown studio", async () => {
    const before = await countOf(bazaarEvents);
    const send = (body: Record<string, unknown>) =>
      app.request("/admin/bazar", { method: "POST", token: manager, json: body });
    const r1 = await send({ title: "X", starts_at: "2030-12-05T18:00", ends_at: "2030-12-05T10:00" });
    expect(r1.status).toBe(422);
    expect((await json(r1)).error.messages).toEqual([
      { field: "ends_at", message: "El fin debe ser después del inicio" },
    ]);
    const r2 = await send({ title: "", starts_at: "mañana", ends_at: "2030-12-05T10:00" });
    expect((await json(r2)).error.messages).toEqual(
      expect.arrayContaining([
        { field: "title", message: "El título es requerido" },
        { field: "starts_at", message: "Escribe la fecha y hora completas" },
      ]),
    );
    const r3 = await send({
      title: "X",
      starts_at: "2030-12-05T10:00",
      ends_at: "2030-12-05T12:00",
      studio_id: 999999,
    });
    expect((await json(r3)).error.messages).toEqual([{ field: "studio_id", message: "El estudio no existe" }]);
    expect(await countOf(bazaarEvents)).toBe(before);
    expect((await app.request("/admin/bazar", { token: customer })).status).toBe(403);
  });
});

describe("files library picker", () => {
  it("an uploaded picture is picked by its address and shows on the public class types", async () => {
    const jpeg = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#c9a9a6" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("file", new File([new Uint8Array(jpeg)], "sculpt.jpg", { type: "image/jpeg" }));
    form.append("alt", "Clase de sculpt");
    const up = await app.request("/admin/files", { method: "POST", body: form, token: manager });
    expect(up.status).toBe(201);
    const media = (await json(up)).data;
    const list = await json(await app.request("/admin/files?search=sculpt", { token: manager }));
    expect(list.data.map((m: { id: number }) => m.id)).toContain(media.id);

    const res = await app.request("/admin/session/types", {
      method: "POST",
      token: manager,
      json: { name: "Sculpt con imagen", color: "#883943", image_url: media.url },
    });
    expect(res.status).toBe(201);
    const id = (await json(res)).data.item.id;
    const shown = (await homeData()).session_types.find((s: { id: number }) => s.id === id);
    expect(shown.image_url).toBe(media.url);
    expect((await app.request(media.url.replace("/api", ""))).status).toBe(200);

    // A PDF renamed .jpg is refused with its Spanish message.
    const pdf = new FormData();
    pdf.append("file", new File([new TextEncoder().encode("%PDF-1.4 fake")], "foto.jpg", { type: "image/jpeg" }));
    const bad = await app.request("/admin/files", { method: "POST", body: pdf, token: manager });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages[0].message).toBe(
      "El archivo no es una imagen JPG, PNG o WebP (aunque su nombre lo parezca)",
    );
    expect((await app.request("/admin/files", { token: customer })).status).toBe(403);
  });
});

describe("cities, studios and rooms on the kit: same answers, plus photos and deactivation", () => {
  it("a studio keeps its answers and audit, takes up to 8 library photos, and its page shows them", async () => {
    const city = await json(
      await app.request("/admin/cities", { method: "POST", token: manager, json: { name: "Mérida", suffix: "mid" } }),
    );
    expect(city.data).toMatchObject({ Message: "Ciudad guardada", item: { name: "Mérida", suffix: "MID" } });
    const body = {
      name: "Nucleo Montejo",
      city_id: city.data.id,
      address: "Paseo de Montejo 480, Centro, 97000 Mérida, Yuc.",
      phone: "999 920 1234",
      photos: ["/images/studios/acapulco.svg", "/images/home/hero.svg"],
      active: true,
    };
    const res = await app.request("/admin/studios", { method: "POST", token: manager, json: body });
    expect(res.status).toBe(201);
    const created = (await json(res)).data;
    expect(created).toMatchObject({ Message: "Estudio guardado", id: expect.any(Number) });
    expect(created.item.photos).toEqual(body.photos);
    const { getStudioDetail } = await import("../../app/.server/domain/content/pages");
    expect((await getStudioDetail(app.deps.db, created.id))!.photos).toEqual(body.photos);
    const [entry] = await app.deps.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, "studio.created"), eq(auditLog.entityId, String(created.id))));
    expect(entry!.data).toEqual({ name: "Nucleo Montejo", city_id: city.data.id, active: true });

    const tooMany = await app.request(`/admin/studios/${created.id}`, {
      method: "PUT",
      token: manager,
      json: { ...body, photos: Array.from({ length: 9 }, () => "/images/home/hero.svg") },
    });
    expect(tooMany.status).toBe(422);
    expect((await json(tooMany)).error.messages).toEqual([
      { field: "photos", message: "Un estudio puede tener máximo 8 fotos de la biblioteca o de /images/…" },
    ]);
    const outside = await app.request(`/admin/studios/${created.id}`, {
      method: "PUT",
      token: manager,
      json: { ...body, photos: ["https://example.com/x.jpg"] },
    });
    expect(outside.status).toBe(422);
    expect((await getStudioDetail(app.deps.db, created.id))!.photos).toEqual(body.photos);

    // Deactivating (the kit's call) hides it from the public page; the status filter finds it.
    const off = await app.request(`/admin/studios/${created.id}/deactivate`, { method: "POST", token: manager });
    expect((await json(off)).data.item.active).toBe(false);
    expect(await getStudioDetail(app.deps.db, created.id)).toBeNull();
    const inactive = await json(
      await app.request(`/admin/studios/list?city=${city.data.id}&status=inactive`, { token: manager }),
    );
    expect(inactive.data.map((s: { name: string }) => s.name)).toEqual(["Nucleo Montejo"]);
    const active = await json(
      await app.request(`/admin/studios/list?city=${city.data.id}&status=active`, { token: manager }),
    );
    expect(active.data).toEqual([]);
    expect(await actionsOf("studio", created.id)).toEqual(["studio.created", "studio.deactivated"]);
    expect((await app.request("/admin/studios/list", { token: customer })).status).toBe(403);
  });

  it("the rooms CSV is exported (audited) and rooms answer with their map", async () => {
    const res = await app.request("/admin/rooms/list?format=csv", { token: manager });
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect((await res.text()).split("\n")[0]).toContain("Capacidad");
  });
});
