import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/AdminShell";
import type { Route } from "./+types/admin-and-coach";
import { requireScannerPage } from "../.server/page";

/** Admin-and-coach layout: guard `adminAndCoach`, plus front-desk accounts (`can_scan_attendance`). */
export async function loader(args: Route.LoaderArgs) {
  requireScannerPage(args);
  return null;
}

export default function AdminAndCoachLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
