import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authTokens, oneTimeTokens, rateLimits } from "../../app/.server/db/schema";
import { sweepExpired } from "../../app/.server/domain/maintenance/housekeeping";
import { setupTestApp } from "../support/app";
import { createCustomer } from "../support/factories";

/** The hourly sweep deletes only what can no longer matter. */
const app = setupTestApp();
const NOW = new Date("2026-06-01T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe("sweepExpired", () => {
  it("deletes old rate-limit windows, long-ended sessions and spent tokens; keeps the rest", async () => {
    const db = app.deps.db;
    const u = await createCustomer(db);
    await db.insert(rateLimits).values([
      { key: "sweep:old", windowStart: ago(2), count: 3 },
      { key: "sweep:new", windowStart: ago(0.01), count: 1 },
    ]);
    const session = (hash: string, expiresAt: Date, revokedAt: Date | null = null) => ({
      userId: u.id,
      tokenHash: hash,
      expiresAt,
      revokedAt,
    });
    await db
      .insert(authTokens)
      .values([
        session("sweep-expired-long-ago", ago(31)),
        session("sweep-revoked-long-ago", ago(-5), ago(40)),
        session("sweep-expired-recently", ago(3)),
        session("sweep-revoked-recently", ago(-5), ago(1)),
        session("sweep-live", ago(-1)),
      ]);
    const token = (hash: string, expiresAt: Date, usedAt: Date | null = null) => ({
      userId: u.id,
      tokenHash: hash,
      purpose: "reset" as const,
      expiresAt,
      usedAt,
    });
    await db
      .insert(oneTimeTokens)
      .values([
        token("sweep-ot-expired", ago(8)),
        token("sweep-ot-used", ago(-1), ago(10)),
        token("sweep-ot-recent", ago(1)),
        token("sweep-ot-live", ago(-1)),
      ]);

    const result = await sweepExpired(db, NOW);
    expect(result.rateLimits).toBeGreaterThanOrEqual(1);
    expect(result.sessions).toBeGreaterThanOrEqual(2);
    expect(result.oneTimeTokens).toBeGreaterThanOrEqual(2);

    const keys = (await db.select().from(rateLimits).where(like(rateLimits.key, "sweep:%"))).map((r) => r.key);
    expect(keys).toEqual(["sweep:new"]);
    const hashes = (await db.select().from(authTokens).where(like(authTokens.tokenHash, "sweep-%")))
      .map((r) => r.tokenHash)
      .sort();
    expect(hashes).toEqual(["sweep-expired-recently", "sweep-live", "sweep-revoked-recently"]);
    const ot = (await db.select().from(oneTimeTokens).where(like(oneTimeTokens.tokenHash, "sweep-ot-%")))
      .map((r) => r.tokenHash)
      .sort();
    expect(ot).toEqual(["sweep-ot-live", "sweep-ot-recent"]);

    // A second sweep finds nothing more of these.
    const again = await sweepExpired(db, NOW);
    expect(again).toEqual({ rateLimits: 0, sessions: 0, oneTimeTokens: 0, loginThrottle: 0 });
  });
});
