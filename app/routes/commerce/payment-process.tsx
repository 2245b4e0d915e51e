import { Alert, Button, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { toastError, toastSuccess } from "~/components/commerce/useCart";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api, type ApiData } from "~/lib/api";
import { useRootData } from "~/lib/app-state";
import type { orderPaidAnswer } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";
import type { Route } from "./+types/payment-process";
import { requireGuards } from "~/.server/pages/guard";
import { cartLineCount } from "~/.server/domain/commerce/cart";

/** Spec §4 guards: a customer (`customer`) whose cart has something to pay (`hasProducts`: the cart
 * PayPal sends back with `cart_id`, else the open cart); an empty cart goes to my-account. */
export async function loader(args: Route.LoaderArgs) {
  const auth = requireGuards(args, ["customer"]);
  const cartId = Number(new URL(args.request.url).searchParams.get("cart_id"));
  const lines = await cartLineCount(
    args.context.deps.db,
    auth.user!.id,
    Number.isSafeInteger(cartId) && cartId > 0 ? cartId : null,
  );
  requireGuards(args, ["hasProducts"], { cartProductCount: lines });
  return null;
}

export const meta = () => [
  { title: `${t("commerce.ui.processTitle")} · ${t("app.name")}` },
  { name: "robots", content: "noindex" },
];

/**
 * PayPal's way back: captures the approved payment and records the order (spec §7 paypal-payment).
 * Mercado Pago's (`via=mercadopago`): our server asks Mercado Pago for the cart's payment, whatever
 * the URL says; an OXXO ticket leaves the order «pendiente de pago» and opens its page.
 */
export default function PaymentProcess() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { lp } = useLocalePath();
  const cancelled = params.get("cancelled") === "1";
  const cartId = Number(params.get("cart_id"));
  const viaMercadoPago = params.get("via") === "mercadopago";
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const studioId = useRootData().studio;
  useEffect(() => {
    if (cancelled || !cartId || started.current) return;
    started.current = true;
    const path = viaMercadoPago ? "/v2/checkout/mercadopago-payment" : "/v2/checkout/paypal-payment";
    void api<ApiData<typeof orderPaidAnswer>>(path, {
      json: { cart_id: cartId, studio_id: studioId },
    }).then(async (r) => {
      if (!r.ok) {
        setError(r.message);
        toastError(r.message);
        return;
      }
      toastSuccess(r.data.Message);
      await revalidate();
      navigate(lp(r.data.url), { replace: true });
    });
  }, [cancelled, cartId, viaMercadoPago, studioId, navigate, lp, revalidate]);
  return (
    <Container size="xs" py={64}>
      <Stack align="center" ta="center" gap="md">
        <Title order={1} size="h2">
          {t("commerce.ui.processTitle")}
        </Title>
        {cancelled || !cartId ? (
          <>
            <Text>{t("commerce.ui.paypalCancelled")}</Text>
            <Button component={Link} to={lp("/buy-sessions")}>
              {t("commerce.ui.backToShop")}
            </Button>
          </>
        ) : error ? (
          <Alert color="red" title={t("commerce.ui.helpTitle")} role="alert" w="100%">
            <Text size="sm">{error}</Text>
            <Text size="sm">{t("commerce.ui.helpText")}</Text>
          </Alert>
        ) : (
          <Stack align="center" role="status" aria-live="polite">
            <Loader color="brand" />
            <Text fw={600}>{t("commerce.ui.processing")}</Text>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
