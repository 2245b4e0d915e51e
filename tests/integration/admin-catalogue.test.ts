/**
 * Issue 10, the catalogue back office built with the resource kit: on-demand plans, products
 * (areas, photos through the image pipeline), certifications and shipping methods. Spanish 422s,
 * 403 for customers and cashiers, audit entries in the Bitácora, and the public catalogue reads
 * (what /on-demand/buy-plans, /store and the checkout's shipping tab use) show each change at once.
 * Also the commerce permissions of the older admin calls (payments, refunds, shipments).
 */
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ttlCache } from "../../app/.server/cache/ttl";
import { createCustomer, createStaff, sessionFor, unique } from "../support/factories";
import { setupTestApp } from "../support/app";
import { auditActionsOf, fieldErrorsOf } from "../support/audit";

const app = setupTestApp({ cache: ttlCache(60_000) });
const json = async (res: Response) => (await res.json()) as any;
let manager = "";
let cashier = "";
let customer = "";

beforeAll(async () => {
  manager = await sessionFor(app.deps.db, await createStaff(app.deps.db, "manager"));
  cashier = await sessionFor(app.deps.db, await createStaff(app.deps.db, "cashier"));
  customer = await sessionFor(app.deps.db, await createCustomer(app.deps.db));
});

const actionsOf = (entity: string, id: number) => auditActionsOf(app.deps.db, entity, id);

const fieldErrors = fieldErrorsOf;

describe("on-demand plans", () => {
  it("refuses bad input in Spanish and changes nothing", async () => {
    const res = await app.request("/admin/plans", {
      method: "POST",
      token: manager,
      json: { name: " ", sessions: "", unlimited: false, duration_days: 1.5, price_cents: -1 },
    });
    expect(res.status).toBe(422);
    expect(await fieldErrors(res)).toEqual({
      name: "El nombre es requerido",
      sessions: "Las clases deben ser un número entero de 1 a 1000",
      duration_days: "La vigencia debe ser un número entero de 1 a 3650 días",
      price_cents: "El monto debe ser una cantidad en pesos con máximo dos decimales",
    });
  });

  it("creates, edits and deactivates, audited; the public plans follow", async () => {
    const name = `Plan ${unique()}`;
    const res = await app.request("/admin/plans", {
      method: "POST",
      token: manager,
      json: { name, unlimited: true, sessions: 3, duration_days: 30, price_cents: 49_900 },
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ name, sessions: null, unlimited: true, price_cents: 49_900, active: true });
    const pub = async () => (await json(await app.request("/v2/plans"))).data.find((p: any) => p.id === item.id);
    expect((await pub()).display_price).toBe("$499");

    const put = await app.request(`/admin/plans/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { name, unlimited: false, sessions: 8, duration_days: 45, price_cents: 59_950 },
    });
    expect(put.status).toBe(200);
    expect(await pub()).toMatchObject({ sessions: 8, duration_days: 45, price_cents: 59_950, unlimited: false });

    await app.request(`/admin/plans/${item.id}/deactivate`, { method: "POST", token: manager });
    expect(await pub()).toBeUndefined();
    expect(await actionsOf("plan", item.id)).toEqual(["plan.created", "plan.updated", "plan.deactivated"]);
  });

  it("answers 400, never 500, to a body that is not an object", async () => {
    for (const path of ["/admin/plans", "/admin/products", "/admin/packs"]) {
      const res = await app.request(path, {
        method: "POST",
        token: manager,
        body: "null",
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status, path).toBe(400);
    }
  });

  it("is for the back office only", async () => {
    expect((await app.request("/admin/plans", { token: customer })).status).toBe(403);
    expect((await app.request("/admin/plans", { token: cashier })).status).toBe(403);
    const res = await app.request("/admin/plans", {
      method: "POST",
      token: cashier,
      json: { name: "X", unlimited: true, duration_days: 30, price_cents: 100 },
    });
    expect(res.status).toBe(403);
  });
});

describe("class packs", () => {
  it("created and edited in the back office, then sold in the catalogue; bad input refused in Spanish", async () => {
    const bad = await app.request("/admin/packs", {
      method: "POST",
      token: manager,
      json: { city_id: "", name: "", validity_days: "30", price_cents: "1000", unlimited: true },
    });
    expect(await fieldErrors(bad)).toEqual({ city_id: "Seleccione una ciudad", name: "El nombre es requerido" });
    const noCity = await app.request("/admin/packs", {
      method: "POST",
      token: manager,
      json: { city_id: 999_999, name: "X", validity_days: 30, price_cents: 1000, unlimited: true },
    });
    expect(await fieldErrors(noCity)).toEqual({ city_id: "Seleccione una ciudad" });

    const body = {
      city_id: "2",
      name: "Paquete 20 clases",
      sessions: "20",
      validity_days: "120",
      price_cents: 420_050,
    };
    const res = await app.request("/admin/packs", { method: "POST", token: manager, json: body });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ city_id: 2, sessions: 20, price_cents: 420_050, active: true, is_intro_offer: false });
    const pub = async () =>
      (await json(await app.request("/v2/packs?city_id=2"))).data.find((x: { id: number }) => x.id === item.id);
    expect((await pub()).display_price).toBe("$4,200.50");
    await app.request(`/admin/packs/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...body, unlimited: true, validity_days: 30, price_cents: 300_000 },
    });
    expect(await pub()).toMatchObject({ sessions: null, unlimited: true, validity_days: 30, price_cents: 300_000 });
    await app.request(`/admin/packs/${item.id}/deactivate`, { method: "POST", token: manager });
    expect(await pub()).toBeUndefined();
    expect(await actionsOf("pack", item.id)).toEqual(["pack.created", "pack.updated", "pack.deactivated"]);
    expect((await app.request("/admin/packs", { token: cashier })).status).toBe(403);
    const listed = await json(await app.request("/admin/packs?city_id=2&status=inactive", { token: manager }));
    expect(listed.data.map((p: { id: number }) => p.id)).toContain(item.id);
  });
});

