import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/AdminShell";
import type { Route } from "./+types/admin";

/** Admin layout: guards `admin` + `noCashiers` (front-desk accounts go to the scanner). */
export async function loader(args: Route.LoaderArgs) {
  const { requireAdminLayout } = await import("../.server/page");
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
