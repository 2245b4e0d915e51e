/**
 * Rows that only grow: rate-limit windows of callers that never came back, sessions long expired
 * or revoked, used or expired one-time tokens. A sweep deletes what can no longer matter; it is
 * idempotent, so every server of an installation may run it (the runtime does, hourly).
 */
import { and, isNotNull, lt, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authTokens, oneTimeTokens, rateLimits } from "../../db/schema";
import { sweepLoginThrottle } from "../identity/login-throttle";

const DAY = 86_400_000;
/** Longer than the longest rate-limit window (one hour). */
const RATE_LIMIT_KEEP_MS = DAY;
/** Ended sessions are kept a month (who was logged in from where, next to the audit log). */
const SESSION_KEEP_MS = 30 * DAY;
const ONE_TIME_KEEP_MS = 7 * DAY;

export interface SweepResult {
  rateLimits: number;
  sessions: number;
  oneTimeTokens: number;
  loginThrottle: number;
}

export async function sweepExpired(db: Db, now: Date): Promise<SweepResult> {
  const before = (ms: number) => new Date(now.getTime() - ms);
  const limits = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, before(RATE_LIMIT_KEEP_MS)))
    .returning({ key: rateLimits.key });
  const sessions = await db
    .delete(authTokens)
    .where(
      or(
        lt(authTokens.expiresAt, before(SESSION_KEEP_MS)),
        and(isNotNull(authTokens.revokedAt), lt(authTokens.revokedAt, before(SESSION_KEEP_MS))),
      ),
    )
    .returning({ id: authTokens.id });
  const tokens = await db
    .delete(oneTimeTokens)
    .where(
      or(
        lt(oneTimeTokens.expiresAt, before(ONE_TIME_KEEP_MS)),
        and(isNotNull(oneTimeTokens.usedAt), lt(oneTimeTokens.usedAt, before(ONE_TIME_KEEP_MS))),
      ),
    )
    .returning({ id: oneTimeTokens.id });
  const throttle = await sweepLoginThrottle(db, now);
  return {
    rateLimits: limits.length,
    sessions: sessions.length,
    oneTimeTokens: tokens.length,
    loginThrottle: throttle,
  };
}
