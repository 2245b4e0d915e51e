/**
 * Dates and money formatted in one place: America/Mexico_City, and money as Mexicans read it
 * ($1,500.00; prices hide ".00": $1,500). The currency record's comma decimal separator is kept in
 * the database as the spec describes, but display follows Mexican usage (see ARCHITECTURE).
 */
const TIME_ZONE = "America/Mexico_City";
const LOCALE = "es-MX";

const dateTime = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: "long", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, dateStyle: "medium" });
const money = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "MXN",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const moneyNoCents = new Intl.NumberFormat(LOCALE, {
  style: "currency",
  currency: "MXN",
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
});

export function formatDateTime(d: Date | string) {
  return dateTime.format(typeof d === "string" ? new Date(d) : d);
}
export function formatDate(d: Date | string) {
  return dateOnly.format(typeof d === "string" ? new Date(d) : d);
}
/** Amounts: always two decimals ("$1,500.00"). */
export function formatMoney(amount: number | string) {
  return money.format(Number(amount));
}
/** Prices: ".00" hidden ("$1,500"), cents kept when present ("$1,500.50"). */
export function formatPrice(amount: number | string) {
  const n = Number(amount);
  return Number.isInteger(n) ? moneyNoCents.format(n) : money.format(n);
}
