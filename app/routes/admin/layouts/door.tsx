import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/AdminShell";
import type { Route } from "./+types/door";
import { requireDoorPage } from "../.server/page";

/** Door layout: guard `door` (door staff only); the menu is what `adminMenu` gives the user (usually none). */
export async function loader(args: Route.LoaderArgs) {
  requireDoorPage(args);
  return null;
}

export default function DoorLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
