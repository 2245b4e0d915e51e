/**
 * An invoice's amounts in integer cents. Prices include IVA (16 %): each concept's total is split
 * into its base and its tax so that base + tax is exactly what was charged, and the tax is the
 * SAT's round(base × 16 %) whenever such a base exists (see docs/decisions.md, "IVA rounding").
 */
import { IVA_PERCENT } from "~/shared/sat/catalogues";

const HUNDRED = 100;

/** round-half-up(n / d) for non-negative integers. */
const divRound = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** The SAT's tax of a base: round-half-up(base × 16 / 100), in cents. */
const ivaOf = (baseCents: number) => divRound(baseCents * IVA_PERCENT, HUNDRED);

/**
 * A total with IVA included → base and tax in cents, base + tax = total. The base is the one whose
 * SAT tax completes the total exactly (for ~86 % of amounts one exists); when the total falls
 * between two such bases, the base is round(total / 1.16) and the tax takes the cent left over.
 */
export function splitIva(totalCents: number): { baseCents: number; taxCents: number } {
  if (!Number.isInteger(totalCents) || totalCents < 0) throw new Error(`importe inválido: ${totalCents}`);
  const guess = divRound(totalCents * HUNDRED, HUNDRED + IVA_PERCENT);
  for (const b of [guess, guess - 1, guess + 1]) {
    if (b >= 0 && b + ivaOf(b) === totalCents) return { baseCents: b, taxCents: totalCents - b };
  }
  return { baseCents: guess, taxCents: totalCents - guess };
}

/**
 * Shares `amount` among `weights` in proportion, in whole cents, adding up exactly (largest
 * remainder): an order's discount over its lines.
 */
export function allocate(amount: number, weights: number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum <= 0 || amount <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (amount * w) / sum);
  const out = raw.map(Math.floor);
  let left = amount - out.reduce((s, v) => s + v, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}
