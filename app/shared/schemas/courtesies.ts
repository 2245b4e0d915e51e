/**
 * A courtesy (`POST /admin/courtesies`): classes given to a customer in a city. Browser-safe: the
 * courtesies page checks its fields with the same rules (and messages) as the API.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { zonedToUtc } from "~/shared/mexico/time";
import { blankToNull, email, id, isCalendarDate } from "~/shared/schemas/fields";

const expiresMessage = t("booking.errors.expiresInvalid");

/**
 * The last day of the courtesy: a calendar day (`YYYY-MM-DD`, the form's date field: the end of that
 * day in Mexico City) or an instant written ISO 8601. Blank or absent: the default (30 days).
 */
const expiresAt = z.preprocess(
  (v) => blankToNull(v) ?? undefined,
  z
    .string({ error: expiresMessage })
    .refine(
      (v) => isCalendarDate(v) || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v))),
      expiresMessage,
    )
    .transform((v) => (isCalendarDate(v) ? new Date(zonedToUtc(v, "23:59").getTime() + 59_000) : new Date(v)))
    .optional(),
);

const fields = {
  city_id: id,
  sessions: z.coerce
    .number({ error: t("booking.errors.sessionsInvalid") })
    .int(t("booking.errors.sessionsInvalid"))
    .min(1, t("booking.errors.sessionsInvalid"))
    .max(100, t("booking.errors.sessionsInvalid")),
  expires_at: expiresAt,
  reason: z
    .string({ error: t("booking.errors.reasonRequired") })
    .trim()
    .min(1, t("booking.errors.reasonRequired"))
    .max(300, t("fields.textTooLong", { max: 300 })),
};

/** The courtesies page's form: the customer by their email. */
export const courtesyFormSchema = z.object({ email, ...fields });

/** The API's body: the customer by id (`user_id`) or by email (the page's form). */
export const courtesyBody = z.object({ user_id: id.optional(), email: email.optional(), ...fields });
