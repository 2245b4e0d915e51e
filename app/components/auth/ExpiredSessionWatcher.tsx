import { notifications } from "~/lib/toast";
import { useEffect, useRef } from "react";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { api, onTokenExpired, type ApiData } from "~/lib/api";
import type { currentUserAnswer } from "~/shared/schemas/answers";
import { useUi, type RootData } from "~/lib/app-state";
import { t } from "~/lib/messages";
import { logout, SESSION_ENDED_KEY } from "./logout";

/**
 * Expired token (spec §4, §8): an answer 401 'Token has expired' logs the user out, asks to log
 * in again in the login dialog, and brings the user back to the page they were on. From then on
 * the page shows nobody logged in (navbar, counters, menu); closing the dialog without logging in
 * reloads the page's data, so a guarded page sends the visitor to its login page (AuthDialogs).
 *
 * The session may also end while the page shows someone without a call of its own failing: a
 * logout in another tab (it says so through `localStorage`), the token expiring while the tab was
 * in the background, or this page shown again from the browser's history after a logout. The page
 * then asks the server who is logged in: an expired token takes the path above; a session that is
 * gone shows nobody from then on (no more credit counters) and the page's data reloads.
 */
export function ExpiredSessionWatcher() {
  const { setAuthCallback, openDialog, endSession } = useUi();
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const rootUser = (useRouteLoaderData("root") as RootData | undefined)?.user ?? null;
  const user = useRef(rootUser);
  const { pathname, search } = useLocation();
  const here = useRef(pathname + search);
  const handling = useRef(false);

  useEffect(() => {
    here.current = pathname + search;
  }, [pathname, search]);
  useEffect(() => {
    user.current = rootUser;
  }, [rootUser]);

  useEffect(() => {
    const off = onTokenExpired(() => {
      // Several calls may fail together: handle the first.
      if (handling.current) return;
      handling.current = true;
      void logout().catch(() => undefined);
      endSession(user.current);
      notifications.show({ color: "yellow", message: t("auth.expired.toast") });
      setAuthCallback(here.current);
      openDialog("login");
      setTimeout(() => {
        handling.current = false;
      }, 2000);
    });
    return () => {
      off();
    };
  }, [setAuthCallback, openDialog, endSession]);

  useEffect(() => {
    const ended = () => {
      if (!user.current) return;
      endSession(user.current);
      void revalidate.current();
    };
    const recheck = async () => {
      if (!user.current || handling.current) return;
      const r = await api<ApiData<typeof currentUserAnswer>>("/auth/me", { method: "POST" });
      if (!r.ok && r.status === 401 && !r.expired) ended();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void recheck();
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === SESSION_ENDED_KEY) ended();
    };
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) void recheck();
    };
    // Reached through the back or forward button: the browser may have shown its old copy of a page.
    const entry = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
    if (entry?.type === "back_forward") void recheck();
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("storage", onStorage);
    window.addEventListener("pageshow", onPageShow);
    return () => {
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("storage", onStorage);
      window.removeEventListener("pageshow", onPageShow);
    };
  }, [endSession]);

  return null;
}
