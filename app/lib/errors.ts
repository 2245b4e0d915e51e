import { isRouteErrorResponse } from "react-router";

/** Status of a route-loading error: statusCode, status or response status; default 500 (spec §8). */
export function errorStatus(error: unknown): number | null {
  if (isRouteErrorResponse(error)) return error.status;
  if (error && typeof error === "object") {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } };
    for (const v of [e.statusCode, e.status, e.response?.status])
      if (typeof v === "number" && v >= 400 && v < 600) return v;
    return 500;
  }
  return null;
}

const CHUNK_ERRORS = [
  "Failed to fetch dynamically imported module",
  "error loading dynamically imported module",
  "Importing a module script failed",
  "Loading chunk",
  "ChunkLoadError",
];

export function isChunkLoadError(error: unknown) {
  const msg = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? "");
  return CHUNK_ERRORS.some((s) => msg.includes(s));
}

const RELOAD_KEY = "chunk-reload-at";

/** After a deploy, old chunks vanish: reload to get the new ones, at most once a minute. */
export function reloadOnceAMinute(
  now = Date.now(),
  storage: Pick<Storage, "getItem" | "setItem"> = window.localStorage,
  reload = () => window.location.reload(),
) {
  const last = Number(storage.getItem(RELOAD_KEY) ?? 0);
  if (now - last < 60_000) return false;
  storage.setItem(RELOAD_KEY, String(now));
  reload();
  return true;
}
