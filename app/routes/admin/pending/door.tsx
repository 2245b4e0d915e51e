import { t } from "~/lib/messages";
import { PendingScreen } from "./page";
import type { Route } from "./+types/door";
import { requireDoorPage } from "../.server/page";

/** Door page (door layout). Placeholder until the door capability lands. */
export async function loader(args: Route.LoaderArgs) {
  requireDoorPage(args);
  return null;
}

export const meta = () => [{ title: `${t("admin.crumbs.qr-door-page")} · ${t("app.name")}` }];

export default function DoorPending() {
  return <PendingScreen title={t("admin.crumbs.qr-door-page")} />;
}
