import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { DatePickerInput, DatesProvider } from "@mantine/dates";
import { IconAlertCircle, IconCalendar } from "@tabler/icons-react";
import "dayjs/locale/es-mx";
import { useRevalidator } from "react-router";
import { SoftBadge } from "~/components/SoftBadge";
import { useEntityForm, useEntitySubmit } from "~/components/admin/kit/EntityForm";
import { api, type ApiData } from "~/lib/api";
import type { profileSavedAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { profileSchema } from "~/shared/schemas/profile";
import { localDay } from "~/shared/mexico/time";

export interface ProfileValues {
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  birth_date: string | null;
  email_verified: boolean;
}

/**
 * "Mis Datos": name, last name, phone and birth date; the email is shown read-only. The kit's form
 * hooks: the same zod rules as the API, field errors (the browser's or the server's) under their
 * fields, the server's message as a toast.
 */
export function ProfileForm({ initial }: { initial: ProfileValues }) {
  const { revalidate } = useRevalidator();
  const form = useEntityForm(profileSchema, {
    name: initial.name,
    last_name: initial.last_name,
    phone: initial.phone ?? "",
    birth_date: initial.birth_date ?? "",
  });
  const submit = useEntitySubmit(
    form,
    (values) => api<ApiData<typeof profileSavedAnswer>>("/profile/user", { form: values }),
    () => void revalidate(),
  );
  const birthDate = form.getValues().birth_date;

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label={t("auth.profile.settings.dataTitle")}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t("auth.fields.name")}
            name="name"
            autoComplete="given-name"
            {...form.getInputProps("name")}
            required
          />
          <TextInput
            label={t("auth.fields.lastName")}
            name="last_name"
            autoComplete="family-name"
            {...form.getInputProps("last_name")}
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
            {...form.getInputProps("phone")}
          />
          <DatesProvider settings={{ locale: "es-mx", firstDayOfWeek: 1 }}>
            <DatePickerInput
              label={t("auth.fields.birthDate")}
              name="birth_date"
              placeholder={t("auth.fields.birthDatePlaceholder")}
              leftSection={<IconCalendar size={18} aria-hidden />}
              valueFormat="D [de] MMMM [de] YYYY"
              value={birthDate || null}
              onChange={(v) => form.setFieldValue("birth_date", v ?? "")}
              maxDate={localDay(new Date())}
              minDate="1900-01-01"
              defaultLevel={birthDate ? "month" : "decade"}
              defaultDate={birthDate || "1990-01-01"}
              clearable
              error={form.errors.birth_date}
            />
          </DatesProvider>
        </SimpleGrid>
        {submit.error && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} aria-hidden />}
            withCloseButton
            onClose={submit.clearError}
            role="alert"
          >
            {submit.error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={submit.submitting}>
            {t("auth.profile.settings.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
