import { t } from "~/lib/messages";
import { PendingScreen } from "./page";
import type { Route } from "./+types/close-turn";

/** Cashier screen (cashiers layout). Placeholder until the shifts capability lands. */
export async function loader(args: Route.LoaderArgs) {
  const { requireCashierPage } = await import("../.server/page");
  requireCashierPage(args);
  return null;
}

export const meta = () => [{ title: `${t("admin.menu.closeTurn")} · ${t("app.name")}` }];

export default function CloseTurnPending() {
  return <PendingScreen title={t("admin.menu.closeTurn")} />;
}
