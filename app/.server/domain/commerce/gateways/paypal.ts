/**
 * The `paypal` gateway: PayPal's REST API (Orders v2) over fetch, chosen when PAYPAL_CLIENT_ID and
 * PAYPAL_CLIENT_SECRET are set. An order is created in MXN for the cart's amount, the customer
 * approves it on PayPal (the `payer-action` link) and comes back to our return page, which captures
 * it (`/v2/checkout/paypal-payment`). Every call that creates or moves money carries a
 * `PayPal-Request-Id` (PayPal's idempotency key): a retry gets the same order, capture or refund.
 *
 * The intent id is the PayPal order id; its capture is looked up from the order when refunding.
 * Our metadata (cart and user) travels in the purchase unit's `custom_id`. PAYPAL_API_URL points at
 * another host (the tests run a local server that answers like PayPal).
 */
import { t } from "~/lib/messages";
import { centsToDecimal, parsePesos } from "~/shared/mexico/money";
import { GatewayError, type Intent, type IntentStatus, type PaypalGateway, type WebhookEvent } from "./types";

interface PaypalMoney {
  currency_code: string;
  value: string;
}
interface PaypalCapture {
  id: string;
  status: "COMPLETED" | "PENDING" | "DECLINED" | "FAILED" | "REFUNDED" | "PARTIALLY_REFUNDED";
  amount?: PaypalMoney;
  custom_id?: string;
}
interface PaypalOrder {
  id: string;
  status: "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
  purchase_units?: {
    custom_id?: string;
    amount?: PaypalMoney;
    payments?: { captures?: PaypalCapture[] };
  }[];
  links?: { href: string; rel: string; method?: string }[];
}
interface PaypalError {
  name?: string;
  message?: string;
  details?: { issue?: string; description?: string }[];
}

/** Integer cents as PayPal's decimal string ("1234.50"); MXN has two decimals. */
export const centsToPaypal = centsToDecimal;

/** PayPal's decimal string as integer cents, without floating point. */
export function paypalToCents(value: string) {
  const cents = /^\d+(\.\d{1,2})?$/.test(value) ? parsePesos(value) : null;
  if (cents === null) throw new GatewayError(t("errors.paymentFailed"), "bad_amount");
  return cents;
}

function statusOf(order: PaypalOrder): IntentStatus {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (order.status === "VOIDED") return "canceled";
  if (order.status === "COMPLETED") {
    if (!capture) return "failed";
    if (capture.status === "COMPLETED" || capture.status === "REFUNDED" || capture.status === "PARTIALLY_REFUNDED")
      return "succeeded";
    // A capture under review: not money yet; PAYMENT.CAPTURE.COMPLETED comes later as a webhook.
    if (capture.status === "PENDING") return "requires_action";
    return "failed";
  }
  return "requires_approval";
}

function toIntent(order: PaypalOrder): Intent {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  // Our metadata: on the purchase unit, and (in a capture's answer) on the capture too.
  const custom = unit?.custom_id ?? capture?.custom_id;
  let metadata: Record<string, string> = {};
  try {
    metadata = custom ? (JSON.parse(custom) as Record<string, string>) : {};
  } catch {
    metadata = {};
  }
  const status = statusOf(order);
  const money = unit?.amount ?? capture?.amount;
  if (money && money.currency_code !== "MXN") throw new GatewayError(t("errors.paymentFailed"), "currency");
  return {
    id: order.id,
    status,
    amountCents: money ? paypalToCents(money.value) : 0,
    clientSecret: null,
    metadata,
    paymentMethodId: null,
    failureMessage: status === "failed" ? t("errors.paymentFailed") : null,
    approveUrl: order.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href ?? null,
  };
}

/** PayPal down or unreachable: worth trying again later (a webhook's job is retried by the queue). */
export function transientPaypalError(e: unknown) {
  return e instanceof GatewayError && /^(paypal_unreachable|paypal_auth|http_5\d\d)$/.test(e.code);
}

