import { Link } from "react-router";
import { t } from "~/lib/messages";
import classes from "./SiteNavbar.module.css";

/** The wordmark, linking home (or to `to`). `hidden` fades it out (logo animation on scroll). */
export function SiteLogo({ to, hidden = false, light = false }: { to: string; hidden?: boolean; light?: boolean }) {
  return (
    <Link
      to={to}
      className={classes.logo}
      data-hidden={hidden || undefined}
      data-light={light || undefined}
      aria-label={t("site.nav.homeLink")}
      tabIndex={hidden ? -1 : undefined}
      aria-hidden={hidden || undefined}
    >
      <img src="/images/logo.svg" alt={t("app.name")} width={445} height={80} />
    </Link>
  );
}
