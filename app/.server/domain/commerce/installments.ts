/**
 * Meses sin intereses (card instalments without interest, Stripe's card installments). A charge of a
 * cart from the studio's minimum up may be split in the months the provider offers for the card and
 * the amount; which months is the provider's answer, never ours. The minimum is a business setting
 * (Configuración › Tienda, `msi_min_amount` in pesos; blank: $300 MXN, see docs/decisions.md).
 */
import { eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import { formatMoney, parsePesos } from "~/shared/mexico/money";
import type { Db } from "../../db/client";
import { configurations } from "../../db/schema";
import { AppError } from "../errors";
import type { PaymentGateway } from "./gateways/types";

/** The configuration key of the minimum (pesos, as staff type it). */
const MSI_MIN_KEY = "msi_min_amount";
/** The minimum when staff set none: Stripe's own minimum for instalments in Mexico. */
const MSI_MIN_DEFAULT_CENTS = 30_000;

/** The smallest amount (cents) that may be paid in meses sin intereses. */
async function msiMinimumCents(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: configurations.value })
    .from(configurations)
    .where(eq(configurations.key, MSI_MIN_KEY));
  const v = row?.value;
  const cents = typeof v === "string" || typeof v === "number" ? parsePesos(v) : null;
  return cents === null || (typeof v === "string" && !v.trim()) ? MSI_MIN_DEFAULT_CENTS : cents;
}

/** Each month's amount as shown: the total split evenly, rounded to the cent. */
export const monthlyCents = (totalCents: number, months: number) => Math.round(totalCents / months);

/** The plans of a card for an amount: none below the minimum, else the provider's months. */
export async function plansFor(
  db: Db,
  gateway: PaymentGateway,
  input: { amountCents: number; paymentMethodId: string },
): Promise<{ minimumCents: number; months: number[] }> {
  const minimumCents = await msiMinimumCents(db);
  if (input.amountCents < minimumCents) return { minimumCents, months: [] };
  return { minimumCents, months: await gateway.installmentPlans(db, input) };
}

/**
 * A chosen plan, checked before anything is charged: the amount from the minimum up and a month
 * count the provider offers for this card and amount; otherwise a 422 in Spanish.
 */
export async function checkChosenPlan(
  db: Db,
  gateway: PaymentGateway,
  input: { amountCents: number; paymentMethodId: string; months: number },
) {
  const field = "installment_months";
  const { minimumCents, months } = await plansFor(db, gateway, input);
  if (input.amountCents < minimumCents)
    throw AppError.validation([
      { field, message: t("commerce.msi.belowMinimum", { amount: formatMoney(minimumCents) }) },
    ]);
  if (!months.includes(input.months))
    throw AppError.validation([{ field, message: t("commerce.msi.planUnavailable", { n: input.months }) }]);
}
