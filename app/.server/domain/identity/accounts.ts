import { and, eq, ne, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { authTokens, ROLE, users } from "../../db/schema";
import type { AppDeps } from "../../deps";

/** What accounts work through: the database, configuration, mail, the log and the clock. */
export type AccountDeps = Pick<AppDeps, "db" | "config" | "mailer" | "log" | "clock">;
import { AppError, uniqueViolationOf } from "../errors";
import { audit } from "../audit/service";
import { passwordChangedMail, resetMail, verificationMail } from "../../mail/templates";
import { publicConfigurations } from "../content/service";
import { consumeOneTimeToken, issueOneTimeToken } from "./one-time";
import { hashPassword, verifyPassword } from "./passwords";
import { createSession, revokeAllSessions, type UserRow } from "./sessions";

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The account of an email, in any case and with spaces around it. */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return row ?? null;
}

export async function emailExists(db: Db, email: string) {
  return (await findUserByEmail(db, email)) !== null;
}

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
}

const policy = (deps: AccountDeps) => ({
  sessionHours: deps.config.SESSION_HOURS,
  rememberDays: deps.config.SESSION_REMEMBER_DAYS,
});

/**
 * Who entered the back office, and who tried: staff sign-ins, failed sign-ins on staff accounts
 * and staff password changes are recorded in the audit log (entity "session"; customers' are not).
 */
async function auditStaffAccess(
  db: Db,
  user: Pick<UserRow, "id" | "roleId">,
  action: "auth.login" | "auth.login_failed" | "auth.password_reset" | "auth.password_changed",
  client: Partial<ClientInfo> = {},
  data: Record<string, unknown> = {},
) {
  if (user.roleId === ROLE.customer) return;
  await audit(db, {
    actorUserId: user.id,
    action,
    entity: "session",
    entityId: user.id,
    ip: client.ip ?? null,
    data: client.userAgent ? { ...data, user_agent: client.userAgent.slice(0, 300) } : data,
  });
}

/** Checks the password and opens a session. Wrong email or password: one message on `password`. */
export async function login(
  deps: AccountDeps,
  input: { email: string; password: string; rememberMe: boolean },
  client: ClientInfo,
) {
  const user = await findUserByEmail(deps.db, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) {
    if (user) await auditStaffAccess(deps.db, user, "auth.login_failed", client, { reason: "password" });
    throw AppError.validation([{ field: "password", message: t("account.invalidCredentials") }]);
  }
  if (!user.active) {
    await auditStaffAccess(deps.db, user, "auth.login_failed", client, { reason: "inactive" });
    throw AppError.validation([{ field: "email", message: t("account.inactive") }]);
  }
  const session = await deps.db.transaction(async (tx) => {
    const s = await createSession(tx, user.id, {
      remember: input.rememberMe,
      now: deps.clock(),
      policy: policy(deps),
      userAgent: client.userAgent,
      ip: client.ip,
    });
    await auditStaffAccess(tx, user, "auth.login", client, { remember: input.rememberMe });
    return s;
  });
  return { user, ...session };
}

/** Creates a customer (role 2), opens a session and mails the email verification link. */
export async function register(
  deps: AccountDeps,
  input: { name: string; last_name: string; email: string; password: string },
  client: ClientInfo,
) {
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock();
  let created: { user: UserRow; token: string; expiresAt: Date; verifyToken: string };
  try {
    created = await deps.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, input.email)) {
        throw AppError.validation([{ field: "email", message: t("account.emailTaken") }]);
      }
      const [user] = await tx
        .insert(users)
        .values({ name: input.name, lastName: input.last_name, email: input.email.trim(), passwordHash, roleId: 2 })
        .returning();
      const session = await createSession(tx, user.id, { remember: false, now, policy: policy(deps), ...client });
      const verifyToken = await issueOneTimeToken(tx, user.id, "verify", now);
      return { user, ...session, verifyToken };
    });
  } catch (err) {
    if (uniqueViolationOf(err)) throw AppError.validation([{ field: "email", message: t("account.emailTaken") }]);
    throw err;
  }
  await sendSafely(deps, () =>
    brand(deps).then((b) =>
      verificationMail(
        b,
        created.user.email,
        created.user.name,
        `${deps.config.publicUrl}/auth/verify/${created.verifyToken}`,
      ),
    ),
  );
  return created;
}

