import { Button, Group, Radio, Select, Stack, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { addressesAnswer, SavedAddress } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";
import { addressSchema } from "~/shared/schemas/commerce";
import { MEXICO_STATE_NAMES } from "~/shared/mexico/states";
import { toastError, type CartData } from "../useCart";
import type { Act } from "./types";

const EMPTY_ADDRESS = { name: "", line_1: "", line_2: "", country_id: "1", custom_state: "", custom_city: "", zip: "" };

/** Información: a saved address or a new one, with the rules and messages of spec §5. */
export function AddressStep({ cart, act, onDone }: { cart: CartData; act: Act; onDone: () => void }) {
  const [saved, setSaved] = useState<SavedAddress[]>([]);
  const [choice, setChoice] = useState<string | null>(cart.address_id ? String(cart.address_id) : null);
  const [form, setForm] = useState(EMPTY_ADDRESS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    void api<ApiData<typeof addressesAnswer>>("/v2/customer/addresses").then((r) => {
      const items = r.ok ? r.data : [];
      setSaved(items);
      if (!choice && items.length === 0) setChoice("new");
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const parsed = addressSchema.safeParse(form);
  const valid = choice && (choice !== "new" || parsed.success);
  const set = (k: keyof typeof EMPTY_ADDRESS, v: string) => {
    // Changing country clears state, city and zip (spec §5).
    setForm((f) =>
      k === "country_id" ? { ...f, country_id: v, custom_state: "", custom_city: "", zip: "" } : { ...f, [k]: v },
    );
    setErrors((e) => ({ ...e, [k]: "" }));
  };
  const submit = async () => {
    if (!choice) return toastError(t("errors.selectAddress"));
    if (choice === "new") {
      if (!parsed.success) {
        const errs: Record<string, string> = {};
        for (const i of parsed.error.issues) errs[String(i.path[0])] ??= i.message;
        setErrors(errs);
        return;
      }
      const r = await act("setAddress", { address: parsed.data }, true);
      if (!r.ok) return toastError(t("errors.addressSaveFailed"));
    } else {
      const r = await act("setAddress", { address: { id: Number(choice) } }, true);
      if (!r.ok) return toastError(t("errors.addressSaveFailed"));
    }
    onDone();
  };
  return (
    <Stack gap="sm">
      <Radio.Group value={choice} onChange={setChoice} label={t("commerce.ui.addressTitle")}>
        <Stack gap="xs" mt="xs">
          {saved.map((a) => (
            <Radio key={a.id} value={String(a.id)} label={`${a.name}: ${a.display_address}`} />
          ))}
          <Radio value="new" label={t("commerce.ui.newAddress")} />
        </Stack>
      </Radio.Group>
      {choice === "new" && (
        <Stack gap="xs">
          <TextInput
            label={t("commerce.ui.alias")}
            required
            value={form.name}
            error={errors.name}
            onChange={(e) => set("name", e.currentTarget.value)}
          />
          <TextInput
            label={t("commerce.ui.line1")}
            required
            value={form.line_1}
            error={errors.line_1}
            onChange={(e) => set("line_1", e.currentTarget.value)}
          />
          <TextInput
            label={t("commerce.ui.line2")}
            value={form.line_2}
            onChange={(e) => set("line_2", e.currentTarget.value)}
          />
          <Select
            label={t("commerce.ui.country")}
            required
            data={[{ value: "1", label: "México" }]}
            value={form.country_id}
            error={errors.country_id}
            onChange={(v) => set("country_id", v ?? "")}
            allowDeselect={false}
          />
          <Select
            label={t("commerce.ui.state")}
            required
            searchable
            data={MEXICO_STATE_NAMES}
            value={form.custom_state || null}
            error={errors.custom_state}
            onChange={(v) => set("custom_state", v ?? "")}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t("commerce.ui.city")}
              required
              value={form.custom_city}
              error={errors.custom_city}
              onChange={(e) => set("custom_city", e.currentTarget.value)}
            />
            <TextInput
              label={t("commerce.ui.zip")}
              required
              inputMode="numeric"
              maxLength={5}
              value={form.zip}
              error={errors.zip}
              onChange={(e) => set("zip", e.currentTarget.value)}
            />
          </Group>
        </Stack>
      )}
      <Button onClick={submit} disabled={!valid} fullWidth>
        {t("commerce.ui.continue")}
      </Button>
    </Stack>
  );
}
