import type { RouteName } from "~/lib/routes";
import { EMPLOYEE_TYPE, landingRoute, ROLE } from "~/shared/roles";

/** What guards need to know about the visitor. */
export interface GuardUser {
  roleId: number;
  employeeType: number | null;
  canScanAttendance: boolean;
  /** require2fa set and not yet passed in this session. */
  needsTwoFactor: boolean;
}

export interface GuardContext {
  user: GuardUser | null;
  cityId?: number | null;
  studioId?: number | null;
  cartProductCount?: number;
}

export type GuardResult = { allow: true } | { allow: false; redirect: RouteName; status: 401 | 403 };

export const MIDDLEWARE_NAMES = [
  "admin",
  "adminAndCoach",
  "citySelected",
  "coach",
  "customer",
  "door",
  "guest",
  "hasProducts",
  "noCashiers",
  "requires2faAdmin",
  "resetPasswordAdmin",
  "studioSelected",
] as const;
export type MiddlewareName = (typeof MIDDLEWARE_NAMES)[number];

class UnknownMiddlewareError extends Error {
  status = 500;
  constructor() {
    super("Unknown middleware");
  }
}

const isAdmin = (u: GuardUser) => u.roleId === ROLE.admin;
const isCustomer = (u: GuardUser) => u.roleId === ROLE.customer;
const isCoach = (u: GuardUser) => u.roleId === ROLE.coach;
const isDoor = (u: GuardUser) => u.roleId === ROLE.door;

const allow: GuardResult = { allow: true };
const go = (redirect: RouteName, status: 401 | 403 = 403): GuardResult => ({ allow: false, redirect, status });

/** Where a logged-in user belongs ("Other logged-in redirect" of spec §4): the one landing rule. */
function homeOf(user: GuardUser): RouteName {
  return landingRoute(user);
}

/** Guards of staff areas: a staff member with require2fa who has not passed it is sent to the
 * two-factor page by any of them (spec §2: "Users with require2fa set are sent to the admin
 * two-factor page"), whatever their role. */
const STAFF_GUARDS = new Set(["admin", "adminAndCoach", "coach", "door", "noCashiers"]);

/** The route guards of spec §4, by middleware name. */
export function runGuard(name: string, ctx: GuardContext): GuardResult {
  const r = baseGuard(name, ctx);
  if (r.allow && ctx.user?.needsTwoFactor && ctx.user.roleId !== ROLE.customer && STAFF_GUARDS.has(name))
    return go("admin2fa");
  return r;
}

function baseGuard(name: string, ctx: GuardContext): GuardResult {
  const u = ctx.user;
  switch (name) {
    case "admin":
      if (!u || !isAdmin(u)) {
        if (u && isCoach(u)) return go("adminQrAssistanceList");
        if (u && isDoor(u)) return go("adminQrDoorPage");
        return go("adminLogin", u ? 403 : 401);
      }
      return allow;
    case "adminAndCoach":
      if (!u) return go("adminLogin", 401);
      if (isDoor(u)) return go("adminQrDoorPage");
      if (!isCoach(u) && !isAdmin(u)) return go("myAccount");
      return allow;
    case "coach":
      if (!u) return go("adminLogin", 401);
      if (isCoach(u)) return allow;
      if (isAdmin(u) || isCustomer(u)) return go("adminAssistancesList");
      if (isDoor(u)) return go("adminQrDoorPage");
      return go("myAccount");
    case "customer":
      if (!u) return go("login", 401);
      if (isCustomer(u)) return allow;
      if (isAdmin(u)) return go("adminCalendar");
      return go("index");
    case "door":
      if (!u) return go("adminLogin", 401);
      return isDoor(u) ? allow : go("adminLogin");
    case "guest":
      if (!u) return allow;
      if (isCoach(u) && !u.needsTwoFactor) return go("adminQrAssistanceList");
      if (u.needsTwoFactor && !isCustomer(u)) return go("admin2fa");
      if (isAdmin(u)) return go("adminDashboard");
      return go("myAccount");
    case "hasProducts":
      return (ctx.cartProductCount ?? 0) > 0 ? allow : go("myAccount");
    case "noCashiers":
      if (!u || !isAdmin(u)) return go("login", u ? 403 : 401);
      return u.employeeType === EMPLOYEE_TYPE.cashier ? go("adminCashier") : allow;
    case "requires2faAdmin":
      if (!u) return go("adminLogin", 401);
      if (isCustomer(u)) return go("myAccount");
      if (u.needsTwoFactor) return allow;
      return go(homeOf(u));
    case "resetPasswordAdmin":
      if (!u) return allow;
      return go(homeOf(u));
    case "citySelected":
      return ctx.cityId ? allow : go("selectLocation");
    case "studioSelected":
      return ctx.studioId ? allow : go("selectStudio");
    default:
      throw new UnknownMiddlewareError();
  }
}

/** Runs guards in order; the first that refuses decides. */
export function runGuards(names: readonly string[], ctx: GuardContext): GuardResult {
  for (const n of names) {
    const r = runGuard(n, ctx);
    if (!r.allow) return r;
  }
  return allow;
}
