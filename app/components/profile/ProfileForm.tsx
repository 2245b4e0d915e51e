import { Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import "dayjs/locale/es-mx";
import { useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { SoftBadge } from "~/components/SoftBadge";
import { notifyApiError, notifySuccess } from "~/components/auth/notify";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { validate, type FieldErrors } from "~/shared/schemas/auth";
import { profileSchema, todayInMexico } from "~/shared/schemas/profile";

export interface ProfileValues {
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  birth_date: string | null;
  email_verified: boolean;
}

/** "Mis Datos": name, last name, phone and birth date; the email is shown read-only. */
export function ProfileForm({ initial }: { initial: ProfileValues }) {
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState({
    name: initial.name,
    last_name: initial.last_name,
    phone: initial.phone ?? "",
    birth_date: initial.birth_date ?? "",
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);

  const setField = (field: keyof typeof values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((er) => (er[field] ? { ...er, [field]: "" } : er));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(profileSchema, values);
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    setLoading(true);
    const r = await api<{ Message: string }>("/profile/user", { form: values });
    if (!r.ok) {
      setLoading(false);
      if (Object.keys(r.fields).length) setErrors(r.fields);
      else notifyApiError(r);
      return;
    }
    await revalidate();
    setLoading(false);
    notifySuccess(r.data.Message);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("auth.profile.settings.dataTitle")}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("auth.fields.name")}
            name="name"
            autoComplete="given-name"
            value={values.name}
            onChange={(e) => setField("name", e.currentTarget.value)}
            error={errors.name || undefined}
            required
          />
          <TextInput
            label={t("auth.fields.lastName")}
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={(e) => setField("last_name", e.currentTarget.value)}
            error={errors.last_name || undefined}
            required
          />
        </SimpleGrid>
        <TextInput
          label={t("auth.fields.email")}
          name="email"
          value={initial.email}
          readOnly
          description={t("auth.profile.settings.emailHint")}
          rightSectionWidth={120}
          rightSection={
            <SoftBadge size="sm" color={initial.email_verified ? "teal" : "yellow"}>
              {initial.email_verified ? t("auth.profile.settings.verified") : t("auth.profile.settings.notVerified")}
            </SoftBadge>
          }
          styles={{ input: { backgroundColor: "var(--mantine-color-gray-0)" } }}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("auth.fields.phone")}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={t("auth.fields.phonePlaceholder")}
            value={values.phone}
            onChange={(e) => setField("phone", e.currentTarget.value)}
            error={errors.phone || undefined}
          />
          <DatesProvider settings={{ locale: "es-mx", firstDayOfWeek: 1 }}>
            <DatePickerInput
              label={t("auth.fields.birthDate")}
              name="birth_date"
              placeholder={t("auth.fields.birthDatePlaceholder")}
              leftSection={<IconCalendar size={18} aria-hidden />}
              valueFormat="D [de] MMMM [de] YYYY"
              value={values.birth_date || null}
              onChange={(v) => setField("birth_date", v ?? "")}
              maxDate={todayInMexico()}
              minDate="1900-01-01"
              defaultLevel={values.birth_date ? "month" : "decade"}
              defaultDate={values.birth_date || "1990-01-01"}
              clearable
              error={errors.birth_date || undefined}
            />
          </DatesProvider>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={loading}>
            {t("auth.profile.settings.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
