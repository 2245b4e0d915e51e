/**
 * Roles and employee types, written once for the browser and the server (the database schema
 * re-exports them). Compare with these names, never with bare numbers.
 */
export const ROLE = { admin: 1, customer: 2, coach: 4, door: 5 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Employee types of administrators: 1 full, 2 without turns/configuration, 3 cashier. */
export const EMPLOYEE_TYPE = { administrator: 1, manager: 2, cashier: 3 } as const;
export type EmployeeTypeId = (typeof EMPLOYEE_TYPE)[keyof typeof EMPLOYEE_TYPE];

/** Roles of the staff (the back office). */
export const STAFF_ROLES = [ROLE.admin, ROLE.coach, ROLE.door] as const;
export const EMPLOYEE_TYPES = [EMPLOYEE_TYPE.administrator, EMPLOYEE_TYPE.manager, EMPLOYEE_TYPE.cashier] as const;

/** Where a staff member lands after login when nothing else was asked for. */
export const STAFF_LANDING = "/admin/dashboard";
