import { t } from "~/lib/messages";
import { PendingScreen } from "./page";
import type { Route } from "./+types/close-turn";
import { requireCashierPage } from "../.server/page";

/** Cashier screen (cashiers layout). Placeholder until the shifts capability lands. */
export async function loader(args: Route.LoaderArgs) {
  requireCashierPage(args);
  return null;
}

export const meta = () => [{ title: `${t("admin.menu.closeTurn")} · ${t("app.name")}` }];

export default function CloseTurnPending() {
  return <PendingScreen title={t("admin.menu.closeTurn")} />;
}
