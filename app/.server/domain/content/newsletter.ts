/**
 * The footer newsletter, with double opt-in: subscribing stores a pending subscription and mails a
 * confirmation link (a random token, stored hashed, valid 48 hours); only confirming makes it
 * active. Every mail to a subscriber goes through `sendNewsletterMail`, which adds the unsubscribe
 * link and the List-Unsubscribe headers (one-click, RFC 8058).
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { newsletterSubscriptions } from "../../db/schema";
import { marketingMail, newsletterConfirmContent, type Brand, type MarketingContent } from "../../mail/templates";
import { mailBrand } from "../identity/accounts";
import { increment } from "../identity/rate-limit";
import { hashToken, newToken } from "../identity/tokens";

const CONFIRM_TTL_MS = 48 * 3_600_000;
/** A pending address gets another confirmation mail only after this long… */
const RESEND_AFTER_MS = 10 * 60_000;
/** …and at most this many a day. */
const CONFIRM_MAILS_PER_DAY = 5;

const normal = (email: string) => email.trim().toLowerCase();
const siteUrl = (publicUrl: string) => publicUrl.replace(/\/$/, "");

/** The page of the mail's link, and the one-click URL of its List-Unsubscribe header. */
function unsubscribeUrls(publicUrl: string, token: string) {
  const q = `token=${encodeURIComponent(token)}`;
  return {
    pageUrl: `${siteUrl(publicUrl)}/newsletter/unsubscribe?${q}`,
    oneClickUrl: `${siteUrl(publicUrl)}/api/v2/newsletter/unsubscribe?${q}`,
  };
}

/**
 * THE way to mail a subscriber (the newsletter, its confirmation): the message is built by
 * `marketingMail`, so it always carries the unsubscribe link and the List-Unsubscribe and
 * List-Unsubscribe-Post headers. Only to a confirmed subscription, unless `pending` (the
 * confirmation itself); false, sending nothing, when the address has no such subscription.
 * `db` is the caller's transaction: the mail is recorded only if it commits.
 */
export async function sendNewsletterMail(
  deps: Pick<AppDeps, "config" | "mailer" | "db">,
  db: Db,
  email: string,
  content: (brand: Brand) => MarketingContent,
  opts: { pending?: boolean } = {},
) {
  const [sub] = await db
    .select()
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.email, normal(email)), isNull(newsletterSubscriptions.unsubscribedAt)));
  if (!sub || (!sub.confirmedAt && !opts.pending)) return false;
  const brand = await mailBrand(deps);
  await deps.mailer.send(
    db,
    marketingMail(brand, sub.email, content(brand), unsubscribeUrls(brand.publicUrl, sub.token)),
  );
  return true;
}

/**
 * Subscribes an address: new, or back after an unsubscribe, it is pending and gets a confirmation
 * mail; pending, the mail is sent again (not within 10 minutes of the last one, at most 5 a day);
 * already active, nothing changes. The caller answers the same in every case, so the form reveals
 * nothing about who is subscribed.
 */
export async function subscribeNewsletter(deps: Pick<AppDeps, "db" | "config" | "mailer" | "clock">, email: string) {
  const address = normal(email);
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscriptions)
      .values({ email: address, token: newToken().token, subscribedAt: now })
      .onConflictDoNothing({ target: newsletterSubscriptions.email });
    const [sub] = await tx
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, address))
      .for("update");
    const ended = sub.unsubscribedAt !== null;
    if (!ended && sub.confirmedAt) return;
    if (!ended && sub.confirmSentAt && now.getTime() - sub.confirmSentAt.getTime() < RESEND_AFTER_MS) return;
    const limit = { key: `newsletter:confirm:${address}`, max: CONFIRM_MAILS_PER_DAY, windowSeconds: 86_400 };
    if ((await increment(tx, limit, now)) > limit.max) return;
    const { token, hash } = newToken();
    await tx
      .update(newsletterSubscriptions)
      .set({
        unsubscribedAt: null,
        confirmedAt: null,
        subscribedAt: ended ? now : sub.subscribedAt,
        confirmTokenHash: hash,
        confirmExpiresAt: new Date(now.getTime() + CONFIRM_TTL_MS),
        confirmSentAt: now,
      })
      .where(eq(newsletterSubscriptions.id, sub.id));
    const confirmUrl = `${siteUrl(deps.config.publicUrl)}/newsletter/confirm?token=${token}`;
    await sendNewsletterMail(deps, tx, address, (b) => newsletterConfirmContent(b, confirmUrl), { pending: true });
  });
}

const pendingWith = (token: string, now: Date) =>
  and(
    eq(newsletterSubscriptions.confirmTokenHash, hashToken(token)),
    isNull(newsletterSubscriptions.confirmedAt),
    isNull(newsletterSubscriptions.unsubscribedAt),
    gt(newsletterSubscriptions.confirmExpiresAt, now),
  );

/** The pending subscription a confirmation token names, while it can be confirmed (the page shows its email). */
export async function findPendingByConfirmToken(db: Db, token: string, now: Date) {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(pendingWith(token, now));
  return row ?? null;
}

/** Double opt-in's second step: the subscription becomes active. False when the link is unknown, used or expired. */
export async function confirmNewsletter(db: Db, token: string, now: Date) {
  if (!token || token.length > 200) return false;
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(pendingWith(token, now))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}

/** The subscription a token names, while it is live (the unsubscribe page shows its email). */
export async function findSubscriptionByToken(db: Db, token: string) {
  const [row] = await db
    .select({ email: newsletterSubscriptions.email })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.token, token), isNull(newsletterSubscriptions.unsubscribedAt)));
  return row ?? null;
}

/** Ends the subscription the token names (pending or active); false when the token is unknown or already used. */
export async function unsubscribeNewsletter(db: Db, token: string, now: Date) {
  const rows = await db
    .update(newsletterSubscriptions)
    .set({ unsubscribedAt: now, confirmTokenHash: null, confirmExpiresAt: null })
    .where(and(eq(newsletterSubscriptions.token, token), isNull(newsletterSubscriptions.unsubscribedAt)))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0;
}
