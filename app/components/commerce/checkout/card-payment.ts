import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { parseExpiry } from "~/shared/schemas/commerce";
import type { CardDetails } from "./types";

type Outcome = { ok: true; intentId: string } | { ok: false; message: string };

/**
 * The card steps of spec §4: create a payment method (unless a saved card), then a setup intent for
 * the cart (or, with `order_id`, a deposit's second instalment); when the bank asks, the card action
 * (`authenticate`) and a second setup-intent call. Answers the succeeded intent for make-payment.
 */
export async function chargeCard(
  card: CardDetails,
  target: { cart_id: number } | { order_id: number },
  authenticate: (intentId: string) => Promise<boolean>,
): Promise<Outcome> {
  let pmId = card.savedId;
  if (!pmId) {
    const exp = parseExpiry(card.expiry ?? "");
    const digits = (card.number ?? "").replace(/\s/g, "");
    const pm = await api<{ payment_method: { id: string } }>("/v2/stripe/create-payment-method", {
      json: {
        type: "card",
        card: { number: digits, exp_month: exp.month, exp_year: exp.year, cvc: card.cvc },
        billing_details: { name: card.name },
        metadata: { iin: digits.slice(0, 8) },
      },
    });
    if (!pm.ok) return { ok: false, message: pm.message };
    pmId = pm.data.payment_method.id;
  }
  let si = await api<{ requires_action: boolean; payment_intent_id: string }>("/v2/checkout/setup-intent", {
    json: { ...target, stripe_payment_method_id: pmId, save_payment_method: card.save },
  });
  if (!si.ok) return { ok: false, message: si.message };
  if (si.data.requires_action) {
    if (!(await authenticate(si.data.payment_intent_id))) return { ok: false, message: t("errors.paymentDeclined") };
    si = await api("/v2/checkout/setup-intent", { json: { stripe_payment_intent_id: si.data.payment_intent_id } });
    if (!si.ok) return { ok: false, message: si.message };
    if (si.data.requires_action) return { ok: false, message: t("errors.paymentDeclined") };
  }
  return { ok: true, intentId: si.data.payment_intent_id };
}
