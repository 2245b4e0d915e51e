import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  birthDate,
  boolean,
  email,
  findUnsafeText,
  foldText,
  id,
  INTEGER_MAX,
  isSafeText,
  moneyCents,
  optionalText,
  requiredText,
  searchText,
  wholeNumber,
} from "~/shared/schemas/fields";

const ok = <T extends z.ZodType>(s: T, v: unknown) => s.safeParse(v);

describe("the text rule (NUL bytes and lone surrogates)", () => {
  it("refuses a NUL byte and lone surrogates, keeps real text (emoji included)", () => {
    expect(isSafeText("Ramírez 💪")).toBe(true);
    expect(isSafeText("a\u0000b")).toBe(false);
    expect(isSafeText("a\ud800")).toBe(false);
    expect(isSafeText("\udc00a")).toBe(false);
  });

  it("every text field uses it, with one Spanish message", () => {
    for (const schema of [requiredText("El nombre es requerido"), optionalText(), searchText, email]) {
      const r = ok(schema, "x\u0000y@ejemplo.mx");
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe("El texto contiene caracteres no permitidos");
      expect(ok(schema, "ab\ud800").success).toBe(false);
    }
  });

  it("finds the field of an unsafe string anywhere in a body", () => {
    expect(findUnsafeText({ a: "ok", address: { zip: "1\u00002" } })).toEqual({ field: "address.zip" });
    expect(findUnsafeText({ list: ["ok", "\ud800"] })).toEqual({ field: "list.1" });
    expect(findUnsafeText({ a: "ok", n: 1 })).toBeNull();
  });
});

describe("booleans", () => {
  it("accept true/false, 1/0, on/off and refuse any other string", () => {
    for (const v of [true, "true", "1", 1, "on", "TRUE"]) expect(ok(boolean, v).data).toBe(true);
    for (const v of [false, "false", "0", 0, "off", undefined, ""]) expect(ok(boolean, v).data).toBe(false);
    for (const v of ["sí", "maybe", "2", 2, {}]) {
      const r = ok(boolean, v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe("El valor debe ser verdadero o falso (true/false, 1/0, on/off)");
    }
  });
});

describe("dates, money and whole numbers", () => {
  it("a birth date is a real past date", () => {
    expect(ok(birthDate, "1990-02-28").data).toBe("1990-02-28");
    expect(ok(birthDate, "2020-02-31").success).toBe(false);
    expect(ok(birthDate, "2999-01-01").error?.issues[0]?.message).toBe("La fecha de nacimiento no puede ser futura");
  });

  it("money is integer cents in and es-MX out", () => {
    expect(ok(moneyCents, 12345).data).toBe(12345);
    expect(ok(moneyCents, "12345").data).toBe(12345);
    expect(ok(moneyCents, 12.5).success).toBe(false);
  });

  it("one integer rule: ids, whole numbers and cents fit PostgreSQL's integer", () => {
    expect(INTEGER_MAX).toBe(2_147_483_647);
    expect(ok(id, "2147483647").data).toBe(INTEGER_MAX);
    expect(ok(id, 7).data).toBe(7);
    for (const big of ["2147483648", "99999999999", "1e308", 1e308, 2147483648, "-1", 0, "1.5"]) {
      const r = ok(id, big);
      expect(r.success, String(big)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe("El identificador debe ser un número entero");
    }
    // A caller's max past the rule is held to INTEGER_MAX.
    const count = wholeNumber(0, Number.MAX_SAFE_INTEGER, "Número no válido");
    expect(ok(count, INTEGER_MAX).success).toBe(true);
    expect(ok(count, INTEGER_MAX + 1).error?.issues[0]?.message).toBe("Número no válido");
    expect(ok(moneyCents, INTEGER_MAX).success).toBe(true);
    expect(ok(moneyCents, "2147483648").error?.issues[0]?.message).toBe("El monto no puede pasar de $21,474,836.47");
  });

  it("the NUL search reaches objects without a prototype (Hono's query)", () => {
    const query = Object.assign(Object.create(null), { ok: "x", entity: "a\u0000b" });
    expect(findUnsafeText(query)).toEqual({ field: "entity" });
  });

  it("folds accents and case for search", () => {
    expect(foldText("Ramírez ÑANDÚ")).toBe("ramirez nandu");
  });
});
