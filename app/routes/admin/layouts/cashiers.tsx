import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/AdminShell";
import type { Route } from "./+types/cashiers";
import { requireCashierPage } from "../.server/page";

/** Cashiers layout (spec §2: requires login and admin); the menu is what `adminMenu` gives the user (usually none). */
export async function loader(args: Route.LoaderArgs) {
  requireCashierPage(args);
  return null;
}

export default function CashiersLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}
