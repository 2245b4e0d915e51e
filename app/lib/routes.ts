/**
 * Named routes of the product (the spec names guard targets by route name).
 * Paths are without the locale prefix; `localePath` adds it when the visitor is under /es-MX.
 */
export const ROUTES = {
  index: "/",
  login: "/login",
  register: "/register",
  myAccount: "/my-account",
  selectLocation: "/select-location",
  selectStudio: "/select-studio",
  calendar: "/calendar",
  store: "/store",
  bookSession: "/book-session",
  profileSettings: "/profile/settings",
  adminLogin: "/admin/auth/login",
  admin2fa: "/admin/auth/2f-auth",
  adminDashboard: "/admin/dashboard",
  adminCalendar: "/admin/calendar",
  adminAdministrators: "/admin/administrators",
  adminAssistancesList: "/admin/assistances/list",
  adminQrAssistanceList: "/admin/qr-assistance/list",
  adminQrDoorPage: "/admin/qr-door-page",
  adminCashier: "/admin/pos",
} as const;

export type RouteName = keyof typeof ROUTES;

const LOCALE = "es-MX";
const LOCALE_PREFIX = `/${LOCALE}`;

function hasLocalePrefix(pathname: string) {
  return pathname === LOCALE_PREFIX || pathname.startsWith(`${LOCALE_PREFIX}/`);
}

/** Keeps the visitor's prefix: `localePath("/coaches", "/es-MX/store")` → "/es-MX/coaches". */
export function localePath(path: string, currentPathname: string) {
  if (!hasLocalePrefix(currentPathname) || hasLocalePrefix(path) || !path.startsWith("/")) return path;
  return path === "/" ? LOCALE_PREFIX : `${LOCALE_PREFIX}${path}`;
}

export function stripLocale(pathname: string) {
  if (!hasLocalePrefix(pathname)) return pathname;
  return pathname.slice(LOCALE_PREFIX.length) || "/";
}
