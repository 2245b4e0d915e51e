import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/AdminShell";
import type { Route } from "./+types/admin";
import { requireAdminLayout } from "../.server/page";

/**
 * Admin layout: guards `admin` + `noCashiers` (front-desk accounts go to the scanner). The guard
 * runs as route middleware (`future.v8_middleware`), before the loaders and actions of every child
 * route, so a page that forgets its own check is still protected.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    requireAdminLayout(args);
    return next();
  },
];

export async function loader(args: Route.LoaderArgs) {
  requireAdminLayout(args);
  return null;
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
