import crypto from "node:crypto";

/** A new opaque token (256 bits, base64url) and the SHA-256 that is stored instead of it. */
export function newToken() {
  const token = crypto.randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** Lookups are by this hash: the database never compares the secret itself, so its timing
 * reveals nothing about the token. */
export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

export function safeEqual(a: string, b: string) {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}