describe("certifications", () => {
  it("creates with its PDF text and deposit option; a taken slug is refused", async () => {
    const slug = `cert-${unique()}`;
    const body = { name: "Instructora Barre", slug, pdf_content: "Módulo 1\n\nMódulo 2", allows_deposit: true };
    const res = await app.request("/admin/certifications", { method: "POST", token: manager, json: body });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ slug, pdf_content: "Módulo 1\n\nMódulo 2", allows_deposit: true });
    const again = await app.request("/admin/certifications", { method: "POST", token: manager, json: body });
    expect(again.status).toBe(422);
    expect(await fieldErrors(again)).toEqual({ slug: "Ya existe una certificación con ese identificador" });
    const bad = await app.request("/admin/certifications", {
      method: "POST",
      token: manager,
      json: { name: "X", slug: "Con Espacios" },
    });
    expect(await fieldErrors(bad)).toEqual({
      slug: "El identificador admite de 2 a 80 minúsculas, números o guiones",
    });
    const put = await app.request(`/admin/certifications/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...body, allows_deposit: false },
    });
    expect((await json(put)).data.item.allows_deposit).toBe(false);
    expect(await actionsOf("certification", item.id)).toEqual(["certification.created", "certification.updated"]);
    expect((await app.request("/admin/certifications", { token: cashier })).status).toBe(403);
  });
});

describe("products", () => {
  const base = {
    area: "barreByNucleo",
    description: "Algodón",
    price_cents: 35_000,
    stock: 12,
    require_shipping: true,
    min_purchase: 1,
    max_purchase: 3,
  };

  it("refuses bad input in Spanish", async () => {
    const res = await app.request("/admin/products", {
      method: "POST",
      token: manager,
      json: { ...base, name: "Calcetas", area: "tienda", stock: -1, min_purchase: 0 },
    });
    expect(res.status).toBe(422);
    expect(await fieldErrors(res)).toEqual({
      area: "Elija un área: Juice Bar, Barre by Nucleo o Certificación",
      stock: "Las existencias deben ser un número entero de 0 a 1,000,000",
      min_purchase: "La compra mínima debe ser un número entero de 1 a 999",
    });
    const rules = await app.request("/admin/products", {
      method: "POST",
      token: manager,
      json: { ...base, name: "Calcetas", min_purchase: 4, max_purchase: 2, certification_id: 1 },
    });
    expect(await fieldErrors(rules)).toEqual({
      max_purchase: "La compra máxima no puede ser menor que la mínima",
      certification_id: "Solo los productos del área Certificación llevan una certificación",
    });
    const cert = await app.request("/admin/products", {
      method: "POST",
      token: manager,
      json: { ...base, name: "Certificación", area: "certificate" },
    });
    expect(await fieldErrors(cert)).toEqual({ certification_id: "Elija la certificación que se vende" });
    const missing = await app.request("/admin/products", {
      method: "POST",
      token: manager,
      json: { ...base, name: "Certificación", area: "certificate", certification_id: 999_999 },
    });
    expect(await fieldErrors(missing)).toEqual({ certification_id: "La certificación no existe" });
  });

  it("creates, lists by area, edits price and stock; the store shows it", async () => {
    const name = `Calcetas ${unique()}`;
    const res = await app.request("/admin/products", { method: "POST", token: manager, json: { ...base, name } });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ name, area: "barreByNucleo", stock: 12, require_shipping: true, images: [] });

    const inArea = await json(
      await app.request(`/admin/products?area=barreByNucleo&search=${name}`, { token: manager }),
    );
    expect(inArea.data.map((p: any) => p.id)).toEqual([item.id]);
    const other = await json(await app.request(`/admin/products?area=juiceBar&search=${name}`, { token: manager }));
    expect(other.data).toEqual([]);
    expect((await app.request("/admin/products?area=tienda", { token: manager })).status).toBe(422);

    await app.request(`/admin/products/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...base, name, price_cents: 39_950, stock: null, max_purchase: 0 },
    });
    const store = await json(await app.request("/v2/products?area=barreByNucleo"));
    expect(store.data.find((p: any) => p.id === item.id)).toMatchObject({
      price_cents: 39_950,
      stock: null,
      in_stock: true,
      max_purchase: 0,
    });
    const csv = await app.request("/admin/products?format=csv&area=barreByNucleo", { token: manager });
    expect(await csv.text()).toContain(name);
    expect(await actionsOf("product", item.id)).toEqual(["product.created", "product.updated"]);
  });

  it("sells a certification as a certificate product", async () => {
    const cert = await json(
      await app.request("/admin/certifications", {
        method: "POST",
        token: manager,
        json: { name: "Pilates", slug: `pilates-${unique()}`, pdf_content: "Temario" },
      }),
    );
    const res = await app.request("/admin/products", {
      method: "POST",
      token: manager,
      json: {
        ...base,
        name: "Certificación Pilates",
        area: "certificate",
        stock: "",
        require_shipping: false,
        certification_id: cert.data.item.id,
      },
    });
    expect(res.status).toBe(201);
    expect((await json(res)).data.item).toMatchObject({ certification_id: cert.data.item.id, stock: null });
  });

  it("saves the photos chosen in the form (files library addresses); absent photos stay; bad ones refused", async () => {
    const name = `Termo ${unique()}`;
    const photos = ["/api/files/content/0123456789abcdef0123-1280.webp", "/images/store/termo.webp"];
    const res = await app.request("/admin/products", {
      method: "POST",
      token: manager,
      json: { ...base, name, images: photos },
    });
    expect(res.status).toBe(201);
    const { item } = (await json(res)).data;
    expect(item).toMatchObject({ images: photos, image: photos[0] });
    // A body without `images` (an older caller) leaves them as they are; a reorder is saved.
    const kept = await app.request(`/admin/products/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...base, name },
    });
    expect((await json(kept)).data.item.images).toEqual(photos);
    const reordered = await app.request(`/admin/products/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...base, name, images: [photos[1]] },
    });
    expect((await json(reordered)).data.item.images).toEqual([photos[1]]);
    const bad = await app.request(`/admin/products/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...base, name, images: ["https://otro.sitio/x.png"] },
    });
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await json(bad))).toContain("Las fotos deben ser imágenes de la biblioteca de archivos");
    const many = await app.request(`/admin/products/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { ...base, name, images: Array.from({ length: 9 }, (_, i) => `/images/p${i}.webp`) },
    });
    expect(JSON.stringify(await json(many))).toContain("Un producto admite máximo 8 fotos");
    expect(await actionsOf("product", item.id)).toEqual(["product.created", "product.updated"]);
  });

  it("adds photos through the image pipeline and removes them, audited", async () => {
    const { data } = await json(
      await app.request("/admin/products", {
        method: "POST",
        token: manager,
        json: { ...base, name: `Leggings ${unique()}` },
      }),
    );
    const id = data.item.id;
    const png = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 140 } },
    })
      .png()
      .toBuffer();
    const upload = (bytes: Uint8Array, as = manager) => {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), "foto.png");
      return app.request(`/admin/products/${id}/photos`, { method: "POST", token: as, body: form });
    };
    const bad = await upload(new TextEncoder().encode("no es imagen"));
    expect(bad.status).toBe(422);
    expect(await fieldErrors(bad)).toEqual({
      file: "El archivo no es una imagen JPG, PNG o WebP (aunque su nombre lo parezca)",
    });
    expect((await upload(png, cashier)).status).toBe(403);

    const res = await upload(png);
    expect(res.status).toBe(201);
    const url: string = (await json(res)).data.item.images[0];
    expect(url).toMatch(/^\/api\/files\/content\/[a-f0-9]{20}-1280\.webp$/);
    const file = await app.request(url.slice("/api".length));
    expect(file.status).toBe(200);
    const store = await json(await app.request(`/v2/products/${id}`));
    expect(store.data.image).toBe(url);

    const gone = await app.request(`/admin/products/${id}/photos/remove`, {
      method: "POST",
      token: manager,
      json: { url: "/api/files/content/otra.webp" },
    });
    expect(gone.status).toBe(422);
    const removed = await app.request(`/admin/products/${id}/photos/remove`, {
      method: "POST",
      token: manager,
      json: { url },
    });
    expect((await json(removed)).data.item.images).toEqual([]);
    expect(await actionsOf("product", id)).toEqual(["product.created", "product.photo_added", "product.photo_removed"]);
  });
});

