import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server that answers like Mercado Pago's API for what the `mercadopago` gateway calls
 * through the official SDK: Checkout Pro preferences (`POST /checkout/preferences/`), payments
 * (`GET /v1/payments/:id`, `GET /v1/payments/search?external_reference=…`, `PUT /v1/payments/:id`
 * to cancel a pending one) and refunds (`POST /v1/payments/:id/refunds`, partial or whole). A call
 * that creates or moves money with an `X-Idempotency-Key` already used gets the first answer.
 *
 * What the buyer does on Mercado Pago's page is a helper: `payOnMercadoPago(prefId, "approved" |
 * "rejected" | "oxxo")` makes the preference's payment (an OXXO `ticket` stays `pending`);
 * `paidAtOxxo(id)` and `expireTicket(id)` move a pending ticket. `webhook(id)` is a notification
 * signed as Mercado Pago signs it (`x-signature: ts=…,v1=HMAC-SHA256(secret, manifest)`);
 * `forgedWebhook(id)` the same signed with another secret. Used by the integration tests and the
 * end-to-end run.
 */
export const ACCESS_TOKEN = "TEST-0000000000000000-local-access-token";
export const WEBHOOK_SECRET = "secreto-webhook-mercadopago-local";

type Preference = {
  id: string;
  items: { id?: string; title: string; quantity: number; currency_id: string; unit_price: number }[];
  external_reference: string;
  metadata: Record<string, unknown>;
  back_urls: { success: string; pending: string; failure: string };
  auto_return?: string;
  notification_url?: string;
  init_point: string;
  sandbox_init_point: string;
};
type MpPayment = {
  id: number;
  status: string;
  status_detail: string;
  currency_id: string;
  transaction_amount: number;
  transaction_amount_refunded: number;
  external_reference: string;
  metadata: Record<string, unknown>;
  payment_type_id: string;
  payment_method_id: string;
  date_created: string;
  date_of_expiration: string | null;
  preference_id: string;
  transaction_details: { external_resource_url?: string; payment_method_reference_id?: string };
  refunds: { id: number; amount: number }[];
};

export const preferences = new Map<string, Preference>();
export const paymentsById = new Map<string, MpPayment>();
/** Every call, as Mercado Pago received it. */
export const calls: { method: string; path: string; idempotencyKey: string | undefined; query: string }[] = [];
/** While `on`, every call answers 503, as during an outage of Mercado Pago. */
export const outage = { on: false };
const answered = new Map<string, { status: number; body: unknown }>();
let seq = 0;
let paymentSeq = 1_300_000_000;

/** Mercado Pago's decimal amounts (JSON numbers) summed without drift. */
const cents = (n: number) => Math.round(n * 100);

/**
 * The buyer pays the preference on Mercado Pago's page: a card approved or rejected, or an OXXO
 * ticket printed (`pending` until paid at the store, expiring in three days). Returns the payment.
 */
export function payOnMercadoPago(
  prefId: string,
  outcome: "approved" | "rejected" | "oxxo",
  opts: { amount?: number; currency?: string } = {},
): MpPayment {
  const pref = preferences.get(prefId);
  if (!pref) throw new Error(`no such preference ${prefId}`);
  const id = ++paymentSeq;
  const amount = opts.amount ?? pref.items.reduce((s, i) => s + cents(i.unit_price) * i.quantity, 0) / 100;
  const ticket = outcome === "oxxo";
  const p: MpPayment = {
    id,
    status: ticket ? "pending" : outcome,
    status_detail: ticket
      ? "pending_waiting_payment"
      : outcome === "approved"
        ? "accredited"
        : "cc_rejected_other_reason",
    currency_id: opts.currency ?? pref.items[0]!.currency_id,
    transaction_amount: amount,
    transaction_amount_refunded: 0,
    external_reference: pref.external_reference,
    // Mercado Pago copies the preference's metadata onto its payments.
    metadata: { ...pref.metadata },
    payment_type_id: ticket ? "ticket" : "credit_card",
    payment_method_id: ticket ? "oxxo" : "visa",
    date_created: new Date().toISOString(),
    date_of_expiration: ticket ? new Date(Date.now() + 3 * 86_400_000).toISOString() : null,
    preference_id: prefId,
    transaction_details: ticket
      ? {
          payment_method_reference_id: String(9_300_000_000_000 + id),
          external_resource_url: `https://www.mercadopago.com.mx/payments/${id}/ticket`,
        }
      : {},
    refunds: [],
  };
  paymentsById.set(String(id), p);
  return p;
}

/**
 * The OXXO ticket is paid at the store: Mercado Pago approves it. `amount`: Mercado Pago reports
 * another `transaction_amount` than the ticket's (in pesos), as a payment that is not the order's.
 */
export function paidAtOxxo(id: number | string, amount?: number) {
  const p = paymentsById.get(String(id))!;
  if (amount !== undefined) p.transaction_amount = amount;
  p.status = "approved";
  p.status_detail = "accredited";
  return p;
}

/** The OXXO ticket lapses unpaid: Mercado Pago cancels it. */
export function expireTicket(id: number | string) {
  const p = paymentsById.get(String(id))!;
  p.status = "cancelled";
  p.status_detail = "expired";
  return p;
}

/** The signature Mercado Pago puts in `x-signature` for a notification of `dataId`. */
function mercadoPagoSignature(secret: string, dataId: string, requestId: string, ts: string) {
  const manifest = `id:${dataId};${requestId ? `request-id:${requestId};` : ""}ts:${ts};`;
  const v1 = crypto.createHmac("sha256", secret).update(manifest).digest("hex");
  return `ts=${ts},v1=${v1}`;
}

