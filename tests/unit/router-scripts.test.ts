// <RouterScripts> hands React Router's <Scripts> a short list of remembered route branches: the
// document it writes must be byte for byte the one <Scripts> writes over the whole route table,
// on the first render of a path (which records) and on the later ones (which use the record).
import { createElement as h, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import {
  Scripts,
  StaticRouterProvider,
  UNSAFE_FrameworkContext as FrameworkContext,
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
} from "react-router";
import { describe, expect, it } from "vitest";
import { RouterScripts } from "../../app/components/RouterScripts";

/** A route table shaped like the product's: an optional locale segment, layouts, index routes,
 * dynamic segments and a catch-all, so that parent paths end on very different branches. */
function table(): RouteObject[] {
  const admin = ["users", "coaches", "places", "classes"].map((area) => ({
    id: `admin-${area}`,
    path: area,
    children: [
      { id: `admin-${area}-index`, index: true },
      { id: `admin-${area}-list`, path: "list" },
      { id: `admin-${area}-detail`, path: ":id" },
      { id: `admin-${area}-edit`, path: "edit/:id" },
    ],
  }));
  return [
    {
      id: "root",
      path: "/",
      children: [
        {
          id: "locale",
          path: "es-MX?",
          children: [
            {
              id: "site",
              children: [
                { id: "home", index: true },
                { id: "calendar", path: "calendar" },
              ],
            },
            { id: "admin", path: "admin", children: [{ id: "dashboard", path: "dashboard" }, ...admin] },
            { id: "not-found", path: "*" },
          ],
        },
      ],
    },
  ];
}

function manifestOf(routes: RouteObject[], parentId?: string, out: Record<string, object> = {}) {
  for (const r of routes) {
    out[r.id!] = { id: r.id, parentId, path: r.path, index: r.index, module: `/assets/${r.id}.js`, hasLoader: false };
    if (r.children) manifestOf(r.children, r.id, out);
  }
  return out;
}

const Empty = () => null;
/** The root route draws the scripts component under test. */
let Current: ComponentType = Empty;
const withComponents = (r: RouteObject): RouteObject =>
  ({
    ...r,
    Component: r.id === "root" ? () => h(Current) : Empty,
    children: r.children?.map(withComponents),
  }) as RouteObject;
const routes = table().map(withComponents);
const manifest = {
  entry: { module: "/assets/entry.js", imports: [] },
  url: "/assets/manifest.js",
  version: "1",
  routes: manifestOf(routes),
};
const handler = createStaticHandler(routes);
// The same ranked branches React Router's own server render hands to its router.
const branches = (handler as unknown as { _internalRouteBranches: unknown[] })._internalRouteBranches;

async function render(url: string, Component: ComponentType) {
  Current = Component;
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`${url}: ${context.status}`);
  const router = createStaticRouter(routes, context, { branches } as never);
  return renderToString(
    h(
      FrameworkContext.Provider,
      {
        value: {
          manifest,
          routeModules: {},
          future: {},
          ssr: true,
          isSpaMode: false,
          routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
          serverHandoffString: "{}",
        } as never,
      },
      h(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
}

const inlinedRoutes = (html: string) =>
  Object.keys(JSON.parse(/window.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html)![1]).routes).sort();

describe("RouterScripts", () => {
  const urls = [
    "/admin/users/list",
    "/admin/users/list",
    "/admin/users/17",
    "/es-MX/admin/coaches/edit/3",
    "/es-MX/admin/coaches/edit/3",
    "/admin/places",
    "/calendar",
    "/nothing/here/at/all",
    "/nothing/here/at/all",
    "/",
  ];

  it("writes the same scripts as <Scripts>, on the first render of a path and on the later ones", async () => {
    // The server build's branch (the browser's is <Scripts> alone).
    expect(import.meta.env.SSR).toBe(true);
    for (const url of urls) {
      const own = await render(url, () => h(Scripts));
      const fast = await render(url, () => h(RouterScripts));
      expect(fast, url).toBe(own);
    }
  });

  it("inlines the routes of the page and of each parent path (the catch-all for a path with none)", async () => {
    const html = await render("/admin/users/17", () => h(RouterScripts));
    expect(inlinedRoutes(html)).toEqual(
      ["admin", "admin-users", "admin-users-detail", "admin-users-index", "home", "locale", "root", "site"].sort(),
    );
    const lost = await render("/nothing/here/at/all", () => h(RouterScripts));
    expect(inlinedRoutes(lost)).toEqual(["home", "locale", "not-found", "root", "site"]);
  });
});
