import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { ADMIN_ENTITIES, entityOfPath, entityPaths } from "../../app/admin-entities";
import { adminRoutes } from "../../app/routes/admin/routes";
import { adminMenu, menuLinks, type MenuUser } from "../../app/components/admin/menu";
import { ADMIN_PATHS } from "../../app/components/admin/paths";
import { breadcrumbs } from "../../app/components/admin/breadcrumbs";
import { t } from "../../app/lib/messages";
import { SERVER_RESOURCES } from "../../app/.server/resources/registry";

/** Every route of a route table, flattened: [path, file, id]. */
function flatten(entries: RouteConfigEntry[]): { path?: string; file: string; id?: string }[] {
  return entries.flatMap((e) => [{ path: e.path, file: e.file, id: e.id }, ...flatten(e.children ?? [])]);
}

const routes = flatten(adminRoutes);
const admin: MenuUser = { role_id: 1, employee_type: 1, is_tester: true, id_employee: 1, can_scan_attendance: false };

describe("the registry of back-office entities (issue 21: an entity is one descriptor)", () => {
  it("names, bases and API paths are each registered once", () => {
    for (const key of ["name", "base", "apiPath"] as const) {
      const values = ADMIN_ENTITIES.map((e) => e[key]);
      expect(new Set(values).size, key).toBe(values.length);
    }
  });

  it("every entity gets its list (base and /list), add and edit routes, each with its own route id", () => {
    for (const e of ADMIN_ENTITIES) {
      const mine = routes.filter((r) => r.path && `/${r.path}`.startsWith(e.base));
      const paths = mine.map((r) => `/${r.path}`);
      expect(paths, e.name).toEqual(
        expect.arrayContaining([e.base, `${e.base}/list`, `${e.base}/add`, `${e.base}/edit/:id`]),
      );
      const list = e.pages?.list ?? "routes/admin/kit/list.tsx";
      const form = e.pages?.form ?? "routes/admin/kit/form.tsx";
      expect(mine.find((r) => `/${r.path}` === `${e.base}/list`)?.file).toBe(list);
      expect(mine.find((r) => `/${r.path}` === `${e.base}/edit/:id`)?.file).toBe(form);
      expect(entityOfPath(`${e.base}/edit/3`)).toBe(e);
    }
  });

  it("no path and no route id is registered twice in the back office", () => {
    const paths = routes.filter((r) => r.path).map((r) => r.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
    const ids = routes.filter((r) => r.id).map((r) => r.id);
    expect(ids.filter((p, i) => ids.indexOf(p) !== i)).toEqual([]);
  });

  it("every page of an entity is a known admin path", () => {
    for (const p of entityPaths()) expect(ADMIN_PATHS).toContain(p);
    expect(new Set(ADMIN_PATHS).size).toBe(ADMIN_PATHS.length);
  });

  it("every entity with a menu entry is in the menu, in its group, pointing at its list", () => {
    const menu = adminMenu(admin);
    for (const e of ADMIN_ENTITIES) {
      if (!e.menu) continue;
      const parent = e.menu.group ? menu.find((m) => m.key === e.menu!.group) : undefined;
      const links = parent?.kind === "group" ? parent.children : menuLinks(menu);
      const link = links.find((l) => l.key === e.menu!.key);
      expect(link, e.name).toMatchObject({ label: t(e.menu.label), href: e.menu.href ?? `${e.base}/list` });
    }
    const hrefs = menuLinks(menu).map((l) => l.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it("every entity's crumb is its Spanish name, leading to its list", () => {
    for (const e of ADMIN_ENTITIES) {
      const crumbs = breadcrumbs(`${e.base}/edit/4`);
      expect(crumbs.at(-3), e.name).toEqual({ label: t(e.crumb ?? e.labels.many), href: `${e.base}/list` });
    }
  });

  it("every browser half has its server half, with the same name, API path and permissions", () => {
    expect(SERVER_RESOURCES.map((d) => d.name).sort()).toEqual(ADMIN_ENTITIES.map((e) => e.name).sort());
    for (const e of ADMIN_ENTITIES) {
      const d = SERVER_RESOURCES.find((x) => x.name === e.name)!;
      expect({ apiPath: d.apiPath, permissions: d.permissions }).toEqual({
        apiPath: e.apiPath,
        permissions: e.permissions,
      });
    }
  });

  it("the browser halves import at run time only relative modules (the route table has no `~` alias)", () => {
    const dir = path.resolve(import.meta.dirname, "../../app/admin-entities");
    for (const f of fs.readdirSync(dir)) {
      const src = fs.readFileSync(path.join(dir, f), "utf8");
      const runtime = [...src.matchAll(/^import\s+(?!type\b)[^;]*?from\s+["']([^"']+)["']/gms)].map((m) => m[1]);
      const lazy = [...src.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
      for (const spec of [...runtime, ...lazy]) expect(spec.startsWith("."), `${f}: ${spec}`).toBe(true);
    }
  });
});
