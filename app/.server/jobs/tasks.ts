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
import { expirePendingPayments, reconcileCharges, retryFailedRefunds } from "../domain/commerce/checkout";
import { releaseExpiredHolds } from "../domain/commerce/holds";
import { remindPendingPayments } from "../domain/commerce/pending-payments";
import * as bookingJobs from "../domain/booking/jobs";
import { grantBirthdayRewards, grantMilestoneRewards } from "../domain/commerce/rewards";
import { deliverDueGiftCards } from "../domain/commerce/gift-card-sales";
import { globalInvoiceOfLastMonth, retryPendingInvoices } from "../domain/invoicing/service";
import { sweepAbandonedUploads } from "../domain/on-demand/upload-sweep";

export interface ScheduledTask {
  /** Unique, kebab-case: the queue's job name. */
  name: string;
  /** Cron (5 fields, in Mexico City time, DEFAULT_TZ). */
  cron: string;
  run(deps: AppDeps): Promise<unknown>;
}

export const scheduledTasks: ScheduledTask[] = [
  { name: "housekeeping", cron: "17 * * * *", run: (deps) => sweepExpired(deps.db, deps.clock()) },
  { name: "commerce-refund-failed-charges", cron: "*/10 * * * *", run: (deps) => retryFailedRefunds(deps) },
  // No money stays taken without an order: every charge left open is settled within minutes.
  { name: "commerce-reconcile-charges", cron: "* * * * *", run: (deps) => reconcileCharges(deps) },
  // What a checkout held (stock, a voucher's use, a gift card's part) and never paid is given back.
  { name: "commerce-release-holds", cron: "* * * * *", run: (deps) => releaseExpiredHolds(deps.db, deps.clock()) },
  // OXXO vouchers and SPEI transfers past their expiry: confirmed if paid, else the order is canceled;
  // those not heard of for half an hour are asked about (a lost webhook, a transfer partly received).
  { name: "commerce-expire-pending", cron: "*/5 * * * *", run: (deps) => expirePendingPayments(deps) },
  // An unpaid OXXO voucher or SPEI transfer is reminded once, a day before it lapses (the task keeps
  // its first name: the queue's schedule is stored under it).
  { name: "commerce-oxxo-reminders", cron: "*/15 * * * *", run: (deps) => remindPendingPayments(deps, deps.clock()) },
  { name: "credit-expiry", cron: "5 * * * *", run: (deps) => bookingJobs.expireCredits(deps, deps.clock()) },
  { name: "booking-no-shows", cron: "*/5 * * * *", run: (deps) => bookingJobs.markNoShows(deps, deps.clock()) },
  { name: "waitlist-close", cron: "*/5 * * * *", run: (deps) => bookingJobs.closeWaitlists(deps, deps.clock()) },
  { name: "class-reminders", cron: "*/5 * * * *", run: (deps) => bookingJobs.sendReminders(deps, deps.clock()) },
  { name: "schedule-templates", cron: "30 2 * * *", run: (deps) => bookingJobs.generateSchedule(deps, deps.clock()) },
  { name: "rewards-birthday", cron: "0 8 * * *", run: (deps) => grantBirthdayRewards(deps, deps.clock()) },
  // Gift cards sold online reach their recipient on the chosen day (Mexico City), once.
  { name: "gift-card-delivery", cron: "*/15 * * * *", run: (deps) => deliverDueGiftCards(deps, deps.clock()) },
  // Nucleo Home: resumable uploads left unfinished MEDIA_UPLOAD_ABANDON_HOURS go, with their video row.
  { name: "on-demand-abandoned-uploads", cron: "41 * * * *", run: (deps) => sweepAbandonedUploads(deps, deps.clock()) },
  { name: "rewards-milestones", cron: "10 8 * * *", run: (deps) => grantMilestoneRewards(deps, deps.clock()) },
  // CFDI: approved invoices not stamped yet (chosen at checkout, a PAC that failed) are stamped.
  { name: "invoices-stamp", cron: "*/5 * * * *", run: (deps) => retryPendingInvoices(deps) },
  // The month's global invoice (XAXX010101000) on the 1st at 03:00, for the month just closed.
  { name: "invoices-global", cron: "0 3 1 * *", run: (deps) => globalInvoiceOfLastMonth(deps) },
];
