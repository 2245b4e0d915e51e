import { Anchor } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { LEGAL_PATHS } from "./links";

/** A link to the Aviso de Privacidad (LFPDPPP: wherever personal data is collected). */
function PrivacyLink({ size }: { size?: string }) {
  const { pathname } = useLocation();
  return (
    <Anchor
      component={Link}
      to={localePath(LEGAL_PATHS.privacy, pathname)}
      size={size}
      inherit={!size}
      underline="always"
    >
      {t("legal.privacyLink")}
    </Anchor>
  );
}

/** "Tus datos se tratan según nuestro Aviso de Privacidad." with the link. */
export function PrivacyConsent() {
  const [before, after] = t("legal.privacyConsent").split("{link}");
  return (
    <>
      {before}
      <PrivacyLink />
      {after}
    </>
  );
}
