import { describe, expect, it } from "vitest";
import {
  budget,
  halfHourAfter,
  liveFactor,
  loadFactor,
  middayZone,
  scaledExpect,
  timeFactor,
  zoneDay as day,
} from "../e2e/support/time";

/**
 * The browser suite's clock helpers (tests/e2e/support/time.ts). booking-flow.spec.ts used to skip
 * itself near midnight in Mexico City (a class 20 minutes away fell on tomorrow, off the coach's
 * list of today's classes); its place now lives in `middayZone`, where the next hour never crosses
 * midnight.
 */
const HOUR = 3_600_000;

describe("middayZone", () => {
  const start = Date.UTC(2026, 10, 27, 0, 0);
  const instants = Array.from({ length: 24 * 4 }, (_, i) => new Date(start + i * 15 * 60_000));

  it("Mexico City itself crosses midnight within the next hour at some hours (why the spec skipped)", () => {
    const crossing = instants.filter(
      (t) => day(t, "America/Mexico_City") !== day(new Date(+t + HOUR), "America/Mexico_City"),
    );
    expect(crossing.length).toBeGreaterThan(0);
  });

  it("at every quarter hour of a day, the next hour stays on the zone's today", () => {
    const crossing = instants.filter((t) => {
      const zone = middayZone(t);
      return day(t, zone) !== day(new Date(+t + HOUR), zone);
    });
    expect(crossing.map((t) => t.toISOString())).toEqual([]);
  });

  it("front-desk-day's class (the next half hour after an hour) stays on the zone's today, not Mexico City's at 23:30", () => {
    // 23:30 in Mexico City (UTC-6) is 05:30 UTC: the class starts at 00:30, tomorrow there.
    const lateNight = new Date(Date.UTC(2026, 10, 28, 5, 30));
    expect(halfHourAfter(lateNight, 60).toISOString()).toBe("2026-11-28T06:30:00.000Z");
    expect(day(lateNight, "America/Mexico_City")).toBe("2026-11-27");
    expect(day(halfHourAfter(lateNight, 60), "America/Mexico_City")).toBe("2026-11-28");
    const zone = middayZone(lateNight);
    expect(day(halfHourAfter(lateNight, 60), zone)).toBe(day(lateNight, zone));
    const crossing = instants.filter((t) => {
      const zone = middayZone(t);
      return day(t, zone) !== day(halfHourAfter(t, 60), zone);
    });
    expect(crossing.map((t) => t.toISOString())).toEqual([]);
  });

  it("the zone's today is Mexico City's today or tomorrow (inside the calendar's two weeks)", () => {
    for (const t of instants) {
      const here = day(t, middayZone(t));
      const cdmx = day(t, "America/Mexico_City");
      expect([cdmx, day(new Date(+t + 24 * HOUR), "America/Mexico_City")]).toContain(here);
    }
  });
});

describe("time budgets", () => {
  it("scale with E2E_TIME_FACTOR, or the load per core between 1 and 6", () => {
    expect(timeFactor({ E2E_TIME_FACTOR: "2.5" })).toBe(2.5);
    expect(liveFactor({ E2E_TIME_FACTOR: "2.5" })).toBe(2.5);
    expect(loadFactor(0.3, 2)).toBe(1);
    expect(loadFactor(5, 2)).toBe(2.5);
    expect(loadFactor(28, 2)).toBe(6);
    const f = timeFactor({});
    expect(f).toBeGreaterThanOrEqual(1);
    expect(f).toBeLessThanOrEqual(6);
    // The process keeps the factor it measured first; a test starting later gets more if the load rose.
    expect(timeFactor({})).toBe(f);
    expect(liveFactor({})).toBeGreaterThanOrEqual(f);
    expect(budget(1000)).toBeGreaterThanOrEqual(Math.round(1000 * f));
  });

  it("is not handed from the runner to its workers through the environment", () => {
    // A worker starts after the servers and must measure the load it meets, not inherit the
    // runner's quiet-machine figure.
    const env: NodeJS.ProcessEnv = {};
    timeFactor(env);
    liveFactor(env);
    expect(env.E2E_TIME_FACTOR).toBeUndefined();
  });
});

describe("scaledExpect", () => {
  /** A stand-in for Playwright's `expect`: says the limit it was configured with when called. */
  function fakeExpect(timeout = 13_000): ((actual: unknown) => string) & {
    configure(o: { timeout: number }): unknown;
    poll: (actual: unknown) => string;
    soft: (actual: unknown) => string;
    any: string;
  } {
    const say = (kind: string) => (actual: unknown) => `${kind} ${String(actual)} within ${timeout}`;
    return Object.assign(say("expect"), {
      configure: (o: { timeout: number }) => fakeExpect(o.timeout),
      poll: say("poll"),
      soft: say("soft"),
      any: "asymmetric matcher",
    });
  }

  it("reads the limit when each assertion starts, not when the worker started", () => {
    let limit = 13_000;
    const scaled = scaledExpect(fakeExpect(), () => limit);
    expect(scaled("page")).toBe("expect page within 13000");
    // The machine got busier during the worker's life (load 1.6 → 20 on 2 cores).
    limit = 60_000;
    expect(scaled("page")).toBe("expect page within 60000");
    expect(scaled.poll("mail")).toBe("poll mail within 60000");
    expect(scaled.soft("row")).toBe("soft row within 60000");
    // Everything else is Playwright's own.
    expect(scaled.any).toBe("asymmetric matcher");
  });
});
