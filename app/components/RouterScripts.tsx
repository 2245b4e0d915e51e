import { useContext } from "react";
import { Scripts, UNSAFE_DataRouterContext as DataRouterContext } from "react-router";

/**
 * React Router's <Scripts>, with its partial route manifest made cheap on the server.
 *
 * With lazy route discovery every document inlines the manifest entries of its own routes and of
 * the routes matching each parent path ("/", "/admin", "/admin/users" for /admin/users/list).
 * React Router finds those by scanning the ranked route branches, about 350 here (the optional
 * `es-MX?` segment doubles the table), once per parent path; a parent with no route of its own
 * only ends at the catch-all "*" branch, the last one. Those scans were 13 % of the server's time
 * on a back-office list (docs/decisions.md, "SSR of the back-office lists").
 *
 * The branches found depend only on the parent paths, so they are remembered per parent path:
 * the first render of a path lets React Router scan the whole list and records where each scan
 * stopped (the first matching branch, in rank order); later renders hand <Scripts> a router whose
 * branch list is just those branches, still in rank order. Each scan then stops at the same
 * branch as over the full list (nothing ranked before it in the short list matched in the full
 * one), so the inlined manifest is byte for byte the same. In the browser, and for any router
 * without branches, this is <Scripts> unchanged.
 */
type Branches = readonly unknown[];
type Recording = { stops: Set<number>; scanMax: number; done: boolean };

const byBranches = new WeakMap<Branches, Map<string, number[]>>();
/** Parent paths remembered per route table (the oldest one goes when full). */
const MAX_PATHS = 2000;

export function RouterScripts(props: { nonce?: string }) {
  // The browser renders <Scripts> once, at hydration, and draws nothing with it (no DOM of these
  // wrappers to match): the server's part stays out of its bundle.
  if (!import.meta.env.SSR) return <Scripts nonce={props.nonce} />;
  return <ServerScripts nonce={props.nonce} />;
}

function ServerScripts(props: { nonce?: string }) {
  const ctx = useContext(DataRouterContext);
  const plan = serverPlan(ctx);
  return (
    <>
      <DataRouterContext.Provider value={plan?.value ?? ctx}>
        <Scripts nonce={props.nonce} />
      </DataRouterContext.Provider>
      <AfterScripts commit={plan?.commit ?? null} />
    </>
  );
}

type Context = React.ContextType<typeof DataRouterContext>;

function serverPlan(ctx: Context) {
  const router = ctx?.static ? ctx.router : undefined;
  // Not in React Router's public types: the ranked branches the static router matches with.
  const branches = (router as { branches?: Branches } | undefined)?.branches;
  const pathname = router?.state.location.pathname;
  if (!ctx || !router || !Array.isArray(branches) || pathname === undefined) return null;
  // The parent paths React Router looks up: everything but the last segment.
  const key = pathname.split("/").filter(Boolean).slice(0, -1).join("/");
  let paths = byBranches.get(branches);
  if (!paths) byBranches.set(branches, (paths = new Map()));
  const known = paths.get(key);
  if (known) {
    const few = known.map((i) => branches[i]);
    return { value: { ...ctx, router: withBranches(router, few) }, commit: null };
  }
  const rec: Recording = { stops: new Set(), scanMax: -1, done: false };
  const recorder = new Proxy(branches, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && /^\d+$/.test(prop)) {
        const i = Number(prop);
        // A scan starts at 0: the previous one stopped at its highest index.
        if (i === 0 && rec.scanMax >= 0) rec.stops.add(rec.scanMax);
        rec.scanMax = i === 0 ? 0 : Math.max(rec.scanMax, i);
      }
      return Reflect.get(target, prop, receiver);
    },
  });
  const commit = () => {
    if (rec.done) return;
    rec.done = true;
    if (rec.scanMax >= 0) rec.stops.add(rec.scanMax);
    if (paths.size >= MAX_PATHS) paths.delete(paths.keys().next().value!);
    paths.set(
      key,
      [...rec.stops].sort((a, b) => a - b),
    );
  };
  return { value: { ...ctx, router: withBranches(router, recorder) }, commit };
}

/** The same router, with another branch list (its other members are read through the prototype). */
function withBranches<R extends object>(router: R, branches: Branches): R {
  return Object.create(router, { branches: { value: branches, enumerable: true } }) as R;
}

/** Rendered right after <Scripts>: its scans are over, the recording is complete. */
function AfterScripts({ commit }: { commit: (() => void) | null }) {
  commit?.();
  return null;
}
