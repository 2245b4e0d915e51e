import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api, type ApiData } from "~/lib/api";
import type {
  orderPaidAnswer,
  oxxoCreatedAnswer,
  speiCreatedAnswer,
  paypalRedirectAnswer,
  successUrlAnswer,
} from "~/shared/schemas/commerce-answers";

import { useRootData, useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { toastError, toastSuccess, type CartData } from "../useCart";
import { chargeCard } from "./card-payment";
import { useInstallmentChoice } from "./InstallmentsModal";
import { useCardAction } from "./SandboxAuthModal";
import type { CardDetails, CardErrors } from "./types";

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
  const installments = useInstallmentChoice();

  const done = async (url: string | null) => {
    toastSuccess(t("success.payment"));
    setCart(null);
    await revalidate();
    setPaying(false);
    closeDialogs();
    const target =
      url ??
      (await api<ApiData<typeof successUrlAnswer>>("/v2/checkout/success-url").then((r) => (r.ok ? r.data.url : null)));
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
    const paid = await api<ApiData<typeof orderPaidAnswer>>("/v2/checkout/make-payment", {
      json: { payment_intent_id: paymentIntentId, payment_method: 4, studio_id: root.studio, cart_id: cart!.id },
    });
    if (!paid.ok) return fail(paid.message);
    await done(paid.data.url);
  };

  /** `showErrors` puts the server's messages for the typed card under its inputs (spec §5). */
  const payByCard = async (card: CardDetails, showErrors: (errors: CardErrors) => void) => {
    if (!cart) return;
    start();
    const charged = await chargeCard(
      card,
      { cart_id: cart.id, studio_id: root.studio },
      authenticate,
      root.stripeKey,
      installments.choose,
    );
    if (!charged.ok && charged.fields) {
      // A field to correct, not a payment problem: the message under it (and the toast), no help card.
      setPaying(false);
      showErrors(charged.fields);
      return toastError(charged.message);
    }
    if (!charged.ok) return fail(charged.message);
    await makePayment(charged.intentId);
  };

  const payByPaypal = async () => {
    if (!cart) return;
    start();
    const r = await api<ApiData<typeof paypalRedirectAnswer>>("/v2/checkout/pay-with-paypal", {
      json: { cart_id: cart.id, callback_url: lp("/payment/process") },
    });
    if (!r.ok) return fail(r.message);
    toastSuccess(t("success.redirecting"));
    window.location.assign(r.data.redirect_url);
  };

  /**
   * Mercado Pago (Checkout Pro): the customer pays on its page (card, or an OXXO ticket) and comes
   * back to our process page, which asks our server what Mercado Pago says (never the URL).
   */
  const payByMercadoPago = async () => {
    if (!cart) return;
    start();
    const r = await api<ApiData<typeof paypalRedirectAnswer>>("/v2/checkout/pay-with-mercadopago", {
      json: { cart_id: cart.id, callback_url: lp("/payment/process?via=mercadopago") },
    });
    if (!r.ok) return fail(r.message);
    toastSuccess(t("success.redirecting"));
    window.location.assign(r.data.redirect_url);
  };

  /**
   * OXXO or SPEI: the voucher (or the transfer's instructions) is made and the order waits
   * «pendiente de pago»; its page opens.
   */
  const payLater = async (kind: "oxxo" | "spei") => {
    if (!cart) return;
    start();
    const r = await api<ApiData<typeof oxxoCreatedAnswer | typeof speiCreatedAnswer>>(`/v2/checkout/pay-with-${kind}`, {
      json: { cart_id: cart.id, studio_id: root.studio },
    });
    if (!r.ok) return fail(r.message);
    toastSuccess(r.data.Message);
    setCart(null);
    await revalidate();
    setPaying(false);
    closeDialogs();
    navigate(lp(r.data.url));
  };

  /** The gift card (or voucher) covers everything: confirm with no card. */
  const payWithBalance = async () => {
    if (!cart) return;
    start();
    await makePayment(undefined);
  };

  return {
    paying,
    failed,
    setFailed,
    cardAction,
    installments,
    payByCard,
    payByPaypal,
    payByMercadoPago,
    payLater,
    payWithBalance,
  };
}
