import type { Plugin } from "vite";

/**
 * React Router matches every request's URL twice on the server (the request handler's
 * `matchServerRoutes`, then the static handler's `query`), each time by trying the ranked branches
 * in order until one matches: ~350 branches (the `es-MX?` segment doubles the table), a regular
 * expression or more per branch tried. It was ~6 % of the server's CPU on `/admin/users/list`
 * (docs/decisions.md, "Server CPU of the back-office lists").
 *
 * The branch that matches is a pure function of the branch list, the decoded pathname and
 * `allowPartial`: this patch remembers its index per precomputed (per-process) branch list and, for
 * a pathname seen before, runs just that branch, which builds the same matches (fresh objects, as
 * before). A pathname that matched nothing is remembered as such. The memory is bounded: the table
 * of a branch list is emptied when it reaches `MAX_PATHS` pathnames. Lists built per call (no
 * precomputed branches) are not remembered.
 *
 * Applied to the server build only (the browser matches a few times per navigation). The build
 * fails if React Router's code no longer has the expected shape: re-check this patch when React
 * Router is upgraded (tests/unit/route-match-cache.test.ts).
 */
export const MAX_PATHS = 2000;

const LOOP = `  let matches = null;
  let decoded = decodePath(pathname);
  for (let i = 0; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  return matches;
}`;

const PATCHED = `  let matches = null;
  let decoded = decodePath(pathname);
  let memo = precomputedBranches ? nbBranchMemo(branches) : null;
  let memoKey = (allowPartial ? "p" : "e") + decoded;
  let known = memo ? memo.get(memoKey) : void 0;
  if (known !== void 0) {
    return known < 0 ? null : matchRouteBranch(branches[known], decoded, allowPartial);
  }
  let i = 0;
  for (; matches == null && i < branches.length; ++i) {
    matches = matchRouteBranch(
      branches[i],
      decoded,
      allowPartial
    );
  }
  if (memo) {
    if (memo.size >= ${MAX_PATHS}) memo.clear();
    memo.set(memoKey, matches == null ? -1 : i - 1);
  }
  return matches;
}
var nbBranchMemos = new WeakMap();
function nbBranchMemo(branches) {
  let memo = nbBranchMemos.get(branches);
  if (!memo) nbBranchMemos.set(branches, (memo = new Map()));
  return memo;
}`;

/** React Router's module with `matchRoutesImpl` remembering the matching branch; throws if its code changed. */
export function patchRouteMatching(code: string): string {
  const start = code.indexOf(
    "function matchRoutesImpl(routes, locationArg, basename, allowPartial, precomputedBranches) {",
  );
  const at = start < 0 ? -1 : code.indexOf(LOOP, start);
  if (at < 0 || at - start > 600 || code.indexOf(LOOP, at + 1) >= 0) {
    throw new Error(
      "tools/vite-route-match.ts: React Router's matchRoutesImpl is not the one this patch knows; re-check it.",
    );
  }
  return code.slice(0, at) + PATCHED + code.slice(at + LOOP.length);
}

/** The server build's React Router remembers which route branch each pathname matched. */
export function routeMatchMemo(): Plugin {
  return {
    name: "nucleo:route-match-memo",
    apply: "build",
    transform(code, id, options) {
      if (!options?.ssr || !id.includes("/node_modules/react-router/dist/production/")) return null;
      if (!code.includes("function matchRoutesImpl(")) return null;
      return { code: patchRouteMatching(code), map: null };
    },
  };
}
