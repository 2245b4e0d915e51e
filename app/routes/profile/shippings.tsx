import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";

export const meta = () => [{ title: `${t("auth.profile.nav.shippings")} · ${t("app.name")}` }];

/** shippings: nothing recorded yet for this account; the section explains what will appear here. */
export default function ProfileShippings() {
  return <ProfileEmptyState section="shippings" />;
}
