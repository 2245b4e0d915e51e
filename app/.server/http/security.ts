import type { MiddlewareHandler } from "hono";

/** Security headers for every answer. The CSP allows the inline scripts React Router's server
 * rendering writes (hydration data) and nothing from other origins: fonts and icons are bundled. */
export function securityHeaders(production: boolean): MiddlewareHandler {
  const csp = [
    "default-src 'self'",
    "script-src 'self' 'unsafe-inline'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "SAMEORIGIN");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", "camera=(self), microphone=(), geolocation=(self), payment=(self)");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    if (production) {
      h.set("Content-Security-Policy", csp);
      h.set("Strict-Transport-Security", "max-age=15552000");
    }
  };
}
