import crypto from "node:crypto";

export const SESSION_COOKIE = "token";
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "x-xsrf-token";
export const LOCALE_COOKIE = "i18n_redirected";
const YEAR = 365 * 86_400;

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!k || k in out) continue;
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[k] = part.slice(i + 1).trim();
    }
  }
  return out;
}

interface CookieOpts {
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  expires?: Date;
}

function serializeCookie(name: string, value: string, o: CookieOpts = {}) {
  let s = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax`;
  if (o.maxAge !== undefined) s += `; Max-Age=${o.maxAge}`;
  if (o.expires) s += `; Expires=${o.expires.toUTCString()}`;
  if (o.httpOnly) s += "; HttpOnly";
  if (o.secure) s += "; Secure";
  return s;
}

export const sessionCookie = (token: string, expires: Date, secure: boolean) =>
  serializeCookie(SESSION_COOKIE, token, { httpOnly: true, secure, expires });
export const clearSessionCookie = (secure: boolean) =>
  serializeCookie(SESSION_COOKIE, "", { httpOnly: true, secure, maxAge: 0 });
export const xsrfCookie = (value: string, secure: boolean) =>
  serializeCookie(XSRF_COOKIE, value, { secure, maxAge: YEAR });
export const localeCookie = (secure: boolean) => serializeCookie(LOCALE_COOKIE, "es-MX", { secure, maxAge: YEAR });
/** The remembered city and studio (the browser writes them too, spec §3's global state). */
const CITY_COOKIE = "city";
export const STUDIO_COOKIE = "studio";
export const locationCookies = (choice: { cityId: number; studioId: number }, secure: boolean) => [
  serializeCookie(CITY_COOKIE, String(choice.cityId), { secure, maxAge: YEAR }),
  serializeCookie(STUDIO_COOKIE, String(choice.studioId), { secure, maxAge: YEAR }),
];
export const newXsrfToken = () => crypto.randomBytes(24).toString("base64url");

/** Parses a remembered city or studio id: only a positive integer counts. */
export function parseId(v: string | null | undefined): number | null {
  if (!v || !/^\d{1,9}$/.test(v)) return null;
  const n = Number.parseInt(v, 10);
  return n > 0 ? n : null;
}
