/**
 * Who may do what in the back office, declared once. The API (`assertCan` in
 * domain/people/access.ts) and the pages (`requireAdminPage(args, { permission })`) both read this
 * table, and the screens use `can()` to show or hide actions. Browser-safe.
 */
import { EMPLOYEE_TYPE, ROLE } from "~/shared/roles";

export interface Who {
  roleId: number;
  employeeType: number | null;
  canScanAttendance: boolean;
}

/**
 * The levels:
 * - `backOffice`: an administrator (role 1) who is not a cashier (type 3) nor a front-desk account;
 * - `fullAdministrator`: the same, of type 1 (creates and edits staff, reads configuration-level records).
 */
export type Level = "backOffice" | "fullAdministrator";

export const PERMISSIONS = {
  "dashboard.read": "backOffice",
  "audit.read": "backOffice",
  "customers.read": "backOffice",
  "customers.write": "backOffice",
  "staff.read": "backOffice",
  "staff.write": "fullAdministrator",
  "outbox.read": "fullAdministrator",
  "places.read": "backOffice",
  "places.write": "backOffice",
  "content.read": "backOffice",
  "content.write": "backOffice",
  // Nucleo Home (issue 23): its videos, uploads, live classes, taxonomies and dashboard.
  "on_demand.read": "backOffice",
  "on_demand.write": "backOffice",
  // Booking (issue 9): the schedule, reservations, attendance, courtesies and templates.
  "booking.read": "backOffice",
  "booking.write": "backOffice",
  "configuration.read": "fullAdministrator",
  "configuration.write": "fullAdministrator",
  "commerce.read": "backOffice",
  "commerce.write": "backOffice",
  // Shifts of every studio (/admin/turns, spec §6: turns are administrator-type 1's).
  "shifts.read": "fullAdministrator",
  // The manager's reports (issue 22): CSV exports and coach pay, administrators of type 1 only.
  "reports.read": "fullAdministrator",
  "coachPay.read": "fullAdministrator",
  "coachPay.write": "fullAdministrator",
} as const satisfies Record<string, Level>;

export type Permission = keyof typeof PERMISSIONS;

export function isBackOffice(w: Who) {
  return w.roleId === ROLE.admin && w.employeeType !== EMPLOYEE_TYPE.cashier && !w.canScanAttendance;
}

function isFullAdministrator(w: Who) {
  return isBackOffice(w) && w.employeeType === EMPLOYEE_TYPE.administrator;
}

function levelAllows(level: Level, w: Who) {
  return level === "fullAdministrator" ? isFullAdministrator(w) : isBackOffice(w);
}

/** May `w` do `permission`? */
export function can(w: Who | null | undefined, permission: Permission): boolean {
  return Boolean(w) && levelAllows(PERMISSIONS[permission], w!);
}
