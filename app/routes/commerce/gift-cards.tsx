import { Alert, Anchor, Button, Chip, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { lazy, Suspense, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { blankGiftCardDetails, GiftCardFields } from "~/components/commerce/GiftCardFields";
import { cartAction } from "~/components/site/navbar-logic";
import { useLocalePath } from "~/components/site/useLocalePath";
import { api, type ApiData } from "~/lib/api";
import { useRootData, useUi } from "~/lib/app-state";
import { centsToPesos, formatPrice } from "~/shared/mexico/money";
import { t } from "~/lib/messages";
import { notifications } from "~/lib/toast";
import {
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MAX_DAYS_AHEAD,
  GIFT_CARD_MIN_CENTS,
  GIFT_CARD_PRESETS_CENTS,
} from "~/shared/gift-cards";
import type { cartAnswer } from "~/shared/schemas/commerce-answers";
import type { Route } from "./+types/gift-cards";
import { addDays, localDay } from "~/shared/mexico/time";

/** Today and the last day a card may be sent, in Mexico City, by the server's clock. */
export function loader({ context }: Route.LoaderArgs) {
  const today = localDay(context.deps.clock());
  return { today, last: addDays(today, GIFT_CARD_MAX_DAYS_AHEAD) };
}

export const meta: Route.MetaFunction = () => [
  { title: `${t("commerce.giftSale.title")} · ${t("app.name")}` },
  { name: "description", content: t("commerce.giftSale.intro") },
];

// The form rules (zod) load with the first submit, and the amount field of "Otro monto" (Mantine's
// NumberInput and its number formatting library) when that chip is first chosen: neither is needed
// to draw the page.
const rules = () => import("~/shared/schemas/commerce").then((m) => m.giftCardSaleSchema);
const NumberInput = lazy(() => import("~/components/commerce/AmountInput").then((m) => ({ default: m.AmountInput })));

type Field = "amount_cents" | "recipient_name" | "recipient_email" | "sender_name" | "message" | "deliver_on";
const OTHER = "other";

/**
 * `/store/gift-cards`: a gift card for someone else (amount, recipient, message, delivery day),
 * added to the cart and paid at the usual checkout; the recipient gets it by mail on that day.
 */
export default function GiftCards({ loaderData }: Route.ComponentProps) {
  const { today, last } = loaderData;
  const { lp } = useLocalePath();
  const { user } = useRootData();
  const { openDialog, setAuthCallback } = useUi();
  const [preset, setPreset] = useState<string>(String(GIFT_CARD_PRESETS_CENTS[1]));
  const [custom, setCustom] = useState<number | string>("");
  const [details, setDetails] = useState(() => blankGiftCardDetails(today, user?.full_name ?? ""));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const amountCents = preset === OTHER ? (custom === "" ? NaN : Math.round(Number(custom) * 100)) : Number(preset);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const who = cartAction(user);
    if (who === "login") {
      setAuthCallback("cart");
      openDialog("login");
      return;
    }
    if (who === "denied") {
      notifications.show({ color: "red", message: t("errors.cartOnlyCustomers") });
      return;
    }
    const input = { amount_cents: amountCents, ...details };
    const parsed = (await rules()).safeParse(input);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const i of parsed.error.issues) next[i.path[0] as Field] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    const r = await api<ApiData<typeof cartAnswer>>("/v2/carts", {
      json: { action: "addGiftCard", action_param: parsed.data },
    });
    setBusy(false);
    if (!r.ok) {
      const next: Partial<Record<Field, string>> = {};
      for (const [k, v] of Object.entries(r.fields)) next[k.replace(/^action_param\./, "") as Field] = v;
      setErrors(next);
      if (Object.keys(next).length === 0 && !r.expired) notifications.show({ color: "red", message: r.message });
      return;
    }
    setDetails((d) => ({ ...d, recipient_name: "", recipient_email: "", message: "" }));
    openDialog("sideCheckout");
  };

  const range = t("commerce.giftSale.customHint", {
    min: formatPrice(GIFT_CARD_MIN_CENTS),
    max: formatPrice(GIFT_CARD_MAX_CENTS),
  });
  return (
    <Container size="sm" py={{ base: 24, sm: 56 }}>
      <Anchor component={Link} to={lp("/store")} size="sm">
        ← {t("commerce.ui.backToStore")}
      </Anchor>
      <Stack gap={4} mt="md" mb="lg">
        <Group gap="xs">
          <IconGift size={28} aria-hidden />
          <Title order={1}>{t("commerce.giftSale.title")}</Title>
        </Group>
        <Text c="dimmed">{t("commerce.giftSale.intro")}</Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: "md", sm: "xl" }}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <div role="group" aria-labelledby="gift-amount-label">
              <Text id="gift-amount-label" fw={500} size="sm" mb={6}>
                {t("commerce.giftSale.amount")}
              </Text>
              <Chip.Group value={preset} onChange={(v) => setPreset(String(v))}>
                <Group gap="xs">
                  {GIFT_CARD_PRESETS_CENTS.map((c) => (
                    <Chip key={c} value={String(c)}>
                      {formatPrice(c)}
                    </Chip>
                  ))}
                  <Chip value={OTHER}>{t("commerce.giftSale.amountOther")}</Chip>
                </Group>
              </Chip.Group>
              {preset !== OTHER && errors.amount_cents && (
                <Text size="xs" c="var(--mantine-color-error)" mt={4} role="alert">
                  {errors.amount_cents}
                </Text>
              )}
            </div>
            {preset === OTHER && (
              <Suspense fallback={null}>
                <NumberInput
                  label={t("commerce.giftSale.customAmount")}
                  description={range}
                  prefix="$"
                  thousandSeparator=","
                  decimalScale={2}
                  min={centsToPesos(GIFT_CARD_MIN_CENTS)}
                  max={centsToPesos(GIFT_CARD_MAX_CENTS)}
                  allowNegative={false}
                  value={custom}
                  onChange={setCustom}
                  error={errors.amount_cents}
                  required
                />
              </Suspense>
            )}
            <GiftCardFields value={details} onChange={setDetails} errors={errors} today={today} last={last} />
            <Alert variant="light" color="brand">
              <Text size="sm">{t("commerce.giftSale.rules")}</Text>
            </Alert>
            <Button type="submit" size="md" loading={busy} leftSection={<IconGift size={18} aria-hidden />}>
              {t("commerce.giftSale.add")}
              {Number.isFinite(amountCents) && amountCents > 0 ? ` · ${formatPrice(amountCents)}` : ""}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
