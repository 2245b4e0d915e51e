import { ActionIcon, Burger, Button } from "@mantine/core";
import { useWindowScroll } from "@mantine/hooks";
import { notifications } from "~/lib/toast";
import { IconLogout, IconShoppingBag } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import { config, useRootData, useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { cartAction, counterScopeFor, LOGO_HIDE_SCROLL, sessionCounters } from "./navbar-logic";
import { SessionCounters } from "./SessionCounters";
import { SiteLogo } from "./SiteLogo";
import { UserAvatar } from "./UserAvatar";
import { useLocalePath } from "./useLocalePath";
import classes from "./SiteNavbar.module.css";
import { logout } from "~/components/auth/logout";

const HOME_LINKS = [
  { to: "/select-location", label: "nav.locations" },
  { to: "/buy-sessions", label: "nav.packs" },
  { to: "/coaches", label: "nav.coaches" },
  { to: "/on-demand", label: "nav.nucleoHome" },
] as const;

/** The public navbar (spec §2 "Public navigation"). `logoTo` sends the logo somewhere else than home. */
export function SiteNavbar({ logoTo = "/" }: { logoTo?: string }) {
  const root = useRootData();
  const { user, cities, city } = root;
  const { openDialog, setAuthCallback, menuOpen, setMenuOpen } = useUi();
  const { lp, path } = useLocalePath();
  const [scroll] = useWindowScroll();
  const [loggingOut, setLoggingOut] = useState(false);
  const isHome = path === "/";
  const animateLogo = config<unknown>(root, "logo_animation", false) === true;
  const logoHidden = animateLogo && scroll.y > LOGO_HIDE_SCROLL;
  const counters = sessionCounters(user, cities, { scope: counterScopeFor(path), cityId: city });

  const onCart = () => {
    const action = cartAction(user);
    if (action === "login") {
      setAuthCallback("cart");
      openDialog("login");
    } else if (action === "denied") {
      notifications.show({ color: "red", message: t("errors.cartOnlyCustomers") });
    } else {
      openDialog("sideCheckout");
    }
  };

  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
    // Spec §4: logout goes to / (a full load: every part of the page forgets the user).
    window.location.assign(lp("/"));
  };

  return (
    <header className={classes.header} data-home={isHome || undefined}>
      <div className={classes.bar}>
        <div className={classes.start}>
          <SiteLogo to={lp(logoTo)} hidden={logoHidden} />
        </div>

        {isHome && (
          <nav aria-label={t("site.nav.main")} className={classes.homeNav}>
            <ul>
              {HOME_LINKS.map((l) => (
                <li key={l.to}>
                  <Link to={lp(l.to)} className={classes.homeLink}>
                    {t(l.label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div className={classes.end}>
          {counters.length > 0 && <SessionCounters counters={counters} className={classes.countersInline} />}
          {isHome && (
            <Button component={Link} to={lp("/calendar")} size="sm" className={classes.bookButton}>
              {t("nav.book")}
            </Button>
          )}
          <UserAvatar />
          {/* A native title, not Mantine's Tooltip: its positioning library is 20 KB of first load. */}
          <ActionIcon
            variant="subtle"
            color="dark"
            size={40}
            radius="xl"
            onClick={onCart}
            aria-label={t("site.nav.cartLabel")}
            title={t("nav.cart")}
          >
            <IconShoppingBag size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
          {user && (
            <ActionIcon
              variant="subtle"
              color="dark"
              size={40}
              radius="xl"
              onClick={onLogout}
              loading={loggingOut}
              aria-label={t("site.nav.logoutLabel")}
              title={t("nav.logout")}
            >
              <IconLogout size={21} stroke={1.6} aria-hidden />
            </ActionIcon>
          )}
          <Burger
            opened={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
            size="sm"
            color="var(--nb-ink)"
            aria-label={menuOpen ? t("nav.closeMenu") : t("site.nav.openMenu")}
            aria-expanded={menuOpen}
            className={classes.burger}
          />
        </div>
      </div>
      {counters.length > 0 && <SessionCounters counters={counters} className={classes.countersStrip} />}
    </header>
  );
}
