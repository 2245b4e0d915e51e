import type { useCart } from "../useCart";
import type { StripeCardElement } from "./stripe-js";

export type Step = "info" | "shipping" | "payment";
export type Act = ReturnType<typeof useCart>["act"];
export type PayMethod = "card" | "paypal" | "mercadopago" | "oxxo" | "spei";

/** What the card form hands to the payment flow: a saved card's id, or the typed card (never kept). */
export interface CardDetails {
  savedId?: string;
  number?: string;
  name?: string;
  expiry?: string;
  cvc?: string;
  save: boolean;
  /** Stripe: its mounted card Element (the number stays in Stripe's frame). */
  stripeElement?: StripeCardElement;
}

/** The server's messages for a typed card, by input of the card form (spec §5). */
export type CardErrors = Partial<Record<"number" | "name" | "expiry" | "cvc", string>>;
