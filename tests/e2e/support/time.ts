import os from "node:os";

/**
 * How much slower than a quiet machine this run may be: the load average per core when the run
 * starts (at least 1, at most 4), or E2E_TIME_FACTOR. playwright.config.ts multiplies the test and
 * expect time limits by it, and specs with a budget of their own write it as `budget(ms)`: on two
 * cores shared with other work a page simply takes longer, and a test should fail for what it
 * checks, not for the machine. Computed once by the runner and handed to the workers through the
 * environment, so every process uses the same factor.
 */
export function timeFactor(env: NodeJS.ProcessEnv = process.env): number {
  const set = Number(env.E2E_TIME_FACTOR);
  if (set > 0) return set;
  const load = os.loadavg()[0]! / Math.max(1, os.cpus().length);
  const factor = Math.round(Math.min(4, Math.max(1, load)) * 10) / 10;
  env.E2E_TIME_FACTOR = String(factor);
  return factor;
}

/** A time budget of `ms` on a quiet machine, scaled for this run. */
export const budget = (ms: number) => Math.round(ms * timeFactor());

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
