/**
 * Issue 20, item 11: a certification's facts (hours, modules, price) come from one record, so its
 * public page, the store's product page and the PDF say the same; the buyer's PDF is a multi-page
 * manual with their name.
 */
import { inflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { certifications, products } from "../../app/.server/db/schema";
import { certificationPdf } from "../../app/.server/domain/commerce/pdf";
import { loader as pageLoader } from "../../app/routes/site/content/certification-detail";
import { loader as productLoader } from "../../app/routes/commerce/product";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";
import { createStaff, sessionFor, unique } from "../support/factories";

const app = setupTestApp();

/** The text pdf-lib draws: WinAnsi hex strings (`<…> Tj`) in deflated content streams. */
function pdfText(pdf: Uint8Array) {
  const out: string[] = [];
  const bin = Buffer.from(pdf).toString("latin1");
  for (const m of bin.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      body = m[1]!;
    }
    for (const s of body.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(s[1]!, "hex").toString("latin1"));
  }
  return out.join("\n");
}

/** Every "N horas" a text says. */
const hoursSaid = (s: string) => [...s.matchAll(/(\d+)\s+horas?\b/g)].map((m) => Number(m[1]));

type Loader = (args: never) => Promise<unknown>;
const callLoader = (loader: Loader, params: Record<string, string>) =>
  loader({
    params,
    request: new Request("http://localhost/"),
    context: { deps: app.deps },
  } as never) as Promise<Record<string, unknown>>;

async function payWithCard(token: string) {
  const pm = await app.request("/v2/stripe/create-payment-method", {
    method: "POST",
    token,
    json: {
      type: "card",
      card: { number: "4242424242424242", exp_month: 12, exp_year: 30, cvc: "987" },
      billing_details: { name: "Ana Compras" },
      metadata: { iin: "42424242" },
    },
  });
  const { payment_method } = await pm.json();
  const si = await app.request("/v2/checkout/setup-intent", {
    method: "POST",
    token,
    json: { stripe_payment_method_id: payment_method.id, save_payment_method: false },
  });
  const body = await si.json();
  const paid = await app.request("/v2/checkout/make-payment", {
    method: "POST",
    token,
    json: { payment_intent_id: body.payment_intent_id },
  });
  expect(paid.status).toBe(200);
}

describe("a certification's facts", () => {
  it("the page, the store and the PDF show the same hours, modules and price", async () => {
    const [cert] = await app.deps.db.select().from(certifications).where(eq(certifications.slug, "nivel-1"));
    const [product] = await app.deps.db.select().from(products).where(eq(products.id, 6));
    expect(product!.certificationId).toBe(cert!.id);

    const page = await callLoader(pageLoader as Loader, { slug: "instructor-barre-nivel-1" });
    const store = await callLoader(productLoader as Loader, { id: "6" });
    const buyer = await newCustomer(app);
    const res = await app.request("/v2/carts", {
      method: "POST",
      token: buyer.token,
      json: { action: "addProduct", action_param: { product_id: 6 } },
    });
    expect(res.status).toBe(200);
    const brochure = pdfText(
      (await certificationPdf(app.deps.db, { id: buyer.id, name: "Ana", lastName: "Compras" }, 6)).bytes,
    );

    // No page repeats an hour count of its own: every "N horas" in words is the programme's.
    const modules = cert!.modules ?? [];
    const total = modules.reduce((n, m) => n + m.hours, 0);
    const allowed = new Set([total, ...modules.map((m) => m.hours)]);
    const said = [...hoursSaid(JSON.stringify(page)), ...hoursSaid(JSON.stringify(store)), ...hoursSaid(brochure)];
    expect(said.filter((h) => !allowed.has(h))).toEqual([]);

    // The same facts, from the one record.
    expect(total).toBe(40);
    const facts = (d: Record<string, unknown>, key: string) =>
      d[key] as { hours: number; modules: { title: string; hours: number }[]; product: { price_cents: number } };
    const onPage = facts(page.program as Record<string, unknown>, "programme");
    const inStore = facts(store, "programme");
    for (const f of [onPage, inStore]) {
      expect(f.hours).toBe(total);
      expect(f.modules.map((m) => [m.title, m.hours])).toEqual(modules.map((m) => [m.title, m.hours]));
      expect(f.product.price_cents).toBe(product!.priceCents);
    }
    expect(brochure).toContain(`${total} horas`);
    expect(brochure).toContain((store.product as { display_price: string }).display_price);
    for (const m of modules) expect(brochure).toContain(`${m.title}`);
    for (const m of modules) expect(brochure).toContain(`${m.hours} horas`);
    // The cart's programme has the summaries, not the manual's text.
    expect(brochure).toContain(modules[0]!.summary);
    expect(brochure).not.toContain(modules[0]!.content.split("\n")[0]!.slice(0, 40));
  });

  it("the buyer's manual is a multi-page PDF with their name, contents and each module's text", async () => {
    const buyer = await newCustomer(app);
    await app.request("/v2/carts", {
      method: "POST",
      token: buyer.token,
      json: { action: "addProduct", action_param: { product_id: 6 } },
    });
    await payWithCard(buyer.token);
    const { bytes } = await certificationPdf(app.deps.db, { id: buyer.id, name: "Ana Sofía", lastName: "Núñez" }, 6);
    const doc = await PDFDocument.load(bytes);
    const [cert] = await app.deps.db.select().from(certifications).where(eq(certifications.slug, "nivel-1"));
    const modules = cert!.modules ?? [];
    // Cover, contents, introduction and one section per module.
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(3 + modules.length);
    const text = pdfText(bytes);
    expect(text).toContain("Ana Sofía Núñez");
    expect(text).toContain("Contenido");
    expect(text).toContain(`Página 2 de ${doc.getPageCount()}`);
    modules.forEach((m, i) => {
      expect(text).toContain(`Módulo ${i + 1}`);
      expect(text).toContain(m.title);
    });
    expect(text).toContain(modules[0]!.content.split(/\s+/).slice(0, 5).join(" "));
  });

  it("staff edit the modules in one text; the hours are their sum; a bad module is refused in Spanish", async () => {
    const manager = await sessionFor(app.deps.db, await createStaff(app.deps.db, "manager"));
    const slug = `cert-${unique()}`;
    const body = {
      name: "Barre para adultos mayores",
      slug,
      modality: "Presencial",
      schedule: "3 sábados",
      modules: "Movilidad | 6\nRangos seguros.\nTexto del manual.\n---\nEquilibrio | 4\nPrevención de caídas.",
      allows_deposit: false,
    };
    const bad = await app.request("/admin/certifications", {
      method: "POST",
      token: manager,
      json: { ...body, modules: "Movilidad sin horas\nResumen" },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain("Módulo 1: la primera línea debe ser «Título | horas»");
    expect(await app.deps.db.select().from(certifications).where(eq(certifications.slug, slug))).toHaveLength(0);
    const res = await app.request("/admin/certifications", { method: "POST", token: manager, json: body });
    expect(res.status).toBe(201);
    const { item } = (await res.json()).data;
    expect(item).toMatchObject({ hours: 10, modality: "Presencial", schedule: "3 sábados" });
    const [row] = await app.deps.db.select().from(certifications).where(eq(certifications.slug, slug));
    expect(row!.modules).toEqual([
      { title: "Movilidad", hours: 6, summary: "Rangos seguros.", content: "Texto del manual." },
      { title: "Equilibrio", hours: 4, summary: "Prevención de caídas.", content: "" },
    ]);
  });
});
