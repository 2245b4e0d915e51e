import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconMail } from "@tabler/icons-react";
import { useState, type FormEvent } from "react";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";
import { forgotSchema, restoreSchema, validate, type FieldErrors } from "~/shared/schemas/auth";
import { notifyError, notifySuccess } from "./notify";

export interface ResetFormProps {
  /** With a token: choose a new password. Without: ask for the email. */
  token?: string | null;
  initialEmail?: string;
  /** The request was sent (with the email), or the new password saved. */
  onDone(email?: string): void;
  onLogin(email: string): void;
  /** The token was refused: offer to ask for a new link. */
  onRequestNew?(): void;
}

/** Reset (spec §2-4): the email, or the new password and its confirmation when a token is present. */
export function ResetForm(props: ResetFormProps) {
  return props.token ? <RestoreStep {...props} token={props.token} /> : <ForgotStep {...props} />;
}

function ForgotStep({ initialEmail = "", onDone, onLogin }: ResetFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [loading, setLoading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(forgotSchema, { email });
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    setLoading(true);
    const r = await api("/guest/forgot/password", { form: { email: v.data.email } });
    setLoading(false);
    if (!r.ok) {
      // Spec §8: a failed reset only stops loading; field errors still go under the field.
      if (Object.keys(r.fields).length) setErrors(r.fields);
      else if (r.status === 429) notifyError(r.message);
      return;
    }
    notifySuccess(t("success.resetSent"));
    onDone(v.data.email);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("auth.reset.title")}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t("auth.reset.subtitle")}
        </Text>
        <TextInput
          label={t("auth.fields.email")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t("auth.fields.emailPlaceholder")}
          leftSection={<IconMail size={18} aria-hidden />}
          value={email}
          onChange={(e) => {
            setEmail(e.currentTarget.value);
            setErrors({});
          }}
          error={errors.email || undefined}
          data-autofocus
          required
        />
        <Button type="submit" loading={loading} fullWidth>
          {t("auth.reset.submit")}
        </Button>
        <Anchor component="button" type="button" size="sm" ta="center" onClick={() => onLogin(email.trim())}>
          {t("auth.reset.backToLogin")}
        </Anchor>
      </Stack>
    </form>
  );
}

function RestoreStep({ token, onDone, onRequestNew }: ResetFormProps & { token: string }) {
  const [values, setValues] = useState({ newPassword: "", confirmNewPassword: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const set = (field: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((er) => (er[field] ? { ...er, [field]: "" } : er));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(restoreSchema, values);
    if (!v.ok) return setErrors(v.errors);
    setErrors({});
    setFailure(null);
    setLoading(true);
    const r = await api<{ Message?: string; email?: string }>(`/reset/password/${encodeURIComponent(token)}`, {
      form: v.data,
    });
    setLoading(false);
    if (!r.ok) {
      if (Object.keys(r.fields).some((f) => f in values)) setErrors(r.fields);
      else setFailure(r.message || t("auth.reset.invalidToken"));
      return;
    }
    notifySuccess(r.data?.Message || t("auth.reset.restoreSuccess"));
    onDone(r.data?.email);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t("auth.reset.restoreTitle")}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          {t("auth.reset.restoreSubtitle")}
        </Text>
        {failure ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            <Stack gap={6}>
              <Text size="sm">{failure}</Text>
              {onRequestNew ? (
                <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={onRequestNew}>
                  {t("auth.reset.requestNew")}
                </Anchor>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        <PasswordInput
          label={t("auth.fields.newPassword")}
          name="newPassword"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set("newPassword")}
          error={errors.newPassword || undefined}
          aria-invalid={errors.newPassword ? true : undefined}
          data-autofocus
          required
        />
        <PasswordInput
          label={t("auth.fields.confirmNewPassword")}
          name="confirmNewPassword"
          autoComplete="new-password"
          value={values.confirmNewPassword}
          onChange={set("confirmNewPassword")}
          error={errors.confirmNewPassword || undefined}
          aria-invalid={errors.confirmNewPassword ? true : undefined}
          required
        />
        <Button type="submit" loading={loading} fullWidth>
          {t("auth.reset.restoreSubmit")}
        </Button>
      </Stack>
    </form>
  );
}
