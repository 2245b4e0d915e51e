/**
 * Money in Mexico, written once: amounts are integer cents (MXN) everywhere, in the database, the
 * domain, the API and the forms; pesos exist only as text (shown) or as the spec's numeric `price`
 * fields. Browser-safe and without zod, so a page that only shows a price stays small.
 *
 * Display follows Mexican usage ($1,500.00; prices hide ".00": $1,500), whatever separator the
 * currency record in the database keeps (see ARCHITECTURE).
 */

// Made on first use, not when a page's scripts load: constructing the first es-MX formatter loads
// the locale's data (~20 ms of a phone's main thread), which pages that show no amount skip.
let money: Intl.NumberFormat | undefined;
let moneyNoCents: Intl.NumberFormat | undefined;
const moneyFormat = () =>
  (money ??= new Intl.NumberFormat("es-MX", {
    style: "currency",
    currency: "MXN",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }));
const moneyNoCentsFormat = () =>
  (moneyNoCents ??= new Intl.NumberFormat("es-MX", {
    style: "currency",
    currency: "MXN",
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }));

const CENTS_PER_PESO = 100;

/** Cents as pesos (a number with at most two decimals): only for the spec's numeric `price`/`amount` fields. */
export function centsToPesos(cents: number): number {
  return Math.round(cents) / CENTS_PER_PESO;
}

/** Cents as a plain decimal string with two decimals ("1234.50"): gateways (PayPal) and form inputs. */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`importe inválido: ${cents}`);
  return `${Math.floor(cents / CENTS_PER_PESO)}.${String(cents % CENTS_PER_PESO).padStart(2, "0")}`;
}

/** An amount as people read it, always with two decimals: `$1,234.50`, `-$20.00`. */
export function formatMoney(cents: number): string {
  return moneyFormat().format(centsToPesos(cents));
}

/** A price: ".00" hidden (`$1,500`), cents kept when there are some (`$1,500.50`). */
export function formatPrice(cents: number): string {
  const c = Math.round(cents);
  return c % CENTS_PER_PESO === 0 ? moneyNoCentsFormat().format(c / CENTS_PER_PESO) : formatMoney(c);
}

/** `percent` % of an amount in cents, rounded half up to the cent (a discount). */
export function percentOfCents(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * Pesos typed by staff (a price, a refund) as integer cents, or null when it is not an amount.
 * Accepts `$`, spaces, thousands commas (`1,234.50`), a decimal point or a decimal comma (`150,5`),
 * and at most two decimals; a number (a numeric input's value) is read as pesos. Never a float.
 */
export function parsePesos(value: string | number): number | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = Math.round(value * CENTS_PER_PESO);
    return Math.abs(value * CENTS_PER_PESO - cents) < 1e-6 ? cents : null;
  }
  let s = value.replace(/\s/g, "").replace(/^\$/, "");
  if (/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/.test(s)) s = s.replace(/,/g, "");
  else if (/^\d+,\d{1,2}$/.test(s)) s = s.replace(",", ".");
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const cents = Number(m[1]) * CENTS_PER_PESO + Number((m[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}
