import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { oneTimeTokens } from "../../db/schema";
import { hashToken, newToken } from "./tokens";

export type OneTimePurpose = "reset" | "verify";
const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = { reset: 60 * 60_000, verify: 48 * 3_600_000 };

/** Issues a single-use token; earlier unused tokens of the same purpose stop working. */
export async function issueOneTimeToken(db: Db, userId: number, purpose: OneTimePurpose, now: Date) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const { token, hash } = newToken();
  await db
    .insert(oneTimeTokens)
    .values({ userId, purpose, tokenHash: hash, expiresAt: new Date(now.getTime() + ONE_TIME_TTL_MS[purpose]) });
  return token;
}

/** Uses a token once: a conditional update, so two concurrent uses cannot both succeed. */
export async function consumeOneTimeToken(
  db: Db,
  token: string,
  purpose: OneTimePurpose,
  now: Date,
): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
      ),
    )
    .returning({ userId: oneTimeTokens.userId });
  return row?.userId ?? null;
}
