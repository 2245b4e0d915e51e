/**
 * Issue 8 (back office part 2): configuration pages, the home sections' drafts and publishing,
 * CMS pages (resource kit), legal sections, invoice requests and foundation applications. Each:
 * Spanish 422 and nothing changed, 403 for who may not, an audit entry, and the public side
 * reading the change at once (the public cache is a real 60 s cache here).
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, foundationApplications, invoiceRequests } from "../../app/.server/db/schema";
import { ttlCache } from "../../app/.server/cache/ttl";
import { createCustomer, createStaff, sessionFor } from "../support/factories";
import { setupTestApp } from "../support/app";

const app = setupTestApp({ cache: ttlCache(60_000) });
const json = async (res: Response) => (await res.json()) as any;
let admin = "";
let adminId = 0;
let manager = "";
let customer = "";

beforeAll(async () => {
  const a = await createStaff(app.deps.db, "administrator");
  adminId = a.id;
  admin = await sessionFor(app.deps.db, a);
  manager = await sessionFor(app.deps.db, await createStaff(app.deps.db, "manager"));
  customer = await sessionFor(app.deps.db, await createCustomer(app.deps.db));
});

async function lastAudit(action: string) {
  const [row] = await app.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.actorUserId, adminId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

describe("configuration pages", () => {
  it("reads and saves general; the public configuration shows it at once; audited", async () => {
    // Warm the public cache first: the save must clear it.
    expect((await json(await app.request("/v2/configurations"))).data.help_email).toBe("hola@nucleobarre.mx");
    const got = await json(await app.request("/admin/configurations/general", { token: admin }));
    expect(got.data).toMatchObject({ site_name: "Nucleo Barre", help_email: "hola@nucleobarre.mx" });
    const res = await app.request("/admin/configurations/general", {
      method: "PUT",
      token: admin,
      json: { ...got.data, help_email: "contacto@nucleobarre.mx", whatsapp_number: "+52 55 1111 2222" },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toMatchObject({
      Message: "Configuración guardada",
      values: { help_email: "contacto@nucleobarre.mx", whatsapp_number: "525511112222" },
    });
    const pub = (await json(await app.request("/v2/configurations"))).data;
    expect(pub.help_email).toBe("contacto@nucleobarre.mx");
    expect(String(pub.whatsapp_number)).toBe("525511112222");
    const entry = await lastAudit("configuration.updated");
    expect(entry).toMatchObject({ entity: "configuration", entityId: "general" });
    expect(Object.keys((entry!.data as any).changes).sort()).toEqual(["help_email", "whatsapp_number"]);
  });

  it("refuses bad values with Spanish messages and changes nothing", async () => {
    const res = await app.request("/admin/configurations/general", {
      method: "PUT",
      token: admin,
      json: { site_name: "", help_email: "no-es-email", whatsapp_number: "12", instagram_url: "ftp://x" },
    });
    expect(res.status).toBe(422);
    const fields = Object.fromEntries((await json(res)).error.messages.map((m: any) => [m.field, m.message]));
    expect(fields.site_name).toBe("Este campo es requerido");
    expect(fields.whatsapp_number).toBe("El WhatsApp debe tener de 10 a 15 dígitos, con lada del país");
    expect(fields.instagram_url).toBeTruthy();
    expect(fields.help_email).toBeTruthy();
    const pub = (await json(await app.request("/v2/configurations"))).data;
    expect(pub.site_name).toBe("Nucleo Barre");
  });

  it("switches on-demand off (the public configuration says so) and back", async () => {
    const off = await app.request("/admin/configurations/on-demand", {
      method: "PUT",
      token: admin,
      json: { on_demand_enabled: false },
    });
    expect(off.status).toBe(200);
    expect((await json(await app.request("/v2/configurations"))).data.on_demand_enabled).toBe(false);
    await app.request("/admin/configurations/on-demand", {
      method: "PUT",
      token: admin,
      json: { on_demand_enabled: true },
    });
    expect((await json(await app.request("/v2/configurations"))).data.on_demand_enabled).toBe(true);
    expect((await app.request("/admin/configurations/nope", { token: admin })).status).toBe(400);
  });

  it("is for administrators of type 1 only", async () => {
    const r2 = await app.request("/admin/configurations/general", { token: manager });
    expect(r2.status).toBe(403);
    expect((await json(r2)).error.message).toBe("Solo un administrador puede hacer este cambio");
    expect(
      (
        await app.request("/admin/configurations/store", {
          method: "PUT",
          token: manager,
          json: { store_enabled: false },
        })
      ).status,
    ).toBe(403);
    expect((await app.request("/admin/configurations/general", { token: customer })).status).toBe(403);
    expect((await app.request("/admin/configurations/general")).status).toBe(401);
  });
});

describe("home sections: draft, sandbox, publish", () => {
  it("a saved draft is only in the sandbox data until published; publishing is audited", async () => {
    const hero = (await json(await app.request("/admin/home-sections/hero", { token: admin }))).data;
    expect(hero.draft).toBeNull();
    const before = (await json(await app.request("/v2/home-data"))).data;
    const title = "Barre para todas, desde hoy";
    const res = await app.request("/admin/home-sections/hero", {
      method: "PUT",
      token: admin,
      json: { ...hero.published, title },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.item.draft.title).toBe(title);
    expect(await lastAudit("home_section.draft_saved")).toMatchObject({ entityId: "hero" });
    // The public home is unchanged…
    const pub = (await json(await app.request("/v2/home-data"))).data;
    expect(pub.sections.find((s: any) => s.key === "hero").title).toBe(
      before.sections.find((s: any) => s.key === "hero").title,
    );
    // …and the staff preview shows the draft.
    const { homeData } = await import("../../app/.server/domain/content/service");
    const sandbox = await homeData(app.deps.db, { drafts: true });
    expect(sandbox.sections.find((s) => s.key === "hero")!.title).toBe(title);

    const pubRes = await app.request("/admin/home-sections/publish", { method: "POST", token: admin });
    expect(pubRes.status).toBe(200);
    expect((await json(pubRes)).data).toMatchObject({ Message: "Cambios publicados en el inicio", count: 1 });
    const after = (await json(await app.request("/v2/home-data"))).data;
    expect(after.sections.find((s: any) => s.key === "hero").title).toBe(title);
    expect(await lastAudit("home.published")).toMatchObject({ entity: "home" });
    // Nothing left to publish.
    const again = await app.request("/admin/home-sections/publish", { method: "POST", token: admin });
    expect(again.status).toBe(422);
    expect((await json(again)).error.message).toBe("No hay cambios pendientes de publicar");
  });

  it("hiding a section in a draft hides it from the sandbox only; discard drops it", async () => {
    const s = (await json(await app.request("/admin/home-sections/method", { token: admin }))).data;
    await app.request("/admin/home-sections/method", {
      method: "PUT",
      token: admin,
      json: { ...s.published, active: false },
    });
    const { homeData } = await import("../../app/.server/domain/content/service");
    expect((await homeData(app.deps.db, { drafts: true })).sections.some((x) => x.key === "method")).toBe(false);
    expect((await json(await app.request("/v2/home-data"))).data.sections.some((x: any) => x.key === "method")).toBe(
      true,
    );
    const d = await app.request("/admin/home-sections/discard", { method: "POST", token: admin });
    expect(d.status).toBe(200);
    expect((await json(await app.request("/admin/home-sections/method", { token: admin }))).data.draft).toBeNull();
  });

  it("the features' cards: added, edited, reordered and removed in a draft, public only once published", async () => {
    const s = (await json(await app.request("/admin/home-sections/method", { token: admin }))).data;
    const cards = s.published.items as { icon: string; title: string; text: string }[];
    expect(cards.map((c) => c.title)).toEqual(["Precisión", "Comunidad", "Ritmo"]);
    // Ritmo first, Comunidad removed, Precisión reworded, a new card at the end.
    const items = [
      cards[2],
      { ...cards[0], text: "Series cortas y precisas." },
      { icon: "sparkles", title: "Respiración", text: "Cada serie termina con una respiración guiada." },
    ];
    const res = await app.request("/admin/home-sections/method", {
      method: "PUT",
      token: admin,
      json: { ...s.published, items },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data.item.draft.items).toEqual(items);
    const publicItems = async () =>
      (await json(await app.request("/v2/home-data"))).data.sections.find((x: any) => x.key === "method").data.items;
    expect(await publicItems()).toEqual(cards);
    const { homeData } = await import("../../app/.server/domain/content/service");
    const sandbox = (await homeData(app.deps.db, { drafts: true })).sections.find((x) => x.key === "method")!;
    expect(sandbox.data.items).toEqual(items);

    expect((await app.request("/admin/home-sections/publish", { method: "POST", token: admin })).status).toBe(200);
    expect(await publicItems()).toEqual(items);
    // Saving the published cards again leaves no draft; a card without its text is refused in Spanish.
    const again = await app.request("/admin/home-sections/method", {
      method: "PUT",
      token: admin,
      json: { ...s.published, items },
    });
    expect((await json(again)).data.item.draft).toBeNull();
    const bad = await app.request("/admin/home-sections/method", {
      method: "PUT",
      token: admin,
      json: { ...s.published, items: [{ icon: "cohete", title: "", text: "" }] },
    });
    expect(bad.status).toBe(422);
    const fields = Object.fromEntries((await json(bad)).error.messages.map((m: any) => [m.field, m.message]));
    expect(fields).toMatchObject({
      "items.0.icon": "Elige un ícono de la lista",
      "items.0.title": "Cada tarjeta necesita un título",
      "items.0.text": "Cada tarjeta necesita un texto",
    });
  });

  it("a banner's points start from what visitors see and can be changed; other sections keep no list", async () => {
    const s = (await json(await app.request("/admin/home-sections/on-demand", { token: admin }))).data;
    expect(s.published.points).toEqual([
      "Clases en video de 15 a 50 minutos",
      "Transmisiones en vivo cada semana",
      "Sin equipo o con ligas y mancuernas ligeras",
    ]);
    // The same points saved again are no change.
    const same = await app.request("/admin/home-sections/on-demand", {
      method: "PUT",
      token: admin,
      json: s.published,
    });
    expect((await json(same)).data.item.draft).toBeNull();
    const points = ["Clases nuevas cada lunes", s.published.points[0]];
    await app.request("/admin/home-sections/on-demand", {
      method: "PUT",
      token: admin,
      json: { ...s.published, points },
    });
    // A list sent for a section without one is ignored.
    const hero = (await json(await app.request("/admin/home-sections/hero", { token: admin }))).data;
    const heroRes = await app.request("/admin/home-sections/hero", {
      method: "PUT",
      token: admin,
      json: { ...hero.published, items: [{ icon: "heart", title: "x", text: "y" }] },
    });
    expect((await json(heroRes)).data.item.draft).toBeNull();
    expect((await app.request("/admin/home-sections/publish", { method: "POST", token: admin })).status).toBe(200);
    const banner = (await json(await app.request("/v2/home-data"))).data.sections.find(
      (x: any) => x.key === "on-demand",
    );
    expect(banner.data.points).toEqual(points);
  });

  it("refuses bad input (Spanish, nothing saved), unknown sections and type-2 staff", async () => {
    const bad = await app.request("/admin/home-sections/hero", {
      method: "PUT",
      token: admin,
      json: { title: "x", cta_label: "Reserva", cta_link: "", sort_order: "uno", image_url: "javascript:alert(1)" },
    });
    expect(bad.status).toBe(422);
    const fields = Object.fromEntries((await json(bad)).error.messages.map((m: any) => [m.field, m.message]));
    expect(fields.sort_order).toBe("El orden debe ser un número entero de 0 a 999");
    expect(fields.image_url).toBe("La imagen debe ser una ruta del sitio (/images/…) o una dirección http(s)");
    expect((await json(await app.request("/admin/home-sections/hero", { token: admin }))).data.draft).toBeNull();
    const pair = await app.request("/admin/home-sections/hero", {
      method: "PUT",
      token: admin,
      json: { title: "x", cta_label: "Reserva", cta_link: "", sort_order: 1 },
    });
    expect((await json(pair)).error.messages[0]).toMatchObject({
      field: "cta_link",
      message: "El texto y el enlace del botón van juntos: llena los dos o ninguno",
    });
    expect((await app.request("/admin/home-sections/nada", { token: admin })).status).toBe(404);
    expect((await app.request("/admin/home-sections", { token: manager })).status).toBe(403);
    expect((await app.request("/admin/home-sections/publish", { method: "POST", token: manager })).status).toBe(403);
  });
});

describe("CMS pages (resource kit)", () => {
  it("edits a page's text and blocks; the public page answers the change; audited", async () => {
    const list = await json(await app.request("/admin/cms-pages?search=covid", { token: manager }));
    const covid = list.data.find((p: any) => p.slug === "covid");
    expect(covid.body).toContain("## ");
    const body = `${covid.body}\n\n## Nueva sección\nTexto nuevo de la sección.\n- Pregunta: respuesta`;
    const res = await app.request(`/admin/cms-pages/${covid.id}`, {
      method: "PUT",
      token: manager,
      json: { ...covid, title: "Protocolo de salud 2026", body },
    });
    expect(res.status).toBe(200);
    const page = (await json(await app.request("/v2/pages/covid"))).data;
    expect(page.title).toBe("Protocolo de salud 2026");
    expect(page.blocks.at(-1)).toEqual({
      heading: "Nueva sección",
      text: "Texto nuevo de la sección.",
      items: [{ title: "Pregunta", text: "respuesta" }],
    });
    const [entry] = await app.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "cms_page.updated"), eq(auditLog.entityId, String(covid.id))))
      .limit(1);
    expect(entry).toBeTruthy();
    // Unpublished: the public page is gone.
    await app.request(`/admin/cms-pages/${covid.id}`, {
      method: "PUT",
      token: manager,
      json: { ...covid, body, published: false },
    });
    expect((await app.request("/v2/pages/covid")).status).toBe(404);
  });

  it("refuses a taken or malformed address in Spanish; customers get 403", async () => {
    const taken = await app.request("/admin/cms-pages", {
      method: "POST",
      token: manager,
      json: { slug: "jobs", title: "Otra", body: "", published: true },
    });
    expect(taken.status).toBe(422);
    expect((await json(taken)).error.messages[0]).toEqual({
      field: "slug",
      message: "Ya existe una página con esa dirección",
    });
    const bad = await app.request("/admin/cms-pages", {
      method: "POST",
      token: manager,
      json: { slug: "Sobre Nosotros!", title: "", body: "" },
    });
    expect((await json(bad)).error.messages.map((m: any) => m.field)).toEqual(["slug", "title"]);
    const created = await app.request("/admin/cms-pages", {
      method: "POST",
      token: manager,
      json: { slug: "prensa", title: "Prensa", body: "Notas de prensa.", published: true },
    });
    expect(created.status).toBe(201);
    expect((await app.request("/admin/cms-pages", { token: customer })).status).toBe(403);
  });
});

describe("legal sections", () => {
  it("edits the FAQ (type 1), /v2/legals/faq shows it; 422 and 403", async () => {
    const faq = (await json(await app.request("/admin/legal-sections/faq", { token: admin }))).data;
    expect(faq.body).toContain("- ¿Necesito experiencia previa?: ");
    const body = `${faq.body}\n- ¿Puedo llevar a mi bebé?: Solo en Barre Prenatal.`;
    const res = await app.request("/admin/legal-sections/faq", {
      method: "PUT",
      token: admin,
      json: { title: faq.title, summary: faq.summary, body, published: true },
    });
    expect(res.status).toBe(200);
    const pub = (await json(await app.request("/v2/legals/faq"))).data;
    expect(JSON.stringify(pub.blocks)).toContain("¿Puedo llevar a mi bebé?");
    expect(await lastAudit("legal_section.updated")).toMatchObject({ entityId: "faq" });
    const bad = await app.request("/admin/legal-sections/faq", {
      method: "PUT",
      token: admin,
      json: { title: "", body: "   " },
    });
    expect(bad.status).toBe(422);
    expect((await json(bad)).error.messages.map((m: any) => m.message)).toEqual([
      "El título es requerido",
      "Escribe el contenido de la sección",
    ]);
    expect((await app.request("/admin/legal-sections/faq", { token: manager })).status).toBe(403);
    expect((await app.request("/admin/legal-sections/nada", { token: admin })).status).toBe(404);
  });
});

describe("invoice requests and foundation applications", () => {
  it("staff change an invoice request's status (audited); bad status is 422; customers 403", async () => {
    const [req] = await app.deps.db
      .insert(invoiceRequests)
      .values({
        rfc: "XAXX010101000",
        businessName: "Ana López",
        taxRegime: "616",
        postalCode: "06700",
        cfdiUse: "S01",
        purchaseReference: "NB-1",
        email: "ana@prueba.mx",
      })
      .returning();
    const bad = await app.request(`/admin/invoice-requests/${req!.id}`, {
      method: "PATCH",
      token: manager,
      json: { status: "lista" },
    });
    expect(bad.status).toBe(422);
    const ok = await app.request(`/admin/invoice-requests/${req!.id}`, {
      method: "PATCH",
      token: manager,
      json: { status: "issued", note: "Folio A-123" },
    });
    expect(ok.status).toBe(200);
    expect((await json(ok)).data.Message).toBe("Emitida");
    const list = await json(await app.request("/admin/invoice-requests?status=issued&search=NB-1", { token: manager }));
    expect(list.data[0]).toMatchObject({ id: req!.id, status: "issued", note: "Folio A-123" });
    expect((await app.request(`/admin/invoice-requests`, { token: customer })).status).toBe(403);
    // The CSV (tax data leaving the system) is audited.
    const csv = await app.request("/admin/invoice-requests?format=csv&search=NB-1", { token: admin });
    expect(await csv.text()).toContain("XAXX010101000");
    expect(await lastAudit("export.csv")).toMatchObject({ entityId: "invoice-requests" });
  });

  it("staff read one foundation application; unknown is 404 in Spanish", async () => {
    const [row] = await app.deps.db
      .insert(foundationApplications)
      .values({
        name: "Colectivo Danza Libre",
        email: "colectivo@prueba.mx",
        phone: "5512345678",
        city: "Monterrey",
        kind: "organization",
        organization: "Danza Libre AC",
        message: "Queremos clases para 12 jóvenes de la colonia.",
      })
      .returning();
    const one = await json(await app.request(`/admin/foundation-applications/${row!.id}`, { token: manager }));
    expect(one.data).toMatchObject({ name: "Colectivo Danza Libre", status: "new", organization: "Danza Libre AC" });
    const missing = await app.request("/admin/foundation-applications/999999", { token: manager });
    expect(missing.status).toBe(404);
    expect((await json(missing)).error.message).toBe("La solicitud no existe");
    expect((await app.request(`/admin/foundation-applications/${row!.id}`, { token: customer })).status).toBe(403);
  });
});
