import { notifications } from "~/lib/toast";
import { useEffect, useRef } from "react";
import { useLocation, useRouteLoaderData } from "react-router";
import { api, onTokenExpired, type ApiData } from "~/lib/api";
import type { messageAnswer } from "~/shared/schemas/answers";
import { useUi, type RootData } from "~/lib/app-state";
import { t } from "~/lib/messages";

/**
 * Expired token (spec §4, §8): an answer 401 'Token has expired' logs the user out, asks to log
 * in again in the login dialog, and brings the user back to the page they were on. From then on
 * the page shows nobody logged in (navbar, counters, menu); closing the dialog without logging in
 * reloads the page's data, so a guarded page sends the visitor to its login page (AuthDialogs).
 */
export function ExpiredSessionWatcher() {
  const { setAuthCallback, openDialog, endSession } = useUi();
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
      void api<ApiData<typeof messageAnswer>>("/logout", { method: "POST" }).catch(() => undefined);
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

  return null;
}
