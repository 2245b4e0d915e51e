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
 * Bank codes of SPEI participants (Banxico's catalogue, the CLABE's first 3 digits): banks, brokers
 * and payment institutions customers commonly hold accounts at. A CLABE of another code is refused.
 */
const SPEI_BANK_CODES = new Set(
  (
    "002 006 009 012 014 019 021 030 036 037 042 044 058 059 060 062 072 106 108 110 112 113 116 124 126 127 " +
    "128 129 130 131 132 133 134 135 136 137 138 139 140 141 143 145 147 148 149 150 151 152 153 154 155 156 " +
    "157 158 159 160 166 168 600 601 602 605 606 607 608 610 611 613 614 615 616 617 618 619 620 621 622 623 " +
    "626 627 628 629 630 631 632 633 634 636 637 638 640 642 646 647 648 649 651 652 653 655 656 659 661 670 " +
    "677 680 683 684 685 686 689 699 703 706 710 715 720 721 722 723 727 728 730 732 734 738 901 902"
  ).split(" "),
);

/**
 * What is wrong with a CLABE typed by a person (spaces and dashes ignored), or null when it is good:
 * `length` (not 18 digits), `check` (the check digit does not match), `bank` (no SPEI bank has that code).
 */
export function clabeProblem(input: string): "length" | "check" | "bank" | null {
  const clabe = normalClabe(input);
  if (!/^\d{18}$/.test(clabe)) return "length";
  if (!clabeValid(clabe)) return "check";
  if (!SPEI_BANK_CODES.has(clabe.slice(0, 3))) return "bank";
  return null;
}

/** A CLABE as typed, without the spaces and dashes people put in it. */
export const normalClabe = (input: string) => input.replace(/[\s-]/g, "");
