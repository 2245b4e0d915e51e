import { ROLE, EMPLOYEE_TYPE } from "~/shared/roles";
import { t } from "~/lib/messages";
import { AppError } from "../../http/errors";
import type { UserRow } from "../identity/sessions";

/** The staff member doing something in the back office. */
export interface Actor {
  id: number;
  roleId: number;
  employeeType: number | null;
  canScanAttendance: boolean;
  ip?: string | null;
}

export function actorOf(user: UserRow, ip?: string | null): Actor {
  return {
    id: user.id,
    roleId: user.roleId,
    employeeType: user.employeeType,
    canScanAttendance: user.canScanAttendance,
    ip: ip ?? null,
  };
}

/**
 * May use the back-office screens: an administrator (role 1) who is not a cashier (type 3) and
 * not a front-desk account (those only get the attendance scanner).
 */
export function isBackOffice(a: Pick<Actor, "roleId" | "employeeType" | "canScanAttendance">) {
  return a.roleId === ROLE.admin && a.employeeType !== EMPLOYEE_TYPE.cashier && !a.canScanAttendance;
}

/** Administrator-type 1: the only one who creates and edits staff accounts, roles and types,
 * and who reads configuration-level screens (outbox). */
export function isFullAdministrator(a: Pick<Actor, "roleId" | "employeeType" | "canScanAttendance">) {
  return isBackOffice(a) && a.employeeType === EMPLOYEE_TYPE.administrator;
}

export function assertBackOffice(a: Actor) {
  if (!isBackOffice(a)) throw AppError.forbidden();
}

/** Refuses unless administrator-type 1; returns the actor for chaining. */
export function assertFullAdministrator(a: Actor): Actor {
  if (!isFullAdministrator(a)) throw AppError.forbidden(t("admin.people.errors.onlyAdministrators"));
  return a;
}
