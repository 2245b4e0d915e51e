import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";

export const meta = () => [{ title: `${t("auth.profile.nav.certifications")} · ${t("app.name")}` }];

/** certifications: nothing recorded yet for this account; the section explains what will appear here. */
export default function ProfileCertifications() {
  return <ProfileEmptyState section="certifications" />;
}
