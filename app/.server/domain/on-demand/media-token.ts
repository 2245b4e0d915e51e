import crypto from "node:crypto";

/**
 * Short-lived media links for Nucleo Home (issue 23, "media delivery"). A token names one video and
 * one customer and ends at a time; it sits in the PATH of the media URL
 * (`/api/media/<token>/<file under the video's folder>`), so the relative segment and rendition
 * URLs inside an HLS playlist carry it without rewriting the playlist, and a CDN can cache by URL.
 * A copied link stops working when the token expires; a changed video id, user or expiry breaks
 * the signature.
 *
 * The secret is the installation's derived key (`deps.secrets.derive("on-demand-media")`), the
 * same on every server.
 */
export interface MediaGrant {
  videoId: number;
  userId: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export type MediaTokenRefusal = "invalid" | "expired";

const VERSION = "m1";

function mac(secret: string, body: string) {
  return crypto.createHmac("sha256", secret).update(body).digest("base64url").slice(0, 32);
}

/** The token for `grant` (URL-safe: letters, digits, `-`, `_` and `.`). */
export function mediaToken(grant: MediaGrant, secret: string): string {
  const body = `${VERSION}.${grant.videoId}.${grant.userId}.${grant.expiresAt}`;
  return `${body}.${mac(secret, body)}`;
}

/** Reads and checks a token: the grant, or why it is refused. */
export function readMediaToken(
  token: string,
  secret: string,
  nowSeconds: number,
): { ok: true; grant: MediaGrant } | { ok: false; reason: MediaTokenRefusal } {
  const parts = token.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) return { ok: false, reason: "invalid" };
  const [, video, user, expires, signature] = parts as [string, string, string, string, string];
  if (![video, user, expires].every((p) => /^[0-9]{1,12}$/.test(p))) return { ok: false, reason: "invalid" };
  const expected = mac(secret, `${VERSION}.${video}.${user}.${expires}`);
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, Buffer.from(expected)))
    return { ok: false, reason: "invalid" };
  const grant = { videoId: Number(video), userId: Number(user), expiresAt: Number(expires) };
  if (grant.expiresAt <= nowSeconds) return { ok: false, reason: "expired" };
  return { ok: true, grant };
}
