/**
 * Form schemas of the people screens, shared by the pages (Mantine form) and the API, so both
 * answer with the same Spanish text. Browser-safe.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { phone } from "~/shared/mexico/fields";
import { EMPLOYEE_TYPES, ROLE, STAFF_ROLES } from "~/shared/roles";
import {
  birthDate,
  blankToNull,
  boolean,
  email as emailField,
  oneOfNumbers,
  optionalId,
  requiredText as text,
} from "~/shared/schemas/fields";

export { EMPLOYEE_TYPES, STAFF_ROLES };

const requiredText = (message: string) => text(message, { tooLong: t("admin.people.errors.nameTooLong") });

const roleId = oneOfNumbers(STAFF_ROLES, t("admin.people.errors.roleInvalid"));

const employeeType = z.preprocess(
  blankToNull,
  z.union([oneOfNumbers(EMPLOYEE_TYPES, t("admin.people.errors.employeeTypeInvalid")), z.null()]),
);

/** A customer (role 2) as the back office creates and edits it. */
export const customerSchema = z.object({
  name: requiredText(t("validation.nameRequired")),
  last_name: requiredText(t("validation.lastNameRequired")),
  email: emailField,
  phone,
  birth_date: birthDate,
  is_tester: boolean.optional().default(false),
});
export type CustomerInput = z.output<typeof customerSchema>;

const staffFields = {
  name: requiredText(t("validation.nameRequired")),
  last_name: requiredText(t("validation.lastNameRequired")),
  email: emailField,
  phone,
  employee_type: employeeType.optional().default(null),
  /** Has an employee record (id_employee): needed for shifts and cash. */
  employee: boolean.optional().default(false),
  studio_id: optionalId.optional().default(null),
  is_tester: boolean.optional().default(false),
  require2fa: boolean.optional().default(false),
  can_scan_attendance: boolean.optional().default(false),
};

function employeeTypeRule(v: { role_id: number; employee_type: number | null }, ctx: z.RefinementCtx) {
  if (v.role_id === ROLE.admin && v.employee_type === null)
    ctx.addIssue({ code: "custom", path: ["employee_type"], message: t("admin.people.errors.employeeTypeRequired") });
}

/** Any staff account (roles 1, 4, 5): the personnel screen. */
export const staffSchema = z
  .object({ ...staffFields, role_id: roleId })
  .superRefine(employeeTypeRule)
  .transform((v) => ({ ...v, employee_type: v.role_id === ROLE.admin ? v.employee_type : null }));
export type StaffInput = z.output<typeof staffSchema>;

/** An administrator (role 1): the administrators screen, where the role is fixed. */
export const administratorSchema = z
  .object(staffFields)
  .transform((v) => ({ ...v, role_id: ROLE.admin as number }))
  .superRefine(employeeTypeRule);
