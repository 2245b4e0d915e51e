import { useEffect, useState } from "react";
import {
  Alert,
  Button,
  FileInput,
  Group,
  Image,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconRefresh, IconTrash } from "@tabler/icons-react";
import { useNavigate, useRevalidator } from "react-router";
import { AdminErrorBoundary, confirmAction, PageHeader } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { videoMessageAnswer, videoSavedAnswer } from "~/.server/api/admin-on-demand-videos";
import { t } from "~/lib/messages";
import { getVideoAdmin, videoFormOptions } from "~/.server/domain/on-demand/videos-admin";
import { mediaToken } from "~/.server/domain/on-demand/media-token";
import { requireAdminPage } from "../.server/page";
import { VideoStatusBadge } from "./status";
import type { Route } from "./+types/video-edit";

/** /admin/on-demand/videos/video/{id} — a video's data, publishing, captions, thumbnail, retry and delete. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "on_demand.read" });
  const id = Number(args.params.id);
  if (!Number.isInteger(id) || id < 1) throw new Response(t("onDemandAdmin.videos.errors.notFound"), { status: 404 });
  const { deps } = args.context;
  const [video, options] = await Promise.all([getVideoAdmin(deps, actor, id), videoFormOptions(deps)]);
  // The staff's preview of the thumbnail goes through a short-lived media link, like the player's.
  const thumbKey = video.thumbnailOverrideKey ?? video.thumbnailKey;
  const token = mediaToken(
    { videoId: id, userId: actor.id, expiresAt: Math.floor(deps.clock().getTime() / 1000) + 3600 },
    deps.secrets.derive("on-demand-media"),
  );
  return {
    video: {
      id: video.id,
      title: video.title,
      description: video.description,
      status: video.status,
      failureReason: video.failureReason,
      processingAttempts: video.processingAttempts,
      coachId: video.coachId,
      typeId: video.typeId,
      difficultyId: video.difficultyId,
      durationId: video.durationId,
      equipmentIds: video.equipmentIds,
      published: video.published,
      testing: video.testing,
      featured: video.featured,
      durationSeconds: video.durationSeconds,
      hasCaptions: Boolean(video.captionsKey),
      hasOverride: Boolean(video.thumbnailOverrideKey),
    },
    thumbnailUrl: thumbKey ? `/api/media/${token}/${thumbKey.replace(`videos/${id}/`, "")}` : null,
    options,
  };
}

export const meta = () => [{ title: `${t("onDemandAdmin.videos.edit.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

const toOptions = (rows: { id: number; name: string }[]) => rows.map((r) => ({ value: String(r.id), label: r.name }));
const idOf = (v: string | null) => (v ? Number(v) : null);
const str = (v: number | null) => (v === null ? null : String(v));

export default function VideoEdit({ loaderData }: Route.ComponentProps) {
  const { video, options, thumbnailUrl } = loaderData;
  const { revalidate } = useRevalidator();
  const navigate = useNavigate();
  const [form, setForm] = useState(() => ({
    title: video.title,
    description: video.description,
    coachId: str(video.coachId),
    typeId: str(video.typeId),
    difficultyId: str(video.difficultyId),
    durationId: str(video.durationId),
    equipmentIds: video.equipmentIds.map(String),
    published: video.published,
    testing: video.testing,
    featured: video.featured,
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [captions, setCaptions] = useState<File | null>(null);
  const [thumb, setThumb] = useState<File | null>(null);
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));

  // While the video uploads or processes, the page follows its state.
  const busy = video.status === "processing" || video.status === "uploading";
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => void revalidate(), 3000);
    return () => clearInterval(timer);
  }, [busy, revalidate]);

  const save = async () => {
    const json = {
      title: form.title,
      description: form.description,
      coach_id: idOf(form.coachId),
      type_id: idOf(form.typeId),
      difficulty_id: idOf(form.difficultyId),
      duration_id: idOf(form.durationId),
      equipment_ids: form.equipmentIds.map(Number),
      published: form.published,
      testing: form.testing,
      featured: form.featured,
    };
    // The API's own rules first (the same schema): a mistake is shown without a round trip.
    const { videoBodySchema, fieldErrorsOf } = await import("~/shared/schemas/on-demand-admin");
    const parsed = videoBodySchema.safeParse(json);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSaving(true);
    const r = await api<ApiData<typeof videoSavedAnswer>>(`/admin/on-demand/videos/${video.id}`, {
      method: "PUT",
      json,
    });
    setSaving(false);
    if (r.ok) {
      setErrors({});
      notifications.show({ color: "teal", message: t("onDemandAdmin.videos.edit.saved") });
      await revalidate();
    } else if (!r.expired) {
      setErrors(r.fields);
      notifications.show({ color: "red", message: r.message });
    }
  };

  const sendFile = async (kind: "captions" | "thumbnail", file: File | null) => {
    const body = new FormData();
    if (file) body.append("file", file);
    const r = await api<ApiData<typeof videoMessageAnswer>>(`/admin/on-demand/videos/${video.id}/${kind}`, {
      method: "POST",
      body,
    });
    if (r.ok) notifications.show({ color: "teal", message: r.data.Message });
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
    if (kind === "captions") setCaptions(null);
    else setThumb(null);
    await revalidate();
  };

  const retry = async () => {
    const r = await api<ApiData<typeof videoMessageAnswer>>(`/admin/on-demand/videos/${video.id}/retry`, {
      method: "POST",
    });
    if (r.ok) notifications.show({ color: "teal", message: r.data.Message });
    else if (!r.expired) notifications.show({ color: "red", message: r.message });
    await revalidate();
  };

  const remove = async () => {
    const ok = await confirmAction({
      title: t("onDemandAdmin.videos.edit.delete"),
      message: t("onDemandAdmin.videos.edit.deleteConfirm"),
      confirmLabel: t("onDemandAdmin.videos.edit.delete"),
      danger: true,
    });
    if (!ok) return;
    const r = await api<ApiData<typeof videoMessageAnswer>>(`/admin/on-demand/videos/${video.id}`, {
      method: "DELETE",
    });
    if (r.ok) {
      notifications.show({ color: "teal", message: t("onDemandAdmin.videos.edit.deleted") });
      await navigate("/admin/on-demand/videos");
    } else if (!r.expired) notifications.show({ color: "red", message: r.message });
  };

  const none = t("onDemandAdmin.videos.edit.none");
  return (
    <>
      <PageHeader
        title={video.title}
        actions={
          <Button color="red" variant="outline" leftSection={<IconTrash size={16} />} onClick={() => void remove()}>
            {t("onDemandAdmin.videos.edit.delete")}
          </Button>
        }
      />
      <Stack maw={960}>
        <Paper withBorder p="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={6}>
              <Group gap="xs">
                <VideoStatusBadge status={video.status} />
                {video.durationSeconds !== null && (
                  <Text size="sm">
                    {t("onDemandAdmin.videos.edit.durationValue", {
                      minutes: Math.floor(video.durationSeconds / 60),
                      seconds: video.durationSeconds % 60,
                    })}
                  </Text>
                )}
              </Group>
              {video.status === "processing" && <Text size="sm">{t("onDemandAdmin.videos.edit.processingNote")}</Text>}
              {video.status === "uploading" && <Text size="sm">{t("onDemandAdmin.videos.edit.uploadingNote")}</Text>}
            </Stack>
            {thumbnailUrl && (
              <Image src={thumbnailUrl} alt={t("onDemandAdmin.videos.edit.preview")} w={240} radius="sm" />
            )}
          </Group>
          {video.status === "failed" && (
            <Alert color="red" variant="light" mt="md" title={t("onDemandAdmin.videos.edit.failedTitle")} role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{video.failureReason}</Text>
                <Text size="xs">{t("onDemandAdmin.videos.edit.attempts", { n: video.processingAttempts })}</Text>
                <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => void retry()}>
                  {t("onDemandAdmin.videos.edit.retry")}
                </Button>
              </Stack>
            </Alert>
          )}
        </Paper>

        <Paper withBorder p="md">
          <Stack>
            <TextInput
              label={t("onDemandAdmin.videos.edit.fields.title")}
              value={form.title}
              onChange={(e) => set("title", e.currentTarget.value)}
              error={errors.title}
              required
              maxLength={160}
            />
            <Textarea
              label={t("onDemandAdmin.videos.edit.fields.description")}
              value={form.description}
              onChange={(e) => set("description", e.currentTarget.value)}
              error={errors.description}
              autosize
              minRows={3}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t("onDemandAdmin.videos.edit.fields.coach")}
                data={toOptions(options.coaches)}
                value={form.coachId}
                onChange={(v) => set("coachId", v)}
                placeholder={none}
                clearable
                searchable
                error={errors.coach_id}
              />
              <Select
                label={t("onDemandAdmin.videos.edit.fields.type")}
                data={toOptions(options.types)}
                value={form.typeId}
                onChange={(v) => set("typeId", v)}
                placeholder={none}
                clearable
                error={errors.type_id}
              />
              <Select
                label={t("onDemandAdmin.videos.edit.fields.difficulty")}
                data={toOptions(options.difficulties)}
                value={form.difficultyId}
                onChange={(v) => set("difficultyId", v)}
                placeholder={none}
                clearable
                error={errors.difficulty_id}
              />
              <Select
                label={t("onDemandAdmin.videos.edit.fields.duration")}
                data={toOptions(options.durations)}
                value={form.durationId}
                onChange={(v) => set("durationId", v)}
                placeholder={none}
                clearable
                error={errors.duration_id}
              />
            </SimpleGrid>
            <MultiSelect
              label={t("onDemandAdmin.videos.edit.fields.equipments")}
              data={toOptions(options.equipments)}
              value={form.equipmentIds}
              onChange={(v) => set("equipmentIds", v)}
              clearable
              error={errors.equipment_ids}
            />
            <Switch
              label={t("onDemandAdmin.videos.edit.fields.published")}
              description={t("onDemandAdmin.videos.edit.fields.publishedHint")}
              checked={form.published}
              disabled={video.status !== "ready" && !video.published}
              onChange={(e) => set("published", e.currentTarget.checked)}
              error={errors.published}
            />
            <Switch
              label={t("onDemandAdmin.videos.edit.fields.testing")}
              checked={form.testing}
              onChange={(e) => set("testing", e.currentTarget.checked)}
            />
            <Switch
              label={t("onDemandAdmin.videos.edit.fields.featured")}
              checked={form.featured}
              onChange={(e) => set("featured", e.currentTarget.checked)}
            />
            <Group>
              <Button onClick={() => void save()} loading={saving}>
                {t("onDemandAdmin.videos.edit.save")}
              </Button>
            </Group>
          </Stack>
        </Paper>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h5">
                {t("onDemandAdmin.videos.edit.fields.captions")}
              </Title>
              <FileInput
                label={t("onDemandAdmin.videos.edit.fields.captions")}
                accept=".vtt,text/vtt"
                value={captions}
                onChange={setCaptions}
                clearable
              />
              <Group>
                <Button variant="default" disabled={!captions} onClick={() => void sendFile("captions", captions)}>
                  {t("onDemandAdmin.videos.edit.uploadFile")}
                </Button>
                {video.hasCaptions && (
                  <Button variant="subtle" color="red" onClick={() => void sendFile("captions", null)}>
                    {t("onDemandAdmin.videos.edit.removeCaptions")}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
          <Paper withBorder p="md">
            <Stack>
              <Title order={2} size="h5">
                {t("onDemandAdmin.videos.edit.fields.thumbnail")}
              </Title>
              <FileInput
                label={t("onDemandAdmin.videos.edit.fields.thumbnail")}
                accept="image/jpeg,image/png,image/webp"
                value={thumb}
                onChange={setThumb}
                clearable
              />
              <Group>
                <Button variant="default" disabled={!thumb} onClick={() => void sendFile("thumbnail", thumb)}>
                  {t("onDemandAdmin.videos.edit.uploadFile")}
                </Button>
                {video.hasOverride && (
                  <Button variant="subtle" color="red" onClick={() => void sendFile("thumbnail", null)}>
                    {t("onDemandAdmin.videos.edit.removeThumbnail")}
                  </Button>
                )}
              </Group>
            </Stack>
          </Paper>
        </SimpleGrid>
      </Stack>
    </>
  );
}
