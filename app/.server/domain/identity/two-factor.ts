import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";
import type { Db } from "../../db/client";
import { rateLimits, ROLE, users } from "../../db/schema";
import { isSealed, type SecretBox } from "../../security/secret-box";
import { audit } from "../audit/service";
import { increment } from "./rate-limit";
import { markTwoFactorPassed, type SessionRow, type UserRow } from "./sessions";

/**
 * TOTP two-factor authentication for staff (RFC 6238: SHA-1, 6 digits, 30 s, the settings every
 * authenticator app uses). Enrolment stores a secret (encrypted with the installation's key:
 * `SecretBox`) that becomes active with the first valid code; each accepted code's time step is stored so a code cannot be used twice; wrong codes are
 * limited per user in fixed windows kept in the database (several servers share them).
 */
const TOTP_ISSUER = "Nucleo Barre";
const TOTP_PERIOD_SECONDS = 30;
/** Wrong codes allowed per user and window; the next attempt in the window is refused. */
const TWO_FACTOR_MAX_FAILURES = 5;
const TWO_FACTOR_WINDOW_MS = 10 * 60_000;

export interface TwoFactorStatus {
  /** A secret has been confirmed with a valid code. */
  enrolled: boolean;
  /** This session passed the second step. */
  passed: boolean;
  /** The account must pass two-factor before using the back office. */
  required: boolean;
}

export function twoFactorStatus(user: UserRow, session: SessionRow | null): TwoFactorStatus {
  return {
    enrolled: user.totpEnabledAt !== null,
    passed: session?.twoFactorAt != null,
    required: user.require2fa,
  };
}

export type TwoFactorRefusal = "staffOnly" | "alreadyEnrolled" | "notEnrolled" | "invalid" | "reused" | "tooMany";
export type TwoFactorResult<T> =
  ({ ok: true } & T) | { ok: false; reason: TwoFactorRefusal; retryAfterSeconds?: number };

const isStaff = (u: UserRow) => u.roleId !== ROLE.customer;

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

/**
 * Starts (or resumes) enrolment: a staff user without a confirmed secret gets one. A pending
 * secret is reused, so reloading the page does not invalidate a QR code already scanned.
 */
export async function beginEnrolment(db: Db, box: SecretBox, userId: number): Promise<TwoFactorResult<Enrolment>> {
  const user = await findUser(db, userId);
  if (!user || !isStaff(user)) return { ok: false, reason: "staffOnly" };
  if (user.totpEnabledAt) return { ok: false, reason: "alreadyEnrolled" };
  let stored = user.totpSecret;
  if (!stored) {
    // Conditional write: two concurrent set-ups end with one secret, the first one stored.
    const [row] = await db
      .update(users)
      .set({ totpSecret: box.seal(generateSecret()), totpLastStep: null })
      .where(and(eq(users.id, userId), isNull(users.totpSecret), isNull(users.totpEnabledAt)))
      .returning({ secret: users.totpSecret });
    stored = row?.secret ?? (await findUser(db, userId))?.totpSecret ?? null;
    if (!stored) return { ok: false, reason: "alreadyEnrolled" };
  }
  const secret = box.open(stored);
  const otpauthUrl = generateURI({ issuer: TOTP_ISSUER, label: user.email, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: "M", margin: 1, width: 240 });
  return { ok: true, secret, otpauthUrl, qrDataUrl };
}

/**
 * Checks a 6-digit code for the session's user (±1 time step). The first valid code confirms the
 * enrolment; every valid code marks the session as two-factor passed.
 */
export async function verifyCode(
  db: Db,
  box: SecretBox,
  input: { userId: number; sessionId: number; code: string; now: Date; ip?: string | null },
): Promise<TwoFactorResult<{ enrolledNow: boolean }>> {
  const user = await findUser(db, input.userId);
  if (!user || !isStaff(user)) return { ok: false, reason: "staffOnly" };
  const stored = user.totpSecret;
  if (!stored) return { ok: false, reason: "notEnrolled" };
  const secret = box.open(stored);

  // Reserve an attempt before checking, atomically, so parallel guesses cannot pass the limit.
  const windowStart = new Date(Math.floor(input.now.getTime() / TWO_FACTOR_WINDOW_MS) * TWO_FACTOR_WINDOW_MS);
  const key = twoFactorLimitKey(user.id);
  const count = await increment(
    db,
    { key, max: TWO_FACTOR_MAX_FAILURES, windowSeconds: TWO_FACTOR_WINDOW_MS / 1000 },
    input.now,
  );
  if (count > TWO_FACTOR_MAX_FAILURES) {
    const retryAfterSeconds = Math.ceil((windowStart.getTime() + TWO_FACTOR_WINDOW_MS - input.now.getTime()) / 1000);
    return { ok: false, reason: "tooMany", retryAfterSeconds };
  }

  const result = await verify({
    secret,
    token: input.code,
    epoch: Math.floor(input.now.getTime() / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
  });
  if (!result.valid || !("timeStep" in result)) return { ok: false, reason: "invalid" };
  const timeStep = result.timeStep;

  const outcome = await db.transaction(async (tx) => {
    // The step is consumed only if it is later than the last one used: a replayed code, even
    // sent twice at the same moment, is accepted once.
    const [consumed] = await tx
      .update(users)
      .set({
        totpLastStep: timeStep,
        totpEnabledAt: sql`coalesce(${users.totpEnabledAt}, ${input.now})`,
        // A secret stored in clear before encryption existed is sealed now.
        ...(isSealed(stored) ? {} : { totpSecret: box.seal(secret) }),
      })
      .where(
        and(
          eq(users.id, user.id),
          eq(users.totpSecret, stored),
          or(isNull(users.totpLastStep), lt(users.totpLastStep, timeStep)),
        ),
      )
      .returning({ id: users.id });
    if (!consumed) return "reused" as const;
    await markTwoFactorPassed(tx, input.sessionId, input.now);
    const enrolledNow = user.totpEnabledAt === null;
    if (enrolledNow)
      await audit(tx, {
        actorUserId: user.id,
        action: "two_factor.enrolled",
        entity: "user",
        entityId: user.id,
        ip: input.ip ?? null,
      });
    // A right code gives its reserved attempt back: only wrong codes count against the limit.
    await tx
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart)));
    return { enrolledNow };
  });
  if (outcome === "reused") return { ok: false, reason: "reused" };
  return { ok: true, enrolledNow: outcome.enrolledNow };
}

const twoFactorLimitKey = (userId: number) => `2fa:${userId}`;

/**
 * Forgets the account's authenticator app: secret (confirmed or pending), last code step and the
 * wrong-code counter. Returns whether there was anything to forget. The caller closes sessions
 * and records who did it.
 */
export async function forgetTwoFactor(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
    .where(and(eq(users.id, userId), sql`${users.totpSecret} is not null`))
    .returning({ id: users.id });
  await db.delete(rateLimits).where(eq(rateLimits.key, twoFactorLimitKey(userId)));
  return row !== undefined;
}

async function findUser(db: Db, id: number): Promise<UserRow | null> {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u ?? null;
}
