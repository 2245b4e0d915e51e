import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/AdminShell";
import type { Route } from "./+types/cashiers";

/** Cashiers layout (spec §2: requires login and admin); slim top bar, no menu. */
export async function loader(args: Route.LoaderArgs) {
  const { requireCashierPage } = await import("../.server/page");
  requireCashierPage(args);
  return null;
}

export default function CashiersLayout() {
  return (
    <AdminShell withMenu={false}>
      <Outlet />
    </AdminShell>
  );
}
