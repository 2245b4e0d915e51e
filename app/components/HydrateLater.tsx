import { Suspense, type ReactNode } from "react";

/**
 * A part of a server-rendered page that hydrates after the rest, in small pieces.
 *
 * Without boundaries React hydrates the whole document in one task: on a phone (Lighthouse's 4x CPU
 * slowdown) that task is the page's Total Blocking Time. A part wrapped in a Suspense boundary is
 * left as the server drew it (visible, links working as plain links) while the shell hydrates, and
 * hydrates afterwards at React's lowest priority, in slices of a few milliseconds that yield to the
 * browser (React's selective hydration). A click or key press inside a part not hydrated yet
 * hydrates that part first, at once, and is then handled. Nothing here suspends: the server renders
 * the content in place (no fallback is ever shown).
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
