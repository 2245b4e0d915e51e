import { t } from "~/lib/messages";

/**
 * Stripe.js, loaded only when Stripe is the card gateway (root data `stripeKey`): Stripe requires its
 * script to come from js.stripe.com (PCI), so it is the one external script of the site, and the CSP
 * allows it only then (docs/decisions.md). The card fields live in Stripe's frame: the card number
 * never reaches our page's code nor our server; we get a payment method id.
 */
const STRIPE_JS_URL = "https://js.stripe.com/v3";

interface StripeError {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

export interface StripeCardElement {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: "change", handler: (e: { complete: boolean; error?: StripeError }) => void): void;
  on(event: "ready", handler: () => void): void;
}

export interface StripeJs {
  elements(opts?: { locale?: string; fonts?: unknown[] }): {
    create(type: "card", opts?: Record<string, unknown>): StripeCardElement;
  };
  createPaymentMethod(opts: {
    type: "card";
    card: StripeCardElement;
    billing_details?: { name?: string };
  }): Promise<{ paymentMethod?: { id: string }; error?: StripeError }>;
  handleNextAction(opts: { clientSecret: string }): Promise<{ error?: StripeError }>;
}

declare global {
  interface Window {
    Stripe?: (key: string, opts?: { locale?: string }) => StripeJs;
  }
}

let loading: { key: string; promise: Promise<StripeJs> } | null = null;

/** Loads Stripe.js once per page and answers its instance for `key`. */
export function loadStripe(key: string): Promise<StripeJs> {
  if (loading?.key === key) return loading.promise;
  const promise = new Promise<StripeJs>((resolve, reject) => {
    const ready = () =>
      window.Stripe ? resolve(window.Stripe(key, { locale: "es-419" })) : reject(new Error("stripe"));
    if (window.Stripe) return ready();
    let script = document.querySelector<HTMLScriptElement>(`script[src="${STRIPE_JS_URL}"]`);
    if (!script) {
      script = document.createElement("script");
      script.src = STRIPE_JS_URL;
      script.async = true;
      document.head.appendChild(script);
    }
    script.addEventListener("load", ready, { once: true });
    script.addEventListener("error", () => reject(new Error("stripe")), { once: true });
  });
  // A failed load (offline) may be tried again later.
  promise.catch(() => {
    if (loading?.promise === promise) loading = null;
  });
  loading = { key, promise };
  return promise;
}

/** Stripe's error as one of our Spanish messages (spec §8: 'Tarjeta declinada' for declines). */
export function stripeErrorMessage(e: StripeError | undefined) {
  const code = e?.code ?? "";
  if (code === "card_declined") return t("errors.paymentDeclined");
  if (code === "insufficient_funds" || e?.decline_code === "insufficient_funds")
    return t("commerce.payment.insufficientFunds");
  if (/number/.test(code)) return t("commerce.payment.cardNumberInvalid");
  if (/expiry|expired/.test(code)) return t("commerce.payment.cardExpired");
  if (/cvc/.test(code)) return t("commerce.payment.cvcInvalid");
  if (code === "payment_intent_authentication_failure") return t("commerce.payment.authenticationFailed");
  return t("errors.paymentFailed");
}
