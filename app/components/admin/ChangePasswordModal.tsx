import { Alert, Button, Group, Modal, PasswordInput, SimpleGrid, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useState } from "react";
import { api } from "~/lib/api";
import { t } from "~/lib/messages";

type Field = "currentPassword" | "newPassword" | "confirmNewPassword";
const EMPTY: Record<Field, string> = { currentPassword: "", newPassword: "", confirmNewPassword: "" };

/**
 * Change password (spec §2 top bar, §5, §8): no client rules; the server's field errors appear
 * under each field and clear when it is edited; its debugMessage shows in a dismissible alert.
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setAlert(null);
    onClose();
  };
  const set = (f: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    setValues((s) => ({ ...s, [f]: v }));
    setErrors((s) => ({ ...s, [f]: undefined }));
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaving(true);
    setAlert(null);
    const r = await api<{ Message?: string; data?: { Message?: string } }>("/profile/user/password", { form: values });
    setSaving(false);
    if (r.ok) {
      notifications.show({
        color: "teal",
        message: r.data?.Message ?? r.data?.data?.Message ?? t("admin.password.saved"),
      });
      close();
      return;
    }
    if (r.expired) {
      close();
      return;
    }
    setErrors(r.fields as Partial<Record<Field, string>>);
    // The alert carries the server's debugMessage, unless it only repeats a field's message.
    const shown = Object.values(r.fields);
    const detail = r.debugMessage ?? (shown.length ? null : r.message);
    setAlert(detail && !shown.includes(detail) ? detail : null);
  };

  return (
    <Modal opened={opened} onClose={close} title={t("admin.password.title")} size={900} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {alert && (
            <Alert
              color="red"
              icon={<IconAlertCircle size={18} aria-hidden />}
              withCloseButton
              onClose={() => setAlert(null)}
              role="alert"
            >
              {alert}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {(["currentPassword", "newPassword", "confirmNewPassword"] as Field[]).map((f) => (
              <PasswordInput
                key={f}
                name={f}
                label={t(`admin.password.${f}`)}
                value={values[f]}
                onChange={set(f)}
                error={errors[f]}
                autoComplete={f === "currentPassword" ? "current-password" : "new-password"}
                data-autofocus={f === "currentPassword" ? true : undefined}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t("admin.password.cancel")}
            </Button>
            <Button type="submit" loading={saving}>
              {t("admin.password.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
