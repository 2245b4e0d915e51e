/** "12:05" or "1:02:05" for a position in seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${r}` : `${m}:${r}`;
}

/** Whole minutes of a length (at least 1). */
export function minutesOf(seconds: number | null): number | null {
  return seconds === null ? null : Math.max(1, Math.round(seconds / 60));
}

/** Where to come back after buying a plan from a video's page (read by the order's success page). */
export const RETURN_KEY = "nb.onDemandReturn";
