import { Button, Group, Radio, Stack } from "@mantine/core";
import { useEffect, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { ShippingMethod, shippingMethodsAnswer } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";
import type { CartData } from "../useCart";
import type { Act } from "./types";

/** Envío: the shipping methods for the chosen address, with back-office prices. */
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
  useEffect(() => {
    void api<ApiData<typeof shippingMethodsAnswer>>("/v2/store/shipping/methods", {
      json: { address: { id: cart.address_id } },
    }).then((r) => setMethods(r.ok ? r.data : []));
  }, [cart.address_id]);
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t("commerce.ui.shippingTitle")}
        value={selected}
        onChange={(v) => {
          setSelected(v);
          void act("setShippingMethod", { shipping_method_id: Number(v) });
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
        <Button onClick={onDone} disabled={!cart.shipping_method_id}>
          {t("commerce.ui.continue")}
        </Button>
      </Group>
    </Stack>
  );
}
