/**
 * Form schemas of the people screens, shared by the pages (Mantine form) and the API, so both
 * answer with the same Spanish text. Browser-safe.
 */
import { z } from "zod";
import { t } from "~/lib/messages";
import { emailField } from "~/shared/schemas/auth";

const blankToNull = (v: unknown) =>
  v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v;

const requiredText = (message: string) =>
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ error: message }).trim().min(1, message).max(100, t("admin.people.errors.nameTooLong")),
  );

const checkbox = z.preprocess((v) => v === true || v === "true" || v === "1" || v === "on" || v === 1, z.boolean());

const phone = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .max(30, t("admin.people.errors.phoneInvalid"))
    .refine((v) => {
      const digits = v.replace(/[\s\-().+]/g, "");
      return /^\d{7,20}$/.test(digits);
    }, t("admin.people.errors.phoneInvalid"))
    .nullable(),
);

const birthDate = z.preprocess(
  blankToNull,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, t("admin.people.errors.birthDateInvalid"))
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v) && v >= "1900-01-01";
    }, t("admin.people.errors.birthDateInvalid"))
    .nullable(),
);

const optionalId = z.preprocess(blankToNull, z.coerce.number().int().positive().max(999_999_999).nullable());

export const STAFF_ROLES = [1, 4, 5] as const;
export const EMPLOYEE_TYPES = [1, 2, 3] as const;

const roleId = z.preprocess(
  (v) => (typeof v === "string" ? Number(v) : v),
  z
    .number({ error: t("admin.people.errors.roleInvalid") })
    .refine((v) => (STAFF_ROLES as readonly number[]).includes(v), t("admin.people.errors.roleInvalid")),
);

const employeeType = z.preprocess(
  (v) => {
    const b = blankToNull(v);
    return typeof b === "string" ? Number(b) : b;
  },
  z
    .number({ error: t("admin.people.errors.employeeTypeInvalid") })
    .refine((v) => (EMPLOYEE_TYPES as readonly number[]).includes(v), t("admin.people.errors.employeeTypeInvalid"))
    .nullable(),
);

/** A customer (role 2) as the back office creates and edits it. */
export const customerSchema = z.object({
  name: requiredText(t("validation.nameRequired")),
  last_name: requiredText(t("validation.lastNameRequired")),
  email: emailField,
  phone,
  birth_date: birthDate,
  is_tester: checkbox.optional().default(false),
});
export type CustomerInput = z.output<typeof customerSchema>;

const staffFields = {
  name: requiredText(t("validation.nameRequired")),
  last_name: requiredText(t("validation.lastNameRequired")),
  email: emailField,
  phone,
  employee_type: employeeType.optional().default(null),
  /** Has an employee record (id_employee): needed for shifts and cash. */
  employee: checkbox.optional().default(false),
  studio_id: optionalId.optional().default(null),
  is_tester: checkbox.optional().default(false),
  require2fa: checkbox.optional().default(false),
  can_scan_attendance: checkbox.optional().default(false),
};

function employeeTypeRule(v: { role_id: number; employee_type: number | null }, ctx: z.RefinementCtx) {
  if (v.role_id === 1 && v.employee_type === null)
    ctx.addIssue({ code: "custom", path: ["employee_type"], message: t("admin.people.errors.employeeTypeRequired") });
}

/** Any staff account (roles 1, 4, 5): the personnel screen. */
export const staffSchema = z
  .object({ ...staffFields, role_id: roleId })
  .superRefine(employeeTypeRule)
  .transform((v) => ({ ...v, employee_type: v.role_id === 1 ? v.employee_type : null }));
export type StaffInput = z.output<typeof staffSchema>;

/** An administrator (role 1): the administrators screen, where the role is fixed. */
export const administratorSchema = z
  .object(staffFields)
  .transform((v) => ({ ...v, role_id: 1 }))
  .superRefine(employeeTypeRule);
export type AdministratorInput = z.output<typeof administratorSchema>;
