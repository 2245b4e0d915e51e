/**
 * Nucleo Home's player (loaded only on the watch page, after "Reproducir"): media-chrome's controls
 * (keyboard, speed, captions, full screen, picture in picture) over a <video> fed by hls.js (or the
 * browser's own HLS on Safari). It resumes at `start`, and reports where the customer is and how
 * many seconds they actually played: every 15 s while playing, on pause, when the page is hidden and
 * when it is left (fetch keepalive, so the last position survives closing the tab).
 */
import { useEffect, useRef } from "react";
import type Hls from "hls.js";
import {
  MediaCaptionsButton,
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPipButton,
  MediaPlayButton,
  MediaPlaybackRateButton,
  MediaSeekBackwardButton,
  MediaSeekForwardButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from "media-chrome/react";
import "media-chrome/dist/lang/es.js";
import { setLanguage } from "media-chrome/dist/utils/i18n.js";
import { t } from "~/lib/messages";

setLanguage("es");

/** How often progress is saved while playing. */
const REPORT_EVERY_MS = 15_000;

function xsrf() {
  const m = /(?:^|;\s*)XSRF-TOKEN=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : "";
}

export interface PlayerProps {
  videoId: number;
  title: string;
  src: string;
  captions: string | null;
  poster: string | null;
  start: number;
  /** The server refused a report (plan ended, video gone): its Spanish message. */
  onRefused(message: string): void;
  onCounted?(balance: number | "UNLIMITED"): void;
}

export default function Player({ videoId, title, src, captions, poster, start, onRefused, onCounted }: PlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const refusedRef = useRef(onRefused);
  const countedRef = useRef(onCounted);
  refusedRef.current = onRefused;
  countedRef.current = onCounted;

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | null = null;
    let stopped = false;
    let watched = 0;
    let lastTime = start;
    let lastSent = -1;

    const send = (keepalive: boolean) => {
      if (stopped) return;
      const position = Math.floor(video.currentTime || 0);
      const seconds = Math.floor(watched);
      if (seconds === 0 && position === lastSent) return;
      watched -= seconds;
      lastSent = position;
      const request = fetch(`/api/on-demand/videos/${videoId}/progress`, {
        method: "POST",
        credentials: "same-origin",
        keepalive,
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-XSRF-TOKEN": xsrf() },
        body: JSON.stringify({ position_seconds: position, watched_seconds: seconds }),
      });
      if (keepalive) return;
      request
        .then(async (r) => {
          const body = (await r.json().catch(() => null)) as {
            data?: { counted_now: boolean; available_sessions_on_demand: number | "UNLIMITED" };
            error?: { Message?: string };
          } | null;
          if (r.status === 403 || r.status === 410) {
            stopped = true;
            video.pause();
            hls?.destroy();
            refusedRef.current(body?.error?.Message ?? t("nucleoHome.watch.stopped"));
          } else if (body?.data?.counted_now) countedRef.current?.(body.data.available_sessions_on_demand);
        })
        .catch(() => undefined);
    };

    const onTime = () => {
      const now = video.currentTime;
      const step = now - lastTime;
      // Only real playback counts (a seek jumps further than a second).
      if (!video.paused && step > 0 && step < 1.5) watched += step;
      lastTime = now;
    };
    const onSeeked = () => {
      lastTime = video.currentTime;
    };
    const onPause = () => send(false);
    const onHidden = () => {
      if (document.visibilityState === "hidden") send(true);
    };
    const onLeave = () => send(true);
    const resume = () => {
      if (start > 0 && video.duration && start < video.duration - 1) video.currentTime = start;
      lastTime = video.currentTime;
    };

    video.addEventListener("timeupdate", onTime);
    video.addEventListener("seeked", onSeeked);
    video.addEventListener("pause", onPause);
    video.addEventListener("loadedmetadata", resume, { once: true });
    document.addEventListener("visibilitychange", onHidden);
    window.addEventListener("pagehide", onLeave);
    const timer = window.setInterval(() => {
      if (!video.paused) send(false);
    }, REPORT_EVERY_MS);

    let cancelled = false;
    if (video.canPlayType("application/vnd.apple.mpegurl")) {
      video.src = src;
    } else {
      void import("hls.js").then(({ default: HlsClass }) => {
        if (cancelled) return;
        if (!HlsClass.isSupported()) {
          video.src = src;
          return;
        }
        hls = new HlsClass({ startPosition: start > 0 ? start : -1, capLevelToPlayerSize: true });
        hls.loadSource(src);
        hls.attachMedia(video);
      });
    }
    void video.play?.()?.catch(() => undefined);

    return () => {
      cancelled = true;
      send(true);
      stopped = true;
      window.clearInterval(timer);
      video.removeEventListener("timeupdate", onTime);
      video.removeEventListener("seeked", onSeeked);
      video.removeEventListener("pause", onPause);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onLeave);
      hls?.destroy();
    };
  }, [videoId, src, start]);

  return (
    <MediaController
      aria-label={t("nucleoHome.watch.playerLabel", { title })}
      style={{ width: "100%", height: "100%", aspectRatio: "16 / 9" }}
      defaultStreamType="on-demand"
    >
      <video
        ref={videoRef}
        slot="media"
        playsInline
        autoPlay
        crossOrigin="anonymous"
        poster={poster ?? undefined}
        data-testid="od-video"
      >
        {captions && (
          <track kind="captions" src={captions} srcLang="es" label={t("nucleoHome.watch.captions")} default />
        )}
      </video>
      <MediaLoadingIndicator slot="centered-chrome" noAutohide />
      <MediaControlBar>
        <MediaPlayButton />
        <MediaSeekBackwardButton seekOffset={10} />
        <MediaSeekForwardButton seekOffset={10} />
        <MediaTimeRange />
        <MediaTimeDisplay showDuration />
        <MediaMuteButton />
        <MediaVolumeRange />
        <MediaPlaybackRateButton rates={[0.75, 1, 1.25, 1.5, 2]} />
        {captions && <MediaCaptionsButton />}
        <MediaPipButton />
        <MediaFullscreenButton />
      </MediaControlBar>
    </MediaController>
  );
}
