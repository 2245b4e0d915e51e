import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconArrowRight, IconMail, IconUserQuestion } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { emailExistsAnswer, sessionAnswer } from "~/shared/schemas/answers";
import type { AuthSuccess } from "./types";

export interface LoginFormProps {
  initialEmail?: string;
  /** The email is unknown (or the visitor asked for it): go to the register form with it. */
  onRegister(email: string): void;
  /** "¿Olvidaste tu contraseña?": go to the reset form with the email typed so far. */
  onForgot(email: string): void;
  onSuccess(done: AuthSuccess): void | Promise<void>;
}

// The form rules (zod) load with the first submit, not with the /auth/login page.
const emailStepRules = () => import("~/shared/schemas/auth").then((m) => m.emailStepSchema);
const loginRules = () => import("~/shared/schemas/auth").then((m) => m.loginSchema);

/**
 * Two-step login (spec §4): the email first, which the server is asked about; a known email
 * goes on to the password, remember-me and the forgot link; an unknown one to register.
 */
export function LoginForm({ initialEmail = "", onRegister, onForgot, onSuccess }: LoginFormProps) {
  const [step, setStep] = useState<"email" | "password">("email");
  /** The email the server did not know: said plainly before offering to register. */
  const [unknown, setUnknown] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // Step 2 takes the focus at once (on a phone the keyboard stays open).
  useEffect(() => {
    if (step === "password") passwordRef.current?.focus();
  }, [step]);

  /** The email as the server will read it (trimmed, lower case), kept from the last check. */
  const checked = useRef("");
  const emailForm = useEntityForm(emailStepRules, { email: initialEmail });
  const checkEmail = useFormSubmit(
    emailForm,
    async (values) => {
      checked.current = (await emailStepRules()).parse(values).email;
      return api<ApiData<typeof emailExistsAnswer>>(`/user/verify/emails/${encodeURIComponent(checked.current)}`);
    },
    (data) => {
      const email = checked.current;
      if (data.exist) {
        emailForm.setFieldValue("email", email);
        loginForm.setValues({ email, password: "" });
        loginForm.clearErrors();
        setUnknown(null);
        setStep("password");
      } else {
        setUnknown(email);
      }
    },
    { messageAs: "toast" },
  );

  const loginForm = useEntityForm(loginRules, { email: initialEmail, password: "", rememberMe: false });
  const login = useFormSubmit(
    loginForm,
    async (values) => {
      const v = (await loginRules()).parse(values);
      return api<ApiData<typeof sessionAnswer>>("/login", {
        form: { email: v.email, password: v.password, rememberMe: v.rememberMe ? 1 : 0 },
      });
    },
    (data) => onSuccess({ kind: "login", user: data.user, message: data.Message || t("auth.login.success") }),
    { messageAs: "toast", toastSuccess: false },
  );
  const email = emailForm.getValues().email;

  if (step === "email") {
    return (
      <form onSubmit={checkEmail.onSubmit} noValidate aria-label={t("auth.login.title")}>
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
            {...emailForm.getInputProps("email")}
            onChange={(e) => {
              emailForm.getInputProps("email").onChange(e);
              setUnknown(null);
            }}
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
            loading={checkEmail.submitting}
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
    <form onSubmit={login.onSubmit} noValidate aria-label={t("auth.login.title")}>
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
          value={loginForm.getValues().email}
          readOnly
          data-testid="login-email"
          error={loginForm.errors.email || undefined}
          rightSectionWidth={80}
          rightSection={
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setStep("email");
                loginForm.setFieldValue("password", "");
                loginForm.clearErrors();
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
          {...loginForm.getInputProps("password")}
          aria-invalid={loginForm.errors.password ? true : undefined}
          data-autofocus
          required
        />
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Checkbox
            label={t("auth.fields.rememberMe")}
            name="rememberMe"
            {...loginForm.getInputProps("rememberMe", { type: "checkbox" })}
          />
          <Anchor component="button" type="button" size="sm" onClick={() => onForgot(loginForm.getValues().email)}>
            {t("auth.login.forgot")}
          </Anchor>
        </Group>
        <Button type="submit" loading={login.submitting} fullWidth>
          {t("auth.login.submit")}
        </Button>
      </Stack>
    </form>
  );
}
