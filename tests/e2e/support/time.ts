import os from "node:os";

/** The most a limit grows: past six times, a test that still waits is stuck, not slow. */
const MAX_FACTOR = 6;

/** The one-minute load average per core now, between 1 and MAX_FACTOR, to one decimal. */
export function loadFactor(load = os.loadavg()[0]!, cores = os.cpus().length) {
  return Math.round(Math.min(MAX_FACTOR, Math.max(1, load / Math.max(1, cores))) * 10) / 10;
}

let processFactor: number | undefined;

/**
 * How much slower than a quiet machine this run may be: E2E_TIME_FACTOR when it is set, otherwise
 * the load per core when this process first asks (`loadFactor`). playwright.config.ts multiplies the
 * test and expect time limits by it, and specs with a budget of their own write it as `budget(ms)`:
 * on two cores shared with other work a page simply takes longer, and a test should fail for what
 * it checks, not for the machine.
 *
 * Each process measures for itself. The runner reads the config before the build's servers start,
 * on a quiet machine; each worker reads it again when it starts, after both servers are up and the
 * browsers run, which is the load the tests meet (a CI run measured load 2.1 at the start and 11-14
 * once the suite ran, and a test failed on an unscaled 30 s). `liveFactor` follows the load further,
 * test by test (fixtures.ts).
 */
export function timeFactor(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.E2E_TIME_FACTOR);
  if (set > 0) return set;
  processFactor ??= loadFactor();
  return processFactor;
}

/** The factor for a test starting now: the process's, or more if the machine got busier since. */
export function liveFactor(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.E2E_TIME_FACTOR);
  if (set > 0) return set;
  return Math.max(timeFactor(env), loadFactor());
}

/** A time budget of `ms` on a quiet machine, scaled for the load now. */
export const budget = (ms: number) => Math.round(ms * liveFactor());

/** How long an assertion waits on a quiet machine (scaled: playwright.config.ts, `scaledExpect`). */
export const EXPECT_MS = 10_000;

interface Configurable {
  configure(options: { timeout: number }): unknown;
}

/**
 * `expect` (and `expect.poll`, `expect.soft`) whose waiting limit is scaled when each assertion
 * starts. The config's expect limit is fixed when the worker starts: a worker that started at load
 * 1.6 kept 13 s while the machine went to load 20, and a page that took longer failed a run. An
 * assertion's own `{ timeout }` still wins.
 */
export function scaledExpect<E extends Configurable>(base: E, limit: () => number = () => budget(EXPECT_MS)): E {
  const now = () => base.configure({ timeout: limit() }) as E & ((...args: unknown[]) => unknown);
  return new Proxy(base, {
    apply: (_target, thisArg, args: unknown[]) => Reflect.apply(now(), thisArg, args),
    get: (target, prop, receiver) =>
      prop === "poll" || prop === "soft" ? Reflect.get(now(), prop) : Reflect.get(target, prop, receiver),
  });
}

/**
 * A time zone where it is around midday at `now` (a whole-hour `Etc/GMT` zone between Mexico
 * City's UTC-6 and UTC+14, so the place's day is never before Mexico City's): a class in the next
 * hour falls on the place's "today" at any hour the test runs, also near midnight in Mexico City.
 */
export function middayZone(now: Date) {
  const utc = now.getUTCHours() + now.getUTCMinutes() / 60;
  let best = -6;
  for (let offset = -6; offset <= 14; offset++) {
    const local = (utc + offset + 24) % 24;
    if (Math.abs(local - 12) < Math.abs(((utc + best + 24) % 24) - 12)) best = offset;
  }
  // Etc/GMT zones count the other way round: Etc/GMT-3 is UTC+3.
  return best === 0 ? "Etc/GMT" : `Etc/GMT${best > 0 ? "-" : "+"}${Math.abs(best)}`;
}

/** The calendar day (YYYY-MM-DD) of `at` in `timeZone`. */
export const zoneDay = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(at);

/** `minutes` after `now`, rounded up to the half hour: when `createClass` starts a class by default. */
export function halfHourAfter(now: Date, minutes: number) {
  const HALF = 30 * 60_000;
  return new Date(Math.ceil((now.getTime() + minutes * 60_000) / HALF) * HALF);
}
