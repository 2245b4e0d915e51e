/** The front desk's cash arithmetic (app/shared/shifts.ts): integer cents, never a float. */
import { describe, expect, it } from "vitest";
import { BILLS, COINS, cashDifference, countTotal, DENOMINATIONS, expectedCash } from "../../app/shared/shifts";
import { closeShiftSchema, shiftStartSchema, withdrawalSchema } from "../../app/shared/schemas/shifts";

const zero = {
  openingCashCents: 0,
  cashSalesCents: 0,
  cashRefundsCents: 0,
  withdrawalsCents: 0,
  depositsCents: 0,
  cardSalesCents: 0,
  transferSalesCents: 0,
  cardRefundsCents: 0,
  transferRefundsCents: 0,
};

describe("shift cash arithmetic", () => {
  it("the Mexican bills and coins, in cents", () => {
    expect(BILLS).toEqual([100000, 50000, 20000, 10000, 5000, 2000]);
    expect(COINS).toEqual([1000, 500, 200, 100, 50]);
    expect(DENOMINATIONS.every(Number.isInteger)).toBe(true);
  });

  it("counts by denomination in whole cents (ten 50-centavo coins are $5.00 exactly)", () => {
    expect(countTotal({ "50": 10 })).toBe(500);
    expect(countTotal({ "100000": 2, "50000": 1, "2000": 3, "100": 7, "50": 1 })).toBe(256750);
    expect(countTotal({})).toBe(0);
    // 0.1 + 0.2 style errors cannot happen: 3 × 10 centavos does not exist, 50-centavo coins add exactly.
    expect(countTotal({ "50": 3 })).toBe(150);
  });

  it("refuses an unknown denomination, a negative or fractional count", () => {
    expect(() => countTotal({ "25": 1 })).toThrow();
    expect(() => countTotal({ "100": -1 })).toThrow();
    expect(() => countTotal({ "100": 1.5 })).toThrow();
  });

  it("expected cash = opening + cash sales − withdrawals − cash refunds (cards and transfers apart)", () => {
    const t = {
      ...zero,
      openingCashCents: 150050,
      cashSalesCents: 35000,
      withdrawalsCents: 20025,
      cashRefundsCents: 5000,
      cardSalesCents: 99900,
      transferSalesCents: 12000,
    };
    expect(expectedCash(t)).toBe(160025);
    expect(cashDifference(160050, 160025)).toBe(25);
    expect(cashDifference(160000, 160025)).toBe(-25);
  });

  it("amounts typed in pesos become cents; negative or non-numeric ones are refused in Spanish", () => {
    const base = { id_employee_data: "1", id_studio: "1", turn_type: "1", id_employee: "1" };
    expect(shiftStartSchema.parse({ ...base, small_box_init: "$1,234.50" }).small_box_init).toBe(123450);
    expect(shiftStartSchema.parse({ ...base, small_box_init: "0.1" }).small_box_init).toBe(10);
    expect(shiftStartSchema.parse(base).small_box_init).toBeUndefined();
    for (const bad of ["-1", "abc", "1.001", "1e3"]) {
      const r = shiftStartSchema.safeParse({ ...base, small_box_init: bad });
      expect(r.success, bad).toBe(false);
      expect(r.error!.issues[0]!.message).toMatch(/fondo de caja/);
    }
    expect(withdrawalSchema.safeParse({ amount: "0", reason: "x" }).success).toBe(false);
    expect(withdrawalSchema.parse({ amount: "19.99", reason: "Garrafón" }).amount).toBe(1999);
    const close = closeShiftSchema.parse({ count: { "50": "3" }, card: "1,000.10" });
    expect(close).toMatchObject({ card: 100010, transfer: 0, left_cash: 0 });
    expect(close.count["50"]).toBe(3);
    expect(closeShiftSchema.safeParse({ count: { "100": "-2" } }).success).toBe(false);
  });
});
