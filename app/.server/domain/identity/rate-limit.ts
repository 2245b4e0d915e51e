import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { rateLimits } from "../../db/schema";
import { AppError } from "../errors";

export interface Limit {
  /** What is counted, e.g. `login:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit in a fixed window kept in the database (so several servers share it) and
 * refuses with 429 past the limit. One statement: concurrent hits cannot both pass the last slot.
 */
export async function hit(db: Db, limit: Limit, now: Date): Promise<void> {
  const count = await increment(db, limit, now);
  if (count > limit.max) throw AppError.tooMany();
}

/**
 * One counted hit as two CTEs for a `with` clause: `old` drops this key's older windows, `hit`
 * counts the hit and returns its `count`. A caller can put them in front of its own first query and
 * pay one round trip for both (the booking call does).
 */
export function hitCtes(limit: Limit, now: Date) {
  const windowStart = windowOf(limit, now);
  return sql`old as (
      delete from ${rateLimits} where ${rateLimits.key} = ${limit.key} and ${rateLimits.windowStart} < ${windowStart}
    ), hit as (
      insert into ${rateLimits} (key, window_start, count) values (${limit.key}, ${windowStart}, 1)
      on conflict (key, window_start) do update set count = ${rateLimits}.count + 1
      returning count)`;
}

/** One round trip: counts the hit and drops this key's older windows in the same statement. */
export async function increment(db: Db, limit: Limit, now: Date): Promise<number> {
  const [hit] = await queryRows<{ count: number }>(db, sql`with ${hitCtes(limit, now)} select count from hit`);
  return Number(hit!.count);
}

function windowOf(limit: Limit, now: Date) {
  const ms = limit.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
}

/** The limits of the account calls (per IP and per account). */
export const LIMITS = {
  loginIp: (ip: string): Limit => ({ key: `login:ip:${ip}`, max: 30, windowSeconds: 600 }),
  emailCheckIp: (ip: string): Limit => ({ key: `email-check:ip:${ip}`, max: 60, windowSeconds: 600 }),
  forgotIp: (ip: string): Limit => ({ key: `forgot:ip:${ip}`, max: 10, windowSeconds: 3600 }),
  forgotAccount: (email: string): Limit => ({ key: `forgot:acct:${email}`, max: 3, windowSeconds: 3600 }),
  registerIp: (ip: string): Limit => ({ key: `register:ip:${ip}`, max: 10, windowSeconds: 3600 }),
  resendAccount: (userId: number): Limit => ({ key: `verify-resend:${userId}`, max: 3, windowSeconds: 3600 }),
};
