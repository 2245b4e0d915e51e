import { Alert, Button, Group, Paper, Stack } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { IconAlertCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import {
  useEntityForm,
  useFormSubmit,
  type EntitySubmitOptions,
  type FormSchema,
} from "~/components/forms/useEntityForm";
import type { ApiResult } from "~/lib/api";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";

export { useEntityForm };

/** The kit's submit: the house one, saying "Revise los campos marcados." when the browser's check fails. */
export function useEntitySubmit<V extends Record<string, unknown>, R>(
  form: UseFormReturnType<V>,
  send: (values: V) => Promise<ApiResult<R>>,
  onSuccess: (data: R) => void | Promise<void>,
  options: EntitySubmitOptions<V> = {},
) {
  return useFormSubmit(form, send, onSuccess, { invalidMessage: t("admin.kit.formErrors"), ...options });
}

/**
 * An edit page's form: checked by `schema`, sent by `save`, then back to `listHref` (where Cancel
 * goes too). `frame` is what `EntityFormFrame` takes of it: `<EntityFormFrame {...frame}>`.
 */
export function useEntityEdit<V extends Record<string, unknown>, R>(
  schema: FormSchema,
  initialValues: V,
  save: (values: V) => Promise<ApiResult<R>>,
  listHref: string,
) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const form = useEntityForm(schema, initialValues);
  const submit = useEntitySubmit(form, save, () => navigate(localePath(listHref, pathname)));
  const frame = {
    onSubmit: submit.onSubmit,
    submitting: submit.submitting,
    error: submit.error,
    onCloseError: submit.clearError,
    cancelHref: listHref,
  };
  return { form, frame };
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