describe("shipping methods", () => {
  it("edits a price and the checkout's shipping tab shows it", async () => {
    const name = `Express ${unique()}`;
    const bad = await app.request("/admin/shipping-methods", {
      method: "POST",
      token: manager,
      json: { name, price_cents: -5 },
    });
    expect(await fieldErrors(bad)).toEqual({
      price_cents: "El monto debe ser una cantidad en pesos con máximo dos decimales",
    });
    const res = await app.request("/admin/shipping-methods", {
      method: "POST",
      token: manager,
      json: { name, description: "1 a 2 días", price_cents: 15_000 },
    });
    const { item } = (await json(res)).data;
    await app.request(`/admin/shipping-methods/${item.id}`, {
      method: "PUT",
      token: manager,
      json: { name, description: "1 a 2 días", price_cents: 18_950 },
    });
    const methods = await json(
      await app.request("/v2/store/shipping/methods", { method: "POST", token: customer, json: {} }),
    );
    expect(methods.data.find((m: any) => m.id === item.id)).toMatchObject({ price_cents: 18_950 });
    await app.request(`/admin/shipping-methods/${item.id}/deactivate`, { method: "POST", token: manager });
    const after = await json(
      await app.request("/v2/store/shipping/methods", { method: "POST", token: customer, json: {} }),
    );
    expect(after.data.find((m: any) => m.id === item.id)).toBeUndefined();
    expect(await actionsOf("shipping_method", item.id)).toEqual([
      "shipping_method.created",
      "shipping_method.updated",
      "shipping_method.deactivated",
    ]);
  });
});

describe("commerce permissions of the older admin calls", () => {
  it("refuses cashiers and customers on payments, refunds and shipments", async () => {
    for (const token of [cashier, customer]) {
      expect((await app.request("/admin/payments", { token })).status).toBe(403);
      expect((await app.request("/admin/payments/1/refund", { method: "POST", token })).status).toBe(403);
      expect((await app.request("/admin/shipments", { token })).status).toBe(403);
      expect(
        (
          await app.request("/admin/shipments/1", {
            method: "POST",
            token,
            json: { status: "shipped", carrier: "dhl", tracking_number: "1234567890" },
          })
        ).status,
      ).toBe(403);
    }
    expect((await app.request("/admin/payments", { token: manager })).status).toBe(200);
    expect((await app.request("/admin/shipments", { token: manager })).status).toBe(200);
  });
});
