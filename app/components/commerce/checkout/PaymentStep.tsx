import { Alert, Anchor, Button, Checkbox, Divider, Group, Loader, Stack, Text } from "@mantine/core";
import {
  IconBrandPaypal,
  IconBuildingBank,
  IconBuildingStore,
  IconCreditCard,
  IconLock,
  IconWallet,
} from "@tabler/icons-react";
import { Link } from "react-router";
import { useLocalePath } from "~/components/site/useLocalePath";

import { t } from "~/lib/messages";
import { toastError, type CartData } from "../useCart";
import { CardForm, cardDetails } from "./CardForm";
import { InvoiceChoice } from "./InvoiceChoice";
import { useSavedCards } from "./useSavedCards";
import type { Act, CardDetails, CardErrors, PayMethod } from "./types";

/**
 * Pago: the method selector (it toggles, spec §4), the card form, terms, and the pay button. A cart
 * whose gift card or voucher covers everything (amount 0) needs no method: it is confirmed as is.
 */
export function PaymentStep(props: {
  cart: CartData;
  terms: boolean;
  setTerms: (v: boolean) => void;
  method: PayMethod | null;
  setMethod: (m: PayMethod | null) => void;
  act: Act;
  paying: boolean;
  onCard: (c: CardDetails, showErrors: (errors: CardErrors) => void) => void;
  onPaypal: () => void;
  /** Mercado Pago's Checkout Pro (offered when the cart says so: `cart.mercadopago`). */
  onMercadoPago: () => void;
  /** OXXO or SPEI: paid later, the order waits «pendiente de pago» (pay-with-oxxo, pay-with-spei). */
  onPayLater: (kind: "oxxo" | "spei") => void;
  onBalance: () => void;
  onBack?: () => void;
}) {
  const { cart, terms, setTerms, method, setMethod, act, paying } = props;
  const { lp } = useLocalePath();
  const { cards, card, setCard } = useSavedCards(true);
  const covered = cart.amount_cents === 0 && cart.items.length > 0;
  // OXXO and SPEI as the gateway offers them for this amount (absent: not offered; reason: not for it).
  const { oxxo, spei } = cart.pay_later;
  const mercadopago = cart.mercadopago;
  const laterRefused =
    (method === "oxxo" && (!oxxo || oxxo.reason)) ||
    (method === "spei" && (!spei || spei.reason)) ||
    (method === "mercadopago" && (!mercadopago || mercadopago.reason));
  const choose = (m: PayMethod) => {
    // The selector toggles: choosing the selected method again leaves none selected (spec §4).
    const next = method === m ? null : m;
    setMethod(next);
    // The cart knows card (4) and PayPal (5), spec §4; OXXO and SPEI are their own calls.
    if (next === "card" || next === "paypal")
      void act("setPaymentMethod", { payment_method_id: next === "card" ? 4 : 5 }, true);
  };
  const canPay = Boolean(
    cart.items.length && terms && !paying && (method || covered) && !cart.reason && (covered || !laterRefused),
  );
  const pay = () => {
    if (covered) return props.onBalance();
    if (method === "paypal") return props.onPaypal();
    if (method === "mercadopago") return props.onMercadoPago();
    if (method === "oxxo" || method === "spei") return props.onPayLater(method);
    const details = cardDetails(card);
    if (!details) return toastError(t("errors.selectPaymentMethod"));
    props.onCard(details, (errors) => setCard((c) => ({ ...c, errors })));
  };
  return (
    <Stack gap="sm">
      {cart.reason && (
        <Alert color="yellow" variant="light">
          {cart.reason}
        </Alert>
      )}
      {covered ? (
        <Alert color="teal" variant="light">
          {t("commerce.payment.balanceCovers")}
        </Alert>
      ) : (
        <>
          <Text fw={600} size="sm" id="pay-method-label">
            {t("commerce.ui.paymentMethod")}
          </Text>
          <Stack gap="xs" role="group" aria-labelledby="pay-method-label">
            <Group grow>
              <Button
                variant={method === "card" ? "filled" : "default"}
                leftSection={<IconCreditCard size={18} />}
                aria-pressed={method === "card"}
                onClick={() => choose("card")}
              >
                {t("commerce.ui.card")}
              </Button>
              <Button
                variant={method === "paypal" ? "filled" : "default"}
                leftSection={<IconBrandPaypal size={18} />}
                aria-pressed={method === "paypal"}
                onClick={() => choose("paypal")}
              >
                PayPal
              </Button>
            </Group>
            {mercadopago && (
              <Button
                variant={method === "mercadopago" ? "filled" : "default"}
                leftSection={<IconWallet size={18} />}
                aria-pressed={method === "mercadopago"}
                disabled={Boolean(mercadopago.reason)}
                onClick={() => choose("mercadopago")}
              >
                {t("commerce.mercadopago.payButton")}
              </Button>
            )}
            {oxxo && (
              <Button
                variant={method === "oxxo" ? "filled" : "default"}
                leftSection={<IconBuildingStore size={18} />}
                aria-pressed={method === "oxxo"}
                aria-describedby={oxxo.reason ? "oxxo-reason" : undefined}
                disabled={Boolean(oxxo.reason)}
                onClick={() => choose("oxxo")}
              >
                {t("commerce.oxxo.payButton")}
              </Button>
            )}
            {oxxo?.reason && (
              <Text size="sm" c="dark.6" id="oxxo-reason">
                {oxxo.reason}
              </Text>
            )}
            {spei && (
              <Button
                variant={method === "spei" ? "filled" : "default"}
                leftSection={<IconBuildingBank size={18} />}
                aria-pressed={method === "spei"}
                onClick={() => choose("spei")}
              >
                {t("commerce.spei.payButton")}
              </Button>
            )}
          </Stack>
          {(method === "oxxo" || method === "spei" || method === "mercadopago") && (
            <Text size="sm" c="dark.6">
              {t(`commerce.${method}.choiceHelp`)}
            </Text>
          )}
          {method === "card" &&
            (cards ? (
              <CardForm cards={cards} value={card} onChange={(patch) => setCard((c) => ({ ...c, ...patch }))} />
            ) : (
              <Loader size="sm" aria-label={t("app.loading")} />
            ))}
        </>
      )}
      <InvoiceChoice />
      <Checkbox
        checked={terms}
        onChange={(e) => setTerms(e.currentTarget.checked)}
        label={
          <>
            {t("validation.termsLabel")}{" "}
            <Anchor
              component={Link}
              to={lp("/legals/terms-and-conditions")}
              target="_blank"
              size="sm"
              underline="always"
            >
              {t("commerce.ui.readTerms")}
            </Anchor>
          </>
        }
      />
      <Divider />
      <Group grow>
        {props.onBack && (
          <Button variant="default" onClick={props.onBack} disabled={paying}>
            {t("commerce.ui.back")}
          </Button>
        )}
        <Button size="md" leftSection={<IconLock size={18} />} onClick={pay} disabled={!canPay} loading={paying}>
          {covered ? t("commerce.payment.confirmBalance") : t("commerce.ui.pay", { amount: cart.display_amount })}
        </Button>
      </Group>
      <Text size="xs" c="dimmed" ta="center">
        {t("commerce.ui.secure")}
      </Text>
    </Stack>
  );
}
