import type { Context } from "hono";
import type { IncomingMessage } from "node:http";
import type { ApiEnv } from "./api";

/** The caller's IP (X-Forwarded-For only behind a trusted proxy) and user agent. */
export function clientInfo(c: Context<ApiEnv>) {
  const trust = c.get("deps").config.TRUST_PROXY;
  const xff = trust ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const ip = xff || incoming?.socket?.remoteAddress || "local";
  return { ip, userAgent: c.req.header("user-agent") ?? null };
}
