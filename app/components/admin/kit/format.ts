/** Numbers in the back office, es-MX (dates and money: ~/shared/mexico). Browser-safe. */
let number: Intl.NumberFormat | undefined; // made on first use (app/shared/mexico/money.ts says why)

export const formatNumber = (n: number) => (number ??= new Intl.NumberFormat("es-MX")).format(n);
