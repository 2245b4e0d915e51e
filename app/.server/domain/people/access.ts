import { can, isBackOffice, PERMISSIONS, type Permission } from "~/shared/permissions";
import { t } from "~/lib/messages";
import { AppError } from "../errors";
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

export function assertBackOffice(a: Actor) {
  if (!isBackOffice(a)) throw AppError.forbidden();
}

/** Refuses unless administrator-type 1; returns the actor for chaining. */
export function assertFullAdministrator(a: Actor): Actor {
  return assertCan(a, "staff.write");
}

/**
 * Refuses (403) unless the actor has `permission` (app/shared/permissions.ts); returns the actor.
 * The API and the pages call this, so a rule is enforced the same way on both.
 */
export function assertCan(a: Actor, permission: Permission): Actor {
  if (can(a, permission)) return a;
  throw AppError.forbidden(
    PERMISSIONS[permission] === "fullAdministrator" ? t("admin.people.errors.onlyAdministrators") : undefined,
  );
}
