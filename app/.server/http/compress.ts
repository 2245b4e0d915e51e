import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";

/** Content types worth compressing: HTML, JSON, React Router's data answers, scripts, SVG, CSV… */
const COMPRESSIBLE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i;
/** Below this size compression costs more than it saves (and a TCP packet holds it anyway). */
export const MIN_COMPRESS_BYTES = 1024;

type Encoding = "br" | "gzip";

/** The best encoding the client accepts (brotli, then gzip), or null. `q=0` refuses one. */
export function pickEncoding(accept: string | undefined): Encoding | null {
  if (!accept) return null;
  const ok = (name: string) => {
    const m = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?\\s*(?:,|$)`, "i").exec(accept);
    return !!m && (m[1] === undefined || Number(m[1]) > 0);
  };
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

// Dynamic answers are compressed as they are made: brotli at a fast level (the build precompresses
// static files at the slowest, best one).
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };
const gzipOptions = { level: 6 };

function compressBuffer(buf: Uint8Array, enc: Encoding) {
  return enc === "br" ? zlib.brotliCompressSync(buf, brotliOptions) : zlib.gzipSync(buf, gzipOptions);
}

/** Compresses a streamed body (server-rendered pages) without holding it back: what React has
 * written so far is flushed once the current burst of chunks is over. */
function compressStream(body: ReadableStream<Uint8Array>, enc: Encoding): ReadableStream<Uint8Array> {
  const z = enc === "br" ? zlib.createBrotliCompress(brotliOptions) : zlib.createGzip(gzipOptions);
  const flushKind = enc === "br" ? zlib.constants.BROTLI_OPERATION_FLUSH : zlib.constants.Z_SYNC_FLUSH;
  const reader = body.getReader();
  let flushScheduled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      z.on("data", (d: Buffer) => controller.enqueue(new Uint8Array(d.buffer, d.byteOffset, d.byteLength)));
      z.on("end", () => controller.close());
      z.on("error", (err) => controller.error(err));
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            z.write(value);
            if (!flushScheduled) {
              flushScheduled = true;
              setImmediate(() => {
                flushScheduled = false;
                if (!z.writableEnded) z.flush(flushKind);
              });
            }
          }
          z.end();
        } catch (err) {
          z.destroy(err as Error);
        }
      })();
    },
    cancel(reason) {
      void reader.cancel(reason);
      z.destroy();
    },
  });
}

// @hono/node-server's light Response keeps a string or bytes body without building a real Response;
// reading it through that cache keeps small JSON answers on the fast path.
const cacheKeyOf = (res: Response) => Object.getOwnPropertySymbols(res).find((s) => s.description === "cache");

function appendVary(headers: Headers) {
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Accept-Encoding");
  else if (!/accept-encoding/i.test(vary)) headers.set("Vary", `${vary}, Accept-Encoding`);
}

/**
 * Compresses HTML, JSON and the other text answers with brotli or gzip, as the client accepts.
 * Answers under 1 KB, already encoded, event streams and HEAD requests pass untouched. Bodies held
 * in memory (JSON) are compressed at once; streamed ones (pages) chunk by chunk.
 */
export function compressAnswers(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method === "HEAD") return;
    const res = c.res;
    const status = res.status;
    if (status < 200 || status === 204 || status === 206 || status === 304) return;
    let headers = res.headers;
    if (headers.has("Content-Encoding") || !COMPRESSIBLE.test(headers.get("Content-Type") ?? "")) return;
    if (/no-transform/i.test(headers.get("Cache-Control") ?? "")) return;
    const enc = pickEncoding(c.req.header("accept-encoding"));

    const key = cacheKeyOf(res);
    // Cast kept: Hono's cached body sits under a private symbol of the Response, absent from its type.
    const cached = key ? ((res as unknown as Record<symbol, unknown>)[key] as [number, unknown, unknown]) : undefined;
    let held = cached && (typeof cached[1] === "string" || cached[1] instanceof Uint8Array) ? cached[1] : null;
    // JSON is never streamed here: read it whole, so small answers stay plain on every path.
    if (held === null && res.body && /^application\/json/i.test(headers.get("Content-Type") ?? "")) {
      held = new Uint8Array(await res.arrayBuffer());
      c.res = undefined as never;
      c.res = new Response(held as BodyInit, { status, headers });
      headers = c.res.headers;
    }
    if (held !== null) {
      const bytes = typeof held === "string" ? Buffer.from(held) : held;
      if (bytes.byteLength < MIN_COMPRESS_BYTES) return;
      appendVary(headers);
      if (!enc) return;
      const out = compressBuffer(bytes, enc);
      headers.set("Content-Encoding", enc);
      headers.set("Content-Length", String(out.byteLength));
      c.res = undefined as never; // replace the answer without Hono merging the old one into it
      c.res = new Response(out, { status, headers });
      return;
    }
    const length = Number(headers.get("Content-Length") ?? NaN);
    if (!res.body || length < MIN_COMPRESS_BYTES) return;
    appendVary(headers);
    if (!enc) return;
    headers.delete("Content-Length");
    headers.set("Content-Encoding", enc);
    const body = compressStream(res.body, enc);
    c.res = undefined as never;
    c.res = new Response(body, { status, headers });
  };
}
