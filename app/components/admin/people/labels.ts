import { messages } from "~/lib/messages";

const ROLES: Record<number, string> = messages.admin.people.roles;
const TYPES: Record<number, string> = messages.admin.people.employeeTypes;
const TYPE_HELP: Record<number, string> = messages.admin.people.employeeTypesHelp;

/** Spanish name of a role id (1, 2, 4, 5). */
export const roleLabel = (id: number) => ROLES[id] ?? String(id);
/** Spanish name of an administrator's employee type (1, 2, 3). */
export const employeeTypeLabel = (id: number | null | undefined) => (id ? (TYPES[id] ?? String(id)) : "");
export const employeeTypeHelp = (id: number) => TYPE_HELP[id] ?? "";
