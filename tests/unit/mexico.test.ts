/** Mexico's rules (app/shared/mexico): money, time zones, RFC, postal code, phone and states, each written once. */
import { describe, expect, it } from "vitest";
import { validate } from "~/shared/schemas/auth";
import { addressSchema, refundSchema } from "~/shared/schemas/commerce";
import { foundationApplicationSchema, invoiceRequestSchema } from "~/shared/schemas/content";
import { customerSchema } from "~/shared/schemas/people";
import { studioSchema } from "~/shared/schemas/places";
import { profileSchema } from "~/shared/schemas/profile";
import { phone, postalCode, rfc } from "~/shared/mexico/fields";
import {
  centsToDecimal,
  centsToPesos,
  formatMoney,
  formatPrice,
  parsePesos,
  percentOfCents,
} from "~/shared/mexico/money";
import { formatPhone, normalizePhone, phoneHref, phoneSearchDigits } from "~/shared/mexico/phone";
import { isPostalCode } from "~/shared/mexico/postal-code";
import { isCompanyRfc, isRfc, normalizeRfc } from "~/shared/mexico/rfc";
import { clabeCheckDigit, clabeProblem, normalClabe } from "~/shared/mexico/clabe";
import { MEXICO_STATE_NAMES, MEXICO_STATES, mexicoStateName } from "~/shared/mexico/states";
import {
  csvDateTime,
  dayBadge,
  DEFAULT_TZ,
  formatCalendarDate,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  isTimeZone,
  localDay,
  localTime,
  STUDIO_TIME_ZONES,
  zonedToUtc,
} from "~/shared/mexico/time";

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe("money: integer cents, one formatter, one parser", () => {
  it("formats cents as Mexicans read them", () => {
    expect(formatMoney(123450)).toBe("$1,234.50");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(-2000)).toBe("-$20.00");
    expect(formatPrice(150000)).toBe("$1,500");
    expect(formatPrice(150050)).toBe("$1,500.50");
  });

  it("pesos only for the spec's numeric fields and gateways", () => {
    expect(centsToPesos(123450)).toBe(1234.5);
    expect(centsToDecimal(123450)).toBe("1234.50");
    expect(centsToDecimal(5)).toBe("0.05");
    expect(() => centsToDecimal(-1)).toThrow();
    expect(percentOfCents(10000, 15)).toBe(1500);
    expect(percentOfCents(333, 50)).toBe(167); // half up
  });

  it("reads pesos typed by staff, never as a float", () => {
    expect(parsePesos("150")).toBe(15000);
    expect(parsePesos("$1,234.5")).toBe(123450);
    expect(parsePesos(" 1,234,567.89 ")).toBe(123456789);
    expect(parsePesos("150,5")).toBe(15050); // a decimal comma
    expect(parsePesos("0.07")).toBe(7);
    expect(parsePesos(19.99)).toBe(1999);
    for (const bad of ["", "abc", "1.234", "12.", "-5", "1,23,4", 1.234, -1, Number.NaN]) {
      expect(parsePesos(bad), String(bad)).toBeNull();
    }
  });

  it("a refund takes the same parser", () => {
    expect(validate(refundSchema, { amount: "150,5" })).toEqual({ ok: true, data: { amount: 15050 } });
    expect(validate(refundSchema, { amount: "1,500.25" })).toEqual({ ok: true, data: { amount: 150025 } });
    const bad = validate(refundSchema, { amount: "diez" });
    expect(!bad.ok && bad.errors.amount).toBe("Escriba un monto en pesos, con hasta dos decimales");
  });
});

