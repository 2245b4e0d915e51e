/**
 * Nucleo Home's player (loaded only on the watch page): media-chrome's controls (keyboard, speed,
 * captions, full screen, picture in picture) over a <video> fed by hls.js (or the browser's own HLS
 * on Safari). It resumes at `start`, and reports where the customer is and how many seconds they
 * actually played: every 15 s while playing, on pause, when the page is hidden and when it is left
 * (fetch keepalive, so the last position survives closing the tab).
 *
 * `waiting`: mounted before the press (the watch page does it while idle for someone who may watch,
 * under the poster): hls.js reads the playlists and buffers the lowest rendition's first segment
 * (1 s, about 70-100 KB) and stops; with Save-Data, or the browser's own HLS, only the playlists are
 * read (into the HTTP cache). `play()`, called from the press itself, then starts at once (issue
 * 23). Nothing is reported before `play()`.
 */
import { useEffect, useImperativeHandle, useRef, type Ref } from "react";
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
import { nativeHls, warmPlaylists } from "./hls-support";

setLanguage("es");

/** What a waiting player buffers: up to the end of the first segment (1 s), no more. */
const PREBUFFER_SECONDS = 0.5;

/** The browser asks pages to save data (Data Saver, `Save-Data`). */
function saveData() {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

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
  /** Prepared, not started: waits for `play()` (read when the player mounts). */
  waiting?: boolean;
  ref?: Ref<PlayerHandle>;
}

export interface PlayerHandle {
  /** Starts loading and playing: call it from the press's own click (the browser then allows sound). */
  play(): void;
}

export default function Player(props: PlayerProps) {
  const { videoId, title, src, captions, poster, start, onRefused, onCounted, waiting = false, ref } = props;
  const videoRef = useRef<HTMLVideoElement>(null);
  const refusedRef = useRef(onRefused);
  const countedRef = useRef(onCounted);
  const waitingRef = useRef(waiting);
  const beginRef = useRef<() => void>(() => undefined);
  refusedRef.current = onRefused;
  countedRef.current = onCounted;
  waitingRef.current = waiting;
  useImperativeHandle(ref, () => ({ play: () => beginRef.current() }), []);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    let hls: Hls | null = null;
    let stopped = false;
    let watched = 0;
    let lastTime = start;
    let lastSent = -1;
    let begun = false;

    const send = (keepalive: boolean) => {
      if (stopped || !begun) return;
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
    let native = nativeHls();
    const startAt = start > 0 ? start : -1;
    // Waiting: the first segment is buffered already (hls.js stops after it), unless the browser
    // asks to save data; then only the playlists are read.
    const prebuffer = waitingRef.current && !saveData();
    let loading = false;
    let maxBuffer = 600;
    const begin = () => {
      if (begun || stopped) return;
      begun = true;
      if (native) video.src = src;
      else if (hls) {
        hls.config.maxMaxBufferLength = maxBuffer;
        if (!loading) hls.startLoad(startAt);
        loading = true;
      }
      // Otherwise hls.js is still loading: it starts as soon as it is made (below).
      void video.play?.()?.catch(() => undefined);
    };
    beginRef.current = begin;
    if (native && waitingRef.current) void warmPlaylists(src).catch(() => undefined);
    if (!native) {
      // The light build (no subtitles, alternate audio, DRM): captions are the <track> below.
      void import("hls.js/light").then((mod) => {
        if (cancelled) return;
        const HlsClass = mod.default;
        if (!HlsClass.isSupported()) {
          native = true;
          if (begun) video.src = src;
          else void warmPlaylists(src).catch(() => undefined);
          return;
        }
        maxBuffer = HlsClass.DefaultConfig.maxMaxBufferLength;
        // The lowest rendition first (its first segment arrives soonest; ABR climbs from there).
        hls = new HlsClass({
          startPosition: startAt,
          startLevel: 0,
          capLevelToPlayerSize: true,
          autoStartLoad: false,
          ...(prebuffer && !begun ? { maxMaxBufferLength: PREBUFFER_SECONDS } : {}),
        });
        if (!begun && !prebuffer)
          hls.once(HlsClass.Events.MANIFEST_PARSED, () => {
            // Into the browser's cache (the media answers are cacheable while the token lives):
            // hls.js asks for it on play() and gets it at once.
            const first = hls?.levels[0]?.uri;
            if (!begun && first) void fetch(first, { credentials: "same-origin" }).catch(() => undefined);
          });
        hls.loadSource(src);
        hls.attachMedia(video);
        if (begun || prebuffer) {
          hls.startLoad(startAt);
          loading = true;
        }
      });
    }
    if (!waitingRef.current) begin();

    return () => {
      cancelled = true;
      send(true);
      stopped = true;
      beginRef.current = () => undefined;
      window.clearInterval(timer);
      video.removeEventListener("timeupdate", onTime);
      video.removeEventListener("seeked", onSeeked);
      video.removeEventListener("pause", onPause);
      document.removeEventListener("visibilitychange", onHidden);
      window.removeEventListener("pagehide", onLeave);
      hls?.destroy();
    };
  }, [videoId, src, start]);
  // A waiting player told to start by its props rather than by play().
  useEffect(() => {
    if (!waiting) beginRef.current();
  }, [waiting]);

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
