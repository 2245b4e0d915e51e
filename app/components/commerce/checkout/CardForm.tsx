import { Checkbox, Group, Paper, Radio, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { maskCardNumber, maskCvc, maskExpiry } from "~/shared/schemas/commerce";
import type { StripeCardElement } from "./stripe-js";
import { StripeCardField } from "./StripeCardField";
import type { SavedCard } from "~/shared/schemas/commerce-answers";
import type { CardDetails } from "./types";

export interface CardFormState {
  mode: "saved" | "new";
  savedId: string | null;
  number: string;
  name: string;
  expiry: string;
  cvc: string;
  save: boolean;
  /** Stripe: the mounted card Element and whether what was typed in it is complete. */
  stripeElement: StripeCardElement | null;
  stripeComplete: boolean;
}

export const EMPTY_CARD: CardFormState = {
  mode: "new",
  savedId: null,
  number: "",
  name: "",
  expiry: "",
  cvc: "",
  save: false,
  stripeElement: null,
  stripeComplete: false,
};

const newCardReady = (c: CardFormState) =>
  c.stripeElement
    ? c.stripeComplete && Boolean(c.name.trim())
    : c.number.replace(/\s/g, "").length >= 15 && Boolean(c.name.trim()) && c.expiry.length === 5 && c.cvc.length >= 3;

/** What the form hands to the payment flow, or null when the chosen card is not complete. */
export function cardDetails(c: CardFormState): CardDetails | null {
  if (c.mode === "saved") return c.savedId ? { savedId: c.savedId, save: false } : null;
  if (!newCardReady(c)) return null;
  if (c.stripeElement) return { stripeElement: c.stripeElement, name: c.name, save: c.save };
  return { number: c.number, name: c.name, expiry: c.expiry, cvc: c.cvc, save: c.save };
}

/**
 * Saved cards or a new card. With the sandbox gateway, our inputs with the spec's masks (§5); with
 * Stripe, the holder's name and Stripe's card Element (the number stays in Stripe's frame).
 */
export function CardForm({
  cards,
  value,
  onChange,
}: {
  cards: SavedCard[];
  value: CardFormState;
  onChange: (patch: Partial<CardFormState>) => void;
}) {
  const { stripeKey } = useRootData();
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        {cards.length > 0 && (
          <SegmentedControl
            value={value.mode}
            onChange={(v) => onChange({ mode: v as "saved" | "new" })}
            data={[
              { value: "saved", label: t("commerce.ui.savedCards") },
              { value: "new", label: t("commerce.ui.newCard") },
            ]}
          />
        )}
        {value.mode === "saved" ? (
          <Radio.Group
            value={value.savedId}
            onChange={(savedId) => onChange({ savedId })}
            aria-label={t("commerce.ui.savedCards")}
          >
            <Stack gap="xs">
              {cards.map((c) => (
                <Radio key={c.id} value={c.id} label={`${c.brand.toUpperCase()} •••• ${c.last4}`} />
              ))}
            </Stack>
          </Radio.Group>
        ) : stripeKey ? (
          <>
            <TextInput
              label={t("commerce.ui.cardName")}
              autoComplete="cc-name"
              value={value.name}
              onChange={(e) => onChange({ name: e.currentTarget.value })}
            />
            <StripeCardField
              stripeKey={stripeKey}
              onElement={(stripeElement) => onChange({ stripeElement })}
              onComplete={(stripeComplete) => onChange({ stripeComplete })}
            />
            <Checkbox
              label={t("commerce.ui.saveCard")}
              checked={value.save}
              onChange={(e) => onChange({ save: e.currentTarget.checked })}
            />
          </>
        ) : (
          <>
            <TextInput
              label={t("commerce.ui.cardNumber")}
              placeholder="#### #### #### ####"
              inputMode="numeric"
              autoComplete="cc-number"
              value={value.number}
              onChange={(e) => onChange({ number: maskCardNumber(e.currentTarget.value) })}
            />
            <TextInput
              label={t("commerce.ui.cardName")}
              autoComplete="cc-name"
              value={value.name}
              onChange={(e) => onChange({ name: e.currentTarget.value })}
            />
            <Group grow>
              <TextInput
                label={t("commerce.ui.cardExpiry")}
                placeholder="MM/AA"
                inputMode="numeric"
                autoComplete="cc-exp"
                value={value.expiry}
                onChange={(e) => onChange({ expiry: maskExpiry(e.currentTarget.value) })}
              />
              <TextInput
                label={t("commerce.ui.cardCvc")}
                inputMode="numeric"
                autoComplete="cc-csc"
                value={value.cvc}
                onChange={(e) => onChange({ cvc: maskCvc(e.currentTarget.value) })}
              />
            </Group>
            <Checkbox
              label={t("commerce.ui.saveCard")}
              checked={value.save}
              onChange={(e) => onChange({ save: e.currentTarget.checked })}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
