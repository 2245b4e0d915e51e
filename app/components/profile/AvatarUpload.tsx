import { Avatar, Button, FileButton, Group, Stack, Text } from "@mantine/core";
import { IconTrash, IconUpload } from "@tabler/icons-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { notifyApiError, notifyError, notifySuccess } from "~/components/auth/notify";
import { api, type ApiData } from "~/lib/api";
import type { avatarAnswer } from "~/shared/schemas/answers";
import { t } from "~/lib/messages";
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from "~/shared/schemas/profile";
import { initialOf } from "./sections";

/** Profile photo: PNG, JPEG or WebP up to 2 MB, uploaded as multipart field `avatar`. */
export function AvatarUpload({ avatarUrl, name }: { avatarUrl: string | null; name: string }) {
  const { revalidate } = useRevalidator();
  const [busy, setBusy] = useState<"upload" | "remove" | null>(null);

  async function upload(file: File | null) {
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type))
      return notifyError(t("auth.profile.errors.avatarType"));
    if (file.size > AVATAR_MAX_BYTES) return notifyError(t("auth.profile.errors.avatarSize"));
    const body = new FormData();
    body.append("avatar", file);
    setBusy("upload");
    const r = await api<ApiData<typeof avatarAnswer>>("/profile/user/avatar", { body });
    if (r.ok) {
      await revalidate();
      notifySuccess(r.data.Message);
    } else if (r.fields.avatar) notifyError(r.fields.avatar);
    else notifyApiError(r);
    setBusy(null);
  }

  async function remove() {
    setBusy("remove");
    const r = await api<ApiData<typeof avatarAnswer>>("/profile/user/avatar", { method: "DELETE" });
    if (r.ok) {
      await revalidate();
      notifySuccess(r.data.Message);
    } else notifyApiError(r);
    setBusy(null);
  }

  return (
    <Group gap="lg" wrap="wrap">
      <Avatar src={avatarUrl} alt={name} size={96} radius={48} color="brand" variant="filled" fz={40}>
        {initialOf(name)}
      </Avatar>
      <Stack gap={8}>
        <Group gap="xs">
          <FileButton onChange={upload} accept={AVATAR_TYPES.join(",")}>
            {(props) => (
              <Button {...props} leftSection={<IconUpload size={16} />} loading={busy === "upload"} disabled={!!busy}>
                {avatarUrl ? t("auth.profile.settings.photoChange") : t("auth.profile.settings.photoUpload")}
              </Button>
            )}
          </FileButton>
          {avatarUrl ? (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={16} />}
              onClick={remove}
              loading={busy === "remove"}
              disabled={!!busy}
            >
              {t("auth.profile.settings.photoRemove")}
            </Button>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed">
          {t("auth.profile.settings.photoHint")}
        </Text>
      </Stack>
    </Group>
  );
}
