import { useRef, useState } from "react";
import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconPlayerPause, IconPlayerPlay, IconUpload } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import type { DetailedError, Upload } from "tus-js-client";
import { AdminErrorBoundary, PageHeader } from "~/components/admin/kit";
import { xsrfToken } from "~/lib/api";
import { t } from "~/lib/messages";
import { requireAdminPage } from "../.server/page";
import type { Route } from "./+types/video-upload";

/** /admin/on-demand/videos/upload — a resumable upload (tus): progress, time left, resume after a cut. */
export async function loader(args: Route.LoaderArgs) {
  requireAdminPage(args, { permission: "on_demand.write" });
  return { maxBytes: args.context.deps.config.MEDIA_UPLOAD_MAX_BYTES };
}

export const meta = () => [{ title: `${t("onDemandAdmin.upload.title")} · ${t("app.name")}` }];
export const ErrorBoundary = AdminErrorBoundary;

const ACCEPT = "video/mp4,video/quicktime,video/x-m4v,video/webm,video/x-matroska,.mp4,.mov,.m4v,.webm,.mkv";

function size(bytes: number) {
  const units = ["B", "KB", "MB", "GB"];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toLocaleString("es-MX", { maximumFractionDigits: i >= 2 ? 1 : 0 })} ${units[i]}`;
}

function duration(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return h > 0 ? `${h} h ${m} min` : m > 0 ? `${m} min ${r} s` : `${r} s`;
}

/** The server's Spanish message from a refused tus request. */
function messageOf(err: Error | DetailedError) {
  const body = (err as DetailedError).originalResponse?.getBody?.();
  try {
    const json = JSON.parse(body ?? "") as { errorMessage?: string };
    if (json.errorMessage) return json.errorMessage;
  } catch {
    /* not JSON */
  }
  return t("onDemandAdmin.upload.errors.failed", { detail: err.message.split("\n")[0] ?? "" });
}

export default function VideoUpload({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const [left, setLeft] = useState<number | null>(null);
  const [state, setState] = useState<"idle" | "running" | "paused" | "done">("idle");
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);
  // Speed over the last samples, for the time left.
  const samples = useRef<{ at: number; bytes: number }[]>([]);

  const start = async () => {
    if (!file) return;
    setError(null);
    if (file.size > loaderData.maxBytes) {
      setError(t("onDemandAdmin.upload.errors.tooLarge", { size: size(file.size), max: size(loaderData.maxBytes) }));
      return;
    }
    const tus = await import("tus-js-client");
    samples.current = [];
    const u = new tus.Upload(file, {
      endpoint: "/api/admin/on-demand/uploads",
      // A dropped connection is retried (HEAD, then PATCH from where the server stopped).
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000],
      // Each PATCH stays well under Node's request timeout (300 s) on a slow uplink: 16 MB take
      // about 2 minutes at 1 Mbps (bench:media saw a single 1 GB PATCH answered 408 at 3 MB/s).
      chunkSize: 16 * 1024 * 1024,
      removeFingerprintOnSuccess: true,
      metadata: { filename: file.name, filetype: file.type || "application/octet-stream" },
      headers: { "X-XSRF-TOKEN": xsrfToken() },
      onShouldRetry: (err) => {
        const status = (err as DetailedError).originalResponse?.getStatus?.() ?? 0;
        // 408: the server's request timeout ended a slow PATCH; the bytes it kept stay (HEAD, then on).
        const retry = status === 0 || status >= 500 || status === 423 || status === 409 || status === 408;
        if (retry) setNote(t("onDemandAdmin.upload.retrying"));
        return retry;
      },
      onProgress: (bytes, total) => {
        setSent(bytes);
        const now = Date.now();
        const list = samples.current;
        list.push({ at: now, bytes });
        while (list.length > 2 && now - list[0]!.at > 10_000) list.shift();
        const first = list[0]!;
        const rate = now > first.at ? (bytes - first.bytes) / ((now - first.at) / 1000) : 0;
        setLeft(rate > 0 ? (total - bytes) / rate : null);
      },
      onError: (err) => {
        setState("paused");
        setError(messageOf(err));
      },
      onSuccess: ({ lastResponse }) => {
        setState("done");
        setNote(t("onDemandAdmin.upload.done"));
        const id = lastResponse.getHeader("X-Video-Id");
        void navigate(id ? `/admin/on-demand/videos/video/${id}` : "/admin/on-demand/videos");
      },
    });
    upload.current = u;
    const previous = await u.findPreviousUploads();
    if (previous.length > 0) {
      u.resumeFromPreviousUpload(previous[0]!);
      setNote(t("onDemandAdmin.upload.resumed"));
    }
    setState("running");
    u.start();
  };

  const pause = async () => {
    await upload.current?.abort();
    setState("paused");
  };
  const resume = () => {
    setError(null);
    setState("running");
    upload.current?.start();
  };

  const total = file?.size ?? 0;
  const percent = total > 0 ? Math.floor((sent / total) * 100) : 0;
  return (
    <>
      <PageHeader title={t("onDemandAdmin.upload.title")} />
      <Paper withBorder p="md" maw={720}>
        <Stack>
          <Text size="sm">{t("onDemandAdmin.upload.intro")}</Text>
          <FileInput
            label={t("onDemandAdmin.upload.file")}
            accept={ACCEPT}
            value={file}
            onChange={(f) => {
              setFile(f);
              setSent(0);
              setLeft(null);
              setError(null);
              setNote(null);
              setState("idle");
            }}
            disabled={state === "running"}
            clearable
            // axe (button-name): the clear button had no name.
            clearButtonProps={{ "aria-label": t("onDemandAdmin.upload.clearFile") }}
          />
          {file && state !== "idle" && (
            <Stack gap={4}>
              <Progress value={percent} size="lg" aria-label={t("onDemandAdmin.upload.title")} />
              <Text size="sm" aria-live="polite">
                {t("onDemandAdmin.upload.progress", { done: size(sent), total: size(total), percent })}
              </Text>
              {state === "running" && (
                <Text size="sm" c="dimmed">
                  {left === null
                    ? t("onDemandAdmin.upload.timeLeftUnknown")
                    : t("onDemandAdmin.upload.timeLeft", { time: duration(left) })}
                </Text>
              )}
            </Stack>
          )}
          {note && !error && (
            <Alert color="blue" variant="light">
              {note}
            </Alert>
          )}
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <Group>
            {state === "idle" && (
              <Button leftSection={<IconUpload size={16} />} disabled={!file} onClick={() => void start()}>
                {t("onDemandAdmin.upload.start")}
              </Button>
            )}
            {state === "running" && (
              <Button variant="default" leftSection={<IconPlayerPause size={16} />} onClick={() => void pause()}>
                {t("onDemandAdmin.upload.pause")}
              </Button>
            )}
            {state === "paused" && (
              <Button leftSection={<IconPlayerPlay size={16} />} onClick={resume}>
                {t("onDemandAdmin.upload.resume")}
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </>
  );
}
