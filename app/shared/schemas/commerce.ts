import { z } from "zod";
import { t } from "~/lib/messages";
import { carrierName, carrierOf, normalizeTrackingNumber, trackingNumberProblem } from "~/shared/carriers";
import { mexicoState, pesosInput, postalCode } from "~/shared/mexico/fields";
import { formatPrice } from "~/shared/mexico/money";
import {
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MESSAGE_MAX,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_NAME_MAX,
} from "~/shared/gift-cards";

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

/**
 * A refund from the payments list: `amount` empty or absent refunds all that is left. An OXXO payment
 * (cash) also needs the customer's CLABE and its holder: the refund goes by transfer (checked by the
 * domain, which knows the payment's method). Browser and API share it.
 */
export const refundSchema = z
  .object({ amount: refundAmount, clabe: z.string().trim().max(40), holder: z.string().trim().max(120) })
  .partial();

export const SHIPMENT_STATUSES = ["pending", "shipped", "delivered", "cancelled"] as const;
/** How a payment was made, and where it stands (the back office's payments list and its filters). */
export const PAYMENT_METHODS = [
  "card",
  "paypal",
  "mercadopago",
  "gift_card",
  "cash",
  "card_terminal",
  "transfer",
  "oxxo",
  "spei",
] as const;
export const PAYMENT_STATUSES = [
  "succeeded",
  "refunded",
  "partially_refunded",
  "failed",
  "pending",
  "canceled",
] as const;
/** An order's state: `pending_payment` waits for an OXXO voucher or a SPEI transfer; `canceled` lapsed. */
export const ORDER_STATUSES = ["paid", "refunded", "partially_refunded", "pending_payment", "canceled"] as const;
/** What a cart line or an order line sells. */
export const SALE_SCOPES = ["pack", "plan", "product", "gift_card"] as const;

/** A blank text is "not given": null (the shipment keeps what it had). */
const blankAsNull = (v: string | null | undefined) => v || null;

/**
 * Staff change a shipment. Marking it sent (`shipped`) needs the carrier (a known one's id or name,
 * or "other" with `carrier_other`) and its tracking number, checked against that carrier's format
 * (spaces removed, capitals); for other statuses a blank carrier or number keeps the saved one.
 * The answer is the carrier's name to store. Browser and API share it.
 */
export const shipmentUpdateSchema = z
  .object({
    status: z.enum(SHIPMENT_STATUSES, { error: () => t("commerce.shipping.statusInvalid") }),
    carrier: z.string().trim().max(60).nullish().transform(blankAsNull),
    carrier_other: z.string().trim().max(60).nullish().transform(blankAsNull),
    tracking_number: z
      .string({ error: () => t("commerce.shipping.trackingFormat.generic") })
      .max(80, t("commerce.shipping.trackingFormat.generic"))
      .nullish()
      .transform((v) => (v ? normalizeTrackingNumber(v) || null : null)),
  })
  .superRefine((v, ctx) => {
    const name = shipmentCarrierName(v.carrier, v.carrier_other);
    if (v.status === "shipped" && !v.carrier)
      ctx.addIssue({ code: "custom", path: ["carrier"], message: t("commerce.shipping.carrierRequired") });
    if (v.carrier === "other" && !v.carrier_other)
      ctx.addIssue({ code: "custom", path: ["carrier_other"], message: t("commerce.shipping.carrierOtherRequired") });
    if (!v.tracking_number) {
      if (v.status === "shipped")
        ctx.addIssue({ code: "custom", path: ["tracking_number"], message: t("commerce.shipping.trackingRequired") });
      return;
    }
    const problem = trackingNumberProblem(name, v.tracking_number);
    if (problem)
      ctx.addIssue({
        code: "custom",
        path: ["tracking_number"],
        message: t(`commerce.shipping.trackingFormat.${problem}`),
      });
  })
  .transform((v) => ({
    status: v.status,
    carrier: shipmentCarrierName(v.carrier, v.carrier_other),
    tracking_number: v.tracking_number,
  }));

/** The name a shipment stores: a known carrier's brand, the typed one for "other", else the text sent. */
function shipmentCarrierName(carrier: string | null, other: string | null): string | null {
  if (!carrier) return null;
  if (carrier === "other") return other;
  const known = carrierOf(carrier);
  return known ? carrierName(known) : carrier;
}

const amountMsg = () =>
  t("commerce.giftSale.amountInvalid", {
    min: formatPrice(GIFT_CARD_MIN_CENTS),
    max: formatPrice(GIFT_CARD_MAX_CENTS),
  });

/**
 * One gift card to buy (the cart action `addGiftCard`); the delivery day's range (today to a year
 * ahead, Mexico City) is checked by the server with its clock. Browser and API share it.
 */
export const giftCardSaleSchema = z.object({
  amount_cents: z.coerce
    .number({ error: amountMsg })
    .int(t("commerce.giftSale.amountCents"))
    .min(GIFT_CARD_MIN_CENTS, { error: amountMsg })
    .max(GIFT_CARD_MAX_CENTS, { error: amountMsg }),
  recipient_name: z
    .string({ error: () => t("commerce.giftSale.recipientNameRequired") })
    .trim()
    .min(1, t("commerce.giftSale.recipientNameRequired"))
    .max(GIFT_CARD_NAME_MAX, t("commerce.giftSale.nameTooLong", { max: GIFT_CARD_NAME_MAX })),
  recipient_email: z
    .string({ error: () => t("commerce.giftSale.recipientEmailInvalid") })
    .trim()
    .toLowerCase()
    .max(254, t("commerce.giftSale.recipientEmailInvalid"))
    .pipe(z.email(t("commerce.giftSale.recipientEmailInvalid"))),
  sender_name: z
    .string({ error: () => t("commerce.giftSale.senderNameRequired") })
    .trim()
    .min(1, t("commerce.giftSale.senderNameRequired"))
    .max(GIFT_CARD_NAME_MAX, t("commerce.giftSale.nameTooLong", { max: GIFT_CARD_NAME_MAX })),
  message: z
    .string()
    .trim()
    .max(GIFT_CARD_MESSAGE_MAX, t("commerce.giftSale.messageTooLong", { max: GIFT_CARD_MESSAGE_MAX }))
    .default(""),
  deliver_on: z
    .string({ error: () => t("commerce.giftSale.dateInvalid") })
    .regex(/^\d{4}-\d{2}-\d{2}$/, t("commerce.giftSale.dateInvalid"))
    .refine((d) => {
      const x = new Date(`${d}T12:00:00Z`);
      return !Number.isNaN(x.getTime()) && x.toISOString().slice(0, 10) === d;
    }, t("commerce.giftSale.dateInvalid")),
});
export type GiftCardSaleInput = z.output<typeof giftCardSaleSchema>;
