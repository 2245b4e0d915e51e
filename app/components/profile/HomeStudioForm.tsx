import { Button, Group, NativeSelect, Stack } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { toastError, toastSuccess } from "~/components/commerce/useCart";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { homeStudioAnswer } from "~/shared/schemas/answers";

export interface HomeStudioChoices {
  current: number | null;
  cities: { name: string; studios: { id: number; name: string }[] }[];
}

/**
 * "Mi estudio": the customer's home studio, chosen among the public studios of each city. Saved on
 * the account (and as this browser's choice): the calendar opens on it after any login.
 */
export function HomeStudioForm({ current, cities }: HomeStudioChoices) {
  const { revalidate } = useRevalidator();
  const [value, setValue] = useState(current ? String(current) : "");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!value) return setError(t("auth.profile.settings.homeStudioRequired"));
    setSaving(true);
    const r = await api<ApiData<typeof homeStudioAnswer>>("/profile/home-studio", {
      json: { studio_id: Number(value) },
    });
    setSaving(false);
    if (!r.ok) {
      if (r.expired) return;
      setError(r.fields.studio_id ?? null);
      if (!r.fields.studio_id) toastError(r.message);
      return;
    }
    setError(null);
    toastSuccess(r.data.Message);
    void revalidate();
  };
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t("auth.profile.settings.homeStudioTitle")}>
      <Stack gap="md">
        <NativeSelect
          label={t("auth.profile.settings.homeStudio")}
          name="studio_id"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data={[
            { value: "", label: t("auth.profile.settings.homeStudioPlaceholder"), disabled: true },
            ...cities.map((c) => ({
              group: c.name,
              items: c.studios.map((s) => ({ value: String(s.id), label: s.name })),
            })),
          ]}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t("auth.profile.settings.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
