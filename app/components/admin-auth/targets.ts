import { ROUTES, stripLocale } from "~/lib/routes";
import { landingRoute, ROLE } from "~/shared/roles";

/** What the admin login needs to know about the user it just logged in (spec §3 fields). */
export interface LoginUser {
  role_id: number;
  employee_type: number | null;
  require2fa?: boolean;
}

const ORIGIN = "http://same-site.invalid";

/**
 * A `back` value is followed only when it is a path of this site (never `//host`, `/\host` or a
 * full URL) and not an admin auth page itself (which would loop).
 */
export function safeBack(back: string | null | undefined): string | null {
  if (!back || back.length > 2000 || !back.startsWith("/") || back.startsWith("//")) return null;
  for (const ch of back) if (ch === "\\" || ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127) return null;
  let url: URL;
  try {
    url = new URL(back, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  if (stripLocale(url.pathname).startsWith("/admin/auth")) return null;
  return url.pathname + url.search + url.hash;
}

/** Where a staff member lands after logging in (and after the two-factor step). */
export function staffHome(user: LoginUser, back?: string | null): string {
  if (user.role_id === ROLE.customer) return ROUTES.myAccount;
  return safeBack(back) ?? ROUTES[landingRoute({ roleId: user.role_id, employeeType: user.employee_type })];
}

/** After the admin login: staff with require2fa go to the two-factor page first (keeping `back`). */
export function afterLoginTarget(user: LoginUser, back?: string | null): string {
  if (user.role_id !== ROLE.customer && user.require2fa) {
    const b = safeBack(back);
    return b ? `${ROUTES.admin2fa}?back=${encodeURIComponent(b)}` : ROUTES.admin2fa;
  }
  return staffHome(user, back);
}
