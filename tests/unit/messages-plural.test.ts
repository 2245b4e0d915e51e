import { describe, expect, it } from "vitest";
import { t } from "../../app/lib/messages";

/** Issue 20, item 6: texts with a count follow Spanish plural rules ("1 clase", "2 clases"). */
describe("plural texts", () => {
  it("refund messages: one class, several, none", () => {
    expect(t("commerce.admin.refundDone", { n: 1 })).toBe("Reembolso realizado; se retiró 1 clase sin usar");
    expect(t("commerce.admin.refundDone", { n: 3 })).toBe("Reembolso realizado; se retiraron 3 clases sin usar");
    expect(t("commerce.admin.refundDone", { n: 0 })).toBe("Reembolso realizado");
    expect(t("commerce.refund.partialDone", { n: 1 })).toBe("Reembolso parcial realizado; se retiró 1 clase sin usar");
    expect(t("commerce.refund.partialDone", { n: 2 })).toBe(
      "Reembolso parcial realizado; se retiraron 2 clases sin usar",
    );
  });

  it("uses es-MX plural rules, fills the other placeholders, and falls back to 'other' without a count", () => {
    expect(t("catalogue.rewards.revoked", { n: 1 })).toBe("Se retiró 1 clase");
    expect(t("catalogue.rewards.revoked", { n: 0 })).toBe("Se retiraron 0 clases");
    expect(t("catalogue.rewards.revoked", { n: 1.5 })).toBe("Se retiraron 1.5 clases");
    expect(t("catalogue.rewards.revokeConfirm", { n: 1, name: "Ana" })).toBe(
      "¿Retirar la clase que Ana aún no usa? Las clases ya reservadas se conservan.",
    );
    expect(t("commerce.ui.rewardLeft", { n: 1, city: "Puebla" })).toBe("Te queda 1 en Puebla");
    expect(t("commerce.ui.rewardLeft", { n: 4, city: "Puebla" })).toBe("Te quedan 4 en Puebla");
    expect(t("catalogue.rewards.revoked")).toBe("Se retiraron {n} clases");
    // Cached after the first look-up: the form still follows each call's count.
    expect(t("catalogue.rewards.revoked", { n: 1 })).toBe("Se retiró 1 clase");
  });
});
