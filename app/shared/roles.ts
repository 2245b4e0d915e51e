/**
 * Roles and employee types, written once for the browser and the server (the database schema
 * re-exports them). Compare with these names, never with bare numbers.
 */
export const ROLE = { admin: 1, customer: 2, coach: 4, door: 5 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Employee types of administrators: 1 full, 2 without turns/configuration, 3 cashier. */
export const EMPLOYEE_TYPE = { administrator: 1, manager: 2, cashier: 3 } as const;

/** Roles of the staff (the back office). */
export const STAFF_ROLES = [ROLE.admin, ROLE.coach, ROLE.door] as const;
export const EMPLOYEE_TYPES = [EMPLOYEE_TYPE.administrator, EMPLOYEE_TYPE.manager, EMPLOYEE_TYPE.cashier] as const;

/** The route names of the landing pages (kept as strings so this file imports nothing). */
export type LandingRoute =
  "adminDashboard" | "adminCashier" | "adminQrAssistanceList" | "adminQrDoorPage" | "myAccount";

/**
 * Where a logged-in user belongs: the one staff landing page. Administrators land on the
 * dashboard (cashiers on their screen), coaches on the attendance list, the door on its page,
 * customers on their account. The guards (`homeOf`) and the admin login (`staffHome`) both use it.
 */
export function landingRoute(user: { roleId: number; employeeType: number | null }): LandingRoute {
  if (user.roleId === ROLE.coach) return "adminQrAssistanceList";
  if (user.roleId === ROLE.admin)
    return user.employeeType === EMPLOYEE_TYPE.cashier ? "adminCashier" : "adminDashboard";
  if (user.roleId === ROLE.door) return "adminQrDoorPage";
  return "myAccount";
}
