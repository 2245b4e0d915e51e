import { ShiftGatedShell } from "~/components/admin/shifts/ShiftStart";
import type { Route } from "./+types/door";
import { requireDoorPage, shiftStartRequired } from "../.server/page";

/**
 * Door layout: guard `door` (door staff only); the menu is what `adminMenu` gives the user. Door
 * staff with an employee record open a shift first (spec §6 "Non-admin, non-coach staff need an
 * open shift").
 */
export async function loader(args: Route.LoaderArgs) {
  requireDoorPage(args);
  return { shiftStart: await shiftStartRequired(args) };
}

export default function DoorLayout({ loaderData }: Route.ComponentProps) {
  return <ShiftGatedShell required={loaderData.shiftStart} />;
}
