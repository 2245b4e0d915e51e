import type { Context } from "hono";
import type { IncomingMessage } from "node:http";

/**
 * The one client-IP rule: the first `X-Forwarded-For` address only behind a trusted proxy
 * (`TRUST_PROXY`), else the socket's address. The API (`clientInfo`) and the pages (the load
 * context's `clientIp`, set in server/app.ts) both read it from here, so an audit entry's IP cannot
 * be forged with a header.
 */
export function clientIpFrom(input: {
  headers: Headers;
  remoteAddress: string | null | undefined;
  trustProxy: boolean;
}): string | null {
  const xff = input.trustProxy ? input.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  return xff || input.remoteAddress || null;
}

/** The socket address of a Hono request served by node:http (absent in in-process tests). */
export function remoteAddressOf(c: Context): string | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? null;
}

/** The caller's IP (see `clientIpFrom`; "local" when unknown) and user agent. */
export function clientInfo(c: Context) {
  const deps = c.get("deps") as { config: { TRUST_PROXY: boolean } };
  const ip =
    clientIpFrom({
      headers: c.req.raw.headers,
      remoteAddress: remoteAddressOf(c),
      trustProxy: deps.config.TRUST_PROXY,
    }) ?? "local";
  return { ip, userAgent: c.req.header("user-agent") ?? null };
}
