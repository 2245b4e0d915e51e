import type { MiddlewareHandler } from "hono";
import qs from "qs";
import { t } from "~/lib/messages";
import { IMAGE_MAX_BYTES, tooLargeError } from "../domain/content/images";
import { AppError } from "./errors";

/** Every body (JSON, form, multipart) is refused past this size unless its route declares more. */
export const MAX_BODY_BYTES = 1_000_000;
/** Routes that take uploads declare their own larger limit (`bodyLimit` in defineRoute). */
export const UPLOAD_BODY_BYTES = 3_000_000;

/**
 * Before the body of a picture upload (POST) is read: a declared Content-Length over the picture
 * limit (plus 64 KB for the form's other parts) gets the files library's own message, not a generic one.
 */
export const imageUploadLimit: MiddlewareHandler = async (c, next) => {
  const length = Number(c.req.header("content-length") ?? "0");
  if (c.req.method === "POST" && length > IMAGE_MAX_BYTES + 64 * 1024) throw tooLargeError(length);
  await next();
};

export interface ReadBodyOptions {
  /** Largest accepted body in bytes (default MAX_BODY_BYTES). */
  limit?: number;
}

const tooLarge = () => new AppError(413, t("errors.bodyTooLarge"));

/**
 * Reads at most `limit` bytes of a request body. A declared Content-Length over the limit is refused
 * before anything is read; a chunked body (no length) is counted as it streams and the reading stops,
 * and the stream is cancelled, at the first chunk past the limit. Never buffers more than the limit.
 */
async function readLimitedBytes(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = req.headers.get("content-length");
  if (declared !== null && declared.trim() !== "") {
    const n = Number(declared);
    if (!Number.isFinite(n) || n < 0) throw AppError.badRequest(t("errors.validation"));
    if (n > limit) throw tooLarge();
  }
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/**
 * Reads a request body into a plain object: JSON, or form-encoded with the bracket notation the
 * spec's client sends (`address[zip]=…`, `billing_details[name]=…`), or multipart for uploads.
 * An empty body is `{}`. Anything else answers 400/413/415 in the spec's error shape. The size limit
 * applies to every type and is enforced while reading (see readLimitedBytes).
 */
export async function readBody(req: Request, options: ReadBodyOptions = {}): Promise<Record<string, unknown>> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const limit = options.limit ?? MAX_BODY_BYTES;
  const known =
    type === "" ||
    type === "multipart/form-data" ||
    type === "application/json" ||
    type.endsWith("+json") ||
    type === "application/x-www-form-urlencoded";
  // An unsupported type is refused without reading its body at all.
  if (!known) {
    await req.body?.cancel().catch(() => {});
    throw new AppError(415, t("errors.unsupportedMediaType"));
  }
  const bytes = await readLimitedBytes(req, limit);

  if (type === "multipart/form-data") {
    const form = await new Response(bytes, { headers: { "content-type": req.headers.get("content-type")! } })
      .formData()
      .catch(() => {
        throw AppError.badRequest(t("errors.validation"));
      });
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) out[k] = v;
    return out;
  }

  const raw = new TextDecoder().decode(bytes);
  if (raw.trim() === "") return {};

  if (type === "application/json" || type.endsWith("+json")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw AppError.badRequest(t("errors.invalidJson"));
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw AppError.badRequest(t("errors.invalidJson"));
    return parsed as Record<string, unknown>;
  }
  if (type === "" && raw.trim().startsWith("{")) {
    throw new AppError(415, t("errors.unsupportedMediaType"));
  }
  return qs.parse(raw, { depth: 5, arrayLimit: 100, parameterLimit: 200 }) as Record<string, unknown>;
}

/**
 * Page actions read their form with `request.formData()`, which buffers everything: the page
 * handler gets a copy of the request whose body was read under the limit first.
 * Answers null when the body is over the limit.
 */
export async function boundedRequest(req: Request, limit = MAX_BODY_BYTES): Promise<Request | null> {
  if (req.method === "GET" || req.method === "HEAD" || !req.body) return req;
  try {
    const bytes = await readLimitedBytes(req, limit);
    return new Request(req.url, { method: req.method, headers: req.headers, body: bytes, signal: req.signal });
  } catch (err) {
    if (err instanceof AppError && err.status === 413) return null;
    throw err;
  }
}
