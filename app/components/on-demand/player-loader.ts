/**
 * The player's code (media-chrome, the player) and hls.js, loaded before "Reproducir" is pressed:
 * while the watch page is idle for someone who may watch, and again (the same promises) on the press.
 * Without it the press waited for the player's chunk, then for hls.js (imported by the player once
 * mounted), then for the playlists: on a phone, most of the time to the first frame (issue 23).
 */
export const loadPlayer = () => import("./Player");

/** hls.js, unless the browser plays HLS itself (Safari, iOS). */
function loadHls() {
  if (typeof document === "undefined") return Promise.resolve(null);
  if (document.createElement("video").canPlayType("application/vnd.apple.mpegurl")) return Promise.resolve(null);
  return import("hls.js");
}

/** Both, in parallel; a failed load is retried by the press itself. */
export function warmPlayer() {
  void loadPlayer().catch(() => undefined);
  void loadHls().catch(() => undefined);
}

/** Warms the player when the browser is idle after the page has loaded; returns the cancel. */
export function warmWhenIdle(): () => void {
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(warmPlayer, { timeout: 3000 });
    return () => w.cancelIdleCallback!(id);
  }
  const id = window.setTimeout(warmPlayer, 1500);
  return () => window.clearTimeout(id);
}
