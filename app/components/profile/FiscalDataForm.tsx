import { Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { toastError, toastSuccess } from "~/components/commerce/useCart";
import { api, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import type { FiscalProfile } from "~/shared/schemas/invoicing";
import { t } from "~/lib/messages";
import { isCompanyRfc, normalizeRfc } from "~/shared/mexico/rfc";
import { REGIMENES_FISCALES, USOS_CFDI } from "~/shared/sat/catalogues";

const EMPTY: FiscalProfile = {
  rfc: "",
  legal_name: "",
  tax_regime: "",
  postal_code: "",
  cfdi_use: "",
  auto_invoice: false,
};
const option = (code: string, description: string) => ({
  value: code,
  label: t("invoicing.fiscal.regimeOption", { code, description }),
});

/**
 * "Datos fiscales": the customer's CFDI 4.0 receiver data, saved once. The choices are the SAT's
 * catalogues, narrowed to what the RFC's kind allows once it is typed (12: moral, 13: física); the
 * server checks every rule again and its Spanish message shows under the field.
 */
export function FiscalDataForm({ initial }: { initial: FiscalProfile | null }) {
  const { revalidate } = useRevalidator();
  const [v, setV] = useState<FiscalProfile>(initial ?? EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const rfc = normalizeRfc(v.rfc);
  const kind = rfc.length === 12 || rfc.length === 13 ? (isCompanyRfc(rfc) ? "moral" : "fisica") : null;
  const regimes = Object.entries(REGIMENES_FISCALES)
    .filter(([, r]) => !kind || r[kind])
    .map(([code, r]) => option(code, r.description));
  const uses = Object.entries(USOS_CFDI)
    .filter(([, u]) => (!kind || u[kind]) && (!v.tax_regime || (u.regimes as readonly string[]).includes(v.tax_regime)))
    .map(([code, u]) => option(code, u.description));
  const set = (k: keyof FiscalProfile) => (value: string | boolean) => {
    setV((s) => ({ ...s, [k]: value }));
    setErrors((e) => ({ ...e, [k]: "" }));
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    const r = await api<ApiData<typeof messageAnswer>>("/profile/fiscal-data", { json: v });
    setSaving(false);
    if (!r.ok) {
      if (r.expired) return;
      setErrors(r.fields);
      if (Object.keys(r.fields).length === 0) toastError(r.message);
      return;
    }
    setErrors({});
    toastSuccess(t("invoicing.fiscal.saved"));
    void revalidate();
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t("invoicing.fiscal.title")}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t("invoicing.fiscal.rfc")}
            description={t("invoicing.fiscal.rfcHint")}
            name="rfc"
            required
            maxLength={15}
            autoComplete="off"
            styles={{ input: { textTransform: "uppercase" } }}
            value={v.rfc}
            onChange={(e) => set("rfc")(e.currentTarget.value)}
            error={errors.rfc || null}
          />
          <TextInput
            label={t("invoicing.fiscal.postalCode")}
            name="postal_code"
            required
            inputMode="numeric"
            maxLength={5}
            value={v.postal_code}
            onChange={(e) => set("postal_code")(e.currentTarget.value)}
            error={errors.postal_code || null}
          />
        </SimpleGrid>
        <TextInput
          label={t("invoicing.fiscal.legalName")}
          description={t("invoicing.fiscal.legalNameHint")}
          name="legal_name"
          required
          styles={{ input: { textTransform: "uppercase" } }}
          value={v.legal_name}
          onChange={(e) => set("legal_name")(e.currentTarget.value)}
          error={errors.legal_name || null}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label={t("invoicing.fiscal.regime")}
            name="tax_regime"
            required
            value={v.tax_regime}
            onChange={(e) => set("tax_regime")(e.currentTarget.value)}
            error={errors.tax_regime || null}
            data={[{ value: "", label: t("invoicing.fiscal.choose"), disabled: true }, ...regimes]}
          />
          <NativeSelect
            label={t("invoicing.fiscal.use")}
            name="cfdi_use"
            required
            value={v.cfdi_use}
            onChange={(e) => set("cfdi_use")(e.currentTarget.value)}
            error={errors.cfdi_use || null}
            data={[{ value: "", label: t("invoicing.fiscal.choose"), disabled: true }, ...uses]}
          />
        </SimpleGrid>
        <Checkbox
          label={t("invoicing.fiscal.autoInvoice")}
          description={t("invoicing.fiscal.autoInvoiceHint")}
          name="auto_invoice"
          checked={v.auto_invoice}
          onChange={(e) => set("auto_invoice")(e.currentTarget.checked)}
        />
        {errors._ && (
          <Text c="var(--mantine-color-error)" size="sm" role="alert">
            {errors._}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t("invoicing.fiscal.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