export function paypalGateway(cfg: {
  clientId: string;
  clientSecret: string;
  apiUrl: string;
  /** The webhook's id in PayPal's dashboard: needed to verify its calls; unset: webhooks refused. */
  webhookId?: string;
  /** Our site's address: PayPal sends the customer back to absolute URLs. */
  publicUrl: string;
}): PaypalGateway {
  const base = cfg.apiUrl.replace(/\/$/, "");
  let token: { value: string; until: number } | null = null;

  async function accessToken() {
    if (token && token.until > Date.now()) return token.value;
    const res = await fetch(`${base}/v1/oauth2/token`, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "grant_type=client_credentials",
      signal: AbortSignal.timeout(20_000),
    }).catch(() => null);
    if (!res?.ok) throw new GatewayError(t("errors.paymentFailed"), "paypal_auth");
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 60) * 1000 };
    return token.value;
  }

  /** One REST call (a string body is sent as is); answers the JSON body, or throws a GatewayError carrying PayPal's issue code. */
  async function call<T>(method: "GET" | "POST", path: string, body?: unknown, requestId?: string): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        "content-type": "application/json",
        prefer: "return=representation",
        ...(requestId ? { "paypal-request-id": requestId } : {}),
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    }).catch(() => null);
    if (!res) throw new GatewayError(t("errors.paymentFailed"), "paypal_unreachable");
    if (res.status === 401) token = null;
    const json = (await res.json().catch(() => ({}))) as T & PaypalError;
    if (!res.ok) {
      const issue =
        res.status === 404
          ? "RESOURCE_NOT_FOUND"
          : res.status >= 500
            ? `http_${res.status}`
            : (json.details?.[0]?.issue ?? json.name ?? `http_${res.status}`);
      const message =
        issue === "ORDER_NOT_APPROVED" ? t("commerce.payment.paypalNotApproved") : t("errors.paymentFailed");
      throw new GatewayError(message, issue);
    }
    return json;
  }

  const getOrder = (id: string) => call<PaypalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`);

  return {
    name: "paypal",
    async createOrder(_db, input) {
      const back = new URL(input.returnUrl, cfg.publicUrl);
      back.searchParams.set("cart_id", input.metadata.cart_id ?? "");
      const cancel = new URL(back);
      cancel.searchParams.set("cancelled", "1");
      const order = await call<PaypalOrder>(
        "POST",
        "/v2/checkout/orders",
        {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: `cart-${input.metadata.cart_id ?? ""}`,
              custom_id: JSON.stringify(input.metadata),
              amount: { currency_code: "MXN", value: centsToPaypal(input.amountCents) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                brand_name: "Nucleo Barre",
                locale: "es-MX",
                shipping_preference: "NO_SHIPPING",
                user_action: "PAY_NOW",
                return_url: back.toString(),
                cancel_url: cancel.toString(),
              },
            },
          },
        },
        input.idempotencyKey,
      );
      return toIntent(order);
    },
    async capture(_db, id, idempotencyKey) {
      // Only an approved order is captured: a key is never spent on a refusal (the buyer back early),
      // and a completed order (the webhook's job captured it) is answered as it is.
      const current = await getOrder(id);
      if (current.status !== "APPROVED") return toIntent(current);
      try {
        return toIntent(
          await call<PaypalOrder>("POST", `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {}, idempotencyKey),
        );
      } catch (e) {
        // Captured meanwhile with another key: the order says how.
        if (e instanceof GatewayError && e.code === "ORDER_ALREADY_CAPTURED") return toIntent(await getOrder(id));
        throw e;
      }
    },
    async retrieve(_db, id) {
      try {
        return toIntent(await getOrder(id));
      } catch (e) {
        if (e instanceof GatewayError && e.code === "RESOURCE_NOT_FOUND") return null;
        throw e;
      }
    },
    async refund(_db, id, amountCents, idempotencyKey) {
      const order = await getOrder(id);
      const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
      if (!capture) throw new GatewayError(t("errors.paymentFailed"), "not_captured");
      const r = await call<{ id: string; status: string }>(
        "POST",
        `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`,
        { amount: { currency_code: "MXN", value: centsToPaypal(amountCents) } },
        idempotencyKey,
      );
      if (r.status !== "COMPLETED" && r.status !== "PENDING")
        throw new GatewayError(t("errors.paymentFailed"), "refund_failed");
      return { id: r.id };
    },
    async verifyWebhook(rawBody, header): Promise<WebhookEvent | null> {
      if (!cfg.webhookId) return null;
      const names = ["auth-algo", "cert-url", "transmission-id", "transmission-sig", "transmission-time"] as const;
      const h = names.map((n) => header(`paypal-${n}`));
      if (h.some((v) => !v)) return null;
      let event: { id?: string; event_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody) as typeof event;
      } catch {
        return null;
      }
      // PayPal checks the transmission against the certificate and our webhook id. The event goes back
      // byte for byte as it came (a re-serialised body may not verify).
      const fields = JSON.stringify({
        auth_algo: h[0],
        cert_url: h[1],
        transmission_id: h[2],
        transmission_sig: h[3],
        transmission_time: h[4],
        webhook_id: cfg.webhookId,
      });
      const check = await call<{ verification_status: string }>(
        "POST",
        "/v1/notifications/verify-webhook-signature",
        `${fields.slice(0, -1)},"webhook_event":${rawBody}}`,
      );
      if (check.verification_status !== "SUCCESS" || !event.id || !event.event_type) return null;
      const resource = event.resource ?? {};
      // Order events carry the order; capture events name it among their related ids.
      const related = (resource.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids
        ?.order_id;
      const intentId = event.event_type.startsWith("CHECKOUT.ORDER.") ? String(resource.id ?? "") : (related ?? "");
      return { id: event.id, type: event.event_type, intentId };
    },
  };
}
