import { describe, expect, it } from "vitest";
import { loadConfig } from "../../app/.server/config/env";
import { setupTestApp } from "../support/app";
import { createStaff, FACTORY_PASSWORD } from "../support/factories";

/**
 * Nobody can lock an account by failing its password from one place (issue 12, security 5):
 * failures are throttled per account and source with growing waits; spraying one account from
 * many addresses is still slowed, but only by a short wait.
 */
const app = setupTestApp({
  config: loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ".tmp/unused", TRUST_PROXY: "true" }),
});
const T0 = new Date("2026-03-02T15:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

async function attempt(email: string, ip: string, password: string) {
  const res = await app.request("/login", {
    method: "POST",
    form: { email, password },
    headers: { "x-forwarded-for": ip },
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after") };
}

describe("login throttling per account and source", () => {
  it("an attacker's failures from one address do not lock the owner out elsewhere", async () => {
    const { email } = await createStaff(app.deps.db, "manager");
    app.setNow(T0);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(email, "203.0.113.9", "incorrecta")).status);
    // three free tries, then the attacker must wait
    expect(statuses.slice(0, 3)).toEqual([422, 422, 422]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
    // the owner, from their own address, logs in at once
    expect((await attempt(email, "198.51.100.20", FACTORY_PASSWORD)).status).toBe(200);
    // and the attacker, even with the right password, still waits from their address
    expect((await attempt(email, "203.0.113.9", FACTORY_PASSWORD)).status).toBe(429);
    app.setNow(null);
  });

  it("the waits of one source grow with each failure", async () => {
    const { email } = await createStaff(app.deps.db, "coach");
    const ip = "203.0.113.10";
    let now = 0;
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      app.setNow(at(now));
      expect((await attempt(email, ip, "incorrecta")).status).toBe(422);
      app.setNow(at(now));
      const next = await attempt(email, ip, "incorrecta");
      if (i < 2) {
        expect(next.status).toBe(422);
        i++;
        continue;
      }
      expect(next.status).toBe(429);
      const wait = Number(next.retryAfter);
      waits.push(wait);
      now += wait * 1000;
    }
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThan(waits[i - 1]);
    app.setNow(null);
  });

  it("spraying one account from many addresses is slowed for a short while, then the owner gets in", async () => {
    const { email } = await createStaff(app.deps.db, "door");
    app.setNow(T0);
    for (let i = 0; i < 25; i++) await attempt(email, `192.0.2.${i + 1}`, `incorrecta-${i}`);
    // every source is new, yet the account as a whole now waits (a short, growing wait)
    const sprayed = await attempt(email, "192.0.2.200", "incorrecta");
    expect(sprayed.status).toBe(429);
    expect(Number(sprayed.retryAfter)).toBeLessThanOrEqual(30);
    // the owner is refused only until that short wait is over
    app.setNow(at(31_000));
    expect((await attempt(email, "198.51.100.21", FACTORY_PASSWORD)).status).toBe(200);
    app.setNow(null);
  });
});
