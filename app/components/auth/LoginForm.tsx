import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowRight, IconMail, IconUserQuestion } from "@tabler/icons-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import type { FieldErrors } from "~/shared/schemas/auth";
import { notifyError } from "./notify";
import type { AuthAnswer, AuthSuccess } from "./types";

export interface LoginFormProps {
  initialEmail?: string;
  /** The email is unknown (or the visitor asked for it): go to the register form with it. */
  onRegister(email: string): void;
  /** "¿Olvidaste tu contraseña?": go to the reset form with the email typed so far. */
  onForgot(email: string): void;
  onSuccess(done: AuthSuccess): void | Promise<void>;
}

/**
 * Two-step login (spec §4): the email first, which the server is asked about; a known email
 * goes on to the password, remember-me and the forgot link; an unknown one to register.
 */
export function LoginForm({ initialEmail = "", onRegister, onForgot, onSuccess }: LoginFormProps) {
  const [step, setStep] = useState<"email" | "password">("email");
  /** The email the server did not know: said plainly before offering to register. */
  const [unknown, setUnknown] = useState<string | null>(null);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);

  const clear = (field: string) => setErrors((e) => (field in e ? { ...e, [field]: "" } : e));

  // Step 2 takes the focus at once (on a phone the keyboard stays open).
  useEffect(() => {
    if (step === "password") passwordRef.current?.focus();
  }, [step]);

  async function checkEmail(e: FormEvent) {
    e.preventDefault();
    // The form rules (zod) load with the first submit, not with the page.
    const { validate, emailStepSchema } = await import("~/shared/schemas/auth");
    const v = validate(emailStepSchema, { email });
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    setLoading(true);
    const r = await api<{ exist: boolean }>(`/user/verify/emails/${encodeURIComponent(v.data.email)}`);
    setLoading(false);
    if (!r.ok) {
      if (Object.keys(r.fields).length) setErrors(r.fields);
      else notifyError(r.message);
      return;
    }
    if (r.data?.exist) {
      setEmail(v.data.email);
      setUnknown(null);
      setStep("password");
    } else {
      setUnknown(v.data.email);
    }
  }

  async function login(e: FormEvent) {
    e.preventDefault();
    const { validate, loginSchema } = await import("~/shared/schemas/auth");
    const v = validate(loginSchema, { email, password, rememberMe });
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    setLoading(true);
    const r = await api<AuthAnswer>("/login", {
      form: { email: v.data.email, password: v.data.password, rememberMe: v.data.rememberMe ? 1 : 0 },
    });
    if (!r.ok) {
      setLoading(false);
      if (Object.keys(r.fields).length) setErrors(r.fields);
      else notifyError(r.message);
      return;
    }
    await onSuccess({ kind: "login", user: r.data?.user ?? null, message: r.data?.Message || t("auth.login.success") });
    setLoading(false);
  }

  if (step === "email") {
    return (
      <form onSubmit={checkEmail} noValidate aria-label={t("auth.login.title")}>
        <Stack gap="md">
          <Text c="dimmed" size="sm">
            {t("auth.login.subtitle")}
          </Text>
          <TextInput
            label={t("auth.fields.email")}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t("auth.fields.emailPlaceholder")}
            leftSection={<IconMail size={18} aria-hidden />}
            value={email}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setUnknown(null);
              clear("email");
            }}
            error={errors.email || undefined}
            data-autofocus
            required
          />
          {unknown ? (
            <Alert
              color="accent"
              variant="light"
              icon={<IconUserQuestion size={18} aria-hidden />}
              title={t("auth.login.notFoundTitle")}
              role="status"
            >
              <Stack gap="xs">
                <Text size="sm">{t("auth.login.notFoundText", { email: unknown })}</Text>
                <Button variant="filled" onClick={() => onRegister(unknown)}>
                  {t("auth.login.createWithEmail")}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Button
            type="submit"
            variant={unknown ? "light" : "filled"}
            loading={loading}
            rightSection={<IconArrowRight size={18} aria-hidden />}
            fullWidth
          >
            {t("auth.login.continue")}
          </Button>
          <Text size="sm" ta="center">
            {t("auth.login.noAccount")}{" "}
            <Anchor component="button" type="button" fw={600} onClick={() => onRegister(email.trim())}>
              {t("auth.login.createAccount")}
            </Anchor>
          </Text>
        </Stack>
      </form>
    );
  }

  return (
    <form onSubmit={login} noValidate aria-label={t("auth.login.title")}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t("auth.login.passwordSubtitle")}
        </Text>
        {/* The account's email stays in the form (read-only, autocomplete "username") so password
            managers can fill and save the pair. */}
        <TextInput
          label={t("auth.fields.email")}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          readOnly
          data-testid="login-email"
          error={errors.email || undefined}
          rightSectionWidth={80}
          rightSection={
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setStep("email");
                setPassword("");
                setErrors({});
              }}
            >
              {t("auth.login.changeEmail")}
            </Anchor>
          }
        />
        <PasswordInput
          ref={passwordRef}
          label={t("auth.fields.password")}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.currentTarget.value);
            clear("password");
          }}
          error={errors.password || undefined}
          aria-invalid={errors.password ? true : undefined}
          data-autofocus
          required
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label={t("auth.fields.rememberMe")}
            name="rememberMe"
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.currentTarget.checked)}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => onForgot(email)}>
            {t("auth.login.forgot")}
          </Anchor>
        </Group>
        <Button type="submit" loading={loading} fullWidth>
          {t("auth.login.submit")}
        </Button>
      </Stack>
    </form>
  );
}
