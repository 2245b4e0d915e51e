import qs from "qs";
import { t } from "~/lib/messages";
import { AppError } from "./errors";

const MAX_BODY_BYTES = 1_000_000;
/** Uploads (multipart) may be larger: avatars up to 2 MB plus the form's envelope. */
const MAX_MULTIPART_BYTES = 5_000_000;

/**
 * Reads a request body into a plain object: JSON, or form-encoded with the bracket notation the
 * spec's client sends (`address[zip]=…`, `billing_details[name]=…`), or multipart for uploads.
 * An empty body is `{}`. Anything else answers 400/413/415 in the spec's error shape.
 */
export async function readBody(req: Request): Promise<Record<string, unknown>> {
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const length = Number(req.headers.get("content-length") ?? "0");
  const limit = type === "multipart/form-data" ? MAX_MULTIPART_BYTES : MAX_BODY_BYTES;
  if (length > limit) throw new AppError(413, t("errors.bodyTooLarge"));

  if (type === "multipart/form-data") {
    const form = await req.formData().catch(() => {
      throw AppError.badRequest(t("errors.validation"));
    });
    const out: Record<string, unknown> = {};
    for (const [k, v] of form.entries()) out[k] = v;
    return out;
  }

  const raw = await req.text();
  if (raw.length > MAX_BODY_BYTES) throw new AppError(413, t("errors.bodyTooLarge"));
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
  if (type === "application/x-www-form-urlencoded" || type === "") {
    if (type === "" && raw.trim().startsWith("{")) {
      throw new AppError(415, t("errors.unsupportedMediaType"));
    }
    return qs.parse(raw, { depth: 5, arrayLimit: 100, parameterLimit: 200 }) as Record<string, unknown>;
  }
  throw new AppError(415, t("errors.unsupportedMediaType"));
}

/** Form values arrive as strings: "true"/"1"/"on" are true. */
export function formBool(v: unknown) {
  return v === true || v === "true" || v === "1" || v === "on" || v === 1;
}
