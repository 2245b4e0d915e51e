import { describe, expect, it } from "vitest";
import { applyQty, computeTotals, discountCents, type PricedLine } from "../../app/.server/domain/commerce/pricing";
import { cardBrand, luhnValid, signWebhook, verifySignature } from "../../app/.server/domain/commerce/gateways/sandbox";

const lines: PricedLine[] = [
  { scope: "pack", refId: 1, qty: 1, unitCents: 125_000 },
  { scope: "product", refId: 3, qty: 3, unitCents: 333 },
];

describe("pricing in integer cents", () => {
  it("percent vouchers round half up to the cent and respect their scope", () => {
    expect(discountCents(lines, { kind: "percent", value: 10, scope: "all" })).toBe(12_600); // 10% of 125,999 = 12,599.9
    expect(discountCents(lines, { kind: "percent", value: 15, scope: "product" })).toBe(150); // 15% of 999 = 149.85
    expect(discountCents(lines, { kind: "percent", value: 50, scope: "plan" })).toBe(0);
  });
  it("fixed vouchers never discount more than what they apply to", () => {
    expect(discountCents(lines, { kind: "fixed", value: 10_000, scope: "product" })).toBe(999);
    expect(discountCents(lines, { kind: "fixed", value: 10_000, scope: "all" })).toBe(10_000);
  });
  it("totals: subtotal − voucher + shipping, then the gift card pays what it can", () => {
    const t = computeTotals({
      lines,
      voucher: { kind: "fixed", value: 999, scope: "product" },
      shippingCents: 14_900,
      giftCardBalanceCents: 50_000,
    });
    expect(t).toEqual({
      subtotalCents: 125_999,
      discountCents: 999,
      shippingCents: 14_900,
      giftCardCents: 50_000,
      totalCents: 89_900,
      dueNowCents: 89_900,
    });
    const covered = computeTotals({ lines, voucher: null, shippingCents: 0, giftCardBalanceCents: 1_000_000 });
    expect(covered).toMatchObject({ giftCardCents: 125_999, totalCents: 0 });
  });
  it("a deposit charges the first of two installments now, rounded up", () => {
    const t = computeTotals({
      lines: [{ scope: "product", refId: 6, qty: 1, unitCents: 18_501 }],
      voucher: null,
      shippingCents: 0,
      giftCardBalanceCents: 0,
      deposit: true,
    });
    expect(t.dueNowCents).toBe(9_251);
  });
});

describe("quantity rules (spec §5)", () => {
  it("0 or less removes, below min_purchase removes, above max_purchase is refused, max 0 is no limit", () => {
    expect(applyQty(0, { min: 1, max: 5 })).toEqual({ action: "remove" });
    expect(applyQty(-3, { min: 1, max: 5 })).toEqual({ action: "remove" });
    expect(applyQty(1, { min: 2, max: 5 })).toEqual({ action: "remove" });
    expect(applyQty(6, { min: 1, max: 5 })).toEqual({ action: "tooMany", max: 5 });
    expect(applyQty(60, { min: 1, max: 0 })).toEqual({ action: "set", qty: 60 });
    expect(applyQty(3, { min: 2, max: 5 })).toEqual({ action: "set", qty: 3 });
  });
});

describe("sandbox card checks", () => {
  it("Luhn and brand", () => {
    expect(luhnValid("4242424242424242")).toBe(true);
    expect(luhnValid("4000002500003155")).toBe(true);
    expect(luhnValid("4242424242424241")).toBe(false);
    expect(cardBrand("5555555555554444")).toBe("mastercard");
    expect(cardBrand("378282246310005")).toBe("amex");
  });
  it("webhook signatures: accepted when signed with the secret and fresh, refused otherwise", () => {
    const body = '{"id":"evt_1"}';
    const sig = signWebhook("whsec_test_123", body);
    expect(verifySignature("whsec_test_123", body, sig)).toBe(true);
    expect(verifySignature("whsec_other_12", body, sig)).toBe(false);
    expect(verifySignature("whsec_test_123", `${body} `, sig)).toBe(false);
    expect(verifySignature("whsec_test_123", body, signWebhook("whsec_test_123", body, 1_000))).toBe(false);
    expect(verifySignature("whsec_test_123", body, null)).toBe(false);
  });
});
