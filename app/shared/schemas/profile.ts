import { z } from "zod";
import { t } from "~/lib/messages";

/**
 * "Mis Datos" (profile settings): one zod schema for the form (browser) and for
 * `POST /api/profile/user` (server), so both show the same Spanish messages.
 */

/** Today's date in Mexico City as YYYY-MM-DD. */
export function todayInMexico(now: Date = new Date()) {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Mexico_City",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(now);
}

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(v: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The 10 digits of a Mexican phone number (spaces, dashes, dots, parentheses and +52 allowed), or null. */
export function normalizePhone(v: string): string | null {
  let digits = v.replace(/[\s\-().]/g, "");
  if (digits.startsWith("+52")) digits = digits.slice(3);
  else if (digits.startsWith("52") && digits.length === 12) digits = digits.slice(2);
  return /^\d{10}$/.test(digits) ? digits : null;
}

const text = (v: unknown) => (v === undefined || v === null ? "" : typeof v === "string" ? v.trim() : v);

const requiredName = (required: string, tooLong: string) =>
  z.preprocess(text, z.string({ error: required }).min(1, required).max(100, tooLong));

/** Optional fields: absent = unchanged, empty = cleared. */
const optionalText = (v: unknown) =>
  v === undefined ? undefined : v === null ? "" : typeof v === "string" ? v.trim() : v;

export const profileSchema = z.object({
  name: requiredName(t("validation.nameRequired"), t("auth.profile.errors.nameTooLong")),
  last_name: requiredName(t("validation.lastNameRequired"), t("auth.profile.errors.lastNameTooLong")),
  phone: z.preprocess(
    optionalText,
    z
      .string({ error: t("auth.profile.errors.phoneInvalid") })
      .refine((v) => v === "" || normalizePhone(v) !== null, t("auth.profile.errors.phoneInvalid"))
      .transform((v) => (v === "" ? null : normalizePhone(v)))
      .optional(),
  ),
  birth_date: z.preprocess(
    optionalText,
    z
      .string({ error: t("auth.profile.errors.birthDateInvalid") })
      .refine((v) => v === "" || (isCalendarDate(v) && v >= "1900-01-01"), t("auth.profile.errors.birthDateInvalid"))
      .refine((v) => v === "" || v <= todayInMexico(), t("auth.profile.errors.birthDateFuture"))
      .transform((v) => (v === "" ? null : v))
      .optional(),
  ),
});

export type ProfileInput = z.output<typeof profileSchema>;

/** Avatar rules, checked in the browser before uploading and again by the server. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
