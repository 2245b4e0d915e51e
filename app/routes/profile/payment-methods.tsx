import { ProfileEmptyState } from "~/components/profile/ProfileEmptyState";
import { t } from "~/lib/messages";

export const meta = () => [{ title: `${t("auth.profile.nav.paymentMethods")} · ${t("app.name")}` }];

/** paymentMethods: nothing recorded yet for this account; the section explains what will appear here. */
export default function ProfilePaymentMethods() {
  return <ProfileEmptyState section="paymentMethods" />;
}
