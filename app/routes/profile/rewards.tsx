import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";

export const meta = () => [{ title: `${t("auth.profile.nav.rewards")} · ${t("app.name")}` }];

/** rewards: nothing recorded yet for this account; the section explains what will appear here. */
export default function ProfileRewards() {
  return <ProfileEmptyState section="rewards" />;
}
