/**
 * The field rules, written once: every form schema (browser) and every API body or query (server)
 * builds its fields from these, so a rule and its Spanish message exist in one place.
 * Browser-safe (no server imports).
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatMoney } from "~/shared/mexico/money";
import { localDay } from "~/shared/mexico/time";

/**
 * Spanish for every rule a schema did not word itself (zod's own texts are English): a missing
 * field is "requerido", a wrong option or value is named as such. Set once for the whole process
 * (server) or page (browser) by whoever loads the field rules.
 */
z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type") return issue.input === undefined ? t("fields.required") : t("fields.invalid");
    if (issue.code === "invalid_value") return t("fields.invalidOption");
    if (issue.code === "too_small") return t("fields.tooShort", { min: String(issue.minimum) });
    if (issue.code === "too_big") return t("fields.tooLong", { max: String(issue.maximum) });
    return t("fields.invalid");
  },
});

/**
 * The one integer rule: every whole number the API takes (ids, counts, cents, pages) fits
 * PostgreSQL's `integer` (int4; the schema has no bigint column), so none reaches the database
 * as an out-of-range 500. `wholeNumber`, `id` and `moneyCents` never accept more.
 */
export const INTEGER_MAX = 2_147_483_647;

// ─── Text ────────────────────────────────────────────────────────────────────────────────────────

/**
 * Text PostgreSQL cannot store or that is not real text: a NUL byte, or half of a UTF-16
 * surrogate pair. (Without the `u` flag the pattern reads code units, so lone halves match.)
 */
// eslint-disable-next-line no-control-regex -- the NUL byte is what this rule refuses
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The one rule for every text field: no NUL byte and no lone surrogate. */
export function isSafeText(value: string) {
  return !UNSAFE_TEXT.test(value);
}

/**
 * The first string inside `value` (an object, array or string) that breaks `isSafeText`, as
 * `{ field }` (the dotted path), or null. The API runs it over every path, query and body, so a
 * field a schema forgot is refused too.
 */
export function findUnsafeText(value: unknown, path: string[] = []): { field: string } | null {
  if (typeof value === "string") return isSafeText(value) ? null : { field: path.join(".") || "body" };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const r = findUnsafeText(value[i], [...path, String(i)]);
      if (r) return r;
    }
    return null;
  }
  // Plain objects, including those made without a prototype (Hono's query, qs's bodies).
  const proto = value && typeof value === "object" ? Object.getPrototypeOf(value) : undefined;
  if (value && (proto === Object.prototype || proto === null)) {
    for (const [k, v] of Object.entries(value)) {
      const r = isSafeText(k) ? findUnsafeText(v, [...path, k]) : { field: [...path].join(".") || "body" };
      if (r) return r;
    }
  }
  return null;
}

/** A string that passes the text rule (the base of every text field below). */
export const safeString = (error?: string) =>
  z.string(error ? { error } : undefined).refine(isSafeText, t("fields.unsafeText"));

const absentToEmpty = (v: unknown) => (v === undefined || v === null ? "" : v);

/** A blank value (absent, null, only spaces) read as null. */
export const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v;

/** Absent stays absent (unchanged), blank becomes null (cleared): for partial updates. */
export const blankToNullKeepAbsent = (v: unknown) => (v === undefined ? undefined : blankToNull(v));

/** Required, trimmed text of at most `max` characters. */
export function requiredText(message: string, opts: { max?: number; tooLong?: string } = {}) {
  const max = opts.max ?? 100;
  return z.preprocess(
    absentToEmpty,
    safeString(message)
      .trim()
      .min(1, message)
      .max(max, opts.tooLong ?? t("fields.textTooLong", { max })),
  );
}

/** Optional trimmed text: blank is null. */
export function optionalText(opts: { max?: number; tooLong?: string } = {}) {
  const max = opts.max ?? 255;
  return z.preprocess(
    blankToNull,
    safeString()
      .trim()
      .max(max, opts.tooLong ?? t("fields.textTooLong", { max }))
      .nullable(),
  );
}

/** The `search` of a list: trimmed, at most 100 characters, safe. */
export const searchText = safeString()
  .trim()
  .max(100, t("fields.textTooLong", { max: 100 }));

