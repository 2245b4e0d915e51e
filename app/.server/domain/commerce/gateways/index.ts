import type { AppConfig } from "../../../config/env";
import { mercadoPagoGateway } from "./mercadopago";
import { paypalGateway } from "./paypal";
import { sandboxGateway, sandboxPaypal } from "./sandbox";
import { stripeGateway } from "./stripe";
import type { MercadoPagoGateway, PaymentGateway, PaypalGateway } from "./types";

export interface Gateways {
  card: PaymentGateway;
  paypal: PaypalGateway;
  /** Mercado Pago (Checkout Pro) when MERCADOPAGO_ACCESS_TOKEN is set; null: not offered. */
  mercadopago: MercadoPagoGateway | null;
  /** The sandbox's own pages (card authentication, PayPal approval); null with real providers. */
  sandbox: ReturnType<typeof sandboxGateway> | null;
  sandboxPaypal: ReturnType<typeof sandboxPaypal> | null;
}

const cache = new WeakMap<AppConfig, Gateways>();

/** Set by loadConfig (development) or by startRuntime (production: derived from the installation's key). */
function sandboxSecret(config: AppConfig): string {
  if (!config.SANDBOX_WEBHOOK_SECRET)
    throw new Error("SANDBOX_WEBHOOK_SECRET no está resuelta: la deriva startRuntime de la clave de la instalación");
  return config.SANDBOX_WEBHOOK_SECRET;
}

/**
 * The payment gateways chosen by configuration (PAYMENT_GATEWAY; PAYPAL_CLIENT_ID and _SECRET).
 * Called once at start-up (runtime.ts): the domain receives them as `deps.gateways`, a port.
 */
export function gatewaysFor(config: AppConfig): Gateways {
  let g = cache.get(config);
  if (g) return g;
  const sandbox = config.PAYMENT_GATEWAY === "sandbox" ? sandboxGateway(sandboxSecret(config)) : null;
  const card =
    sandbox ??
    stripeGateway({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
  // PayPal REST when its credentials are set, else the sandbox approval page.
  const pp = config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET ? null : sandboxPaypal();
  const paypal =
    pp ??
    paypalGateway({
      clientId: config.PAYPAL_CLIENT_ID!,
      clientSecret: config.PAYPAL_CLIENT_SECRET!,
      apiUrl: config.PAYPAL_API_URL,
      webhookId: config.PAYPAL_WEBHOOK_ID,
      publicUrl: config.publicUrl,
    });
  const mercadopago = config.MERCADOPAGO_ACCESS_TOKEN
    ? mercadoPagoGateway({
        accessToken: config.MERCADOPAGO_ACCESS_TOKEN,
        webhookSecret: config.MERCADOPAGO_WEBHOOK_SECRET,
        apiUrl: config.MERCADOPAGO_API_URL,
        publicUrl: config.publicUrl,
      })
    : null;
  g = { card, paypal, mercadopago, sandbox, sandboxPaypal: pp };
  cache.set(config, g);
  return g;
}

/**
 * The gateway that took a payment, to refund it: null when configuration no longer has it (the
 * provider was changed since), so a refund is never sent to a provider that did not take the money.
 */
export function gatewayOfPayment(
  g: Pick<Gateways, "card" | "paypal"> & Partial<Pick<Gateways, "mercadopago">>,
  p: { gateway: string; method: string },
) {
  const gateway = p.method === "mercadopago" ? (g.mercadopago ?? null) : p.method === "paypal" ? g.paypal : g.card;
  if (!gateway) return null;
  return gateway.name === p.gateway ? gateway : null;
}
