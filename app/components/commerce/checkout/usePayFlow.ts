import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api } from "~/lib/api";
import { useRootData, useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { toastError, toastSuccess, type CartData } from "../useCart";
import { chargeCard } from "./card-payment";
import { useCardAction } from "./SandboxAuthModal";
import type { CardDetails } from "./types";

/**
 * The payment calls of spec §4/§7: card (payment method → setup intent → card action if asked →
 * make-payment), PayPal (redirect), or a cart the gift card covers (make-payment with no intent).
 * While one runs, `paying` keeps the panel from closing; a failure leaves `failed` for the help card.
 */
export function usePayFlow(cart: CartData | null, setCart: (c: CartData | null) => void) {
  const { closeDialogs } = useUi();
  const root = useRootData();
  const { lp } = useLocalePath();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const cardAction = useCardAction();
  const { authenticate } = cardAction;

  const done = async (url: string | null) => {
    toastSuccess(t("success.payment"));
    setCart(null);
    await revalidate();
    setPaying(false);
    closeDialogs();
    const target =
      // eslint-disable-next-line no-restricted-syntax -- commerce answers have no response schema yet (issue 7)
      url ?? (await api<{ url: string | null }>("/v2/checkout/success-url").then((r) => (r.ok ? r.data.url : null)));
    if (target) navigate(lp(target));
  };

  const fail = (message: string) => {
    setPaying(false);
    setFailed(message);
    toastError(message);
  };

  const start = () => {
    setPaying(true);
    setFailed(null);
  };

  const makePayment = async (paymentIntentId: string | undefined) => {
    // eslint-disable-next-line no-restricted-syntax -- commerce answers have no response schema yet (issue 7)
    const paid = await api<{ url: string }>("/v2/checkout/make-payment", {
      json: { payment_intent_id: paymentIntentId, payment_method: 4, studio_id: root.studio, cart_id: cart!.id },
    });
    if (!paid.ok) return fail(paid.message);
    await done(paid.data.url);
  };

  const payByCard = async (card: CardDetails) => {
    if (!cart) return;
    start();
    const charged = await chargeCard(card, { cart_id: cart.id }, authenticate, root.stripeKey);
    if (!charged.ok) return fail(charged.message);
    await makePayment(charged.intentId);
  };

  const payByPaypal = async () => {
    if (!cart) return;
    start();
    // eslint-disable-next-line no-restricted-syntax -- commerce answers have no response schema yet (issue 7)
    const r = await api<{ redirect_url: string }>("/v2/checkout/pay-with-paypal", {
      json: { cart_id: cart.id, callback_url: lp("/payment/process") },
    });
    if (!r.ok) return fail(r.message);
    toastSuccess(t("success.redirecting"));
    window.location.assign(r.data.redirect_url);
  };

  /** The gift card (or voucher) covers everything: confirm with no card. */
  const payWithBalance = async () => {
    if (!cart) return;
    start();
    await makePayment(undefined);
  };

  return { paying, failed, setFailed, cardAction, payByCard, payByPaypal, payWithBalance };
}
