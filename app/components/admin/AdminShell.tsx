import { Anchor, AppShell, Burger, Group, LoadingOverlay, ScrollArea, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ModalsProvider } from "@mantine/modals";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import { useRootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { localePath } from "~/lib/routes";
import { loadNotifications } from "~/lib/toast";
import { AdminNav } from "./AdminNav";
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

/**
 * The back-office frame (spec §2 admin layout): top bar with the user's name, avatar and menu;
 * side drawer menu (a drawer on phones); a loading overlay while navigating; the login, register
 * and reset dialogs (an expired session asks to log in again here too). `withMenu={false}`
 * gives the slim frame of the door and cashier screens.
 */
export function AdminShell({ children, withMenu = true }: { children: ReactNode; withMenu?: boolean }) {
  const { user } = useRootData();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const entries = useMemo(() => (withMenu ? adminMenu(user) : []), [user, withMenu]);
  const hasMenu = withMenu && entries.length > 0;
  const navigating = useNavigatingAway();
  useEffect(() => close(), [pathname, close]);
  // Back-office screens call Mantine's `notifications.show` directly: load the package, which makes
  // the root's <LazyNotifications> mount the toasts' host.
  useEffect(() => void loadNotifications(), []);

  // The confirm dialogs (kit/confirm.tsx) live with the back office: the public site never opens
  // one, so its first load does not carry Mantine's modal manager.
  return (
    <ModalsProvider labels={{ confirm: t("app.confirm"), cancel: t("app.cancel") }}>
      <AppShell
        header={{ height: 60 }}
        navbar={hasMenu ? { width: 272, breakpoint: "md", collapsed: { mobile: !opened, desktop: false } } : undefined}
        padding={{ base: "sm", sm: "lg" }}
        // Dimmed text darker than Mantine's gray so that it keeps a 4.5:1 contrast on the warm background.
        style={{ "--mantine-color-dimmed": "#5c636a" } as React.CSSProperties}
        styles={{ main: { background: "#faf6f4", minHeight: "100dvh" } }}
      >
        <AppShell.Header>
          <Group h="100%" px={{ base: "sm", sm: "md" }} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              {hasMenu && (
                <Burger
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="md"
                  size="sm"
                  aria-label={opened ? t("admin.shell.closeMenu") : t("admin.shell.openMenu")}
                />
              )}
              <Anchor
                component={Link}
                to={localePath(
                  hasMenu ? (entries[0].kind === "link" ? entries[0].href : "/admin/dashboard") : pathname,
                  pathname,
                )}
                underline="never"
                c="brand.6"
              >
                <Text ff="heading" fw={600} fz={{ base: 18, sm: 21 }} lh={1.1}>
                  {t("app.name")}
                </Text>
              </Anchor>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} visibleFrom="xs" style={{ letterSpacing: 1 }}>
                {t("admin.crumbs.admin")}
              </Text>
            </Group>
            {user && <UserMenu user={user} />}
          </Group>
        </AppShell.Header>
        {hasMenu && (
          <AppShell.Navbar p="xs">
            <AppShell.Section grow component={ScrollArea} type="scroll">
              <AdminNav entries={entries} onNavigate={close} />
            </AppShell.Section>
          </AppShell.Navbar>
        )}
        <AppShell.Main pos="relative">
          <LoadingOverlay
            visible={navigating}
            zIndex={150}
            overlayProps={{ backgroundOpacity: 0.35, blur: 1 }}
            loaderProps={{ color: "brand", "aria-label": t("admin.shell.loading") } as never}
          />
          <div style={{ maxWidth: 1320, margin: "0 auto" }}>{children}</div>
        </AppShell.Main>
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      </AppShell>
    </ModalsProvider>
  );
}
