/**
 * The `mercadopago` gateway: Mercado Pago's Checkout Pro through its official SDK (`mercadopago`),
 * chosen when MERCADOPAGO_ACCESS_TOKEN is set. A preference is created for the cart's amount in MXN
 * and the customer pays on Mercado Pago's page (`init_point`: card, or OXXO as a `ticket` payment
 * that stays `pending` until paid at the store); Mercado Pago sends them back to our return page and
 * notifies our webhook. Neither is trusted: the payment is always read from Mercado Pago's API.
 *
 * `external_reference` carries our charge key (`mp:cart:<id>`): the payments of a cart are found by
 * it (the return page, and a payment whose answer was lost). Every call that creates or moves money
 * carries an `X-Idempotency-Key`. The SDK has no base-URL option (its host is a static,
 * `AppConfig.BASE_URL`): MERCADOPAGO_API_URL is written there before each call (docs/decisions.md).
 */
import crypto from "node:crypto";
import { MercadoPagoConfig, Payment, PaymentRefund, Preference } from "mercadopago";
import { AppConfig } from "mercadopago/dist/utils/config/index.js";
import { t } from "~/lib/messages";
import { centsToDecimal, parsePesos } from "~/shared/mexico/money";
import { GatewayError, type Intent, type IntentStatus, type MercadoPagoGateway, type WebhookEvent } from "./types";

/** What we read of a Mercado Pago payment. */
interface MpPayment {
  id?: number | string;
  status?: string;
  status_detail?: string;
  transaction_amount?: number;
  currency_id?: string;
  external_reference?: string;
  payment_type_id?: string;
  payment_method_id?: string;
  metadata?: Record<string, unknown>;
  date_of_expiration?: string;
  transaction_details?: { external_resource_url?: string; payment_method_reference_id?: string };
  barcode?: { content?: string };
}

/** Mercado Pago's statuses as ours: `pending`/`in_process` wait (an OXXO ticket until it is paid). */
function statusOf(s: string | undefined): IntentStatus {
  if (s === "approved" || s === "authorized" || s === "refunded" || s === "charged_back") return "succeeded";
  if (s === "pending" || s === "in_process" || s === "in_mediation") return "requires_action";
  if (s === "cancelled") return "canceled";
  return "failed";
}

/** Mercado Pago's decimal amount (a JSON number) as integer cents, without floating-point drift. */
function mpToCents(amount: number | undefined) {
  const cents = amount === undefined ? null : parsePesos(amount.toFixed(2));
  if (cents === null) throw new GatewayError(t("errors.paymentFailed"), "bad_amount");
  return cents;
}

function toIntent(p: MpPayment): Intent {
  if (p.currency_id && p.currency_id !== "MXN") throw new GatewayError(t("errors.paymentFailed"), "currency");
  const status = statusOf(p.status);
  const amountCents = mpToCents(p.transaction_amount);
  const meta: Record<string, string> = {};
  for (const [k, v] of Object.entries(p.metadata ?? {})) if (typeof v === "string") meta[k] = v;
  const ticket = p.payment_type_id === "ticket";
  return {
    id: String(p.id),
    status,
    amountCents,
    clientSecret: null,
    metadata: meta,
    paymentMethodId: null,
    failureMessage: status === "failed" ? t("commerce.mercadopago.declined") : null,
    reference: p.external_reference ?? null,
    // An OXXO ticket: what the customer pays at the store (its reference and expiry).
    pending: ticket
      ? {
          kind: "oxxo",
          reference: p.transaction_details?.payment_method_reference_id ?? p.barcode?.content ?? String(p.id ?? ""),
          amountCents,
          expiresAt: p.date_of_expiration ?? new Date(Date.now() + 3 * 86_400_000).toISOString(),
        }
      : null,
  };
}

function mpError(e: unknown): GatewayError {
  const status = (e as { status?: number } | null)?.status ?? 0;
  return new GatewayError(t("errors.paymentFailed"), status === 404 ? "not_found" : `mp_http_${status}`);
}

/** Mercado Pago down or unreachable: worth trying again later (the webhook's job is retried). */
export function transientMercadoPagoError(e: unknown) {
  return e instanceof GatewayError && /^mp_http_(0|429|5\d\d)$/.test(e.code);
}

/**
 * Mercado Pago's webhook signature: `x-signature: ts=<seconds>,v1=<hex>`, the HMAC-SHA256 with the
 * webhook secret of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` (a part whose
 * value the notification lacks, its `x-request-id`, is left out of the manifest).
 */
function mercadoPagoSignature(secret: string, dataId: string, requestId: string, ts: string) {
  const manifest = `id:${dataId};${requestId ? `request-id:${requestId};` : ""}ts:${ts};`;
  return crypto.createHmac("sha256", secret).update(manifest).digest("hex");
}

