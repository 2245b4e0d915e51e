import zlib from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { compressAnswers, MIN_COMPRESS_BYTES, pickEncoding } from "~/.server/http/compress";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Estudio número ${i}` })) };

function app() {
  const a = new Hono();
  a.use("*", compressAnswers());
  a.get("/big", (c) => c.json(big));
  a.get("/small", (c) => c.json({ ok: true }));
  a.get("/events", (c) => c.body("data: x\n\n".repeat(500), 200, { "Content-Type": "text/event-stream" }));
  a.get("/png", (c) => c.body(new Uint8Array(5000), 200, { "Content-Type": "image/png" }));
  a.get("/page", () => {
    const enc = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(enc.encode("<!DOCTYPE html><html><body>"));
        for (let i = 0; i < 300; i++) controller.enqueue(enc.encode(`<p>Clase ${i} de barre</p>`));
        controller.enqueue(enc.encode("</body></html>"));
        controller.close();
      },
    });
    return new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8" } });
  });
  return a;
}

const get = (path: string, accept?: string) =>
  app().request(path, { headers: accept ? { "accept-encoding": accept } : {} });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("pickEncoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("deflate")).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
    expect(pickEncoding("brotli")).toBeNull();
  });
});

describe("compressAnswers", () => {
  it("compresses a JSON answer with brotli or gzip, and the client reads the same JSON", async () => {
    const plain = JSON.stringify(big);
    const br = await get("/big", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    const brBody = await bytes(br);
    expect(brBody.length).toBeLessThan(plain.length / 3);
    expect(zlib.brotliDecompressSync(brBody).toString()).toBe(plain);

    const gz = await get("/big", "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(zlib.gunzipSync(await bytes(gz)).toString()).toBe(plain);
  });

  it("leaves the answer plain (but varying) when the client accepts no encoding", async () => {
    const res = await get("/big");
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(await res.json()).toEqual(big);
  });

  it("does not compress small answers, event streams or images", async () => {
    expect(JSON.stringify({ ok: true }).length).toBeLessThan(MIN_COMPRESS_BYTES);
    const small = await get("/small", "br");
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ ok: true });
    expect((await get("/events", "br")).headers.get("content-encoding")).toBeNull();
    expect((await get("/png", "br")).headers.get("content-encoding")).toBeNull();
  });

  it("compresses a streamed page chunk by chunk to the same document", async () => {
    const plain = await (await get("/page")).text();
    const res = await get("/page", "br");
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(zlib.brotliDecompressSync(await bytes(res)).toString()).toBe(plain);
    const gz = await get("/page", "gzip");
    expect(zlib.gunzipSync(await bytes(gz)).toString()).toBe(plain);
  });
});
