import { z } from "zod";
import { t } from "~/lib/messages";
import { boolean, email, password, requiredText } from "~/shared/schemas/fields";

/**
 * One zod schema per form of spec §5, shared by the dialogs (browser) and the API (server),
 * so both show the same Spanish text word for word.
 */
const requiredString = (message: string) => requiredText(message, { max: 200 });

/** The email rule (kept under its old name for existing imports). */
export const emailField = email;

export const emailStepSchema = z.object({ email: emailField });

export const loginSchema = z.object({
  email: emailField,
  password,
  rememberMe: boolean.optional().default(false),
});

export const registerSchema = z
  .object({
    name: requiredText(t("validation.nameRequired")),
    last_name: requiredText(t("validation.lastNameRequired")),
    email: emailField,
    password,
    confirmPassword: requiredString(t("validation.confirmPasswordRequired")),
    terms: boolean.refine((v) => v, t("validation.termsRequired")),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: t("validation.passwordsMustMatch"),
  });

export const forgotSchema = z.object({ email: emailField });

export const restoreSchema = z
  .object({
    newPassword: password,
    confirmNewPassword: requiredString(t("validation.confirmPasswordRequired")),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ["confirmNewPassword"],
    message: t("validation.passwordsMustMatch"),
  });

/** Change password: no client rules (spec §5); the server answers per field. */
export const changePasswordSchema = z
  .object({
    currentPassword: requiredString(t("validation.passwordRequired")),
    newPassword: password,
    confirmNewPassword: requiredString(t("validation.confirmPasswordRequired")),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, {
    path: ["confirmNewPassword"],
    message: t("validation.passwordsMustMatch"),
  });

export type FieldErrors = Record<string, string>;

/** Runs a schema in the browser and returns the first message per field (same as the API's error.messages). */
export function validate<T extends z.ZodType>(
  schema: T,
  values: unknown,
): { ok: true; data: z.output<T> } | { ok: false; errors: FieldErrors } {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, data: r.data };
  const errors: FieldErrors = {};
  for (const i of r.error.issues) {
    const k = i.path.map(String).join(".");
    if (!(k in errors)) errors[k] = i.message;
  }
  return { ok: false, errors };
}