export function mercadoPagoGateway(cfg: {
  accessToken: string;
  /** Unset: webhooks are refused (nothing can be verified). */
  webhookSecret?: string;
  apiUrl: string;
  publicUrl: string;
}): MercadoPagoGateway {
  const base = cfg.apiUrl.replace(/\/$/, "");
  /** A fresh SDK config per call: the SDK keeps a call's options (its idempotency key) on the config. */
  const sdk = (idempotencyKey?: string) => {
    (AppConfig as { BASE_URL: string }).BASE_URL = base;
    return new MercadoPagoConfig({
      accessToken: cfg.accessToken,
      // The webhook's job is retried by our queue: one attempt here, a bounded wait.
      options: { timeout: 20_000, maxRetries: 0, ...(idempotencyKey ? { idempotencyKey } : {}) },
    });
  };
  const getPayment = async (id: string) => {
    try {
      return toIntent((await new Payment(sdk()).get({ id })) as MpPayment);
    } catch (e) {
      if (e instanceof GatewayError) throw e;
      throw mpError(e);
    }
  };

  return {
    name: "mercadopago",
    async createPreference(_db, input) {
      const back = new URL(input.returnUrl, cfg.publicUrl);
      back.searchParams.set("cart_id", input.metadata.cart_id ?? "");
      try {
        const pref = await new Preference(sdk(input.idempotencyKey)).create({
          body: {
            items: [
              {
                id: `cart-${input.metadata.cart_id ?? ""}`,
                title: input.title,
                quantity: 1,
                currency_id: "MXN",
                unit_price: Number(centsToDecimal(input.amountCents)),
              },
            ],
            external_reference: input.externalReference,
            metadata: input.metadata,
            back_urls: { success: back.toString(), pending: back.toString(), failure: back.toString() },
            auto_return: "approved",
            notification_url: `${cfg.publicUrl}/v2/webhooks/mercadopago`,
            statement_descriptor: "NUCLEO BARRE",
          },
        });
        if (!pref.id || !pref.init_point) throw new GatewayError(t("errors.paymentFailed"), "no_init_point");
        return { id: pref.id, initPoint: pref.init_point };
      } catch (e) {
        if (e instanceof GatewayError) throw e;
        throw mpError(e);
      }
    },
    async retrieve(_db, id) {
      try {
        return await getPayment(id);
      } catch (e) {
        if (e instanceof GatewayError && e.code === "not_found") return null;
        throw e;
      }
    },
    async findByReference(_db, externalReference) {
      let found: MpPayment[];
      try {
        const r = await new Payment(sdk()).search({
          options: { external_reference: externalReference, sort: "date_created", criteria: "desc" },
        });
        found = (r.results ?? []) as MpPayment[];
      } catch (e) {
        throw mpError(e);
      }
      const mine = found.filter((p) => p.external_reference === externalReference).map(toIntent);
      // Money taken wins; then one awaited (an OXXO ticket); else the newest refusal.
      return (
        mine.find((i) => i.status === "succeeded") ??
        mine.find((i) => i.status === "requires_action") ??
        mine[0] ??
        null
      );
    },
    async cancel(_db, id) {
      try {
        return toIntent((await new Payment(sdk(`cancel:${id}`)).cancel({ id })) as MpPayment);
      } catch (e) {
        // Approved or already refused meanwhile: the payment as Mercado Pago has it now.
        if (e instanceof GatewayError) throw e;
        if ((e as { status?: number } | null)?.status === 400) return getPayment(id);
        throw mpError(e);
      }
    },
    async refund(_db, id, amountCents, idempotencyKey) {
      try {
        const r = await new PaymentRefund(sdk(idempotencyKey)).create({
          payment_id: id,
          body: { amount: Number(centsToDecimal(amountCents)) },
        });
        if (r.status && r.status !== "approved" && r.status !== "in_process")
          throw new GatewayError(t("errors.paymentFailed"), "refund_failed");
        return { id: String(r.id) };
      } catch (e) {
        if (e instanceof GatewayError) throw e;
        throw mpError(e);
      }
    },
    verifyWebhook(rawBody, header, query): WebhookEvent | null {
      if (!cfg.webhookSecret) return null;
      const signature = header("x-signature");
      const requestId = header("x-request-id") ?? "";
      if (!signature) return null;
      const parts = Object.fromEntries(
        signature.split(",").map((kv) => {
          const [k, ...v] = kv.trim().split("=");
          return [k ?? "", v.join("=")];
        }),
      );
      const ts = parts.ts;
      const v1 = parts.v1;
      if (!ts || !v1 || !/^[a-f0-9]{64}$/i.test(v1)) return null;
      let body: { id?: number | string; type?: string; action?: string; data?: { id?: number | string } };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        return null;
      }
      // Mercado Pago signs the id of the query string (`data.id`), the same as the body's.
      const dataId = String(query("data.id") ?? body.data?.id ?? "");
      if (!dataId || String(body.data?.id ?? dataId) !== dataId) return null;
      const want = Buffer.from(mercadoPagoSignature(cfg.webhookSecret, dataId.toLowerCase(), requestId, ts), "hex");
      const got = Buffer.from(v1, "hex");
      if (got.length !== want.length || !crypto.timingSafeEqual(got, want)) return null;
      const type = body.type ?? query("type") ?? "";
      if (type !== "payment") return null;
      // A resent notification has the same id: it is stored once.
      return {
        id: `mp:${body.id ?? `${body.action ?? type}:${dataId}`}`,
        type: body.action ?? "payment",
        intentId: dataId,
      };
    },
  };
}
