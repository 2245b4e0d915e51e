import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { securityHeaderList } from "~/.server/http/security";
import { staticFiles } from "../../server/static.mjs";
import { precompressDir } from "../../tools/vite-precompress";

let dir: string;
let server: http.Server;
let base: string;
const script = `export const texts = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `texto ${i}`))};`;

function get(p: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = http.request(new URL(p, base), { headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "nb-static-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.mkdirSync(path.join(dir, "images"));
  fs.writeFileSync(path.join(dir, "assets/app-abc123.js"), script);
  fs.writeFileSync(path.join(dir, "assets/app-abc123.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, "assets/app-abc123.js.gz"), zlib.gzipSync(script));
  // Not precompressed: sent as it is (the build precompresses everything, the manifest included).
  fs.writeFileSync(path.join(dir, "assets/manifest-1.js"), script);
  fs.writeFileSync(path.join(dir, "images/logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  fs.writeFileSync(path.join(dir, "favicon.ico"), Buffer.alloc(100));
  const serve = staticFiles(dir, securityHeaderList(true));
  server = http.createServer((req, res) => {
    if (!serve(req, res)) {
      res.statusCode = 418;
      res.end("app");
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("server/static.mjs", () => {
  it("answers a hashed asset from memory with the security headers and a year of cache", async () => {
    const res = await get("/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(script);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["strict-transport-security"]).toBeTruthy();
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["vary"]).toBe("Accept-Encoding");
    expect(res.headers["content-encoding"]).toBeUndefined();
  });

  it("sends the brotli or gzip file the build wrote, as the client accepts", async () => {
    const br = await get("/assets/app-abc123.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get("/assets/app-abc123.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    const refused = await get("/assets/app-abc123.js", { "accept-encoding": "br;q=0" });
    expect(refused.headers["content-encoding"]).toBeUndefined();
  });

  it("sends a file without precompressed copies as it is (nothing is compressed at start)", async () => {
    const plain = await get("/assets/manifest-1.js", { "accept-encoding": "br" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it("the build's precompressDir writes the missing .br/.gz copies (the route manifest's) and keeps the others", async () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "nb-precompress-"));
    fs.writeFileSync(path.join(out, "manifest-2.js"), script);
    fs.writeFileSync(path.join(out, "done.js"), script);
    fs.writeFileSync(path.join(out, "done.js.br"), "kept");
    await precompressDir(out);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(out, "manifest-2.js.br"))).toString()).toBe(script);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(out, "manifest-2.js.gz"))).toString()).toBe(script);
    expect(fs.readFileSync(path.join(out, "done.js.br"), "utf8")).toBe("kept");
    fs.rmSync(out, { recursive: true, force: true });
  });

  it("gives SVG files the document headers (CSP, frame policy) and small files no encoding", async () => {
    const svg = await get("/images/logo.svg", { "accept-encoding": "br" });
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(svg.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(svg.headers["cache-control"]).toBe("public, max-age=3600");
    expect(svg.headers["content-encoding"]).toBeUndefined();
    const ico = await get("/favicon.ico");
    expect(ico.headers["x-content-type-options"]).toBe("nosniff");
    expect(ico.headers["content-security-policy"]).toBeUndefined();
  });

  it("answers 304 to a matching ETag and HEAD without a body", async () => {
    const first = await get("/assets/app-abc123.js");
    const again = await get("/assets/app-abc123.js", { "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/assets/app-abc123.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers["content-length"])).toBe(script.length);
  });

  it("lets every other request through to the app, without touching the disk", async () => {
    expect((await get("/")).status).toBe(418);
    expect((await get("/api/cities")).status).toBe(418);
    expect((await get("/assets/missing.js")).status).toBe(418);
    expect((await get("/assets/app-abc123.js", {}, "POST")).status).toBe(418);
    expect((await get("/assets/%E0%A4%A")).status).toBe(418);
  });
});
