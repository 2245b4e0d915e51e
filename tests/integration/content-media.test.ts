import { sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaFiles } from "../../app/.server/db/schema";
import { IMAGE_WIDTHS, responsiveSrc } from "../../app/lib/images";
import { setupTestApp } from "../support/app";
import { adminAndCustomer } from "../support/factories";

const app = setupTestApp();

let admin = "";
let customer = "";
beforeAll(async () => {
  ({ adminToken: admin, customerToken: customer } = await adminAndCustomer(app.deps.db));
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#883943" } })
    .jpeg({ quality: 90 })
    .toBuffer();

function upload(bytes: Uint8Array, name: string, token = admin, alt = "Salón de Polanco") {
  const form = new FormData();
  form.append("file", new File([new Uint8Array(bytes)], name, { type: "image/jpeg" }));
  form.append("alt", alt);
  return app.request("/admin/files", { method: "POST", body: form, token });
}

const count = async () => (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(mediaFiles))[0].n;

describe("files library: uploads resized for the pages", () => {
  it("stores a photo in every width as WebP, served with a year of caching", async () => {
    const res = await upload(await photo(2400, 1600), "polanco.jpg");
    expect(res.status).toBe(201);
    const { data } = (await res.json()) as any;
    expect(data).toMatchObject({ name: "polanco.jpg", alt: "Salón de Polanco", width: 2400, height: 1600 });
    const { srcSet } = responsiveSrc(data.url);
    expect(srcSet?.split(", ").length).toBe(IMAGE_WIDTHS.length);

    const small = await app.request(data.url.replace("/api", "").replace("-1280.webp", "-320.webp"));
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("image/webp");
    expect(small.headers.get("cache-control")).toContain("immutable");
    const bytes = Buffer.from(await small.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(320);
    const large = Buffer.from(await (await app.request(data.url.replace("/api", ""))).arrayBuffer());
    expect((await sharp(large).metadata()).width).toBe(1280);
    expect(bytes.length).toBeLessThan(large.length);
  });

  it("never enlarges a smaller picture", async () => {
    const { data } = (await (await upload(await photo(800, 600), "coach.jpg")).json()) as any;
    const big = Buffer.from(await (await app.request(data.url.replace("/api", ""))).arrayBuffer());
    expect((await sharp(big).metadata()).width).toBe(800);
  });

  it("refuses a PDF renamed .jpg, an empty upload, a tiny picture and a 50 MB file, storing nothing", async () => {
    const before = await count();
    const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF");
    const r1 = await upload(pdf, "factura.jpg");
    expect(r1.status).toBe(422);
    expect(((await r1.json()) as any).error.messages).toEqual([
      { field: "file", message: "El archivo no es una imagen JPG, PNG o WebP (aunque su nombre lo parezca)" },
    ]);

    const r2 = await app.request("/admin/files", { method: "POST", body: new FormData(), token: admin });
    expect(r2.status).toBe(422);
    expect(((await r2.json()) as any).errorMessage).toBe("Elige una imagen para subir");

    const r3 = await upload(await photo(100, 100), "icono.jpg");
    expect(r3.status).toBe(422);
    expect(((await r3.json()) as any).errorMessage).toContain("mide 100×100 px");

    const r4 = await app.request("/admin/files", {
      method: "POST",
      token: admin,
      headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(50 * 1024 * 1024) },
      body: "--x--",
    });
    expect(r4.status).toBe(413);
    expect(((await r4.json()) as any).errorMessage).toBe(
      "La imagen pesa 50 MB; el máximo es 4 MB. Redúcela o expórtala en menor calidad.",
    );
    expect(await count()).toBe(before);
  });

  it("lists and deletes for staff only", async () => {
    expect((await upload(await photo(800, 600), "x.jpg", customer)).status).toBe(403);
    const list = (await (await app.request("/admin/files?search=polanco.jpg", { token: admin })).json()) as any;
    expect(list.data.length).toBe(1);
    const id = list.data[0].id;
    const url = list.data[0].url.replace("/api", "");
    expect((await app.request(`/admin/files/${id}`, { method: "DELETE", token: customer })).status).toBe(403);
    expect((await app.request(`/admin/files/${id}`, { method: "DELETE", token: admin })).status).toBe(200);
    expect((await app.request(url)).status).toBe(404);
    expect((await app.request(`/admin/files/${id}`, { method: "DELETE", token: admin })).status).toBe(404);
  });
});
