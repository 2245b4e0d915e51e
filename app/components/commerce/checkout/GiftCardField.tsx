import { Anchor, Group, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { giftCardRedeemedAnswer } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";
import type { CartData } from "../useCart";
import type { Act } from "./types";
import { ApplyCodeButton, applyOnEnter, applySection } from "./ApplyCode";

/**
 * A gift card as payment: the code is redeemed into the account (a no-op for one already there),
 * then applied to the cart; its balance pays what it can, possibly all of it.
 */
export function GiftCardField({ cart, act, disabled }: { cart: CartData; act: Act; disabled: boolean }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (cart.gift_card)
    return (
      <Group justify="space-between" gap="xs">
        <Text size="sm">{t("commerce.ui.giftCardApplied", { code: cart.gift_card.code })}</Text>
        <Anchor
          component="button"
          type="button"
          size="sm"
          disabled={disabled}
          onClick={() => void act("setGiftCard", { code: "" })}
        >
          {t("commerce.ui.remove")}
        </Anchor>
      </Group>
    );
  const apply = async () => {
    const value = code.trim();
    if (!value) return;
    setBusy(true);
    const redeemed = await api<ApiData<typeof giftCardRedeemedAnswer>>("/v2/customer/giftcards/redeem", {
      json: { code: value },
    });
    const r = redeemed.ok ? await act("setGiftCard", { code: value }, true) : null;
    setBusy(false);
    if (!redeemed.ok) return setError(redeemed.fields.code ?? redeemed.message);
    if (r && !r.ok) return setError(r.fields["action_param.code"] ?? r.message);
    setError(null);
    setCode("");
  };
  return (
    <TextInput
      label={t("commerce.totals.giftCard")}
      placeholder={t("commerce.ui.giftCardPlaceholder")}
      value={code}
      error={error}
      onChange={(e) => {
        setCode(e.currentTarget.value.toUpperCase());
        setError(null);
      }}
      onKeyDown={applyOnEnter(() => void apply())}
      {...applySection}
      rightSection={<ApplyCodeButton onApply={() => void apply()} busy={busy} disabled={disabled || !code.trim()} />}
    />
  );
}