/** Lower case without accents (the form the customer search compares). */
export function foldText(v: string) {
  return v
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

// ─── Email and password ──────────────────────────────────────────────────────────────────────────

export const email = z
  .preprocess(absentToEmpty, safeString(t("validation.emailRequired")).trim().min(1, t("validation.emailRequired")))
  .pipe(z.email({ error: t("validation.emailInvalid") }).max(190, t("validation.emailInvalid")));

export const password = z.preprocess(
  absentToEmpty,
  safeString(t("validation.passwordRequired"))
    .min(1, t("validation.passwordRequired"))
    .min(6, t("validation.passwordMin"))
    .max(200, t("validation.passwordMin")),
);

// ─── Booleans ────────────────────────────────────────────────────────────────────────────────────

const TRUE = new Set(["true", "1", "on", "yes"]);
const FALSE = new Set(["false", "0", "off", "no", ""]);

/**
 * A checkbox or boolean: `true/false`, `1/0`, `on/off` (JSON booleans and numbers too); absent is
 * false. Any other value is refused (422), never silently read as false.
 */
export const boolean = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return false;
    if (typeof v === "boolean") return v;
    if (v === 1) return true;
    if (v === 0) return false;
    if (typeof v === "string") {
      const s = v.trim().toLowerCase();
      if (TRUE.has(s)) return true;
      if (FALSE.has(s)) return false;
    }
    return v;
  },
  z.boolean({ error: t("fields.booleanInvalid") }),
);

// ─── Dates ───────────────────────────────────────────────────────────────────────────────────────

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(v: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A calendar date YYYY-MM-DD (optional: blank is null). */
export const date = z.preprocess(
  blankToNull,
  safeString(t("fields.dateInvalid")).refine(isCalendarDate, t("fields.dateInvalid")).nullable(),
);

const birthDateString = safeString(t("fields.birthDateInvalid"))
  .refine((v) => isCalendarDate(v) && v >= "1900-01-01", t("fields.birthDateInvalid"))
  .refine((v) => v <= localDay(new Date()), t("fields.birthDateFuture"));

/** A birth date: a real date from 1900 up to today (Mexico City); blank or absent is null. */
export const birthDate = z.preprocess(blankToNull, birthDateString.nullable());
/** Birth date of a partial update: absent is unchanged, blank is null. */
export const birthDatePatch = z.preprocess(blankToNullKeepAbsent, birthDateString.nullable().optional());

// ─── Money ───────────────────────────────────────────────────────────────────────────────────────

/** Money as integer cents (MXN), never a float: `12345` is $123.45; at most what an `integer` column holds. */
export const moneyCents = z.preprocess(
  (v) => (typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number({ error: t("fields.moneyInvalid") })
    .int(t("fields.moneyInvalid"))
    .min(0, t("fields.moneyInvalid"))
    .max(INTEGER_MAX, t("fields.moneyTooBig", { max: formatMoney(INTEGER_MAX) })),
);

// ─── Whole numbers ───────────────────────────────────────────────────────────────────────────────

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/**
 * A whole number from `min` to `max` (never past INTEGER_MAX), from a number or a numeric string;
 * blank is `fallback` when one is given, otherwise refused with `message` (never read as 0).
 */
export function wholeNumber(min: number, max: number, message: string, fallback?: number) {
  return z.preprocess(
    (v) =>
      isBlank(v) && fallback !== undefined
        ? fallback
        : typeof v === "string" && /^\s*-?\d+\s*$/.test(v)
          ? Number(v)
          : v,
    // `refine`, not `int()`: a fraction is an ordinary issue, so the object's rules across fields
    // still run and say everything wrong at once.
    z
      .number({ error: message })
      .refine(Number.isInteger, message)
      .min(Math.max(min, -INTEGER_MAX - 1), message)
      .max(Math.min(max, INTEGER_MAX), message),
  );
}

// ─── Ids ─────────────────────────────────────────────────────────────────────────────────────────

/** A database id: a whole number from 1 to INTEGER_MAX, from a number or a numeric string. */
export const id = wholeNumber(1, INTEGER_MAX, t("fields.idInvalid"));
/** An optional id: blank or absent is null. */
export const optionalId = z.preprocess(blankToNull, id.nullable());

/** One of a closed list of numbers (a role, a type), from a number or a numeric string. */
export function oneOfNumbers<const V extends readonly number[]>(values: V, message: string) {
  return z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z.literal(values, { error: message }),
  );
}

/** An optional web link (http or https); blank is null. */
export const optionalUrl = z.preprocess(
  blankToNull,
  safeString(t("fields.urlInvalid"))
    .trim()
    .max(500, t("fields.textTooLong", { max: 500 }))
    .regex(/^https?:\/\/[^\s]+$/i, t("fields.urlInvalid"))
    .nullable(),
);
