import type { AppConfig } from "../../../config/env";
import { sandboxGateway, sandboxPaypal } from "./sandbox";
import { stripeGateway } from "./stripe";
import type { PaymentGateway, PaypalGateway } from "./types";

export interface Gateways {
  card: PaymentGateway;
  paypal: PaypalGateway;
  /** The sandbox's own pages (card authentication, PayPal approval); null with real providers. */
  sandbox: ReturnType<typeof sandboxGateway> | null;
  sandboxPaypal: ReturnType<typeof sandboxPaypal> | null;
}

const cache = new WeakMap<AppConfig, Gateways>();

/** The payment gateways chosen by configuration (PAYMENT_GATEWAY, PAYPAL_CLIENT_ID). */
export function gatewaysFor(config: AppConfig): Gateways {
  let g = cache.get(config);
  if (g) return g;
  const sandbox = sandboxGateway(config.SANDBOX_WEBHOOK_SECRET);
  const pp = sandboxPaypal();
  // PayPal REST (PAYPAL_CLIENT_ID) is not wired yet: PayPal always uses the sandbox approval page.
  if (config.PAYMENT_GATEWAY === "stripe") {
    const card = stripeGateway({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
      apiUrl: config.STRIPE_API_URL,
    });
    g = { card, paypal: pp, sandbox: null, sandboxPaypal: pp };
  } else g = { card: sandbox, paypal: pp, sandbox, sandboxPaypal: pp };
  cache.set(config, g);
  return g;
}
