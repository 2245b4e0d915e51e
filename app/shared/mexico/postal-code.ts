/** The Mexican postal code (código postal), written once: exactly 5 digits. Browser-safe, without zod. */
const POSTAL_CODE_LENGTH = 5;

export function isPostalCode(v: string): boolean {
  return /^\d+$/.test(v) && v.length === POSTAL_CODE_LENGTH;
}
