import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/AdminShell";
import type { Route } from "./+types/door";

/** Door layout: guard `door` (door staff only); the menu is what `adminMenu` gives the user (usually none). */
export async function loader(args: Route.LoaderArgs) {
  const { requireDoorPage } = await import("../.server/page");
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
