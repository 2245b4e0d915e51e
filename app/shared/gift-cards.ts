/**
 * Gift cards sold online: preset amounts, the custom range (integer cents, MXN) and the limits. Their
 * own module without zod, so the purchase page draws its form without loading the rules (they come
 * with the first submit, `giftCardSaleSchema` in ~/shared/schemas/commerce).
 */
export const GIFT_CARD_PRESETS_CENTS = [50_000, 100_000, 150_000, 200_000] as const;
export const GIFT_CARD_MIN_CENTS = 20_000;
export const GIFT_CARD_MAX_CENTS = 1_000_000;
export const GIFT_CARD_NAME_MAX = 80;
export const GIFT_CARD_MESSAGE_MAX = 300;
/** The delivery day is today or later (America/Mexico_City), at most this many days ahead. */
export const GIFT_CARD_MAX_DAYS_AHEAD = 365;
