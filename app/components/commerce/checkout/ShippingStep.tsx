import { Button, Group, Radio, Stack } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { ShippingMethod, shippingMethodsAnswer } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";
import type { CartData } from "../useCart";
import type { Act } from "./types";

/**
 * Envío: the shipping methods for the chosen address, with back-office prices. Continuar without a
 * method says so under the choices (spec §5: a method must be chosen) instead of greying out.
 */
export function ShippingStep({
  cart,
  act,
  onBack,
  onDone,
}: {
  cart: CartData;
  act: Act;
  onBack: () => void;
  onDone: () => void;
}) {
  const [methods, setMethods] = useState<ShippingMethod[]>([]);
  const [selected, setSelected] = useState<string | null>(
    cart.shipping_method_id ? String(cart.shipping_method_id) : null,
  );
  const [error, setError] = useState<string | null>(null);
  // The method being saved to the cart: Continuar waits for it.
  const saving = useRef<ReturnType<Act> | null>(null);
  useEffect(() => {
    void api<ApiData<typeof shippingMethodsAnswer>>("/v2/store/shipping/methods", {
      json: { address: { id: cart.address_id } },
    }).then((r) => setMethods(r.ok ? r.data : []));
  }, [cart.address_id]);
  const next = async () => {
    if (!selected) {
      setError(t("commerce.cart.shippingMethodInvalid"));
      document.querySelector<HTMLInputElement>("[data-shipping-methods] input[type=radio]")?.focus();
      return;
    }
    const saved = await saving.current;
    if (!saved || saved.ok) onDone();
  };
  return (
    <Stack gap="sm" data-shipping-methods>
      <Radio.Group
        label={t("commerce.ui.shippingTitle")}
        value={selected}
        error={error}
        onChange={(v) => {
          setSelected(v);
          setError(null);
          saving.current = act("setShippingMethod", { shipping_method_id: Number(v) });
        }}
      >
        <Stack gap="xs" mt="xs">
          {methods.map((m) => (
            <Radio
              key={m.id}
              value={String(m.id)}
              label={`${m.name} · ${m.display_price}`}
              description={m.description}
            />
          ))}
        </Stack>
      </Radio.Group>
      <Group grow>
        <Button variant="default" onClick={onBack}>
          {t("commerce.ui.back")}
        </Button>
        <Button onClick={() => void next()}>{t("commerce.ui.continue")}</Button>
      </Group>
    </Stack>
  );
}
