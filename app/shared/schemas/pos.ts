/**
 * The point of sale's forms (issue 22, item 3), shared by the screen and the API: the customer
 * search, a customer registered at the desk in a few fields, and a sale (its items, voucher, gift
 * card, how it is paid and the browser's idempotency key). Amounts are typed in pesos by staff and
 * read as integer cents.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { pesosInput } from "~/shared/mexico/fields";
import { id, INTEGER_MAX, optionalId, optionalText, searchText, wholeNumber } from "./fields";
import { customerSchema } from "./people";
import { giftCardSaleSchema } from "./commerce";

/**
 * Whether a point-of-sale search is specific enough to run (issue 22, p99 <= 100 ms over 100,000
 * customers): three letters or digits in a row (in a name, a surname or an email), or a phone number of
 * at least three digits, typed with spaces or dashes or not ("55 12", +52 aside). Two letters match most customers and no trigram of the
 * index, so they are not searched. The back office's booking-on-behalf search keeps the same rule.
 */
export function posSearchable(q: string) {
  const text = q.trim();
  if (/^[\d\s\-().+]+$/.test(text)) return text.replace(/^\+52/, "").replace(/\D/g, "").length >= 3;
  return text.split(/[^\p{L}\p{N}]+/u).some((run) => run.length >= 3);
}

/** `GET /pos/customers?q=`: searchable as `posSearchable` says (absent: no one). */
export const posSearchQuery = z.object({
  q: searchText
    .optional()
    .default("")
    .refine((v) => v === "" || posSearchable(v), t("shifts.pos.errors.search")),
});

/** `POST /pos/customers`: name, surname, email and phone (optional), as the back office's customer form. */
export const posCustomerSchema = customerSchema.pick({ name: true, last_name: true, email: true, phone: true });

export const POS_METHODS = ["cash", "card_terminal", "transfer"] as const;
export type PosMethod = (typeof POS_METHODS)[number];
const POS_ITEM_KINDS = ["pack", "plan", "product"] as const;
const POS_MAX_ITEMS = 30;
const POS_MAX_GIFT_CARDS = 5;

const code = z
  .string({ error: () => t("commerce.voucher.invalid") })
  .trim()
  .max(60, t("fields.textTooLong", { max: 60 }))
  .optional()
  .transform((v) => v || null);

const item = z.object({
  kind: z.enum(POS_ITEM_KINDS, { error: () => t("commerce.cart.notFound") }),
  id,
  variant_id: optionalId.optional().transform((v) => v ?? null),
  qty: wholeNumber(1, 100, t("commerce.cart.qtyInvalid"), 1),
});

/** What a quote needs: the customer, the items, the codes. */
export const posQuoteSchema = z.object({
  customer_id: wholeNumber(1, INTEGER_MAX, t("shifts.pos.errors.customer")),
  /** Packs, plans, products (at least one line between these and the gift cards: the domain checks). */
  items: z
    .array(item, { error: () => t("shifts.pos.errors.items") })
    .max(POS_MAX_ITEMS, t("shifts.pos.errors.tooManyItems", { max: POS_MAX_ITEMS })),
  /** Gift cards sold at the desk: amount, recipient (name, mail), sender, message, delivery day, as online. */
  gift_cards: z
    .array(giftCardSaleSchema, { error: () => t("shifts.pos.errors.items") })
    .max(POS_MAX_GIFT_CARDS, t("shifts.pos.errors.tooManyGiftCards", { max: POS_MAX_GIFT_CARDS }))
    .optional()
    .default([]),
  voucher_code: code,
  gift_card_code: code,
});

/** `POST /pos/sales`: the quote's fields plus the payment: cash (received), terminal or transfer (reference). */
export const posSaleSchema = posQuoteSchema
  .extend({
    method: z.enum(POS_METHODS, { error: () => t("shifts.pos.errors.method") }),
    received: pesosInput(t("shifts.pos.errors.received")),
    reference: optionalText({ max: 100 }),
    idempotency_key: z
      .string({ error: () => t("shifts.pos.errors.key") })
      .regex(/^[A-Za-z0-9_-]{8,100}$/, t("shifts.pos.errors.key")),
  })
  .superRefine((v, ctx) => {
    if (v.method === "cash" && v.received === undefined)
      ctx.addIssue({ code: "custom", path: ["received"], message: t("shifts.pos.errors.received") });
    if (v.method !== "cash" && !v.reference)
      ctx.addIssue({ code: "custom", path: ["reference"], message: t("shifts.pos.errors.reference") });
  });
export type PosSaleInput = z.output<typeof posSaleSchema>;
export type PosQuoteInput = z.output<typeof posQuoteSchema>;

/** `POST /pos/sales/{id}/refund`: the amount (absent: all that is left) and, for a terminal or transfer, the refund's reference. */
export const posRefundSchema = z.object({
  amount: pesosInput(t("shifts.pos.refund.errors.amountInvalid")),
  reference: optionalText({ max: 100 }),
});
export type PosRefundInput = z.output<typeof posRefundSchema>;