/** The site's name and help address for mail (configurations), and its public URL. */
export async function mailBrand(deps: Pick<AppDeps, "db" | "config">) {
  return brand(deps);
}

async function brand(deps: Pick<AppDeps, "db" | "config">) {
  const cfg = await publicConfigurations(deps.db).catch(() => ({}) as Record<string, unknown>);
  return {
    site: typeof cfg.site_name === "string" ? cfg.site_name : "Nucleo Barre",
    help: typeof cfg.help_email === "string" ? cfg.help_email : "hola@nucleobarre.mx",
    publicUrl: deps.config.publicUrl,
  };
}

/** Mail failures are logged, never shown to the visitor (the outbox keeps the failed message). */
async function sendSafely(deps: AccountDeps, make: () => Promise<import("../../adapters/mail").MailMessage>) {
  try {
    await deps.mailer.send(deps.db, await make());
  } catch (err) {
    deps.log.error({ err: String(err) }, "mail send failed");
  }
}

function resetUrl(deps: AccountDeps, user: Pick<UserRow, "roleId">, token: string) {
  return user.roleId === ROLE.customer
    ? `${deps.config.publicUrl}/auth/reset/${token}`
    : `${deps.config.publicUrl}/admin/auth/reset-password?token=${token}`;
}

/** Sends a reset link when the account exists; the caller answers the same either way. */
export async function requestPasswordReset(deps: AccountDeps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user || !user.active) return false;
  const token = await issueOneTimeToken(deps.db, user.id, "reset", deps.clock());
  await sendSafely(deps, () =>
    brand(deps).then((b) => resetMail(b, user.email, user.name, resetUrl(deps, user, token))),
  );
  return true;
}

/** Sets a new password with a reset token (single use), ends every session, confirms by mail. */
export async function resetPassword(deps: AccountDeps, token: string, newPassword: string) {
  const passwordHash = await hashPassword(newPassword);
  const now = deps.clock();
  const user = await deps.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, "reset", now);
    if (!userId)
      throw AppError.validation([{ field: "token", message: t("account.resetInvalid") }], t("account.resetInvalid"));
    const [u] = await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId)).returning();
    await revokeAllSessions(tx, userId, now);
    await auditStaffAccess(tx, u, "auth.password_reset");
    return u;
  });
  await notifyPasswordChanged(deps, user, now);
  return user;
}

async function notifyPasswordChanged(deps: AccountDeps, user: UserRow, when: Date) {
  const forgot =
    user.roleId === ROLE.customer
      ? `${deps.config.publicUrl}/auth/reset`
      : `${deps.config.publicUrl}/admin/auth/forgot-password`;
  await sendSafely(deps, () => brand(deps).then((b) => passwordChangedMail(b, user.email, user.name, when, forgot)));
}

/** Changes the password of a logged-in user; other sessions end, this one stays. */
export async function changePassword(
  deps: AccountDeps,
  user: UserRow,
  sessionId: number | null,
  input: { currentPassword: string; newPassword: string },
) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    const msg = t("account.currentPasswordWrong");
    throw AppError.validation([{ field: "currentPassword", message: msg }], msg);
  }
  if (input.currentPassword === input.newPassword) {
    const msg = t("account.newPasswordSame");
    throw AppError.validation([{ field: "newPassword", message: msg }], msg);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await tx
      .update(authTokens)
      .set({ revokedAt: now })
      .where(and(eq(authTokens.userId, user.id), sessionId ? ne(authTokens.id, sessionId) : sql`true`));
    await auditStaffAccess(tx, user, "auth.password_changed");
  });
  await notifyPasswordChanged(deps, user, now);
}

export async function sendVerification(deps: AccountDeps, user: UserRow) {
  const token = await issueOneTimeToken(deps.db, user.id, "verify", deps.clock());
  await sendSafely(deps, () =>
    brand(deps).then((b) =>
      verificationMail(b, user.email, user.name, `${deps.config.publicUrl}/auth/verify/${token}`),
    ),
  );
}

export async function verifyEmail(deps: AccountDeps, token: string) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const userId = await consumeOneTimeToken(tx, token, "verify", now);
    if (!userId)
      throw AppError.validation([{ field: "token", message: t("account.verifyInvalid") }], t("account.verifyInvalid"));
    const [u] = await tx.update(users).set({ emailVerifiedAt: now }).where(eq(users.id, userId)).returning();
    return u;
  });
}
