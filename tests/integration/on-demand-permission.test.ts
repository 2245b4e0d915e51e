/**
 * Nucleo Home's back office answers to its own permission, `on_demand.read` / `on_demand.write`
 * (not `content.*`): the API (videos, uploads, live classes, taxonomies, dashboard), the pages and
 * the menu. Both are back-office level today, so this file raises them, for this file only, to
 * administrators of type 1: a manager (type 2) keeps `content.*` and must lose all of Nucleo Home.
 */
import { describe, expect, it, vi } from "vitest";
import type { Permission, Who } from "~/shared/permissions";
import { adminMenu } from "~/components/admin/menu";
import { anonymous } from "../../app/.server/http/api";
import { loader as videosLoader } from "../../app/routes/admin/on-demand/videos-list";
import { loader as streamsLoader } from "../../app/routes/admin/on-demand/streams-list";
import { loader as dashboardLoader } from "../../app/routes/admin/on-demand/dashboard";
import { setupTestApp } from "../support/app";
import { createStaff, sessionFor } from "../support/factories";

vi.mock("~/shared/permissions", async (importOriginal) => {
  const m = await importOriginal<typeof import("~/shared/permissions")>();
  const PERMISSIONS = {
    ...m.PERMISSIONS,
    "on_demand.read": "fullAdministrator",
    "on_demand.write": "fullAdministrator",
  };
  const can = (w: Who | null | undefined, p: Permission) =>
    Boolean(w) &&
    (PERMISSIONS[p] === "fullAdministrator" ? m.isBackOffice(w!) && w!.employeeType === 1 : m.isBackOffice(w!));
  return { ...m, PERMISSIONS, can };
});

const app = setupTestApp();

async function page(loader: (args: never) => Promise<unknown>, userId: number, path: string) {
  const user = (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
  const auth = { ...anonymous, user, session: { twoFactorAt: null } } as never;
  try {
    await loader({
      request: new Request(`http://localhost${path}`),
      params: {},
      context: { deps: app.deps, auth, cookies: {} },
    } as never);
    return 200;
  } catch (e) {
    return (e as { init?: { status?: number }; status?: number }).init?.status ?? (e as Response).status;
  }
}

describe("the on_demand permission", () => {
  it("guards Nucleo Home's API, pages and menu apart from content", async () => {
    const boss = await createStaff(app.deps.db, "administrator");
    const manager = await createStaff(app.deps.db, "manager");
    const tokens = { boss: await sessionFor(app.deps.db, boss), manager: await sessionFor(app.deps.db, manager) };
    const calls: [string, RequestInit & { json?: unknown }][] = [
      ["/admin/on-demand/videos", {}],
      ["/admin/on-demand/videos/999999", {}],
      ["/admin/on-demand/streams/999999", {}],
      ["/admin/on-demand/dashboard", {}],
      ["/admin/on-demand/difficulties", {}],
      [
        "/admin/on-demand/uploads",
        {
          method: "POST",
          headers: {
            "Tus-Resumable": "1.0.0",
            "Upload-Length": "1000",
            "Upload-Metadata": `filename ${btoa("a.mp4")}`,
          },
        },
      ],
    ];
    for (const [path, init] of calls) {
      const m = await app.request(path, { ...init, token: tokens.manager });
      expect([path, m.status]).toEqual([path, 403]);
      const b = await app.request(path, { ...init, token: tokens.boss });
      expect([path, b.status]).not.toEqual([path, 403]);
    }
    // The manager still has content.
    expect((await app.request("/admin/sponsors", { token: tokens.manager })).status).toBe(200);

    for (const [loader, path] of [
      [videosLoader, "/admin/on-demand/videos"],
      [streamsLoader, "/admin/on-demand/videos/streams"],
      [dashboardLoader, "/admin/on-demand/dashboard"],
    ] as const) {
      expect([path, await page(loader as never, manager.id, path)]).toEqual([path, 403]);
      expect([path, await page(loader as never, boss.id, path)]).toEqual([path, 200]);
    }

    const menu = (employee_type: number) =>
      adminMenu({ role_id: 1, employee_type, is_tester: false, id_employee: null, can_scan_attendance: false });
    expect(menu(2).find((e) => e.key === "onDemand")).toBeUndefined();
    const group = menu(1).find((e) => e.key === "onDemand");
    expect(group?.kind === "group" && group.children.map((c) => c.href)).toEqual([
      "/admin/on-demand/dashboard",
      "/admin/on-demand/videos",
      "/admin/on-demand/videos/streams",
      "/admin/on-demand/durations/list",
      "/admin/on-demand/difficulties/list",
      "/admin/on-demand/equipments/list",
      "/admin/on-demand/types/list",
    ]);
  });
});
