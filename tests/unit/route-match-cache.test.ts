// The server build's React Router remembers which route branch a pathname matched
// (tools/vite-route-match.ts): a pathname seen before runs one branch instead of the scan over
// every ranked branch, and finds the same matches. The patch is applied here to the React Router
// file the build uses, so an upgrade that changes its code fails this test (and the build).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_PATHS, patchRouteMatching } from "../../tools/vite-route-match";

const root = path.resolve(import.meta.dirname, "../..");
const dist = path.join(root, "node_modules/react-router/dist/production");
const chunk = fs
  .readdirSync(dist)
  .map((f) => path.join(dist, f))
  .find((f) => f.endsWith(".mjs") && fs.readFileSync(f, "utf8").includes("function matchRoutesImpl("));
if (!chunk) throw new Error("React Router's matchRoutesImpl not found");

type Router = typeof import("react-router");
async function load(patched: boolean): Promise<Router> {
  // Inside the checkout so that the module's `import "react"` resolves as it does for the original.
  const dir = path.join(root, ".tmp/route-match-test");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${patched ? "patched" : "original"}-${process.pid}.mjs`);
  const code = fs.readFileSync(chunk!, "utf8");
  fs.writeFileSync(file, patched ? patchRouteMatching(code) : code);
  return import(/* @vite-ignore */ pathToFileURL(file).href);
}

// A table shaped like the app's: an optional locale, static and dynamic segments, layouts, a catch-all.
const loader = (): null => null;
const leaf = (p: string) => ({ id: p || "index", path: p, loader });
const routes = [
  {
    id: "root",
    path: "/",
    loader,
    children: ["es-MX?", ""].map((locale) => ({
      id: `locale-${locale}`,
      path: locale,
      children: [
        { id: `${locale}-home`, index: true, loader },
        ...[
          "admin/users/list",
          "admin/users/:id",
          "admin/users/:id/edit",
          "admin/:entity/list",
          "calendar",
          "blog/:slug",
        ].map((p) => ({ ...leaf(p), id: `${locale}-${p}` })),
        { id: `${locale}-catch`, path: "*", loader },
      ],
    })),
  },
];
const urls = [
  "/admin/users/list",
  "/es-MX/admin/users/list",
  "/admin/users/12",
  "/admin/users/12/edit",
  "/admin/products/list",
  "/blog/una%20nota",
  "/",
  "/es-MX",
  "/nada/por/aqui",
];

async function matchesOf(router: Router, url: string) {
  const handler = router.createStaticHandler(routes as never);
  const context = await handler.query(new Request(`http://x${url}`));
  if (context instanceof Response) throw new Error("unexpected Response");
  return context.matches.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, base: m.pathnameBase }));
}

describe("route matching remembered per pathname", () => {
  afterEach(() => vi.restoreAllMocks());

  it("finds the same matches as React Router, first and later times", async () => {
    const [original, patched] = await Promise.all([load(false), load(true)]);
    const handler = patched.createStaticHandler(routes as never);
    for (let round = 0; round < 2; round++)
      for (const url of urls) {
        const context = await handler.query(new Request(`http://x${url}`));
        if (context instanceof Response) throw new Error("unexpected Response");
        const got = context.matches.map((m) => ({
          id: m.route.id,
          params: m.params,
          pathname: m.pathname,
          base: m.pathnameBase,
        }));
        expect(got, `${url} (round ${round})`).toEqual(await matchesOf(original, url));
      }
  });

  it("a pathname seen before tries one branch, not the scan", async () => {
    const patched = await load(true);
    const handler = patched.createStaticHandler(routes as never);
    const url = "/nada/por/aqui"; // the catch-all: the last branch of the table
    await handler.query(new Request(`http://x${url}`));
    const match = vi.spyOn(String.prototype, "match");
    await handler.query(new Request(`http://x${url}`));
    const tried = match.mock.calls.length;
    match.mockRestore();
    // root, the locale layout and the catch-all: one regular expression each.
    expect(tried).toBeLessThanOrEqual(3);
  });

  it("forgets at MAX_PATHS pathnames and still matches", async () => {
    const patched = await load(true);
    const handler = patched.createStaticHandler(routes as never);
    for (let n = 0; n <= MAX_PATHS + 5; n++) await handler.query(new Request(`http://x/admin/users/${n}`));
    const context = await handler.query(new Request("http://x/admin/users/7"));
    if (context instanceof Response) throw new Error("unexpected Response");
    expect(context.matches.at(-1)?.route.id).toMatch(/-admin\/users\/:id$/);
    expect(context.matches.at(-1)?.params).toEqual({ id: "7" });
  });

  it("refuses a React Router whose matchRoutesImpl it does not know", () => {
    expect(() => patchRouteMatching("function matchRoutesImpl(a) { return null; }")).toThrow(/re-check/);
  });
});
