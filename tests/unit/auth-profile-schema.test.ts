import { describe, expect, it } from "vitest";
import { profileSchema } from "~/shared/schemas/profile";
import { isCalendarDate } from "~/shared/schemas/fields";
import { normalizePhone } from "~/shared/mexico/phone";
import { localDay } from "~/shared/mexico/time";
import { detectImageType } from "~/.server/domain/profile/service";
import { validate } from "~/shared/schemas/auth";

describe("profile schema (Mis Datos)", () => {
  it("requires name and last name with the spec's messages", () => {
    const r = validate(profileSchema, { name: " ", last_name: "" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors).toEqual({ name: "El nombre es requerido", last_name: "El apellido es requerido" });
  });

  it("phone: optional, 10 digits, +52 and separators allowed, stored as digits", () => {
    expect(validate(profileSchema, { name: "A", last_name: "B", phone: "55 1234-5678" })).toEqual({
      ok: true,
      data: { name: "A", last_name: "B", phone: "5512345678" },
    });
    expect(normalizePhone("+52 (81) 1234 5678")).toBe("8112345678");
    const bad = validate(profileSchema, { name: "A", last_name: "B", phone: "12345" });
    expect(!bad.ok && bad.errors.phone).toBe("El teléfono debe tener 10 dígitos");
    const cleared = validate(profileSchema, { name: "A", last_name: "B", phone: "" });
    expect(cleared.ok && cleared.data.phone).toBeNull();
    const absent = validate(profileSchema, { name: "A", last_name: "B" });
    expect(absent.ok && absent.data.phone).toBeUndefined();
  });

  it("birth date: a real past date", () => {
    expect(isCalendarDate("2001-02-29")).toBe(false);
    expect(isCalendarDate("2000-02-29")).toBe(true);
    const ok = validate(profileSchema, { name: "A", last_name: "B", birth_date: "1990-05-17" });
    expect(ok.ok && ok.data.birth_date).toBe("1990-05-17");
    const bad = validate(profileSchema, { name: "A", last_name: "B", birth_date: "17/05/1990" });
    expect(!bad.ok && bad.errors.birth_date).toBe("La fecha de nacimiento no es válida");
    const future = validate(profileSchema, { name: "A", last_name: "B", birth_date: "2999-01-01" });
    expect(!future.ok && future.errors.birth_date).toBe("La fecha de nacimiento no puede ser futura");
  });

  it("today is computed in Mexico City", () => {
    expect(localDay(new Date("2026-01-01T05:00:00Z"))).toBe("2025-12-31");
    expect(localDay(new Date("2026-01-01T07:00:00Z"))).toBe("2026-01-01");
  });
});

describe("image detection", () => {
  it("recognises PNG, JPEG and WebP by content", () => {
    expect(detectImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(detectImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpg");
    expect(detectImageType(new TextEncoder().encode("RIFF\0\0\0\0WEBPVP8 "))).toBe("webp");
    expect(detectImageType(new TextEncoder().encode("GIF89a......"))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("<svg></svg>"))).toBeNull();
  });
});
