import { t } from "~/lib/messages";
import { PendingScreen } from "./page";
import type { Route } from "./+types/scanner";
import { requireScannerPage } from "../.server/page";

/** Attendance scanner (admin-and-coach layout). Placeholder until the attendance capability lands. */
export async function loader(args: Route.LoaderArgs) {
  requireScannerPage(args);
  return null;
}

export const meta = () => [{ title: `${t("admin.menu.scanner")} · ${t("app.name")}` }];

export default function ScannerPending() {
  return <PendingScreen title={t("admin.menu.scanner")} />;
}
