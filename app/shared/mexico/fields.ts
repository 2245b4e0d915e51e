/**
 * Mexico's field rules for forms and API bodies (zod), each built on the module's plain rule so
 * the rule and its Spanish message exist once: phone, RFC, postal code, state, money typed by staff.
 * Browser-safe. Pages that only show a value import the plain rules (phone.ts, money.ts…), not these.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { blankToNull, blankToNullKeepAbsent, safeString } from "~/shared/schemas/fields";
import { parsePesos } from "./money";
import { normalizePhone } from "./phone";
import { isPostalCode } from "./postal-code";
import { isRfc, normalizeRfc } from "./rfc";
import { mexicoStateName } from "./states";

const absentToEmpty = (v: unknown) => (v === undefined || v === null ? "" : v);

// ─── Phone: one normal form (10 digits), `+52`, spaces, dashes, dots and parentheses accepted ────

const phoneString = safeString(t("fields.phoneInvalid"))
  .refine((v) => normalizePhone(v) !== null, t("fields.phoneInvalid"))
  .transform((v) => normalizePhone(v) as string);

/** Optional phone: blank or absent is null; stored as 10 digits. */
export const phone = z.preprocess(blankToNull, phoneString.nullable());
/** Phone of a partial update: absent is unchanged, blank is null. */
export const phonePatch = z.preprocess(blankToNullKeepAbsent, phoneString.nullable().optional());
/** A required phone: blank gets `requiredMessage`; stored as 10 digits. */
export const requiredPhone = (requiredMessage: string) =>
  z.preprocess(absentToEmpty, safeString(requiredMessage).trim().min(1, requiredMessage).pipe(phoneString));
/** A phone where blank is kept as "" (a studio's, whose column is not null): stored as 10 digits. */
export const phoneOrEmpty = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : absentToEmpty(v)),
  safeString(t("fields.phoneInvalid"))
    .refine((v) => v === "" || normalizePhone(v) !== null, t("fields.phoneInvalid"))
    .transform((v) => (v === "" ? "" : (normalizePhone(v) as string))),
);

// ─── RFC ─────────────────────────────────────────────────────────────────────────────────────────

/** An RFC: required, normalized (upper case, no spaces or hyphens), with a real date and a homoclave. */
export const rfc = z.preprocess(
  (v) => (typeof v === "string" ? normalizeRfc(v) : ""),
  z.string().min(1, t("content.invoice.rfcRequired")).refine(isRfc, t("content.invoice.rfcInvalid")),
);

// ─── Postal code (spec: required, numeric, exactly 5 characters) ─────────────────────────────────

export const postalCode = z.preprocess(
  absentToEmpty,
  z
    .string({ error: () => t("validation.zipRequired") })
    .trim()
    .min(1, t("validation.zipRequired"))
    .regex(/^\d*$/, t("validation.zipNumeric"))
    .refine(isPostalCode, t("validation.zipLength")),
);

// ─── State: one of the 32, written as the list writes it ─────────────────────────────────────────

export const mexicoState = z.preprocess(
  (v) => (typeof v === "string" ? (mexicoStateName(v) ?? v) : v),
  z
    .string({ error: () => t("validation.addressState") })
    .refine((v) => mexicoStateName(v) !== null, t("validation.addressState")),
);

// ─── Money typed by staff, in pesos, read as integer cents ───────────────────────────────────────

/** Pesos typed by staff (`150`, `1,234.50`, `150,5`) as integer cents; absent or blank is undefined. */
export const pesosInput = (message: string) =>
  z
    .union([z.string(), z.number()], { error: () => message })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return undefined;
      const cents = parsePesos(v);
      if (cents === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });
