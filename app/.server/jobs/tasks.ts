/**
 * Scheduled work of every area, in one list. Each task is idempotent and safe to run on several
 * servers at once (it locks or conditionally updates what it changes), so the scheduler may run it
 * more than once without harm. The runtime's scheduler (a PostgreSQL job queue) runs each on its
 * cron; tests call `run` directly with a moved clock.
 *
 * Areas add their tasks here: credit expiry, no-shows, waitlist closing, class reminders…
 */
import type { AppDeps } from "../deps";
import { sweepExpired } from "../domain/maintenance/housekeeping";
import { retryFailedRefunds } from "../domain/commerce/checkout";

export interface ScheduledTask {
  /** Unique, kebab-case: the queue's job name. */
  name: string;
  /** Cron (5 fields, in America/Mexico_City). */
  cron: string;
  run(deps: AppDeps): Promise<unknown>;
}

export const scheduledTasks: ScheduledTask[] = [
  { name: "housekeeping", cron: "17 * * * *", run: (deps) => sweepExpired(deps.db, deps.clock()) },
  { name: "commerce-refund-failed-charges", cron: "*/10 * * * *", run: (deps) => retryFailedRefunds(deps) },
];
