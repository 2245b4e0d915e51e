/**
 * The front desk's cash arithmetic (spec §2 "Shift-start screen", close-turn), in integer cents and
 * browser-safe: the close-turn form shows the same figures the server stores.
 */

/** Spec §3 "Shift types: id 1 and 2" (labels not shown). */
export const TURN_TYPES = [1, 2] as const;

/** Mexican bills and coins counted at closing, in cents: 1000, 500, 200, 100, 50, 20 pesos; 10, 5, 2, 1, 0.50. */
export const BILLS = [100000, 50000, 20000, 10000, 5000, 2000] as const;
export const COINS = [1000, 500, 200, 100, 50] as const;
export const DENOMINATIONS: readonly number[] = [...BILLS, ...COINS];

/** How many of each denomination (key: the denomination in cents). */
export type CashCount = Record<string, number>;

/** The total of a count, in cents; refuses a denomination it does not know or a count that is not a whole number ≥ 0. */
export function countTotal(count: CashCount): number {
  let total = 0;
  for (const [key, n] of Object.entries(count)) {
    const d = Number(key);
    if (!DENOMINATIONS.includes(d)) throw new Error(`denominación desconocida: ${key}`);
    if (!Number.isSafeInteger(n) || n < 0) throw new Error(`cantidad inválida: ${n}`);
    total += d * n;
  }
  return total;
}

/** What a shift's movements add up to, in cents. */
export interface ShiftTotals {
  openingCashCents: number;
  cashSalesCents: number;
  cashRefundsCents: number;
  withdrawalsCents: number;
  depositsCents: number;
  /** Card-terminal and transfer sales, net of their refunds (what the terminal and the bank report). */
  cardSalesCents: number;
  transferSalesCents: number;
  /** Refunds made through the terminal and by transfer (already netted above, shown on their own). */
  cardRefundsCents: number;
  transferRefundsCents: number;
}

/** Cash that should be in the drawer: opening petty cash + cash sales + deposits − withdrawals − cash refunds. */
export function expectedCash(t: ShiftTotals): number {
  return t.openingCashCents + t.cashSalesCents + t.depositsCents - t.withdrawalsCents - t.cashRefundsCents;
}

/** Counted − expected: negative when cash is missing, positive when there is too much. */
export function cashDifference(countedCents: number, expectedCents: number): number {
  return countedCents - expectedCents;
}
