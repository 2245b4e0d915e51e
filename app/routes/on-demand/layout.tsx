import { NavLink, Outlet } from "react-router";
import { OnDemandComingSoon } from "~/components/site/content/OnDemandComingSoon";
import { useLocalePath } from "~/components/site/useLocalePath";
import { t } from "~/lib/messages";
import { onDemandPage } from "~/.server/domain/on-demand/pages";
import classes from "~/components/on-demand/OnDemand.module.css";
import type { Route } from "./+types/layout";

/**
 * The on-demand layout (spec §2 "on-demand", "on-demand-nav"): Nucleo Home's section nav over its
 * pages; with on-demand off in configuration, every page is the coming-soon page.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { enabled } = await onDemandPage(context.deps, context.auth.user);
  return { enabled };
}

const LINKS = [
  { to: "/on-demand", label: "nucleoHome.nav.home", end: true },
  { to: "/on-demand/library", label: "nucleoHome.nav.library", end: false },
  { to: "/on-demand/calendar", label: "nucleoHome.nav.calendar", end: false },
  { to: "/on-demand/buy-plans", label: "nucleoHome.nav.plans", end: false },
] as const;

export default function OnDemandLayout({ loaderData }: Route.ComponentProps) {
  const { lp } = useLocalePath();
  if (!loaderData.enabled) return <OnDemandComingSoon />;
  return (
    <>
      <nav className={classes.nav} aria-label={t("nucleoHome.nav.label")}>
        <ul className={classes.navList}>
          {LINKS.map((l) => (
            <li key={l.to}>
              <NavLink to={lp(l.to)} end={l.end} className={classes.navLink}>
                {t(l.label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
