import { ModalsProvider } from "@mantine/modals";
import { useMounted } from "@mantine/hooks";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { loadNotifications } from "~/lib/toast";
import { AdminNav } from "./AdminNav";
import classes from "./AdminShell.module.css";
import { adminMenu } from "./menu";
import { UserMenu } from "./UserMenu";

/** The login and expired-session dialogs (and their forms): a file of their own, loaded after the page. */
const AuthDialogs = lazy(() => import("~/components/auth/AuthDialogs").then((m) => ({ default: m.AuthDialogs })));

/** Shown while moving to another page (not for a table's own search/sort: the table shows that). */
function useNavigatingAway() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const away = navigation.state === "loading" && navigation.location?.pathname !== pathname;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!away) {
      setShown(false);
      return;
    }
    const id = setTimeout(() => setShown(true), 150);
    return () => clearTimeout(id);
  }, [away]);
  return shown;
}

const NAVBAR_ID = "admin-menu";

/**
 * The back-office frame (spec §2 admin layout): top bar with the user's name, avatar and menu;
 * side menu (a drawer behind the burger on phones); a veil while navigating; the login, register
 * and reset dialogs (an expired session asks to log in again here too). `withMenu={false}`
 * gives the slim frame of the door and cashier screens.
 *
 * Plain elements with one stylesheet (AdminShell.module.css), not Mantine's AppShell, Burger,
 * ScrollArea and LoadingOverlay: the frame is on every back-office page, and as styled components
 * it was a good part of a phone's hydration work and of the page's inline styles. Below Mantine's
 * `md` breakpoint the closed drawer is `display: none` (neither laid out nor painted).
 */
export function AdminShell({ children, withMenu = true }: { children: ReactNode; withMenu?: boolean }) {
  const { user } = useRootData();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setOpened(false), []);
  const entries = useMemo(() => (withMenu ? adminMenu(user) : []), [user, withMenu]);
  const hasMenu = withMenu && entries.length > 0;
  const navigating = useNavigatingAway();
  useEffect(() => close(), [pathname, close]);
  // Back-office screens call Mantine's `notifications.show` directly: load the package, which makes
  // the root's <LazyNotifications> mount the toasts' host.
  useEffect(() => void loadNotifications(), []);

  // The confirm dialogs (kit/confirm.tsx) live with the back office: the public site never opens
  // one, so its first load does not carry Mantine's modal manager. They are opened through
  // `modals.openConfirmModal` (a window event the provider listens to), never through its context,
  // so the provider sits beside the page and mounts once the page is live: its closed Modal drew
  // nothing on the server but cost every back-office answer (docs/decisions.md, "Server CPU of the
  // back-office lists").
  const live = useMounted();
  return (
    <>
      {live && <ModalsProvider labels={{ confirm: t("app.confirm"), cancel: t("app.cancel") }} />}
      <div className={hasMenu ? `${classes.shell} ${classes.withMenu}` : classes.shell}>
        <header className={classes.header}>
          <div className={classes.headerStart}>
            {hasMenu && (
              <button
                type="button"
                className={classes.burger}
                onClick={() => setOpened((o) => !o)}
                aria-expanded={opened}
                aria-controls={NAVBAR_ID}
                aria-label={opened ? t("admin.shell.closeMenu") : t("admin.shell.openMenu")}
              >
                <span className={classes.burgerLines} />
              </button>
            )}
            <Link
              className={classes.brand}
              to={localePath(
                hasMenu ? (entries[0].kind === "link" ? entries[0].href : "/admin/dashboard") : pathname,
                pathname,
              )}
            >
              {t("app.name")}
            </Link>
            <p className={classes.caption}>{t("admin.crumbs.admin")}</p>
          </div>
          {user && <UserMenu user={user} />}
        </header>
        {hasMenu && (
          <div id={NAVBAR_ID} className={classes.navbar} data-open={opened || undefined}>
            <AdminNav entries={entries} onNavigate={close} />
          </div>
        )}
        <main className={classes.main}>
          {navigating && (
            <div className={classes.overlay} role="status">
              <span className={classes.spinner} aria-hidden />
              <span className="visually-hidden">{t("admin.shell.loading")}</span>
            </div>
          )}
          <div className={classes.page}>{children}</div>
        </main>
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      </div>
    </>
  );
}
