import { Anchor, Button, Checkbox, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import type { FormEvent } from "react";
import { useLocation } from "react-router";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import type { sessionAnswer } from "~/shared/schemas/answers";
import { LEGAL_PATHS } from "~/components/legal/links";
import { PrivacyConsent } from "~/components/legal/PrivacyLink";
import { notifyError } from "./notify";
import type { AuthSuccess } from "./types";

export interface RegisterFormProps {
  initialEmail?: string;
  onLogin(email: string): void;
  onSuccess(done: AuthSuccess): void | Promise<void>;
}

// The form rules (zod) load with the first submit, not with the /register page.
const registerRules = () => import("~/shared/schemas/auth").then((m) => m.registerSchema);

/**
 * Register (spec §3 register form, §5 rules): five fields and the terms checkbox. Each field's
 * message shows under it when it is left and when the form is sent (the first bad field takes the
 * focus); sending without the terms also says why in a toast (spec §5). The button never just
 * greys out.
 */
export function RegisterForm({ initialEmail = "", onLogin, onSuccess }: RegisterFormProps) {
  const { pathname } = useLocation();
  const form = useEntityForm(registerRules, {
    name: "",
    last_name: "",
    email: initialEmail,
    password: "",
    confirmPassword: "",
    terms: false,
  });
  const submit = useFormSubmit(
    form,
    async (values) =>
      api<ApiData<typeof sessionAnswer>>("/user", { form: { ...(await registerRules()).parse(values), terms: 1 } }),
    (data) => onSuccess({ kind: "register", user: data.user, message: data.Message || t("auth.register.success") }),
    {
      messageAs: "toast",
      toastSuccess: false,
      onFailure(r) {
        if (r.fields.terms) notifyError(r.fields.terms);
        return false;
      },
    },
  );
  // Every field is checked and says what is wrong under it; the terms also say it in a toast.
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (!form.getValues().terms && !submit.submitting) notifyError(t("validation.termsRequired"));
    submit.onSubmit(e);
  };
  const input = (field: "name" | "last_name" | "email" | "password" | "confirmPassword") => ({
    ...form.getInputProps(field),
    error: form.errors[field] || undefined,
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t("auth.register.title")}>
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          {t("auth.register.subtitle")}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t("auth.fields.name")}
            name="name"
            autoComplete="given-name"
            {...input("name")}
            data-autofocus={initialEmail ? true : undefined}
            required
          />
          <TextInput
            label={t("auth.fields.lastName")}
            name="last_name"
            autoComplete="family-name"
            {...input("last_name")}
            required
          />
        </SimpleGrid>
        <TextInput
          label={t("auth.fields.email")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t("auth.fields.emailPlaceholder")}
          {...input("email")}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PasswordInput
            label={t("auth.fields.password")}
            name="password"
            autoComplete="new-password"
            {...input("password")}
            aria-invalid={form.errors.password ? true : undefined}
            required
          />
          <PasswordInput
            label={t("auth.fields.confirmPassword")}
            name="confirmPassword"
            autoComplete="new-password"
            {...input("confirmPassword")}
            aria-invalid={form.errors.confirmPassword ? true : undefined}
            required
          />
        </SimpleGrid>
        <Checkbox
          name="terms"
          mt="xs"
          {...form.getInputProps("terms", { type: "checkbox" })}
          aria-invalid={form.errors.terms ? true : undefined}
          label={
            <>
              {t("auth.register.termsPrefix")}
              <Anchor href={localePath(LEGAL_PATHS.terms, pathname)} target="_blank" rel="noopener" inherit>
                {t("auth.register.termsLink")}
              </Anchor>
            </>
          }
        />
        <Text size="xs" c="dimmed">
          <PrivacyConsent />
        </Text>
        <Button type="submit" mt="xs" loading={submit.submitting} fullWidth>
          {t("auth.register.submit")}
        </Button>
        <Text size="sm" ta="center">
          {t("auth.register.haveAccount")}{" "}
          <Anchor component="button" type="button" fw={600} onClick={() => onLogin(form.getValues().email.trim())}>
            {t("auth.register.login")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
