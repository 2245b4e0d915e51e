import { desc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, foundationApplications, invoiceRequests, users } from "../../app/.server/db/schema";
import { createSession } from "../../app/.server/domain/identity/sessions";
import { isRfc } from "../../app/shared/mexico/rfc";
import { setupTestApp } from "../support/app";
import { createCast } from "../support/factories";

const app = setupTestApp();

async function tokenFor(email: string) {
  const [u] = await app.deps.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const { token } = await createSession(app.deps.db, u.id, {
    remember: false,
    now: new Date(),
    policy: { sessionHours: 12, rememberDays: 30 },
  });
  return token;
}

const json = async (res: Response) => (await res.json()) as any;
const countOf = async (table: typeof invoiceRequests | typeof foundationApplications) =>
  (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

const goodInvoice = {
  rfc: "gomr850315ab1",
  business_name: "  Regina   Gómez Martínez ",
  tax_regime: "612",
  postal_code: "06700",
  cfdi_use: "G03",
  purchase_reference: "NB-10234",
  email: "Regina@Example.com",
};

let admin = "";
let customer = "";
beforeAll(async () => {
  // This file's own accounts (not the demo ones).
  const cast = await createCast(app.deps.db);
  admin = await tokenFor(cast.admin.email);
  customer = await tokenFor(cast.customer.email);
});

describe("content pages and legals", () => {
  it("GET /v2/pages/{slug} answers a published CMS page, 404 otherwise", async () => {
    const res = await app.request("/v2/pages/about-us");
    expect(res.status).toBe(200);
    const { data } = await json(res);
    expect(data).toMatchObject({ slug: "about-us", title: "Somos Nucleo Barre" });
    expect(data.blocks.length).toBeGreaterThan(0);
    expect((await app.request("/v2/pages/no-existe")).status).toBe(404);
    expect((await app.request("/v2/pages/..%2Fadmin")).status).toBe(400);
  });

  it("GET /v2/legals lists the sections; /v2/legals/faq has questions", async () => {
    const list = await json(await app.request("/v2/legals"));
    expect(list.data.map((s: { slug: string }) => s.slug)).toEqual(["faq"]);
    const faq = await json(await app.request("/v2/legals/faq"));
    expect(faq.data.blocks[0].items.length).toBeGreaterThan(3);
  });
});

describe("invoice requests (/facturacion)", () => {
  it("the RFC pattern accepts natural and moral persons and refuses impossible dates", () => {
    expect(isRfc("GOMR850315AB1")).toBe(true);
    expect(isRfc("NBA160101K2A")).toBe(true);
    expect(isRfc("GOMR851315AB1")).toBe(false); // month 13
    expect(isRfc("GOMR850332AB1")).toBe(false); // day 32
    expect(isRfc("GOM850315AB")).toBe(false); // too short
  });

  it("stores a valid request, normalised, for anyone (no login needed)", async () => {
    const before = await countOf(invoiceRequests);
    const res = await app.request("/v2/invoice-requests", { method: "POST", form: goodInvoice });
    expect(res.status).toBe(201);
    expect((await json(res)).data.Message).toContain("regina@example.com");
    const [row] = await app.deps.db.select().from(invoiceRequests).orderBy(desc(invoiceRequests.id)).limit(1);
    expect(row).toMatchObject({
      rfc: "GOMR850315AB1",
      businessName: "REGINA GÓMEZ MARTÍNEZ",
      postalCode: "06700",
      status: "pending",
      email: "regina@example.com",
    });
    expect(await countOf(invoiceRequests)).toBe(before + 1);
  });

  it("refuses a bad RFC, postal code, regime or CFDI use with Spanish messages, storing nothing", async () => {
    const before = await countOf(invoiceRequests);
    const cases: [Record<string, string>, string, string][] = [
      [{ rfc: "XAXX0101" }, "rfc", "El RFC no es válido: revisa que tenga 12 o 13 caracteres y el formato del SAT"],
      [{ rfc: "" }, "rfc", "El RFC es requerido"],
      [{ postal_code: "0670" }, "postal_code", "El código postal debe tener 5 caracteres"],
      [{ postal_code: "06a00" }, "postal_code", "El código postal debe ser numérico"],
      [{ tax_regime: "999" }, "tax_regime", "El régimen fiscal es requerido"],
      [{ tax_regime: "601" }, "tax_regime", "Ese régimen fiscal no corresponde al tipo de RFC"],
      [{ cfdi_use: "" }, "cfdi_use", "El uso del CFDI es requerido"],
      [{ email: "no-es-email" }, "email", "El email debe ser valido"],
      [
        { purchase_reference: "<script>" },
        "purchase_reference",
        "La referencia solo puede tener letras, números y guiones",
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await app.request("/v2/invoice-requests", { method: "POST", form: { ...goodInvoice, ...patch } });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect((await json(res)).error.messages).toContainEqual({ field, message });
    }
    expect(await countOf(invoiceRequests)).toBe(before);
  });

  it("staff list, search and change the status (audited); customers may not", async () => {
    expect((await app.request("/admin/invoice-requests")).status).toBe(401);
    expect((await app.request("/admin/invoice-requests", { token: customer })).status).toBe(403);
    const list = await json(await app.request("/admin/invoice-requests?search=GOMR", { token: admin }));
    expect(list.meta.total).toBeGreaterThan(0);
    const id = list.data[0].id;
    const bad = await app.request(`/admin/invoice-requests/${id}`, {
      method: "PATCH",
      token: admin,
      json: { status: "lost" },
    });
    expect(bad.status).toBe(422);
    const ok = await app.request(`/admin/invoice-requests/${id}`, {
      method: "PATCH",
      token: admin,
      json: { status: "issued", note: "Folio A-1203" },
    });
    expect(ok.status).toBe(200);
    const [row] = await app.deps.db.select().from(invoiceRequests).where(eq(invoiceRequests.id, id));
    expect(row).toMatchObject({ status: "issued", note: "Folio A-1203" });
    const [entry] = await app.deps.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: "invoice_request.status", entityId: String(id) });
    const csv = await app.request("/admin/invoice-requests?format=csv", { token: admin });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(await csv.text()).toContain("GOMR850315AB1");
    expect(
      (
        await app.request("/admin/invoice-requests/999999", {
          method: "PATCH",
          token: admin,
          json: { status: "issued" },
        })
      ).status,
    ).toBe(404);
  });
});

