import { eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { loginThrottle } from "../../db/schema";
import { AppError } from "../errors";

/**
 * Sign-in throttling that nobody can turn into a lock-out of someone else:
 *
 * - per account **and** source (the client IP): after `SOURCE.free` failures each further failure
 *   doubles the wait before the next attempt from that source (1 s, 2 s, 4 s… up to 15 minutes).
 *   An attacker guessing from one place is slowed to a handful of tries an hour, while the owner,
 *   from anywhere else, is not affected at all;
 * - per account from every source together (spraying one account from many addresses): after
 *   `ACCOUNT.free` failures a shorter growing wait (up to 30 s) applies to every attempt on it,
 *   which slows a botnet to two guesses a minute and costs the owner at most a short wait.
 *
 * Failures older than an hour are forgotten; a successful sign-in clears its source's counter
 * (not the account-wide one, so an attacker's own account cannot reset a victim's). The per-IP
 * limit of all sign-ins (rate_limits) still applies on top.
 */
export const SOURCE = { free: 3, baseMs: 1_000, maxMs: 15 * 60_000 };
const ACCOUNT = { free: 20, baseMs: 1_000, maxMs: 30_000 };
const FORGET_MS = 60 * 60_000;

const sourceKey = (email: string, ip: string) => `acct-src:${email}:${ip}`;
const accountKey = (email: string) => `acct:${email}`;

/** The wait after `failures` failures (0 while they are free). */
function waitAfter(failures: number, rule: typeof SOURCE) {
  if (failures < rule.free) return 0;
  return Math.min(rule.baseMs * 2 ** (failures - rule.free), rule.maxMs);
}

/** Refuses (429) an attempt made before the wait of its source or of its account is over. */
export async function checkLoginThrottle(db: Db, email: string, ip: string, now: Date) {
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inArray(loginThrottle.key, [sourceKey(email, ip), accountKey(email)]));
  let until = 0;
  for (const r of rows) {
    if (now.getTime() - r.lastFailureAt.getTime() > FORGET_MS) continue;
    if (r.blockedUntil && r.blockedUntil.getTime() > now.getTime()) until = Math.max(until, r.blockedUntil.getTime());
  }
  if (until > 0) {
    const err = AppError.tooMany();
    (err as AppError & { retryAfter?: number }).retryAfter = Math.ceil((until - now.getTime()) / 1000);
    throw err;
  }
}

/** Counts one failed sign-in for its source and its account, and sets their next waits. */
export async function recordLoginFailure(db: Db, email: string, ip: string, now: Date) {
  for (const [key, rule] of [
    [sourceKey(email, ip), SOURCE],
    [accountKey(email), ACCOUNT],
  ] as const) {
    const forgetBefore = new Date(now.getTime() - FORGET_MS);
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, lastFailureAt: now })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.lastFailureAt} < ${forgetBefore.toISOString()}::timestamptz then 1 else ${loginThrottle.failures} + 1 end`,
          lastFailureAt: now,
        },
      })
      .returning({ failures: loginThrottle.failures });
    const wait = waitAfter(row.failures, rule);
    await db
      .update(loginThrottle)
      .set({ blockedUntil: wait > 0 ? new Date(now.getTime() + wait) : null })
      .where(eq(loginThrottle.key, key));
  }
}

/** A successful sign-in clears the counter of its source. */
export async function clearLoginThrottle(db: Db, email: string, ip: string) {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, sourceKey(email, ip)));
}

/** Housekeeping: rows of failures long forgotten. */
export async function sweepLoginThrottle(db: Db, now: Date) {
  const rows = await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.lastFailureAt, new Date(now.getTime() - 24 * FORGET_MS)))
    .returning({ key: loginThrottle.key });
  return rows.length;
}
