import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";

export const meta = () => [{ title: `${t("auth.profile.nav.reservations")} · ${t("app.name")}` }];

/** reservations: nothing recorded yet for this account; the section explains what will appear here. */
export default function ProfileReservations() {
  return <ProfileEmptyState section="reservations" />;
}
