import { Alert, Button, Group, PasswordInput, SimpleGrid, Stack } from "@mantine/core";
import { IconAlertCircle } from "@tabler/icons-react";
import type { messageAnswer } from "~/shared/schemas/answers";
import { useEntityForm, useFormSubmit } from "~/components/forms/useEntityForm";
import { notifySuccess } from "~/components/auth/notify";
import { api, type ApiData } from "~/lib/api";
import { t } from "~/lib/messages";

const EMPTY = { currentPassword: "", newPassword: "", confirmNewPassword: "" };
type Field = keyof typeof EMPTY;

export interface ChangePasswordFormProps {
  /** Cancel was pressed (the fields are already cleared). */
  onCancel?(): void;
  /** The password changed (toast shown, fields cleared). */
  onSuccess?(): void;
  /** The session expired (the login dialog is already open). */
  onExpired?(): void;
  /** Three fields in a row from this breakpoint (the 900px modal), else stacked. */
  wide?: boolean;
  /** The current-password field takes the focus when a modal opens. */
  autoFocus?: boolean;
}

/**
 * Change password (spec §2, §5, §8): current, new and confirm-new with Cancel and Save. No client
 * rules; the server's field errors go under each field and clear when that field is edited; its
 * debugMessage shows in a dismissible alert; success toasts the server's Message.
 */
export function ChangePasswordForm({
  onCancel,
  onSuccess,
  onExpired,
  wide = false,
  autoFocus = false,
}: ChangePasswordFormProps) {
  const form = useEntityForm(null, EMPTY);
  const submit = useFormSubmit(
    form,
    (values) => api<ApiData<typeof messageAnswer>>("/profile/user/password", { form: values }),
    (data) => {
      form.reset();
      notifySuccess(data.Message || t("auth.password.saved"));
      onSuccess?.();
    },
    {
      toastSuccess: false,
      onFailure(r) {
        form.setErrors(r.fields);
        if (r.expired) {
          form.reset();
          onExpired?.();
          return true;
        }
        // The alert carries the server's debugMessage, unless it only repeats a field's message.
        const shown = Object.values(r.fields);
        const detail = r.debugMessage ?? (shown.length ? null : r.message);
        submit.setError(detail && !shown.includes(detail) ? detail : null);
        return true;
      },
    },
  );
  const loading = submit.submitting;
  const alert = submit.error;

  const input = (field: Field, label: string, autoComplete: string) => (
    <PasswordInput
      label={label}
      name={field}
      autoComplete={autoComplete}
      {...form.getInputProps(field)}
      aria-invalid={form.errors[field] ? true : undefined}
      data-autofocus={autoFocus && field === "currentPassword" ? true : undefined}
    />
  );

  return (
    <form onSubmit={submit.onSubmit} noValidate aria-label={t("auth.password.title")}>
      <Stack gap="md">
        {alert ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            withCloseButton
            closeButtonLabel={t("auth.password.dismiss")}
            onClose={submit.clearError}
            role="alert"
          >
            {alert}
          </Alert>
        ) : null}
        <SimpleGrid cols={wide ? { base: 1, sm: 3 } : { base: 1 }} spacing="md">
          {input("currentPassword", t("auth.fields.currentPassword"), "current-password")}
          {input("newPassword", t("auth.fields.newPassword"), "new-password")}
          {input("confirmNewPassword", t("auth.fields.confirmNewPassword"), "new-password")}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button
            type="button"
            variant="default"
            onClick={() => {
              form.reset();
              submit.clearError();
              onCancel?.();
            }}
            disabled={loading}
          >
            {t("auth.password.cancel")}
          </Button>
          <Button type="submit" loading={loading}>
            {t("auth.password.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
