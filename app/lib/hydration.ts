/**
 * When a page's scripts run (app/.server/http/head-order.ts). A route whose page is read before it
 * is used (a landing, a library, a list of classes) exports `handle = HYDRATE_ON_INTENT`: its
 * scripts are fetched after the first paint and run at the visitor's first touch, press, key or
 * focus, so a phone that only reads and scrolls spends no main-thread time on them.
 */
export const HYDRATE_ON_INTENT = { hydrate: "onIntent" } as const;

/** Dispatched on `document` once the page is live (root.tsx): held clicks are replayed then. */
export const LIVE_EVENT = "nb:live";
/** Dispatched on `document` by tools and tests: runs an `onIntent` page's scripts now. */
export const HYDRATE_EVENT = "nb:hydrate";

/** Whether one of the matched routes' handles asks for its scripts on intent. */
export function hydratesOnIntent(handles: readonly unknown[]): boolean {
  return handles.some((h) => (h as { hydrate?: unknown } | undefined)?.hydrate === HYDRATE_ON_INTENT.hydrate);
}
