import { describe, expect, it } from "vitest";
import { boundedRequest, MAX_BODY_BYTES, readBody, UPLOAD_BODY_BYTES } from "../../app/.server/http/body";
import { AppError } from "../../app/.server/http/errors";
import { setupTestApp } from "../support/app";

/**
 * Bodies are never read whole before the size limit: a declared Content-Length over it is refused
 * before reading, a chunked body is counted while it streams and the reading stops at the limit.
 */
const CHUNK = 64 * 1024;

/** A body of `total` bytes in 64 KB chunks that records how much the server pulled. */
function countingBody(total: number) {
  const seen = { pulled: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (seen.pulled >= total) return controller.close();
      seen.pulled += CHUNK;
      controller.enqueue(new Uint8Array(CHUNK).fill(0x61));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  return { stream, seen };
}

function chunked(type: string, total: number, url = "http://x/api/login") {
  const { stream, seen } = countingBody(total);
  const req = new Request(url, {
    method: "POST",
    headers: { "content-type": type },
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { req, seen };
}

async function status(p: Promise<unknown>) {
  try {
    await p;
    return 200;
  } catch (err) {
    return err instanceof AppError ? err.status : 500;
  }
}

describe("readBody stops at the limit", () => {
  for (const type of ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
    it(`a chunked ${type.split(";")[0]} body of 20 MB is a 413 after reading about 1 MB`, async () => {
      const { req, seen } = chunked(type, 20_000_000);
      expect(await status(readBody(req))).toBe(413);
      expect(seen.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
      expect(seen.cancelled).toBe(true);
    });
  }

  it("a declared Content-Length over the limit is refused before reading anything", async () => {
    const { stream, seen } = countingBody(5_000_000);
    const req = new Request("http://x/api/login", {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": "5000000" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(await status(readBody(req))).toBe(413);
    expect(seen.pulled).toBeLessThanOrEqual(CHUNK); // the stream fills its first chunk by itself
  });

  it("an upload route's own larger limit lets a 2 MB multipart through, and still stops past it", async () => {
    const upload = () => {
      const form = new FormData();
      form.append("avatar", new Blob([new Uint8Array(2_000_000)], { type: "image/png" }), "a.png");
      return new Request("http://x/api/profile/user/avatar", { method: "POST", body: form });
    };
    expect(await status(readBody(upload()))).toBe(413);
    const body = await readBody(upload(), { limit: UPLOAD_BODY_BYTES });
    expect(body.avatar).toBeInstanceOf(File);

    const { req, seen } = chunked("multipart/form-data; boundary=x", 20_000_000);
    expect(await status(readBody(req, { limit: UPLOAD_BODY_BYTES }))).toBe(413);
    expect(seen.pulled).toBeLessThanOrEqual(UPLOAD_BODY_BYTES + 2 * CHUNK);
  });

  it("page requests (form actions) are read under the same limit", async () => {
    const { req, seen } = chunked("application/x-www-form-urlencoded", 20_000_000, "http://x/login");
    expect(await boundedRequest(req)).toBeNull();
    expect(seen.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
    const small = new Request("http://x/login", { method: "POST", body: new URLSearchParams({ a: "b" }) });
    const copy = await boundedRequest(small);
    expect(Object.fromEntries((await copy!.formData()).entries())).toEqual({ a: "b" });
  });
});

describe("through the API", () => {
  const app = setupTestApp();
  it("a chunked 20 MB body to /api/login answers 413 in the error shape", async () => {
    const { stream, seen } = countingBody(20_000_000);
    const res = await app.api.request("/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).errorMessage).toBe("El cuerpo de la petición es demasiado grande");
    expect(seen.pulled).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * CHUNK);
  });
});
