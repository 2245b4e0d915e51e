import { useState } from "react";
import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useNavigate, useRevalidator } from "react-router";
import { AdminErrorBoundary, PageHeader } from "~/components/admin/kit";
import { api, type ApiData } from "~/lib/api";
import type { streamSavedAnswer } from "~/.server/api/admin-on-demand-videos";
import { t } from "~/lib/messages";
import { localDay, localTime } from "~/shared/mexico/time";
import { getStreamAdmin, replayChoices, videoFormOptions } from "~/.server/domain/on-demand/videos-admin";
import { requireAdminPage } from "../.server/page";
import type { Route } from "./+types/stream-form";

/** /admin/on-demand/videos/stream/add and /admin/on-demand/videos/stream/edit/{id} — a live class. */
export async function loader(args: Route.LoaderArgs) {
  const actor = requireAdminPage(args, { permission: "on_demand.read" });
  const { deps } = args.context;
  const id = args.params.id ? Number(args.params.id) : null;
  if (id !== null && (!Number.isInteger(id) || id < 1))
    throw new Response(t("onDemandAdmin.streams.errors.notFound"), { status: 404 });
  const [stream, options, replays] = await Promise.all([
    id ? getStreamAdmin(deps, actor, id) : null,
    videoFormOptions(deps),
    replayChoices(deps),
  ]);
  return {
    stream: stream && {
      id: stream.id,
      title: stream.title,
      description: stream.description,
      coachId: stream.coachId,
      // Mexico City wall time for the form.
      startsAt: `${localDay(stream.startsAt)}T${localTime(stream.startsAt)}`,
      durationMinutes: stream.durationMinutes,
      streamUrl: stream.streamUrl,
      replayVideoId: stream.replayVideoId,
      active: stream.active,
    },
    coaches: options.coaches.map((c) => ({ value: String(c.id), label: c.name })),
    replays: replays.map((v) => ({ value: String(v.id), label: v.title })),
  };
}

export const meta = ({ params }: Route.MetaArgs) => [
  {
    title: `${params.id ? t("onDemandAdmin.streams.editTitle") : t("onDemandAdmin.streams.addTitle")} · ${t("app.name")}`,
  },
];
export const ErrorBoundary = AdminErrorBoundary;

export default function StreamForm({ loaderData }: Route.ComponentProps) {
  const { stream, coaches, replays } = loaderData;
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [form, setForm] = useState({
    title: stream?.title ?? "",
    description: stream?.description ?? "",
    coachId: stream?.coachId ? String(stream.coachId) : null,
    startsAt: stream?.startsAt ?? "",
    durationMinutes: stream?.durationMinutes ?? 45,
    streamUrl: stream?.streamUrl ?? "",
    replayVideoId: stream?.replayVideoId ? String(stream.replayVideoId) : null,
    active: stream?.active ?? true,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof typeof form>(k: K, v: (typeof form)[K]) => setForm((f) => ({ ...f, [k]: v }));

  const save = async () => {
    const json = {
      title: form.title,
      description: form.description,
      coach_id: form.coachId ? Number(form.coachId) : null,
      starts_at: form.startsAt,
      duration_minutes: Number(form.durationMinutes),
      stream_url: form.streamUrl,
      replay_video_id: form.replayVideoId ? Number(form.replayVideoId) : null,
      active: form.active,
    };
    // The API's own rules first (the same schema): a mistake is shown without a round trip.
    const { streamBodySchema, fieldErrorsOf } = await import("~/shared/schemas/on-demand-admin");
    const parsed = streamBodySchema.safeParse(json);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    setSaving(true);
    const r = stream
      ? await api<ApiData<typeof streamSavedAnswer>>(`/admin/on-demand/streams/${stream.id}`, { method: "PUT", json })
      : await api<ApiData<typeof streamSavedAnswer>>("/admin/on-demand/streams", { method: "POST", json });
    setSaving(false);
    if (r.ok) {
      setErrors({});
      notifications.show({ color: "teal", message: r.data.Message });
      if (!stream) await navigate(`/admin/on-demand/videos/stream/edit/${r.data.id}`);
      else await revalidate();
    } else if (!r.expired) {
      setErrors(r.fields);
      notifications.show({ color: "red", message: r.message });
    }
  };

  return (
    <>
      <PageHeader title={stream ? t("onDemandAdmin.streams.editTitle") : t("onDemandAdmin.streams.addTitle")} />
      <Paper withBorder p="md" maw={720}>
        <Stack>
          <TextInput
            label={t("onDemandAdmin.streams.fields.title")}
            value={form.title}
            onChange={(e) => set("title", e.currentTarget.value)}
            error={errors.title}
            required
          />
          <Textarea
            label={t("onDemandAdmin.streams.fields.description")}
            value={form.description}
            onChange={(e) => set("description", e.currentTarget.value)}
            autosize
            minRows={2}
          />
          <Select
            label={t("onDemandAdmin.streams.fields.coach")}
            data={coaches}
            value={form.coachId}
            onChange={(v) => set("coachId", v)}
            clearable
            searchable
            error={errors.coach_id}
          />
          <TextInput
            type="datetime-local"
            label={t("onDemandAdmin.streams.fields.startsAt")}
            value={form.startsAt}
            onChange={(e) => set("startsAt", e.currentTarget.value)}
            error={errors.starts_at}
            required
          />
          <NumberInput
            label={t("onDemandAdmin.streams.fields.durationMinutes")}
            value={form.durationMinutes}
            onChange={(v) => set("durationMinutes", Number(v) || 0)}
            min={1}
            max={600}
            error={errors.duration_minutes}
            required
          />
          <TextInput
            type="url"
            label={t("onDemandAdmin.streams.fields.streamUrl")}
            value={form.streamUrl}
            onChange={(e) => set("streamUrl", e.currentTarget.value)}
            error={errors.stream_url}
            placeholder="https://"
            required
          />
          <Select
            label={t("onDemandAdmin.streams.fields.replayVideo")}
            data={replays}
            value={form.replayVideoId}
            onChange={(v) => set("replayVideoId", v)}
            clearable
            searchable
            error={errors.replay_video_id}
          />
          <Switch
            label={t("onDemandAdmin.streams.fields.active")}
            checked={form.active}
            onChange={(e) => set("active", e.currentTarget.checked)}
          />
          <Group>
            <Button onClick={() => void save()} loading={saving}>
              {t("onDemandAdmin.streams.save")}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
