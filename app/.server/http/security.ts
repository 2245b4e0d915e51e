import crypto from "node:crypto";
import type { MiddlewareHandler } from "hono";

/** Stripe.js and what it needs (its script, its card and 3-D Secure frames, its API), as Stripe's CSP
 * guide lists them. Only in documents, and only with PAYMENT_GATEWAY=stripe (docs/decisions.md). */
const STRIPE_ORIGINS = {
  script: ["https://js.stripe.com", "https://*.js.stripe.com"],
  frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/** The CSP of pages and API answers. Scripts: only our own files, plus the inline scripts the server
 * rendering writes (hydration data, scroll restoration, colour scheme), each carrying the
 * per-request nonce of its document (`documentCsp`). Styles keep 'unsafe-inline' (Mantine's style
 * props and CSS variables are inline styles). Nothing from other origins: fonts and icons are bundled;
 * the one exception is Stripe.js when Stripe is the card gateway. */
function cspWith(scriptSrc: string, stripe = false) {
  const more = (list: string[]) => (stripe ? ` ${list.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}${more(STRIPE_ORIGINS.script)}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${more(STRIPE_ORIGINS.connect)}`,
    `frame-src 'self'${more(STRIPE_ORIGINS.frame)}`,
    "media-src 'self' blob:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The CSP of answers that are not server-rendered documents (no inline script at all). */
export const baseCsp = cspWith("'self'");

/** Random bytes for nonces, drawn from the system's generator 4 KB at a time: one `randomBytes(16)`
 * call per document was ~1 % of a page's server time. Each nonce takes bytes no other one gets. */
const pool = Buffer.alloc(4096);
let poolAt = pool.length;

/** A fresh nonce for one document (128 random bits, base64). */
export function newNonce() {
  if (poolAt + 16 > pool.length) {
    crypto.randomFillSync(pool);
    poolAt = 0;
  }
  const nonce = pool.toString("base64", poolAt, poolAt + 16);
  poolAt += 16;
  return nonce;
}

/** The CSP of one server-rendered document: its inline scripts carry `nonce`; `stripe` allows Stripe.js. */
export function documentCsp(nonce: string, opts: { stripe?: boolean } = {}) {
  return cspWith(`'self' 'nonce-${nonce}'`, opts.stripe);
}

/** The security headers every answer carries, pages, API and static files alike (the document's
 * CSP is set by the server rendering with its nonce, see app/entry.server.tsx). */
export function securityHeaderList(production: boolean): [string, string][] {
  const list: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    ["X-Frame-Options", "SAMEORIGIN"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["Permissions-Policy", "camera=(self), microphone=(), geolocation=(self), payment=(self)"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
  ];
  if (production) {
    list.push(["Content-Security-Policy", baseCsp]);
    list.push(["Strict-Transport-Security", "max-age=15552000"]);
  }
  return list;
}

/** Sets the security headers on every answer, without overwriting a CSP set by the handler
 * (a document's nonce CSP). Headers go straight onto `c.res.headers`: `c.header()` after `next()`
 * would make Hono rebuild the answer. */
export function securityHeaders(production: boolean): MiddlewareHandler {
  const list = securityHeaderList(production);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    for (const [k, v] of list) if (k !== "Content-Security-Policy" || !h.has(k)) h.set(k, v);
  };
}
