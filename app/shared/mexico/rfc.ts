/**
 * The SAT's RFC (Registro Federal de Contribuyentes), written once. Browser-safe, without zod.
 *
 * 3 letters (a company, "persona moral": 12 characters) or 4 (a person, "persona física": 13),
 * Ñ and & allowed; the date of birth or incorporation YYMMDD, a real calendar day; then the
 * homoclave: two letters or digits and a check character that is a digit or "A".
 */
const RFC_PATTERN = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z\d]{2})([A\d])$/;

/** What people type (spaces, hyphens, lower case) in the form the SAT writes: `GODE561231GR8`. */
export function normalizeRfc(v: string): string {
  return v.trim().toUpperCase().replace(/[\s-]/g, "");
}

/** Is YYMMDD a real day in 19YY or 20YY (29 February only in a leap year)? */
function isRealDay(yy: number, mm: number, dd: number) {
  return [1900 + yy, 2000 + yy].some((y) => {
    const d = new Date(Date.UTC(y, mm - 1, dd));
    return d.getUTCFullYear() === y && d.getUTCMonth() === mm - 1 && d.getUTCDate() === dd;
  });
}

/** Is `v` (already normalized) a valid RFC: letters, a real date and a homoclave? */
export function isRfc(v: string): boolean {
  const m = RFC_PATTERN.exec(v);
  return !!m && isRealDay(Number(m[2]), Number(m[3]), Number(m[4]));
}

/** A company's RFC (persona moral) has 12 characters; a person's, 13. */
export function isCompanyRfc(rfc: string): boolean {
  return rfc.length === 12;
}

/** The SAT's values of each character for the check digit (a space stands in front of a company's RFC). */
const CHECK_CHARS = "0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ";

/**
 * Does the RFC's last character match the SAT's check digit (modulo 11 over the other twelve, a
 * company's RFC padded with a space in front)? The generic RFCs (XAXX010101000, XEXX010101000) pass.
 */
export function hasRfcCheckDigit(rfc: string): boolean {
  if (!isRfc(rfc)) return false;
  const padded = rfc.length === 12 ? ` ${rfc}` : rfc;
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const v = CHECK_CHARS.indexOf(padded[i]!);
    if (v < 0) return false;
    sum += v * (13 - i);
  }
  const rest = 11 - (sum % 11);
  const expected = rest === 11 ? "0" : rest === 10 ? "A" : String(rest);
  return padded[12] === expected || rfc === "XAXX010101000" || rfc === "XEXX010101000";
}
