import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/.server/config/env";
import { gatewaysFor } from "~/.server/domain/commerce/gateways";
import { baseCsp, documentCsp } from "~/.server/http/security";
import { stripeErrorMessage } from "~/components/commerce/checkout/stripe-js";

const directive = (csp: string, name: string) =>
  csp
    .split("; ")
    .find((d) => d.startsWith(`${name} `))
    ?.split(" ")
    .slice(1) ?? [];

describe("the document CSP and the card gateway", () => {
  it("with the sandbox, no other origin anywhere", () => {
    for (const csp of [documentCsp("abc"), documentCsp("abc", { stripe: false }), baseCsp]) {
      expect(csp).not.toMatch(/stripe|https?:/);
      expect(directive(csp, "frame-src")).toEqual(["'self'"]);
      expect(directive(csp, "connect-src")).toEqual(["'self'"]);
    }
    expect(directive(documentCsp("abc"), "script-src")).toEqual(["'self'", "'nonce-abc'"]);
  });

  it("with Stripe, exactly Stripe.js, its frames and its API are added", () => {
    const csp = documentCsp("abc", { stripe: true });
    expect(directive(csp, "script-src")).toEqual([
      "'self'",
      "'nonce-abc'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
    ]);
    expect(directive(csp, "frame-src")).toEqual([
      "'self'",
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(directive(csp, "connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(directive(csp, "default-src")).toEqual(["'self'"]);
    expect(directive(csp, "object-src")).toEqual(["'none'"]);
  });

  it("Stripe.js errors become the catalogue's Spanish messages", () => {
    expect(stripeErrorMessage({ code: "card_declined", decline_code: "generic_decline" })).toBe("Tarjeta declinada");
    expect(stripeErrorMessage({ code: "card_declined", decline_code: "insufficient_funds" })).toBe("Tarjeta declinada");
    expect(stripeErrorMessage({ code: "incomplete_number" })).toBe("El número de tarjeta no es válido");
    expect(stripeErrorMessage({ code: "invalid_expiry_year_past" })).toBe("La tarjeta está vencida");
    expect(stripeErrorMessage({ code: "incomplete_cvc" })).toBe("El código de seguridad no es válido");
    expect(stripeErrorMessage(undefined)).toBe("No se pudo procesar el pago");
  });
});

describe("which gateways the configuration picks", () => {
  const config = (env: Record<string, string> = {}) =>
    loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: ".tmp/unused", ...env });

  it("by default the sandbox for cards and PayPal, with its own pages", () => {
    const g = gatewaysFor(config());
    expect([g.card.name, g.paypal.name, Boolean(g.sandbox), Boolean(g.sandboxPaypal)]).toEqual([
      "sandbox",
      "sandbox",
      true,
      true,
    ]);
  });

  it("stripe for cards with its keys; PayPal REST with both its credentials", () => {
    const g = gatewaysFor(
      config({
        PAYMENT_GATEWAY: "stripe",
        STRIPE_SECRET_KEY: "sk_test_abc123",
        STRIPE_PUBLISHABLE_KEY: "pk_test_abc123",
        PAYPAL_CLIENT_ID: "id",
        PAYPAL_CLIENT_SECRET: "secreto",
      }),
    );
    expect([g.card.name, g.card.publicKey, g.paypal.name, g.sandbox, g.sandboxPaypal]).toEqual([
      "stripe",
      "pk_test_abc123",
      "paypal",
      null,
      null,
    ]);
  });

  it("half a PayPal configuration is refused, without printing the secret", () => {
    expect(() => config({ PAYPAL_CLIENT_ID: "id" })).toThrow(ConfigError);
    expect(() => config({ PAYPAL_CLIENT_SECRET: "muy-secreto" })).toThrow(/PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET/);
    try {
      config({ PAYPAL_CLIENT_SECRET: "muy-secreto" });
    } catch (e) {
      expect(String(e)).not.toContain("muy-secreto");
    }
  });
});
