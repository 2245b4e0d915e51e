import { api, type ApiData } from "~/lib/api";
import type { installmentPlansAnswer, paymentMethodAnswer, setupIntentAnswer } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";
import { parseExpiry } from "~/shared/schemas/commerce";
import { loadStripe, stripeErrorMessage } from "./stripe-js";
import type { CardDetails, CardErrors } from "./types";

type Outcome = { ok: true; intentId: string } | { ok: false; message: string; fields?: CardErrors };

/** The create-payment-method call's fields (with or without the spec's `form.` prefix) → the card form's inputs. */
const CARD_INPUTS: Record<string, keyof CardErrors> = {
  "card.number": "number",
  "billing_details.name": "name",
  "card.exp_month": "expiry",
  "card.exp_year": "expiry",
  "card.cvc": "cvc",
};

/** The server's field errors for a typed card, by input (the first message of each); none: undefined. */
function cardFieldErrors(fields: Record<string, string>): CardErrors | undefined {
  const out: CardErrors = {};
  for (const [field, message] of Object.entries(fields)) {
    const input = CARD_INPUTS[field.replace(/^form\./, "")];
    if (input && !out[input]) out[input] = message;
  }
  return Object.keys(out).length ? out : undefined;
}

/**
 * The card steps of spec §4: create a payment method (unless a saved card), then a setup intent for
 * the cart (or, with `order_id`, a deposit's second instalment); when the bank asks, the card action
 * (`authenticate`) and a second setup-intent call. Answers the succeeded intent for make-payment.
 *
 * With Stripe (`stripeKey`), Stripe.js makes the payment method from its card Element (no card number
 * reaches us) and completes the bank's authentication (`handleNextAction`); our server confirms.
 */
export async function chargeCard(
  card: CardDetails,
  target: { cart_id: number; studio_id?: number | null } | { order_id: number },
  authenticate: (intentId: string) => Promise<boolean>,
  stripeKey: string | null = null,
  chooseInstallments?: (offer: ApiData<typeof installmentPlansAnswer>) => Promise<number | null>,
): Promise<Outcome> {
  const stripe = stripeKey ? await loadStripe(stripeKey).catch(() => null) : null;
  if (stripeKey && !stripe) return { ok: false, message: t("errors.connection") };
  let pmId = card.savedId;
  if (!pmId && stripe) {
    if (!card.stripeElement) return { ok: false, message: t("errors.selectPaymentMethod") };
    const made = await stripe.createPaymentMethod({
      type: "card",
      card: card.stripeElement,
      billing_details: { name: card.name },
    });
    if (!made.paymentMethod) return { ok: false, message: stripeErrorMessage(made.error) };
    pmId = made.paymentMethod.id;
  } else if (!pmId) {
    const exp = parseExpiry(card.expiry ?? "");
    const digits = (card.number ?? "").replace(/\s/g, "");
    const pm = await api<ApiData<typeof paymentMethodAnswer>>("/v2/stripe/create-payment-method", {
      json: {
        type: "card",
        card: { number: digits, exp_month: exp.month, exp_year: exp.year, cvc: card.cvc },
        billing_details: { name: card.name },
        metadata: { iin: digits.slice(0, 8) },
      },
    });
    if (!pm.ok) return { ok: false, message: pm.message, fields: cardFieldErrors(pm.fields) };
    pmId = pm.data.payment_method.id;
  }
  // Meses sin intereses: the plans the card's bank offers for the cart, when there are any.
  let months: number | undefined;
  if (chooseInstallments && "cart_id" in target) {
    const offer = await api<ApiData<typeof installmentPlansAnswer>>("/v2/checkout/installment-plans", {
      json: { cart_id: target.cart_id, stripe_payment_method_id: pmId },
    });
    if (offer.ok && offer.data.plans.length > 0) {
      const chosen = await chooseInstallments(offer.data);
      if (chosen === null) return { ok: false, message: t("commerce.msi.cancelled") };
      if (chosen > 1) months = chosen;
    }
  }
  let si = await api<ApiData<typeof setupIntentAnswer>>("/v2/checkout/setup-intent", {
    json: {
      ...target,
      stripe_payment_method_id: pmId,
      save_payment_method: card.save,
      ...(months ? { installment_months: months } : {}),
    },
  });
  if (!si.ok) return { ok: false, message: si.message };
  if (si.data.requires_action) {
    const secret = si.data.payment_intent_client_secret;
    const passed =
      stripe && secret
        ? !(await stripe.handleNextAction({ clientSecret: secret })).error
        : await authenticate(si.data.payment_intent_id);
    if (!passed) return { ok: false, message: t("errors.paymentDeclined") };
    si = await api<ApiData<typeof setupIntentAnswer>>("/v2/checkout/setup-intent", {
      json: { stripe_payment_intent_id: si.data.payment_intent_id },
    });
    if (!si.ok) return { ok: false, message: si.message };
    if (si.data.requires_action) return { ok: false, message: t("errors.paymentDeclined") };
  }
  return { ok: true, intentId: si.data.payment_intent_id };
}
