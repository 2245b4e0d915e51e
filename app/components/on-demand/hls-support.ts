/**
 * Which HLS player a browser gets (issue 23). Its own where it plays HLS and either is Apple's
 * (Safari, iOS: the reference player, and AirPlay needs it) or has no Media Source Extensions;
 * hls.js everywhere else (Chrome and Android, whose own HLS now answers `canPlayType` too, Firefox,
 * Edge): the page then chooses the first rendition (the lowest) and reads the playlists before the
 * press.
 */
export function nativeHls(): boolean {
  if (typeof document === "undefined") return false;
  if (!document.createElement("video").canPlayType("application/vnd.apple.mpegurl")) return false;
  return (
    "WebKitPlaybackTargetAvailabilityEvent" in window || !("MediaSource" in window || "ManagedMediaSource" in window)
  );
}

/**
 * Puts a master playlist and its first rendition's playlist in the browser's cache (the media
 * answers are cacheable while their token lives), so the browser's own player finds them there.
 */
export async function warmPlaylists(master: string) {
  const url = new URL(master, window.location.href);
  const text = await (await fetch(url, { credentials: "same-origin" })).text();
  const first = text
    .split("\n")
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith("#"));
  if (first) await fetch(new URL(first, url), { credentials: "same-origin" });
}
