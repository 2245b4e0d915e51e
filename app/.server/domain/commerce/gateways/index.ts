import type { AppConfig } from "../../../config/env";
import { sandboxGateway, sandboxPaypal } from "./sandbox";
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
  // The `stripe` gateway (official SDK) and PayPal REST are not wired yet: see the commerce report.
  g = { card: sandbox, paypal: pp, sandbox, sandboxPaypal: pp };
  cache.set(config, g);
  return g;
}