/**
 * A payment notification as Mercado Pago sends it to the notification_url: `?data.id=…&type=payment`,
 * a JSON body, `x-request-id`, and `x-signature` made with `secret`. `notificationId` is the
 * notification's own id (a resent notification keeps it).
 */
export function webhook(
  paymentId: number | string,
  opts: { secret?: string; notificationId?: number; action?: string; requestId?: string } = {},
) {
  const dataId = String(paymentId);
  const requestId = opts.requestId ?? crypto.randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const body = JSON.stringify({
    id: opts.notificationId ?? ++seq + 100_000_000,
    live_mode: false,
    type: "payment",
    date_created: new Date().toISOString(),
    user_id: 44444,
    api_version: "v1",
    action: opts.action ?? "payment.updated",
    data: { id: dataId },
  });
  return {
    path: `/v2/webhooks/mercadopago?data.id=${encodeURIComponent(dataId)}&type=payment`,
    body,
    headers: {
      "content-type": "application/json",
      "x-request-id": requestId,
      "x-signature": mercadoPagoSignature(opts.secret ?? WEBHOOK_SECRET, dataId, requestId, ts),
    },
  };
}

/** The same notification signed with a secret that is not ours. */
export const forgedWebhook = (paymentId: number | string, opts: { notificationId?: number } = {}) =>
  webhook(paymentId, { ...opts, secret: "otro-secreto-que-no-es-el-nuestro" });

export async function startFakeMercadoPago(port = 0) {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const [url = "", query = ""] = req.url!.split("?");
      const idempotencyKey = req.headers["x-idempotency-key"] as string | undefined;
      calls.push({ method: req.method!, path: url, idempotencyKey, query });
      const send = (status: number, body: unknown) => {
        if (idempotencyKey && req.method !== "GET" && status < 300)
          answered.set(`${req.method} ${url}|${idempotencyKey}`, { status, body });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string, error = "bad_request") =>
        send(status, { message, error, status, cause: [] });
      if (outage.on) return error(503, "service unavailable", "internal_error");
      if (req.headers.authorization !== `Bearer ${ACCESS_TOKEN}`)
        return error(401, "invalid access token", "unauthorized");
      const again = idempotencyKey && answered.get(`${req.method} ${url}|${idempotencyKey}`);
      if (again) {
        res.writeHead(again.status, { "content-type": "application/json" });
        return res.end(JSON.stringify(again.body));
      }
      let body: Record<string, any> = {};
      try {
        body = raw ? (JSON.parse(raw) as Record<string, any>) : {};
      } catch {
        return error(400, "invalid json");
      }
      let m: RegExpExecArray | null;
      if (/^\/checkout\/preferences\/?$/.test(url) && req.method === "POST") {
        const items = body.items as Preference["items"] | undefined;
        if (!items?.length || items.some((i) => i.currency_id !== "MXN" || !(i.unit_price > 0)))
          return error(400, "invalid items");
        const id = `44444-${crypto.randomUUID()}`;
        const pref: Preference = {
          id,
          items,
          external_reference: String(body.external_reference ?? ""),
          metadata: (body.metadata as Record<string, unknown>) ?? {},
          back_urls: body.back_urls,
          auto_return: body.auto_return,
          notification_url: body.notification_url,
          init_point: `https://www.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}`,
          sandbox_init_point: `https://sandbox.mercadopago.com.mx/checkout/v1/redirect?pref_id=${id}`,
        };
        preferences.set(id, pref);
        return send(201, pref);
      }
      if (url === "/v1/payments/search" && req.method === "GET") {
        const q = new URLSearchParams(query);
        const ref = q.get("external_reference");
        const results = [...paymentsById.values()]
          .filter((p) => ref === null || p.external_reference === ref)
          .sort((a, b) => (q.get("criteria") === "asc" ? a.id - b.id : b.id - a.id));
        return send(200, { paging: { total: results.length, limit: 30, offset: 0 }, results });
      }
      if ((m = /^\/v1\/payments\/(\d+)$/.exec(url)) && req.method === "GET") {
        const p = paymentsById.get(m[1]!);
        return p ? send(200, p) : error(404, "Payment not found", "not_found");
      }
      if ((m = /^\/v1\/payments\/(\d+)$/.exec(url)) && req.method === "PUT") {
        const p = paymentsById.get(m[1]!);
        if (!p) return error(404, "Payment not found", "not_found");
        if (body.status !== "cancelled") return error(400, "only cancellation is answered here");
        if (p.status !== "pending" && p.status !== "in_process" && p.status !== "cancelled")
          return error(400, "Invalid status for cancellation");
        p.status = "cancelled";
        p.status_detail = "by_collector";
        return send(200, p);
      }
      if ((m = /^\/v1\/payments\/(\d+)\/refunds$/.exec(url)) && req.method === "POST") {
        const p = paymentsById.get(m[1]!);
        if (!p) return error(404, "Payment not found", "not_found");
        if (p.status !== "approved" && p.status !== "refunded") return error(400, "Invalid payment status");
        const left = cents(p.transaction_amount) - cents(p.transaction_amount_refunded);
        const want = body.amount === undefined ? left : cents(Number(body.amount));
        if (!(want > 0) || want > left) return error(400, "Invalid refund amount");
        const r = { id: ++seq + 2_000_000_000, amount: want / 100 };
        p.refunds.push(r);
        p.transaction_amount_refunded = (cents(p.transaction_amount_refunded) + want) / 100;
        if (cents(p.transaction_amount_refunded) === cents(p.transaction_amount)) p.status = "refunded";
        return send(201, {
          id: r.id,
          payment_id: p.id,
          amount: r.amount,
          status: "approved",
          date_created: new Date().toISOString(),
        });
      }
      error(404, "resource not found", "not_found");
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
