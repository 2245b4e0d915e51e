import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconAlertCircle, IconMail } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";
import type { messageAnswer, restoreAnswer } from "~/shared/schemas/answers";
import { notifyError, notifySuccess } from "./notify";

/**
 * The site's account screens (dialogs and /auth pages: "tú", toasts) or the back office's auth
 * pages ("usted", alerts in the card): the same two forms, each screen's own words.
 */
type ResetVariant = "site" | "admin";

/** The words of the fields and buttons (the back office passes its own: `adminResetTexts`). */
export interface ResetTexts {
  email: string;
  emailPlaceholder: string;
  send: string;
  newPassword: string;
  confirmNewPassword: string;
  save: string;
  saved: string;
}

const siteTexts = (): ResetTexts => ({
  email: t("auth.fields.email"),
  emailPlaceholder: t("auth.fields.emailPlaceholder"),
  send: t("auth.reset.submit"),
  newPassword: t("auth.fields.newPassword"),
  confirmNewPassword: t("auth.fields.confirmNewPassword"),
  save: t("auth.reset.restoreSubmit"),
  saved: t("auth.reset.restoreSuccess"),
});

export interface ResetFormProps {
  /** With a token: choose a new password. Without: ask for the email. */
  token?: string | null;
  initialEmail?: string;
  /** The request was sent (with the email), or the new password saved (with the server's message). */
  onDone(email?: string, message?: string): void;
  /** The site's "Volver a iniciar sesión" (a button under the form). */
  onLogin?(email: string): void;
  /** The site's "Solicitar un enlace nuevo" when the token was refused. */
  onRequestNew?(): void;
  /** Default "site"; "admin" needs its `texts`. */
  variant?: ResetVariant;
  texts?: ResetTexts;
  /** Under the submit button (the back office's link back to the login). */
  footer?: ReactNode;
  /** In the alert of a refused token (the back office's link to ask for a new one). */
  requestNewLink?: ReactNode;
}

// The form rules (zod) load with the first submit, not with the page or dialog.
const forgotRules = () => import("~/shared/schemas/auth").then((m) => m.forgotSchema);
const restoreRules = () => import("~/shared/schemas/auth").then((m) => m.restoreSchema);

/**
 * Reset (spec §2-4): the email, or the new password and its confirmation when a token is present;
 * one component for the site's dialog and page and the back office's pages.
 */
export function ResetForm(props: ResetFormProps) {
  return props.token ? <RestoreStep {...props} token={props.token} /> : <ForgotStep {...props} />;
}

function ForgotStep({ initialEmail = "", onDone, onLogin, variant = "site", texts, footer }: ResetFormProps) {
  const site = variant === "site";
  const text = texts ?? siteTexts();
  const form = useEntityForm(forgotRules, { email: initialEmail });
  const submit = useFormSubmit(
    form,
    async (values) =>
      api<ApiData<typeof messageAnswer>>("/guest/forgot/password", {
        form: { email: (await forgotRules()).parse(values).email },
      }),
    async () => {
      if (site) notifySuccess(t("success.resetSent"));
      onDone((await forgotRules()).parse(form.getValues()).email);
    },
    {
      toastSuccess: false,
      onFailure(r) {
        // Spec §8: a failed reset on the site only stops loading (a rate limit says so in a toast);
        // field errors still go under the field.
        if (!site || Object.keys(r.fields).length) return false;
        if (r.status === 429) notifyError(r.message);
        return true;
      },
    },
  );

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label={site ? t("auth.reset.title") : undefined}>
      <Stack gap="md">
        {site ? (
          <Text c="dimmed" size="sm">
            {t("auth.reset.subtitle")}
          </Text>
        ) : null}
        <ErrorAlert message={submit.error} />
        <TextInput
          label={text.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={text.emailPlaceholder}
          leftSection={site ? <IconMail size={18} aria-hidden /> : undefined}
          {...form.getInputProps("email")}
          data-autofocus={site || undefined}
          autoFocus={!site}
          required
        />
        <Button type="submit" loading={submit.submitting} fullWidth size={site ? undefined : "md"}>
          {text.send}
        </Button>
        {onLogin ? (
          <Anchor
            component="button"
            type="button"
            size="sm"
            ta="center"
            onClick={() => onLogin(form.getValues().email.trim())}
          >
            {t("auth.reset.backToLogin")}
          </Anchor>
        ) : null}
        {footer}
      </Stack>
    </form>
  );
}

function RestoreStep({
  token,
  onDone,
  onRequestNew,
  variant = "site",
  texts,
  footer,
  requestNewLink,
}: ResetFormProps & { token: string }) {
  const site = variant === "site";
  const text = texts ?? siteTexts();
  const form = useEntityForm(restoreRules, { newPassword: "", confirmNewPassword: "" });
  const submit = useFormSubmit(
    form,
    (values) => api<ApiData<typeof restoreAnswer>>(`/reset/password/${encodeURIComponent(token)}`, { form: values }),
    (data) => {
      const message = data.Message || text.saved;
      if (site) notifySuccess(message);
      onDone(data.email, message);
    },
    {
      toastSuccess: false,
      onFailure(r) {
        // A refused token (or any message not under a field) shows above the fields, with the way
        // to ask for a new link.
        if (Object.keys(r.fields).some((f) => f in form.getValues())) {
          form.setErrors(r.fields);
          return true;
        }
        submit.setError(r.message || t("auth.reset.invalidToken"));
        return true;
      },
    },
  );
  const requestNew =
    requestNewLink ??
    (onRequestNew ? (
      <Anchor component="button" type="button" size="sm" fw={600} ta="left" onClick={onRequestNew}>
        {t("auth.reset.requestNew")}
      </Anchor>
    ) : null);

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label={site ? t("auth.reset.restoreTitle") : undefined}>
      <Stack gap="md">
        {site ? (
          <Text c="dimmed" size="sm">
            {t("auth.reset.restoreSubtitle")}
          </Text>
        ) : null}
        <ErrorAlert message={submit.error} site={site}>
          {requestNew}
        </ErrorAlert>
        <PasswordInput
          label={text.newPassword}
          name="newPassword"
          autoComplete="new-password"
          {...form.getInputProps("newPassword")}
          aria-invalid={form.errors.newPassword ? true : undefined}
          data-autofocus={site || undefined}
          autoFocus={!site}
          required
        />
        <PasswordInput
          label={text.confirmNewPassword}
          name="confirmNewPassword"
          autoComplete="new-password"
          {...form.getInputProps("confirmNewPassword")}
          aria-invalid={form.errors.confirmNewPassword ? true : undefined}
          required
        />
        <Button type="submit" loading={submit.submitting} fullWidth size={site ? undefined : "md"}>
          {text.save}
        </Button>
        {footer}
      </Stack>
    </form>
  );
}

/** A failure's message above the fields, with an action under it when there is one. */
function ErrorAlert({ message, site, children }: { message: string | null; site?: boolean; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} variant={site ? undefined : "light"} role="alert">
      <Stack gap={6} align={site ? undefined : "flex-start"}>
        {site ? <Text size="sm">{message}</Text> : <span>{message}</span>}
        {children}
      </Stack>
    </Alert>
  );
}
