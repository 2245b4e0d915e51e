import { z } from "zod";
import { t } from "~/lib/messages";
import { mexicoState, pesosInput, postalCode } from "~/shared/mexico/fields";

/** A shipping address (spec §5): Mexico only (country 1), one of its 32 states, zip of 5 digits. Browser and API share it. */
export const addressSchema = z.object({
  name: z
    .string({ error: () => t("validation.addressAlias") })
    .trim()
    .min(1, t("validation.addressAlias"))
    .max(80),
  line_1: z
    .string({ error: () => t("validation.addressLine1") })
    .trim()
    .min(1, t("validation.addressLine1"))
    .max(200),
  line_2: z.string().trim().max(200).optional().nullable(),
  country_id: z.coerce
    .number({ error: () => t("validation.addressCountry") })
    .int()
    .refine((v) => v === 1, t("validation.addressCountry")),
  custom_state: mexicoState,
  custom_city: z
    .string({ error: () => t("validation.addressCity") })
    .trim()
    .min(1, t("validation.addressCity"))
    .max(80),
  zip: postalCode,
});

/** A gift card's code to redeem in the customer's account ("Mis recompensas"). Browser and API share it. */
export const giftCardRedeemSchema = z.object({
  code: z.string().trim().min(1, t("commerce.giftCard.invalid")).max(60),
});

/** Card form masks (spec §5): number '#### #### #### ####', expiry '##/##', cvc up to 4 digits. */
export function maskCardNumber(v: string) {
  return v
    .replace(/\D/g, "")
    .slice(0, 16)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}
export function maskExpiry(v: string) {
  const d = v.replace(/\D/g, "").slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}
export function maskCvc(v: string) {
  return v.replace(/\D/g, "").slice(0, 4);
}
/** '04/31' → { month: 4, year: 31 } (integers, spec §5). */
export function parseExpiry(v: string) {
  const [m, y] = v.split("/");
  return { month: Number.parseInt(m ?? "", 10) || 0, year: Number.parseInt(y ?? "", 10) || 0 };
}

/** A refund amount in pesos with at most two decimals ("150", "150.5", "150,5", 150.25), as integer cents. */
const refundAmount = pesosInput(t("commerce.refund.amountInvalid"));

/** A refund from the payments list: `amount` empty or absent refunds all that is left. Browser and API share it. */
export const refundSchema = z.object({ amount: refundAmount }).partial();

export const SHIPMENT_STATUSES = ["pending", "shipped", "delivered", "cancelled"] as const;
/** How a payment was made, and where it stands (the back office's payments list and its filters). */
export const PAYMENT_METHODS = ["card", "paypal", "gift_card"] as const;
export const PAYMENT_STATUSES = ["succeeded", "refunded", "partially_refunded", "failed"] as const;
/** What a cart line or an order line sells. */
export const SALE_SCOPES = ["pack", "plan", "product"] as const;

/** A blank text is "not given": null (the shipment keeps what it had). */
const blankAsNull = (v: string | null | undefined) => v || null;

/**
 * Staff change a shipment (status, carrier, tracking number of 4 to 40 letters, digits or
 * hyphens); a blank carrier or tracking number leaves the saved one. Browser and API share it.
 */
export const shipmentUpdateSchema = z.object({
  status: z.enum(SHIPMENT_STATUSES, { error: () => t("commerce.admin.trackingInvalid") }),
  carrier: z.string().trim().max(60).nullish().transform(blankAsNull),
  tracking_number: z
    .string({ error: () => t("commerce.admin.trackingInvalid") })
    .trim()
    .regex(/^([A-Za-z0-9-]{4,40})?$/, t("commerce.admin.trackingInvalid"))
    .nullish()
    .transform(blankAsNull),
});
