import { ShiftGatedShell } from "~/components/admin/shifts/ShiftStart";
import type { Route } from "./+types/admin";
import { requireAdminLayout, shiftStartRequired } from "../.server/page";

/**
 * Admin layout: guards `admin` + `noCashiers` (front-desk accounts go to the scanner). The guard
 * runs as route middleware (`future.v8_middleware`), before the loaders and actions of every child
 * route, so a page that forgets its own check is still protected. Staff who must open a shift
 * first (spec §4 "Shift") see the shift-start screen instead of the page.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (args, next) => {
    requireAdminLayout(args);
    return next();
  },
];

export async function loader(args: Route.LoaderArgs) {
  requireAdminLayout(args);
  return { shiftStart: await shiftStartRequired(args) };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return <ShiftGatedShell required={loaderData.shiftStart} />;
}
