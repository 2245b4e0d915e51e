/**
 * The player's code (media-chrome, the player) and hls.js, loaded before "Reproducir" is pressed:
 * while the watch page is idle for someone who may watch, and again (the same promises) on the press.
 * Without it the press waited for the player's chunk, then for hls.js (imported by the player once
 * mounted), then for the playlists: on a phone, most of the time to the first frame (issue 23).
 */
import { nativeHls } from "./hls-support";

export const loadPlayer = () => import("./Player");

/** hls.js (its light build, as the player imports it), unless the browser's own player is used. */
function loadHls() {
  if (typeof document === "undefined" || nativeHls()) return Promise.resolve(null);
  return import("hls.js/light");
}

/** Both, in parallel; a failed load is retried by the press itself. */
export function warmPlayer() {
  void loadPlayer().catch(() => undefined);
  void loadHls().catch(() => undefined);
}

/**
 * When the browser is idle after the page has loaded: loads both, then hands the player's module to
 * `ready` (the watch page mounts it, waiting for the press). Returns the cancel.
 */
export function whenIdle(ready: (player: Awaited<ReturnType<typeof loadPlayer>>) => void): () => void {
  let cancelled = false;
  const load = () => {
    Promise.all([loadPlayer(), loadHls()]).then(
      ([player]) => {
        if (!cancelled) ready(player);
      },
      () => undefined,
    );
  };
  const w = window as Window & {
    requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number;
    cancelIdleCallback?: (id: number) => void;
  };
  if (w.requestIdleCallback && w.cancelIdleCallback) {
    const id = w.requestIdleCallback(load, { timeout: 3000 });
    return () => {
      cancelled = true;
      w.cancelIdleCallback!(id);
    };
  }
  const id = window.setTimeout(load, 1500);
  return () => {
    cancelled = true;
    window.clearTimeout(id);
  };
}
