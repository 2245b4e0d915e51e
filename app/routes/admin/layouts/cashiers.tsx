import { ShiftGatedShell } from "~/components/admin/shifts/ShiftStart";
import type { Route } from "./+types/cashiers";
import { requireCashierPage, shiftStartRequired } from "../.server/page";

/**
 * Cashiers layout (spec §2: requires login and admin); the menu is what `adminMenu` gives the user
 * (the cashier's own). Without an open shift, the shift-start screen (spec §4 "Shift").
 */
export async function loader(args: Route.LoaderArgs) {
  requireCashierPage(args);
  return { shiftStart: await shiftStartRequired(args) };
}

export default function CashiersLayout({ loaderData }: Route.ComponentProps) {
  return <ShiftGatedShell required={loaderData.shiftStart} />;
}
