/**
 * The manager's view (issue 22): the period of the dashboard, the reports and the coach pay report,
 * and a coach's pay rate. Browser-safe.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { date, moneyCents, optionalId } from "./fields";

/** The longest period one answer covers: a year and a day (a leap year's whole year fits). */
const MAX_PERIOD_DAYS = 366;

/** Days from `from` to `to`, both counted. */
function periodDays(from: string, to: string) {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD&studio_id=`: local days in Mexico City, both included; absent
 * means the month so far (the domain fills them in). A period backwards or longer than a year is
 * refused in Spanish.
 */
const periodFields = {
  from: date.optional(),
  to: date.optional(),
  studio_id: optionalId.optional(),
};
function periodRules(q: { from?: string | null; to?: string | null }, ctx: z.RefinementCtx) {
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: "custom", path: ["to"], message: t("reports.errors.toBeforeFrom") });
  else if (q.from && q.to && periodDays(q.from, q.to) > MAX_PERIOD_DAYS)
    ctx.addIssue({
      code: "custom",
      path: ["to"],
      message: t("reports.errors.tooLong", { days: String(MAX_PERIOD_DAYS) }),
    });
}
export const periodQuery = z.object(periodFields).superRefine(periodRules);
/** The same period for the calls that also answer CSV (`format=csv`). */
export const periodCsvQuery = z
  .object({ ...periodFields, format: z.enum(["csv"]).optional() })
  .superRefine(periodRules);
export type PeriodQuery = z.infer<typeof periodQuery>;

/** A coach's pay rate in cents: per class taught, per person who attended, and the minimum per class. */
export const coachRateSchema = z.object({
  per_class_cents: moneyCents,
  per_attendee_cents: moneyCents,
  min_per_class_cents: moneyCents,
});
export type CoachRateInput = z.infer<typeof coachRateSchema>;
