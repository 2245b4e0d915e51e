/** Numbers in the back office, es-MX (dates and money: ~/shared/mexico). Browser-safe. */
const number = new Intl.NumberFormat("es-MX");

export const formatNumber = (n: number) => number.format(n);