describe("time: the studio's time zone, Mexico City by default", () => {
  // 06:30 UTC on 10 May: 00:30 on the 10th in Mexico City, 23:30 on the 9th in Tijuana (UTC-7).
  const lateNight = new Date("2026-05-10T06:30:00Z");

  it("Mexico City is the default, and the studio's zone moves the day", () => {
    expect(DEFAULT_TZ).toBe("America/Mexico_City");
    expect(localDay(lateNight)).toBe("2026-05-10");
    expect(localTime(lateNight)).toBe("00:30");
    expect(localDay(lateNight, "America/Tijuana")).toBe("2026-05-09");
    expect(localTime(lateNight, "America/Tijuana")).toBe("23:30");
    expect(zonedToUtc("2026-05-09", "23:30", "America/Tijuana").toISOString()).toBe(lateNight.toISOString());
  });

  it("a class's day badge is in its studio's zone", () => {
    expect(dayBadge(lateNight)).toEqual({ wd: "dom", d: "10", m: "may" });
    expect(dayBadge(lateNight, "America/Tijuana")).toEqual({ wd: "sáb", d: "9", m: "may" });
  });

  it("formatters: missing values, exports and calendar days", () => {
    expect(formatDateTime(null)).toBe("—");
    expect(formatDateTime("no es fecha", { fallback: "Nunca" })).toBe("Nunca");
    expect(formatDate("2026-05-10T06:30:00Z", { tz: "America/Tijuana" })).toBe(formatDate("2026-05-09T18:00:00Z"));
    expect(csvDateTime(lateNight)).toBe("2026-05-10 00:30");
    expect(csvDateTime(null)).toBe("");
    expect(formatCalendarDate("2026-05-10")).toBe(formatCalendarDay("2026-05-10"));
    expect(formatCalendarDate("10/05/2026")).toBe("—");
    expect(formatCalendarDay("2026-05-10", { weekday: "long" })).toBe("domingo");
  });

  it("the studio form's zones are real zones", () => {
    for (const tz of STUDIO_TIME_ZONES) expect(isTimeZone(tz), tz).toBe(true);
    expect(isTimeZone("America/Springfield")).toBe(false);
  });
});

describe("RFC: letters, a real date, a homoclave", () => {
  it("accepts persons (13) and companies (12)", () => {
    expect(isRfc("GOMR850315AB1")).toBe(true);
    expect(isRfc("NBA160101K2A")).toBe(true);
    expect(isRfc("ÑA&X000229AB1")).toBe(true); // 29 February 2000
    expect(isCompanyRfc("NBA160101K2A")).toBe(true);
    expect(isCompanyRfc("GOMR850315AB1")).toBe(false);
  });

  it("refuses impossible dates and a bad check character", () => {
    expect(isRfc("GOMR851315AB1")).toBe(false); // month 13
    expect(isRfc("GOMR850332AB1")).toBe(false); // day 32
    expect(isRfc("GOMR850230AB1")).toBe(false); // 30 February
    expect(isRfc("GOMR010229AB1")).toBe(false); // 29 February of 1901/2001
    expect(isRfc("GOMR850315ABB")).toBe(false); // the last one is a digit or A
    expect(isRfc("GOM850315AB")).toBe(false);
  });

  it("is normalized and worded as the invoice form words it", () => {
    expect(normalizeRfc(" gomr-850315 ab1 ")).toBe("GOMR850315AB1");
    expect(rfc.safeParse("gomr 850315 ab1").data).toBe("GOMR850315AB1");
    expect(first(rfc.safeParse(""))).toBe("El RFC es requerido");
    expect(first(rfc.safeParse("GOMR850230AB1"))).toBe(
      "El RFC no es válido: revisa que tenga 12 o 13 caracteres y el formato del SAT",
    );
  });
});

describe("postal code: 5 digits, the spec's messages", () => {
  it("one rule for the address and the invoice", () => {
    expect(isPostalCode("06700")).toBe(true);
    expect(postalCode.safeParse(" 06700 ").data).toBe("06700");
    expect(first(postalCode.safeParse(""))).toBe("El código postal es requerido");
    expect(first(postalCode.safeParse("06a00"))).toBe("El código postal debe ser numérico");
    expect(first(postalCode.safeParse("6700"))).toBe("El código postal debe tener 5 caracteres");
    const invoice = validate(invoiceRequestSchema, { postal_code: "6700" });
    expect(!invoice.ok && invoice.errors.postal_code).toBe("El código postal debe tener 5 caracteres");
    const address = validate(addressSchema, { zip: "6700" });
    expect(!address.ok && address.errors.zip).toBe("El código postal debe tener 5 caracteres");
  });
});

