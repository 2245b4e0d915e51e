import { Anchor, Button, Checkbox, PasswordInput, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { registerSchema, validate, type FieldErrors } from "~/shared/schemas/auth";
import { LEGAL_PATHS } from "~/components/legal/links";
import { PrivacyConsent } from "~/components/legal/PrivacyLink";
import { notifyError } from "./notify";
import type { AuthAnswer, AuthSuccess } from "./types";

export interface RegisterFormProps {
  initialEmail?: string;
  onLogin(email: string): void;
  onSuccess(done: AuthSuccess): void | Promise<void>;
}

const EMPTY = { name: "", last_name: "", email: "", password: "", confirmPassword: "" };
type Field = keyof typeof EMPTY;

/**
 * Register (spec §3 register form, §5 rules): five fields and the terms checkbox. Submit looks
 * and reads as disabled until the terms are ticked; trying anyway says why in a toast.
 */
export function RegisterForm({ initialEmail = "", onLogin, onSuccess }: RegisterFormProps) {
  const { pathname } = useLocation();
  const [values, setValues] = useState({ ...EMPTY, email: initialEmail });
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((er) => (er[field] ? { ...er, [field]: "" } : er));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (loading) return;
    if (!terms) {
      notifyError(t("validation.termsRequired"));
      return;
    }
    const v = validate(registerSchema, { ...values, terms });
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    setLoading(true);
    const r = await api<AuthAnswer>("/user", { form: { ...v.data, terms: 1 } });
    if (!r.ok) {
      setLoading(false);
      if (Object.keys(r.fields).length) setErrors(r.fields);
      if (r.fields.terms) notifyError(r.fields.terms);
      else if (!Object.keys(r.fields).length) notifyError(r.message);
      return;
    }
    await onSuccess({
      kind: "register",
      user: r.data?.user ?? null,
      message: r.data?.Message || t("auth.register.success"),
    });
    setLoading(false);
  }

  const err = (f: string) => errors[f] || undefined;

  return (
    <form onSubmit={submit} noValidate aria-label={t("auth.register.title")}>
      <Stack gap="sm">
        <Text c="dimmed" size="sm">
          {t("auth.register.subtitle")}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t("auth.fields.name")}
            name="name"
            autoComplete="given-name"
            value={values.name}
            onChange={set("name")}
            error={err("name")}
            data-autofocus={initialEmail ? true : undefined}
            required
          />
          <TextInput
            label={t("auth.fields.lastName")}
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={set("last_name")}
            error={err("last_name")}
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
          value={values.email}
          onChange={set("email")}
          error={err("email")}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <PasswordInput
            label={t("auth.fields.password")}
            name="password"
            autoComplete="new-password"
            value={values.password}
            onChange={set("password")}
            error={err("password")}
            aria-invalid={err("password") ? true : undefined}
            required
          />
          <PasswordInput
            label={t("auth.fields.confirmPassword")}
            name="confirmPassword"
            autoComplete="new-password"
            value={values.confirmPassword}
            onChange={set("confirmPassword")}
            error={err("confirmPassword")}
            aria-invalid={err("confirmPassword") ? true : undefined}
            required
          />
        </SimpleGrid>
        <Checkbox
          name="terms"
          mt="xs"
          checked={terms}
          onChange={(e) => setTerms(e.currentTarget.checked)}
          error={err("terms")}
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
        <Button
          type="submit"
          mt="xs"
          loading={loading}
          fullWidth
          data-disabled={!terms || undefined}
          aria-disabled={!terms}
        >
          {t("auth.register.submit")}
        </Button>
        <Text size="sm" ta="center">
          {t("auth.register.haveAccount")}{" "}
          <Anchor component="button" type="button" fw={600} onClick={() => onLogin(values.email.trim())}>
            {t("auth.register.login")}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
