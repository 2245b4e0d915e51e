import { useRef, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api } from "~/lib/api";
import { useRootData, useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { parseExpiry } from "~/shared/schemas/commerce";
import { toastError, toastSuccess, type CartData } from "../useCart";
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
  const [authIntent, setAuthIntent] = useState<string | null>(null);
  const authResolve = useRef<((ok: boolean) => void) | null>(null);

  const done = async (url: string | null) => {
    toastSuccess(t("success.payment"));
    setCart(null);
    await revalidate();
    setPaying(false);
    closeDialogs();
    const target =
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

  const authenticate = (intentId: string) =>
    new Promise<boolean>((resolve) => {
      authResolve.current = resolve;
      setAuthIntent(intentId);
    });

  const makePayment = async (paymentIntentId: string | undefined) => {
    const paid = await api<{ url: string }>("/v2/checkout/make-payment", {
      json: { payment_intent_id: paymentIntentId, payment_method: 4, studio_id: root.studio, cart_id: cart!.id },
    });
    if (!paid.ok) return fail(paid.message);
    await done(paid.data.url);
  };

  const payByCard = async (card: CardDetails) => {
    if (!cart) return;
    start();
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
      if (!pm.ok) return fail(pm.message);
      pmId = pm.data.payment_method.id;
    }
    let si = await api<{ requires_action: boolean; payment_intent_id: string }>("/v2/checkout/setup-intent", {
      json: { cart_id: cart.id, stripe_payment_method_id: pmId, save_payment_method: card.save },
    });
    if (!si.ok) return fail(si.message);
    if (si.data.requires_action) {
      const ok = await authenticate(si.data.payment_intent_id);
      if (!ok) return fail(t("errors.paymentDeclined"));
      si = await api("/v2/checkout/setup-intent", { json: { stripe_payment_intent_id: si.data.payment_intent_id } });
      if (!si.ok) return fail(si.message);
      if (si.data.requires_action) return fail(t("errors.paymentDeclined"));
    }
    await makePayment(si.data.payment_intent_id);
  };

  const payByPaypal = async () => {
    if (!cart) return;
    start();
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

  const onAuthResult = (ok: boolean) => {
    authResolve.current?.(ok);
    authResolve.current = null;
    setAuthIntent(null);
  };

  return { paying, failed, setFailed, authIntent, onAuthResult, payByCard, payByPaypal, payWithBalance };
}
