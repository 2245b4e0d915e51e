/**
 * CLABE (Clave Bancaria Estandarizada): the 18 digits of a Mexican bank account for SPEI transfers,
 * 3 of the bank, 3 of the place, 11 of the account and a check digit (weights 3, 7, 1 repeated,
 * each product taken modulo 10, the check digit brings the sum to a multiple of 10).
 */
export function clabeCheckDigit(first17: string) {
  if (!/^\d{17}$/.test(first17)) throw new Error("CLABE: 17 digits expected");
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * [3, 7, 1][i % 3]!) % 10;
  return String((10 - (sum % 10)) % 10);
}

/** 18 digits whose last is the check digit of the others. */
export function clabeValid(clabe: string) {
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === clabe[17];
}

/**
 * What is wrong with a CLABE typed by a person (spaces and dashes ignored), or null when it is good:
 * `length` (not 18 digits), `check` (the check digit does not match: any one digit mistyped, and
 * most swaps of two). The bank's code (the first 3 digits) is not checked against a list: Banxico
 * adds SPEI participants every year, and a list kept here would refuse a customer's new bank and
 * block the refund; a code mistyped fails the check digit anyway.
 */
export function clabeProblem(input: string): "length" | "check" | null {
  const clabe = normalClabe(input);
  if (!/^\d{18}$/.test(clabe)) return "length";
  if (!clabeValid(clabe)) return "check";
  return null;
}

/** A CLABE as typed, without the spaces and dashes people put in it. */
export const normalClabe = (input: string) => input.replace(/[\s-]/g, "");