describe("foundation applications", () => {
  const good = {
    name: "Lucía Hernández",
    email: "lucia@example.com",
    phone: "+52 55 1234 5678",
    city: "Ciudad de México",
    kind: "person",
    message: "Estoy en recuperación y mi médica me recomendó ejercicio de bajo impacto con supervisión.",
  };

  it("stores an application and staff see it", async () => {
    const res = await app.request("/v2/foundation/applications", { method: "POST", form: good });
    expect(res.status).toBe(201);
    const list = await json(await app.request("/admin/foundation-applications?search=Lucía", { token: admin }));
    expect(list.data[0]).toMatchObject({ name: "Lucía Hernández", phone: "5512345678", status: "new" });
    const upd = await app.request(`/admin/foundation-applications/${list.data[0].id}`, {
      method: "PATCH",
      token: admin,
      json: { status: "accepted" },
    });
    expect(upd.status).toBe(200);
    expect((await app.request("/admin/foundation-applications", { token: customer })).status).toBe(403);
  });

  it("an organisation needs its name; a short message or a bad phone is refused", async () => {
    const before = await countOf(foundationApplications);
    const org = await json(
      await app.request("/v2/foundation/applications", { method: "POST", form: { ...good, kind: "organization" } }),
    );
    expect(org.error.messages).toContainEqual({
      field: "organization",
      message: "El nombre de la organización es requerido",
    });
    const short = await json(
      await app.request("/v2/foundation/applications", { method: "POST", form: { ...good, message: "Hola" } }),
    );
    expect(short.error.messages).toContainEqual({ field: "message", message: "Escribe al menos 30 caracteres" });
    const phone = await json(
      await app.request("/v2/foundation/applications", { method: "POST", form: { ...good, phone: "123" } }),
    );
    expect(phone.error.messages).toContainEqual({ field: "phone", message: "El teléfono debe tener 10 dígitos" });
    expect(await countOf(foundationApplications)).toBe(before);
  });
});
