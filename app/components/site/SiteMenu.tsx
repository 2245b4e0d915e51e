import { Burger, Collapse, Drawer, UnstyledButton } from "@mantine/core";
import { IconArrowUpRight, IconChevronDown } from "@tabler/icons-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { config, useRootData, useUi } from "~/lib/app-state";
import { t, type MessageKey } from "~/lib/messages";
import { SiteLogo } from "./SiteLogo";
import { useLocalePath } from "./useLocalePath";
import classes from "./SiteMenu.module.css";
import { logout } from "~/components/auth/logout";

type Item = { to: string; label: MessageKey } | { buy: true };

const ITEMS: Item[] = [
  { to: "/select-location", label: "nav.locations" },
  { to: "/about-us", label: "nav.aboutUs" },
  { to: "/our-sessions", label: "nav.ourClasses" },
  { to: "/coaches", label: "nav.coaches" },
  { to: "/calendar", label: "nav.book" },
  { buy: true },
  { to: "/on-demand", label: "nav.onDemand" },
  { to: "/store", label: "nav.store" },
  { to: "/certification", label: "nav.certification" },
  { to: "/bazar-acapulco", label: "nav.bazaar" },
  { to: "/foundation", label: "nav.foundation" },
  { to: "/legals", label: "nav.legals" },
];

/** The full-screen menu (spec §2 "Public navigation"). Cities only: external studios never appear. */
export function SiteMenu() {
  const root = useRootData();
  const { user, cities } = root;
  const { menuOpen, setMenuOpen, openDialog } = useUi();
  const { lp } = useLocalePath();
  const location = useLocation();
  const [buyOpen, setBuyOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const buyId = useId();
  const close = () => setMenuOpen(false);

  // Any navigation closes the menu. The menu mounts (lazily) when it is first opened: that first
  // run is not a navigation.
  const shownAt = useRef(location.pathname + location.search);
  useEffect(() => {
    const here = location.pathname + location.search;
    if (here === shownAt.current) return;
    shownAt.current = here;
    setMenuOpen(false);
  }, [location.pathname, location.search, setMenuOpen]);
  // Mounted closed, then opened: the drawer then runs its opening transition and remembers the
  // burger to give the focus back to on close (Mantine records it on a change of `opened`).
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const helpEmail = config(root, "help_email", "") as string;

  const onLogin = () => {
    close();
    openDialog("login");
  };
  const onLogout = async () => {
    setLoggingOut(true);
    await logout();
    // Spec §4: logout goes to / (a full load: every part of the page forgets the user).
    window.location.assign(lp("/"));
  };

  return (
    <Drawer
      opened={menuOpen && mounted}
      onClose={close}
      size="100%"
      position="right"
      withCloseButton={false}
      padding={0}
      id="menu-principal"
      title={<span className="visually-hidden">{t("site.nav.menuTitle")}</span>}
      classNames={{ content: classes.content, body: classes.body, header: classes.header }}
      transitionProps={{ transition: "fade", duration: 250 }}
      zIndex={300}
    >
      <div className={classes.top}>
        <SiteLogo to={lp("/")} />
        <Burger opened onClick={close} size="sm" color="var(--nb-ink)" aria-label={t("nav.closeMenu")} />
      </div>

      <div className={classes.layout}>
        <nav aria-label={t("site.nav.menuNav")} className={classes.nav}>
          <ul className={classes.list}>
            {ITEMS.map((item, i) =>
              "buy" in item ? (
                <li key="buy">
                  <UnstyledButton
                    className={classes.link}
                    onClick={() => setBuyOpen((o) => !o)}
                    aria-expanded={buyOpen}
                    aria-controls={buyId}
                  >
                    <span className={classes.index} aria-hidden>
                      {String(i + 1).padStart(2, "0")}
                    </span>
                    {t("nav.buyClasses")}
                    <IconChevronDown
                      className={classes.chevron}
                      data-open={buyOpen || undefined}
                      size={22}
                      stroke={1.5}
                      aria-hidden
                    />
                  </UnstyledButton>
                  <Collapse expanded={buyOpen} id={buyId}>
                    <ul className={classes.subList}>
                      {cities.map((c) => (
                        <li key={c.id}>
                          <Link to={lp(`/buy-sessions/${c.id}`)} className={classes.subLink} onClick={close}>
                            {t("nav.buyIn", { city: c.name })}
                          </Link>
                        </li>
                      ))}
                      <li>
                        <Link to={lp("/buy-sessions/on-demand")} className={classes.subLink} onClick={close}>
                          {t("nav.onDemandPlans")}
                        </Link>
                      </li>
                    </ul>
                  </Collapse>
                </li>
              ) : (
                <li key={item.to}>
                  <Link to={lp(item.to)} className={classes.link} onClick={close}>
                    <span className={classes.index} aria-hidden>
                      {String(i + 1).padStart(2, "0")}
                    </span>
                    {t(item.label)}
                  </Link>
                </li>
              ),
            )}
            <li className={classes.sessionItem}>
              {user ? (
                <UnstyledButton className={classes.sessionLink} onClick={onLogout} disabled={loggingOut}>
                  {t("nav.logout")}
                </UnstyledButton>
              ) : (
                <UnstyledButton className={classes.sessionLink} onClick={onLogin}>
                  {t("nav.login")}
                </UnstyledButton>
              )}
            </li>
          </ul>
        </nav>

        <div className={classes.aside}>
          <div className={classes.art} aria-hidden>
            <img src="/images/home/hero.svg" alt="" />
          </div>
          <p className={classes.tagline}>{t("site.nav.menuTagline")}</p>
          {user && <p className={classes.greeting}>{t("site.nav.greeting", { name: user.name || user.full_name })}</p>}
          {helpEmail && (
            <p className={classes.help}>
              {t("footer.help")}{" "}
              <a href={`mailto:${helpEmail}`} className={classes.helpLink}>
                {helpEmail}
                <IconArrowUpRight size={14} aria-hidden />
              </a>
            </p>
          )}
        </div>
      </div>
    </Drawer>
  );
}
