import { Checkbox, Group, Paper, Radio, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { maskCardNumber, maskCvc, maskExpiry } from "~/shared/schemas/commerce";
import type { StripeCardElement } from "./stripe-js";
import { StripeCardField } from "./StripeCardField";
import type { SavedCard } from "~/shared/schemas/commerce-answers";
import { localDay } from "~/shared/mexico/time";
import type { CardDetails, CardErrors } from "./types";

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
  /** The server's messages for the typed card, each shown under its input until it is edited. */
  errors: CardErrors;
}

/** A new card's form: the expiry starts at the spec's defaults, month 1 of the current year (§9). */
export function emptyCard(now = new Date()): CardFormState {
  return {
    mode: "new",
    savedId: null,
    number: "",
    name: "",
    expiry: `01/${localDay(now).slice(2, 4)}`,
    cvc: "",
    save: false,
    stripeElement: null,
    stripeComplete: false,
    errors: {},
  };
}

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
  // Editing a field clears the server's message under it (spec §5).
  const edit = (field: keyof CardErrors, patch: Partial<CardFormState>) =>
    onChange(value.errors[field] ? { ...patch, errors: { ...value.errors, [field]: undefined } } : patch);
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
              error={value.errors.name}
              onChange={(e) => edit("name", { name: e.currentTarget.value })}
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
              error={value.errors.number}
              onChange={(e) => edit("number", { number: maskCardNumber(e.currentTarget.value) })}
            />
            <TextInput
              label={t("commerce.ui.cardName")}
              autoComplete="cc-name"
              value={value.name}
              error={value.errors.name}
              onChange={(e) => edit("name", { name: e.currentTarget.value })}
            />
            <Group grow>
              <TextInput
                label={t("commerce.ui.cardExpiry")}
                placeholder="MM/AA"
                inputMode="numeric"
                autoComplete="cc-exp"
                value={value.expiry}
                error={value.errors.expiry}
                onChange={(e) => edit("expiry", { expiry: maskExpiry(e.currentTarget.value) })}
              />
              <TextInput
                label={t("commerce.ui.cardCvc")}
                inputMode="numeric"
                autoComplete="cc-csc"
                value={value.cvc}
                error={value.errors.cvc}
                onChange={(e) => edit("cvc", { cvc: maskCvc(e.currentTarget.value) })}
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
