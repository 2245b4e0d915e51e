import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";

export const meta = () => [{ title: `${t("auth.profile.nav.shoppingHistory")} · ${t("app.name")}` }];

/** shoppingHistory: nothing recorded yet for this account; the section explains what will appear here. */
export default function ProfileShoppingHistory() {
  return <ProfileEmptyState section="shoppingHistory" />;
}
