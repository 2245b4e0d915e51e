import { useCallback } from "react";
import { useLocation } from "react-router";
import { localePath, stripLocale } from "~/lib/routes";

/** `lp("/coaches")` keeps the visitor's /es-MX prefix; `path` is the current path without it. */
export function useLocalePath() {
  const { pathname } = useLocation();
  const lp = useCallback((path: string) => localePath(path, pathname), [pathname]);
  return { lp, path: stripLocale(pathname), pathname };
}
