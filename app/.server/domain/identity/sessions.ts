import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { authTokens, employees, users } from "../../db/schema";
import { hashToken, newToken } from "./tokens";

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof authTokens.$inferSelect;

export interface SessionPolicy {
  sessionHours: number;
  rememberDays: number;
}

export async function createSession(
  db: Db,
  userId: number,
  opts: {
    remember: boolean;
    now: Date;
    policy: SessionPolicy;
    userAgent?: string | null;
    ip?: string | null;
    twoFactor?: boolean;
  },
) {
  const { token, hash } = newToken();
  const ms = opts.remember ? opts.policy.rememberDays * 86_400_000 : opts.policy.sessionHours * 3_600_000;
  const expiresAt = new Date(opts.now.getTime() + ms);
  await db.insert(authTokens).values({
    userId,
    tokenHash: hash,
    remember: opts.remember,
    expiresAt,
    userAgent: opts.userAgent?.slice(0, 300) ?? null,
    ip: opts.ip ?? null,
    twoFactorAt: opts.twoFactor ? opts.now : null,
  });
  await db.update(users).set({ lastLoginAt: opts.now }).where(eq(users.id, userId));
  return { token, expiresAt };
}

export type ResolvedSession =
  | { status: "ok"; user: UserRow; session: SessionRow; employeeId: number | null }
  | { status: "expired" }
  | { status: "invalid" };

const sessionLookup = (db: Db) =>
  db
    .select({ session: authTokens, user: users, employeeId: employees.id })
    .from(authTokens)
    .innerJoin(users, eq(users.id, authTokens.userId))
    .leftJoin(employees, and(eq(employees.userId, users.id), eq(employees.active, true)))
    .where(and(eq(authTokens.tokenHash, sql.placeholder("hash")), isNull(authTokens.revokedAt)))
    .limit(1)
    .prepare("resolve_session");
/** The lookup every API call makes, built once per database handle and a named prepared statement
 * on each pooled connection (PostgreSQL parses and plans it once per connection). */
const lookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/** Finds the live session of a token. Revoked, unknown or deactivated: invalid. */
export async function resolveSession(db: Db, token: string, now: Date): Promise<ResolvedSession> {
  if (!token || token.length > 200) return { status: "invalid" };
  let lookup = lookups.get(db);
  if (!lookup) lookups.set(db, (lookup = sessionLookup(db)));
  const rows = await lookup.execute({ hash: hashToken(token) });
  const row = rows[0];
  if (!row || !row.user.active) return { status: "invalid" };
  if (row.session.expiresAt.getTime() <= now.getTime()) return { status: "expired" };
  return { status: "ok", user: row.user, session: row.session, employeeId: row.employeeId };
}

export async function revokeSession(db: Db, token: string, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(eq(authTokens.tokenHash, hashToken(token)));
}

export async function revokeAllSessions(db: Db, userId: number, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt)));
}

export async function markTwoFactorPassed(db: Db, sessionId: number, now: Date) {
  await db.update(authTokens).set({ twoFactorAt: now }).where(eq(authTokens.id, sessionId));
}
