import { describe, expect, it } from "vitest";
import { t } from "~/lib/messages";
import {
  changePasswordSchema,
  emailStepSchema,
  forgotSchema,
  loginSchema,
  registerSchema,
  restoreSchema,
  validate,
} from "~/shared/schemas/auth";

/** Spec §5, word for word. */
const SPEC = {
  emailRequired: "El email es requerido",
  emailInvalid: "El email debe ser valido",
  passwordRequired: "La contraseña es requerida",
  passwordMin: "La contraseña debe tener minimo 6 caracteres",
  nameRequired: "El nombre es requerido",
  lastNameRequired: "El apellido es requerido",
  confirmRequired: "La confirmación de contraseña es requerida",
  mustMatch: "Las contraseñas deben coincidir",
  termsLabel: "Acepto los Términos y Condiciones",
  termsRequired: "Debe aceptar los Términos y Condiciones",
  resetSent: "Le hemos enviado un correo electrónico con instrucciones para recuperar su contraseña.",
};

const errorsOf = (schema: Parameters<typeof validate>[0], values: unknown) => {
  const r = validate(schema, values);
  return r.ok ? {} : r.errors;
};

const goodRegister = {
  name: "Ana",
  last_name: "López",
  email: "ana@example.com",
  password: "secreto1",
  confirmPassword: "secreto1",
  terms: true,
};

describe("email (spec §5)", () => {
  for (const [name, schema] of [
    ["email step", emailStepSchema],
    ["login", loginSchema],
    ["register", registerSchema],
    ["forgot", forgotSchema],
  ] as const) {
    it(`${name}: required and must look like an address`, () => {
      expect(errorsOf(schema, { email: "" }).email).toBe(SPEC.emailRequired);
      expect(errorsOf(schema, {}).email).toBe(SPEC.emailRequired);
      expect(errorsOf(schema, { email: "   " }).email).toBe(SPEC.emailRequired);
      expect(errorsOf(schema, { email: "ana" }).email).toBe(SPEC.emailInvalid);
      expect(errorsOf(schema, { email: "ana@" }).email).toBe(SPEC.emailInvalid);
    });
  }

  it("accepts a real address (trimmed)", () => {
    const r = validate(emailStepSchema, { email: "  cliente@example.com " });
    expect(r).toEqual({ ok: true, data: { email: "cliente@example.com" } });
  });
});

describe("login password (spec §5)", () => {
  it("is required", () => {
    expect(errorsOf(loginSchema, { email: "a@b.mx", password: "" }).password).toBe(SPEC.passwordRequired);
    expect(errorsOf(loginSchema, { email: "a@b.mx" }).password).toBe(SPEC.passwordRequired);
  });
  it("has at least 6 characters", () => {
    expect(errorsOf(loginSchema, { email: "a@b.mx", password: "12345" }).password).toBe(SPEC.passwordMin);
    expect(validate(loginSchema, { email: "a@b.mx", password: "123456" }).ok).toBe(true);
  });
  it("reads rememberMe from form values", () => {
    const r = validate(loginSchema, { email: "a@b.mx", password: "123456", rememberMe: "1" });
    expect(r.ok && r.data.rememberMe).toBe(true);
  });
});

describe("register (spec §5)", () => {
  it("requires all five fields with their messages", () => {
    const e = errorsOf(registerSchema, { terms: true });
    expect(e).toMatchObject({
      name: SPEC.nameRequired,
      last_name: SPEC.lastNameRequired,
      email: SPEC.emailRequired,
      password: SPEC.passwordRequired,
      confirmPassword: SPEC.confirmRequired,
    });
  });
  it("the confirmation must match", () => {
    expect(errorsOf(registerSchema, { ...goodRegister, confirmPassword: "otra123" }).confirmPassword).toBe(
      SPEC.mustMatch,
    );
  });
  it("the password has at least 6 characters", () => {
    expect(errorsOf(registerSchema, { ...goodRegister, password: "abc", confirmPassword: "abc" }).password).toBe(
      SPEC.passwordMin,
    );
  });
  it("the terms must be accepted", () => {
    expect(errorsOf(registerSchema, { ...goodRegister, terms: false }).terms).toBe(SPEC.termsRequired);
    expect(errorsOf(registerSchema, { ...goodRegister, terms: undefined }).terms).toBe(SPEC.termsRequired);
    expect(validate(registerSchema, goodRegister).ok).toBe(true);
  });
  it("the terms label and toast are the spec's words", () => {
    expect(t("auth.register.termsPrefix") + t("auth.register.termsLink")).toBe(SPEC.termsLabel);
    expect(t("validation.termsLabel")).toBe(SPEC.termsLabel);
    expect(t("validation.termsRequired")).toBe(SPEC.termsRequired);
  });
});

describe("restore password (spec §5)", () => {
  it("new password: at least 6 characters, and the confirmation must match", () => {
    expect(errorsOf(restoreSchema, { newPassword: "123", confirmNewPassword: "123" }).newPassword).toBe(
      SPEC.passwordMin,
    );
    expect(errorsOf(restoreSchema, { newPassword: "", confirmNewPassword: "" }).newPassword).toBe(
      SPEC.passwordRequired,
    );
    expect(errorsOf(restoreSchema, { newPassword: "123456", confirmNewPassword: "654321" }).confirmNewPassword).toBe(
      SPEC.mustMatch,
    );
    expect(validate(restoreSchema, { newPassword: "123456", confirmNewPassword: "123456" }).ok).toBe(true);
  });
  it("the reset toast is the spec's words", () => {
    expect(t("success.resetSent")).toBe(SPEC.resetSent);
  });
});

describe("change password (server rules)", () => {
  it("answers per field", () => {
    const e = errorsOf(changePasswordSchema, { currentPassword: "", newPassword: "1", confirmNewPassword: "2" });
    expect(e.currentPassword).toBe(SPEC.passwordRequired);
    expect(e.newPassword).toBe(SPEC.passwordMin);
  });
});
