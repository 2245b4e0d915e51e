import { notifications } from "@mantine/notifications";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { api, onTokenExpired } from "~/lib/api";
import { useUi } from "~/lib/app-state";
import { t } from "~/lib/messages";

/**
 * Expired token (spec §4, §8): an answer 401 'Token has expired' logs the user out, asks to log
 * in again in the login dialog, and brings the user back to the page they were on.
 */
export function ExpiredSessionWatcher() {
  const { setAuthCallback, openDialog } = useUi();
  const { pathname, search } = useLocation();
  const here = useRef(pathname + search);
  const handling = useRef(false);

  useEffect(() => {
    here.current = pathname + search;
  }, [pathname, search]);

  useEffect(() => {
    const off = onTokenExpired(() => {
      // Several calls may fail together: handle the first.
      if (handling.current) return;
      handling.current = true;
      void api("/logout", { method: "POST" }).catch(() => undefined);
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
  }, [setAuthCallback, openDialog]);

  return null;
}
