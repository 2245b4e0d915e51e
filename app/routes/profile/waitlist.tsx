import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";

export const meta = () => [{ title: `${t("auth.profile.nav.waitlist")} · ${t("app.name")}` }];

/** waitlist: nothing recorded yet for this account; the section explains what will appear here. */
export default function ProfileWaitlist() {
  return <ProfileEmptyState section="waitlist" />;
}
