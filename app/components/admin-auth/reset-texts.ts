import type { ResetTexts } from "~/components/auth/ResetForm";
import { t } from "~/lib/messages";

/** The back office's words for the shared reset forms ("usted"; the site's are the default). */
export const adminResetTexts = (): ResetTexts => ({
  email: t("adminAuth.login.email"),
  emailPlaceholder: t("adminAuth.login.emailPlaceholder"),
  send: t("adminAuth.forgot.submit"),
  newPassword: t("adminAuth.reset.newPassword"),
  confirmNewPassword: t("adminAuth.reset.confirmNewPassword"),
  save: t("adminAuth.reset.submit"),
  saved: t("adminAuth.reset.done"),
});
