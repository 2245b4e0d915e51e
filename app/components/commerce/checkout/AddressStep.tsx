import { Button, Group, Radio, Select, Stack, TextInput } from "@mantine/core";
import { useEffect, useState, type FormEvent } from "react";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData, type ApiResult } from "~/lib/api";
import type { addressesAnswer, SavedAddress } from "~/shared/schemas/commerce-answers";

import { t } from "~/lib/messages";
import { addressSchema } from "~/shared/schemas/commerce";
import { MEXICO_STATE_NAMES } from "~/shared/mexico/states";
import { toastError, type CartData } from "../useCart";
import type { Act } from "./types";

const EMPTY_ADDRESS = { name: "", line_1: "", line_2: "", country_id: "1", custom_state: "", custom_city: "", zip: "" };

/**
 * Información: a saved address or a new one, with the rules and messages of spec §5 on the house
 * form hooks: each field's message under it when it is left and when Continuar is pressed (the
 * first bad field takes the focus); the button never just greys out.
 */
export function AddressStep({ cart, act, onDone }: { cart: CartData; act: Act; onDone: () => void }) {
  const [saved, setSaved] = useState<SavedAddress[]>([]);
  const [choice, setChoice] = useState<string | null>(cart.address_id ? String(cart.address_id) : null);
  const [sending, setSending] = useState(false);
  const form = useEntityForm(addressSchema, EMPTY_ADDRESS);
  useEffect(() => {
    void api<ApiData<typeof addressesAnswer>>("/v2/customer/addresses").then((r) => {
      const items = r.ok ? r.data : [];
      setSaved(items);
      if (!choice && items.length === 0) setChoice("new");
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  /** Sets the cart's address: the spec's toast when the server refuses it (the step stays). */
  const setAddress = async (address: unknown): Promise<ApiResult<CartData>> => {
    const r = await act("setAddress", { address }, true);
    return r.ok
      ? { ok: true, status: 200, data: r.cart, body: null }
      : { ok: false, status: 0, message: r.message, fields: r.fields, body: null };
  };
  const submit = useFormSubmit(form, (values) => setAddress(addressSchema.parse(values)), onDone, {
    toastSuccess: false,
    onFailure(r) {
      if (!r.expired) toastError(t("errors.addressSaveFailed"));
      return true;
    },
  });
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    if (choice === "new") return submit.onSubmit(e);
    e.preventDefault();
    if (!choice) return toastError(t("errors.selectAddress"));
    setSending(true);
    const r = await setAddress({ id: Number(choice) });
    setSending(false);
    if (r.ok) onDone();
    else if (!r.expired) toastError(t("errors.addressSaveFailed"));
  };
  const field = (name: keyof typeof EMPTY_ADDRESS) => form.getInputProps(name);
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
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
            <TextInput label={t("commerce.ui.alias")} required autoComplete="off" {...field("name")} />
            <TextInput label={t("commerce.ui.line1")} required autoComplete="address-line1" {...field("line_1")} />
            <TextInput label={t("commerce.ui.line2")} autoComplete="address-line2" {...field("line_2")} />
            <Select
              label={t("commerce.ui.country")}
              required
              data={[{ value: "1", label: "México" }]}
              {...field("country_id")}
              // Changing country clears state, city and zip (spec §5).
              onChange={(v) => form.setValues({ country_id: v ?? "", custom_state: "", custom_city: "", zip: "" })}
              allowDeselect={false}
            />
            <Select
              label={t("commerce.ui.state")}
              required
              searchable
              data={MEXICO_STATE_NAMES}
              {...field("custom_state")}
              value={form.getValues().custom_state || null}
              onChange={(v) => form.setFieldValue("custom_state", v ?? "")}
              allowDeselect={false}
            />
            <Group grow align="flex-start">
              <TextInput
                label={t("commerce.ui.city")}
                required
                autoComplete="address-level2"
                {...field("custom_city")}
              />
              <TextInput
                label={t("commerce.ui.zip")}
                required
                inputMode="numeric"
                maxLength={5}
                autoComplete="postal-code"
                {...field("zip")}
              />
            </Group>
          </Stack>
        )}
        <Button type="submit" loading={submit.submitting || sending} fullWidth>
          {t("commerce.ui.continue")}
        </Button>
      </Stack>
    </form>
  );
}
