import { Alert, Button, Group, Paper, Stack } from "@mantine/core";
import { schemaResolver, useForm, type UseFormReturnType } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import type { ZodType } from "zod";
import type { ApiResult } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";

/**
 * A Mantine form validated by the same zod schema the API uses (messages in Spanish word for
 * word); field errors clear when the field is edited.
 */
export function useEntityForm<V extends Record<string, unknown>>(schema: ZodType, initialValues: V) {
  return useForm<V>({
    mode: "controlled",
    initialValues,
    validate: schemaResolver(schema as never, { sync: true }) as never,
    clearInputErrorOnChange: true,
  });
}

/**
 * Sends a form to the API: server field errors (`error.messages`) land under their fields,
 * other failures become an alert message; success shows the server's `Message` as a toast.
 */
export function useEntitySubmit<V extends Record<string, unknown>, R>(
  form: UseFormReturnType<V>,
  send: (values: V) => Promise<ApiResult<R>>,
  onSuccess: (data: R) => void,
) {
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = form.onSubmit(
    async (values) => {
      setSubmitting(true);
      setError(null);
      try {
        const r = await send(values);
        if (r.ok) {
          const message = (r.data as { Message?: string } | null)?.Message;
          if (message) notifications.show({ color: "teal", message });
          onSuccess(r.data);
          return;
        }
        // An expired session: the login dialog is already open; the values stay for a retry.
        if (r.expired) return;
        const known = Object.entries(r.fields).filter(([f]) => f in (form.getValues() as object));
        if (known.length) form.setErrors(Object.fromEntries(known));
        // A message not tied to a visible field is shown above the buttons.
        if (!known.length || known.length < Object.keys(r.fields).length) setError(r.message);
        else setError(null);
      } finally {
        setSubmitting(false);
      }
    },
    () => setError(t("admin.kit.formErrors")),
  );
  return { onSubmit, submitting, error, clearError: () => setError(null) };
}

/** The frame of an entity form: fields, an error alert and Cancel/Save buttons. */
export function EntityFormFrame(props: {
  onSubmit: (e?: React.FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  error: string | null;
  onCloseError?: () => void;
  cancelHref: string;
  children: ReactNode;
  submitLabel?: string;
  disabled?: boolean;
}) {
  const { pathname } = useLocation();
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={860}>
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="md">
          {props.children}
          {props.error && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} aria-hidden />}
              withCloseButton={Boolean(props.onCloseError)}
              onClose={props.onCloseError}
              role="alert"
            >
              {props.error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button component={Link} to={localePath(props.cancelHref, pathname)} variant="default">
              {t("admin.kit.cancel")}
            </Button>
            <Button type="submit" loading={props.submitting} disabled={props.disabled}>
              {props.submitLabel ?? t("admin.kit.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
