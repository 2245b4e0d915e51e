/**
 * Mexican phone numbers, as stored (10 digits) and as shown. Apart from the field rules
 * (schemas/fields.ts) so that a page that only shows a phone does not load zod (~29 KB gzip).
 */

/** The 10 digits of a Mexican phone number (spaces, dashes, dots, parentheses and +52 allowed), or null. */
export function normalizePhone(v: string): string | null {
  let digits = v.replace(/[\s\-().]/g, "");
  if (digits.startsWith("+52")) digits = digits.slice(3);
  else if (digits.startsWith("52") && digits.length === 12) digits = digits.slice(2);
  return /^\d{10}$/.test(digits) ? digits : null;
}

/**
 * The digits a search term looks for among stored phones (10 digits, no separators): a whole number
 * as `normalizePhone` reads it ("+52 55 1234 5678", "55-1234-5678"), or the digits of a partial one
 * typed with a phone's separators ("55 1234"); null when the term is not a phone's (a name, "Av. 5").
 */
export function phoneSearchDigits(term: string): string | null {
  const whole = normalizePhone(term);
  if (whole) return whole;
  if (!/^[\d\s\-().+]+$/.test(term)) return null;
  let digits = term.replace(/\D/g, "");
  if (term.trim().startsWith("+52")) digits = digits.slice(2);
  return digits.length >= 3 ? digits : null;
}

/** A stored phone as people read it: `55 1234 5678` (area codes 55, 33, 81 take two digits, others three). */
export function formatPhone(v: string | null | undefined): string {
  if (!v) return "";
  const d = normalizePhone(v);
  if (!d) return v;
  return /^(55|33|81)/.test(d)
    ? `${d.slice(0, 2)} ${d.slice(2, 6)} ${d.slice(6)}`
    : `${d.slice(0, 3)} ${d.slice(3, 6)} ${d.slice(6)}`;
}

/** `tel:` link of a stored phone (tap to call). */
export function phoneHref(v: string | null | undefined): string | undefined {
  const d = v ? normalizePhone(v) : null;
  return d ? `tel:+52${d}` : undefined;
}