describe("phone: one normal form, +52 accepted everywhere", () => {
  const typed = "+52 55 1234 5678";

  it("normalizes, shows and links", () => {
    expect(normalizePhone(typed)).toBe("5512345678");
    expect(normalizePhone("52 55 1234 5678")).toBe("5512345678");
    expect(normalizePhone("5212345678")).toBe("5212345678"); // 10 digits starting with 52: a number, not a prefix
    expect(formatPhone("5512345678")).toBe("55 1234 5678");
    expect(formatPhone("7441234567")).toBe("744 123 4567");
    expect(phoneHref("55 1234 5678")).toBe("tel:+525512345678");
    expect(phone.safeParse("").data).toBeNull();
    expect(first(phone.safeParse("12"))).toBe("El teléfono debe tener 10 dígitos");
  });

  it("a customer, a studio and a foundation applicant get the same rule", () => {
    const profile = validate(profileSchema, { name: "A", last_name: "B", phone: typed });
    expect(profile.ok && profile.data.phone).toBe("5512345678");
    const customer = validate(customerSchema, { name: "A", last_name: "B", email: "a@b.mx", phone: typed });
    expect(customer.ok && customer.data.phone).toBe("5512345678");
    const studio = validate(studioSchema, { name: "S", city_id: 1, address: "Calle 1", phone: typed });
    expect(studio.ok && studio.data.phone).toBe("5512345678");
    const noPhone = validate(studioSchema, { name: "S", city_id: 1, address: "Calle 1", phone: " " });
    expect(noPhone.ok && noPhone.data.phone).toBe("");
    const badStudio = validate(studioSchema, { name: "S", city_id: 1, address: "Calle 1", phone: "55 1234" });
    expect(!badStudio.ok && badStudio.errors.phone).toBe("El teléfono debe tener 10 dígitos");
    const foundation = validate(foundationApplicationSchema, { phone: "+52 52 1234 5678" });
    expect(!foundation.ok && foundation.errors.phone).toBeUndefined();
    const missing = validate(foundationApplicationSchema, { phone: "" });
    expect(!missing.ok && missing.errors.phone).toBe("El teléfono es requerido");
  });
});

describe("the 32 states, one list the address checks", () => {
  it("is the list", () => {
    expect(MEXICO_STATES).toHaveLength(32);
    expect(new Set(MEXICO_STATES.map((s) => s.code)).size).toBe(32);
    expect(MEXICO_STATE_NAMES).toContain("Ciudad de México");
  });

  it("an address's state is one of them, written as the list writes it", () => {
    expect(mexicoStateName(" michoacan ")).toBe("Michoacán");
    expect(mexicoStateName("CDMX")).toBeNull();
    const base = { name: "Casa", line_1: "Reforma 1", country_id: 1, custom_city: "Centro", zip: "06700" };
    expect(validate(addressSchema, { ...base, custom_state: "nuevo leon" })).toMatchObject({
      ok: true,
      data: { custom_state: "Nuevo León" },
    });
    for (const bad of ["CDMX", "", undefined]) {
      const r = validate(addressSchema, { ...base, custom_state: bad });
      expect(!r.ok && r.errors.custom_state, String(bad)).toBe("El estado es requerido");
    }
  });
});

describe("phone search terms", () => {
  it("reads a whole number however typed, the digits of a partial one, and nothing of a name", () => {
    for (const term of ["+52 55 1234 5678", "55-1234-5678", "5512345678", "(55) 1234.5678", "525512345678"])
      expect(phoneSearchDigits(term), term).toBe("5512345678");
    expect(phoneSearchDigits("1234 5678")).toBe("12345678");
    expect(phoneSearchDigits("+52 55 12")).toBe("5512");
    expect(phoneSearchDigits("12")).toBeNull();
    expect(phoneSearchDigits("Polanco")).toBeNull();
    expect(phoneSearchDigits("Av. 5 de Mayo 20")).toBeNull();
  });
});

describe("clabeProblem (a CLABE typed for a refund)", () => {
  const withCheck = (first17: string) => first17 + clabeCheckDigit(first17);
  it("accepts a CLABE of a SPEI bank with its check digit, spaces and dashes ignored", () => {
    const good = withCheck("01218001234567891");
    expect(clabeProblem(good)).toBeNull();
    expect(clabeProblem(`${good.slice(0, 3)} ${good.slice(3, 6)}-${good.slice(6)}`)).toBeNull();
    expect(normalClabe(` ${good.slice(0, 9)} ${good.slice(9)} `)).toBe(good);
  });
  it("says what is wrong: length, check digit, bank code", () => {
    const good = withCheck("01218001234567891");
    expect(clabeProblem("0121800123456789")).toBe("length");
    expect(clabeProblem(`${good}0`)).toBe("length");
    expect(clabeProblem("01218001234567891X")).toBe("length");
    expect(clabeProblem(good.slice(0, 17) + String((Number(good[17]) + 1) % 10))).toBe("check");
    // A bank code not known here is not refused (Banxico adds participants; clabe.ts says why).
    expect(clabeProblem(withCheck("99918001234567891"))).toBeNull();
  });
});
