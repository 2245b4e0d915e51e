import { Alert, Button, FileButton, Group, Stack, Text, TextInput } from "@mantine/core";
import { IconCamera, IconCameraOff, IconCheck, IconPhoto, IconX } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { api, type ApiData } from "~/lib/api";
import type { attendanceAnswer } from "~/shared/schemas/booking-answers";
import { t } from "~/lib/messages";

/** The answer shown; a refusal staff may override keeps the code it refused. */
type Result = { ok: boolean; text: string; override?: string } | null;

/**
 * Checks people in by their reservation's QR: the device camera (decoded with @zxing/browser), a
 * photo of the code, or the code typed in. Each read calls `POST /api/admin/attendance` for the given
 * class or studio; the answer (who, which spot, or why not) shows at once. Without a class, a studio
 * must be chosen first. A refusal for the QR's studio or time offers staff who may override
 * "Dar acceso con motivo": the reason (required) goes with the same code, and the server audits it.
 */
export function QrAttendance(props: {
  sessionId?: number;
  studioId?: number | null;
  onAttendanceRecorded?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const controls = useRef<{ stop: () => void } | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const resetFile = useRef<() => void>(null);
  const [camera, setCamera] = useState(false);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const [reason, setReason] = useState<{ text: string; error?: string } | null>(null);
  const ready = Boolean(props.sessionId || props.studioId);

  const submit = async (value: string, overrideReason?: string) => {
    const v = value.trim();
    if (!v || !ready) return;
    const now = Date.now();
    if (!overrideReason && last.current && last.current.code === v && now - last.current.at < 3000) return;
    last.current = { code: v, at: now };
    setBusy(true);
    const r = await api<ApiData<typeof attendanceAnswer>>("/admin/attendance", {
      json: {
        code: v,
        class_session_id: props.sessionId,
        studio_id: props.studioId ?? undefined,
        override_reason: overrideReason,
      },
    });
    setBusy(false);
    if (r.ok) {
      setResult({ ok: true, text: r.data.Message });
      setReason(null);
      setCode("");
      props.onAttendanceRecorded?.();
    } else if (r.fields.override_reason) setReason({ text: overrideReason ?? "", error: r.fields.override_reason });
    else if (!r.expired) {
      setResult({ ok: false, text: r.message, override: r.fields.override ? v : undefined });
      setReason(null);
    }
  };

  const stopCamera = () => {
    controls.current?.stop();
    controls.current = null;
    setCamera(false);
  };

  const startCamera = async () => {
    setResult(null);
    try {
      const { BrowserQRCodeReader } = await import("@zxing/browser");
      const reader = new BrowserQRCodeReader();
      setCamera(true);
      controls.current = await reader.decodeFromVideoDevice(undefined, video.current!, (res) => {
        if (res) void submit(res.getText());
      });
    } catch {
      setCamera(false);
      setResult({ ok: false, text: t("booking.scanner.cameraError") });
    }
  };

  const fromPhoto = async (file: File | null) => {
    if (!file) return;
    setResult(null);
    const url = URL.createObjectURL(file);
    try {
      const text = await decodeImage(url);
      last.current = null;
      if (text) await submit(text);
      else setResult({ ok: false, text: t("booking.scanner.photoError") });
    } finally {
      URL.revokeObjectURL(url);
      // The same photo chosen again must be read again.
      resetFile.current?.();
    }
  };

  useEffect(() => () => controls.current?.stop(), []);

  return (
    <Stack gap="sm">
      {!ready && (
        <Text size="sm" c="dimmed" data-testid="qr-choose-studio">
          {t("booking.scanner.chooseStudio")}
        </Text>
      )}
      <Group gap="xs">
        {camera ? (
          <Button variant="outline" leftSection={<IconCameraOff size={18} aria-hidden />} onClick={stopCamera}>
            {t("booking.scanner.closeCamera")}
          </Button>
        ) : (
          <Button leftSection={<IconCamera size={18} aria-hidden />} onClick={startCamera} disabled={!ready}>
            {t("booking.scanner.openCamera")}
          </Button>
        )}
        <FileButton onChange={fromPhoto} accept="image/*" capture="environment" resetRef={resetFile}>
          {(p) => (
            <Button
              {...p}
              variant="light"
              leftSection={<IconPhoto size={18} aria-hidden />}
              data-testid="qr-photo"
              disabled={!ready}
            >
              {t("booking.scanner.photo")}
            </Button>
          )}
        </FileButton>
      </Group>
      <video
        ref={video}
        muted
        playsInline
        style={{
          display: camera ? "block" : "none",
          width: "100%",
          maxWidth: 420,
          borderRadius: 16,
          background: "#000",
        }}
        aria-label={t("booking.scanner.cameraHint")}
      />
      {camera && (
        <Text size="sm" c="dimmed">
          {t("booking.scanner.cameraHint")}
        </Text>
      )}
      {/*
        Hand-written on purpose (docs/decisions.md, "One way to write a form"): a typed code is one
        more way to read a QR, so it goes through the same `submit(code)` as the camera and the photo
        (the repeat guard, one busy state, the answer in the one live status below, `data-attendance`).
        The form hooks would answer it another way: the refusal under the field or as a toast, and a
        second busy state the camera's reads do not share.
      */}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          last.current = null;
          void submit(code);
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t("booking.scanner.manual")}
            placeholder={t("booking.scanner.manualPlaceholder")}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            style={{ flex: 1 }}
            autoComplete="off"
          />
          <Button type="submit" loading={busy} disabled={!ready}>
            {t("booking.scanner.register")}
          </Button>
        </Group>
      </form>
      <div role="status" aria-live="assertive">
        {result && (
          <Alert
            color={result.ok ? "teal" : "red"}
            icon={result.ok ? <IconCheck aria-hidden /> : <IconX aria-hidden />}
            radius="md"
            data-attendance={result.ok ? "ok" : "error"}
          >
            <Text fw={600}>{result.text}</Text>
          </Alert>
        )}
      </div>
      {result?.override && !reason && (
        <Group>
          <Button variant="outline" color="red" onClick={() => setReason({ text: "" })}>
            {t("booking.scanner.override")}
          </Button>
        </Group>
      )}
      {result?.override && reason && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit(result.override!, reason.text);
          }}
        >
          <Stack gap="xs">
            <TextInput
              label={t("booking.scanner.overrideReason")}
              placeholder={t("booking.scanner.overrideReasonPlaceholder")}
              value={reason.text}
              onChange={(e) => setReason({ text: e.currentTarget.value })}
              error={reason.error}
              required
              maxLength={500}
              autoComplete="off"
              data-autofocus
            />
            <Group gap="xs">
              <Button type="submit" color="red" loading={busy}>
                {t("booking.scanner.overrideConfirm")}
              </Button>
              <Button variant="subtle" onClick={() => setReason(null)}>
                {t("booking.scanner.overrideCancel")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/**
 * Reads a QR code from a photo. The decoder misses a few clean codes at one size (its finder-pattern
 * search), so the image is tried at several sizes and turned a quarter, as a phone user would retry.
 */
async function decodeImage(url: string): Promise<string | null> {
  const { BrowserQRCodeReader } = await import("@zxing/browser");
  const reader = new BrowserQRCodeReader();
  const img = new Image();
  img.src = url;
  await img.decode();
  const base = Math.min(1, 1200 / Math.max(img.naturalWidth, img.naturalHeight));
  for (const turn of [0, 90]) {
    for (const f of [1, 0.75, 0.5, 0.6, 0.4]) {
      const w = Math.max(1, Math.round(img.naturalWidth * base * f));
      const h = Math.max(1, Math.round(img.naturalHeight * base * f));
      const canvas = document.createElement("canvas");
      canvas.width = turn ? h : w;
      canvas.height = turn ? w : h;
      const ctx = canvas.getContext("2d");
      if (!ctx) return null;
      ctx.fillStyle = "#fff";
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      if (turn) {
        ctx.translate(canvas.width / 2, canvas.height / 2);
        ctx.rotate((turn * Math.PI) / 180);
        ctx.drawImage(img, -w / 2, -h / 2, w, h);
      } else ctx.drawImage(img, 0, 0, w, h);
      try {
        return reader.decodeFromCanvas(canvas).getText();
      } catch {
        /* next size */
      }
    }
  }
  return null;
}
