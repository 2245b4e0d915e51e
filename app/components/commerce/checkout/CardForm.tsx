import { Checkbox, Group, Paper, Radio, SegmentedControl, Stack, TextInput } from "@mantine/core";
import { t } from "~/lib/messages";
import { maskCardNumber, maskCvc, maskExpiry } from "~/shared/schemas/commerce";

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
}

export interface CardFormState {
  mode: "saved" | "new";
  savedId: string | null;
  number: string;
  name: string;
  expiry: string;
  cvc: string;
  save: boolean;
}

export const EMPTY_CARD: CardFormState = {
  mode: "new",
  savedId: null,
  number: "",
  name: "",
  expiry: "",
  cvc: "",
  save: false,
};

export const newCardReady = (c: CardFormState) =>
  c.number.replace(/\s/g, "").length >= 15 && Boolean(c.name.trim()) && c.expiry.length === 5 && c.cvc.length >= 3;

/** Saved cards or a new card with the spec's masks (§5). The sandbox gateway's card form. */
export function CardForm({
  cards,
  value,
  onChange,
}: {
  cards: SavedCard[];
  value: CardFormState;
  onChange: (patch: Partial<CardFormState>) => void;
}) {
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
