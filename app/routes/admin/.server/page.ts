/**
 * Guards of the back-office pages (server only). Layout loaders and page loaders/actions both
 * call them: React Router runs a layout's loader alongside its children's, so every loader
 * checks for itself.
 */
import { data, redirect, type AppLoadContext } from "react-router";
import { t } from "~/lib/messages";
import { localePath, stripLocale } from "~/lib/routes";
import { requireGuards } from "~/.server/pages/guard";
import { guardUser } from "~/.server/http/api";
import { actorOf, type Actor } from "~/.server/domain/people/access";
import { can, isBackOffice, PERMISSIONS, type Permission } from "~/shared/permissions";
import { SCANNER_PATH } from "~/components/admin/menu";
import { ROLE } from "~/shared/roles";
import { mustStartShift } from "~/.server/domain/shifts/service";

type Args = { request: Request; context: AppLoadContext };

/** Admin pages: spec middleware `admin` then `noCashiers`; front-desk accounts go to the scanner. */
const ADMIN_PAGE = ["admin", "noCashiers"] as const;

/** The caller's IP as the server resolved it (http/client.ts: X-Forwarded-For only with TRUST_PROXY). */
function clientIp(context: AppLoadContext) {
  return context.clientIp ?? null;
}

/**
 * A back-office page: the layout's guard, then the page's `permission` from the one table
 * (app/shared/permissions.ts), refused with a 403 page. `administratorOnly` is the older spelling
 * of `permission: "staff.write"` (deprecated, kept for branches that use it).
 */
export function requireAdminPage(
  args: Args,
  opts: { permission?: Permission; /** @deprecated use `permission` */ administratorOnly?: boolean } = {},
): Actor {
  const auth = requireGuards(args, [...ADMIN_PAGE]);
  const user = auth.user!;
  const pathname = new URL(args.request.url).pathname;
  if (user.canScanAttendance) throw redirect(localePath(SCANNER_PATH, pathname));
  const actor = actorOf(user, clientIp(args.context));
  const permission = opts.permission ?? (opts.administratorOnly ? "staff.write" : undefined);
  if (permission && !can(actor, permission))
    throw data(
      PERMISSIONS[permission] === "fullAdministrator"
        ? t("admin.people.errors.onlyAdministrators")
        : t("errors.forbidden"),
      { status: 403 },
    );
  return actor;
}

/** The admin layout itself: the same guard, except that the admin auth pages are never behind it. */
export function requireAdminLayout(args: Args) {
  const path = stripLocale(new URL(args.request.url).pathname);
  if (path === "/admin/auth" || path.startsWith("/admin/auth/")) throw data(null, { status: 404 });
  return requireAdminPage(args);
}

/**
 * The attendance scanner pages: the coach's pages, spec middleware `coach` (not logged in → admin
 * login; admins and customers → the administrators' attendance list; door → door page); also the
 * front-desk accounts (`can_scan_attendance`) whatever their role, once past two-factor, and the
 * back office (administrators of types 1 and 2, `adminAndCoach`), who open a class's list from the
 * calendar. The cashier goes on to the attendance list and from there to her own screen.
 */
export function requireScannerPage(args: Args) {
  const user = guardUser(args.context.auth);
  if (user?.canScanAttendance && !user.needsTwoFactor) return args.context.auth;
  if (user && isBackOffice(user)) return requireGuards(args, ["adminAndCoach"]);
  return requireGuards(args, ["coach"]);
}

/** The door page: spec middleware `door`. */
export function requireDoorPage(args: Args) {
  return requireGuards(args, ["door"]);
}

/**
 * The cashier screen (cashiers layout): logged in and an administrator (any employee type); also
 * door staff, who open a shift too (spec §6) and so must be able to close it.
 */
export function requireCashierPage(args: Args) {
  if (args.context.auth.user?.roleId === ROLE.door) return requireGuards(args, ["door"]);
  return requireGuards(args, ["admin"]);
}

/**
 * @deprecated Not needed: a domain AppError thrown by a page loader or action already becomes the
 * page's status and message (domain/errors.ts). Kept as a pass-through for the pages that still call it.
 */
export async function pageData<T>(p: Promise<T>): Promise<T> {
  return p;
}

/**
 * The shift guard (spec §4 "Shift"): true when this staff member must open a shift first (staff
 * with an employee record who are not administrator-type 1, coach, nor the scanner-only account,
 * with no open shift). The admin, cashiers and door layouts then show the shift-start screen
 * instead of their content.
 */
export async function shiftStartRequired(args: Args): Promise<boolean> {
  const user = args.context.auth.user;
  return Boolean(user && (await mustStartShift(args.context.deps.db, user)));
}
