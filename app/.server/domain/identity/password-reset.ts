/**
 * MINIMAL stand-in written by the back-office branch, because the back office needs to send reset
 * mail before the identity work lands: main's version (re-exporting accounts.ts) replaces this
 * file on merge. Same contract as main's: `requestPasswordReset(deps, email): Promise<boolean>`.
 */
import { and, eq, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { AppDeps } from "../../deps";
import { oneTimeTokens, users } from "../../db/schema";
import { newToken } from "./tokens";

export const RESET_TOKEN_MINUTES = 60;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/**
 * Creates a single-use reset token (only its hash is stored) for the active account with this
 * email and mails the link `/auth/reset/{token}`. Unknown or inactive emails send nothing (false),
 * so callers facing the public can answer the same either way.
 */
export async function requestPasswordReset(deps: AppDeps, email: string): Promise<boolean> {
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, eq(users.active, true)))
    .limit(1);
  if (!user) return false;
  const now = deps.clock();
  const { token, hash } = newToken();
  await deps.db.insert(oneTimeTokens).values({
    userId: user.id,
    purpose: "reset",
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
  });
  const link = `${deps.config.publicUrl}/auth/reset/${token}`;
  const greeting = t("admin.resetMail.greeting", { name: user.name });
  const body = t("admin.resetMail.body", { minutes: RESET_TOKEN_MINUTES });
  const html = `<!doctype html><html lang="es-MX"><body style="font-family:Montserrat,Arial,sans-serif;color:#2b1d20">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#883943;color:#fff;padding:12px 20px;border-radius:24px;text-decoration:none">${escapeHtml(t("admin.resetMail.action"))}</a></p>
<p style="font-size:13px;color:#555">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(t("admin.resetMail.ignore"))}</p>
</body></html>`;
  const text = `${greeting}\n\n${body}\n${link}\n\n${t("admin.resetMail.ignore")}\n`;
  await deps.mailer.send(deps.db, {
    to: user.email,
    subject: t("admin.resetMail.subject"),
    html,
    text,
    template: "password-reset",
  });
  return true;
}
