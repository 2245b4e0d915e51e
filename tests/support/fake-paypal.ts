import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local server that answers like PayPal's REST API for what the `paypal` gateway calls: the OAuth
 * token, Orders v2 (create in MXN, read, capture), refunds of a capture, webhook verification, and
 * PayPal-Request-Id (a repeated id gets the first successful answer). `approveOnPaypal(id)` stands
 * for the buyer approving on PayPal's site. Used by the integration tests and the end-to-end run.
 * A webhook is genuine when its transmission signature is "firma-buena" for WEBHOOK_ID.
 */
type Money = { currency_code: string; value: string };
type Order = {
  id: string;
  status: string;
  intent: string;
  purchase_units: { reference_id: string; custom_id: string; amount: Money; payments?: { captures: Capture[] } }[];
  links: { rel: string; href: string; method: string }[];
  return_url: string;
  cancel_url: string;
  decline?: boolean;
};
type Capture = { id: string; status: string; amount: Money };

export const CLIENT = "cliente-local";
export const SECRET = "secreto-local";
export const WEBHOOK_ID = "WH-LOCAL-1";
export const ordersById = new Map<string, Order>();
const answered = new Map<string, { status: number; body: unknown }>();
export const refundsDone: { captureId: string; value: string; requestId: string; id: string }[] = [];
/** While `on`, every call but the token answers 503, as during an outage of PayPal. */
export const outage = { on: false };
export const calls: { method: string; path: string; requestId: string | undefined }[] = [];
let seq = 0;

function paypalToCents(value: string) {
  const [whole, frac = ""] = value.split(".");
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/** The customer approves the order on PayPal's site. */
export const approveOnPaypal = (id: string, decline = false) => {
  const o = ordersById.get(id)!;
  o.status = "APPROVED";
  o.decline = decline;
};

export async function startFakePaypal(port = 0) {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = req.url!.split("?")[0]!;
      const requestId = req.headers["paypal-request-id"] as string | undefined;
      calls.push({ method: req.method!, path: url, requestId });
      const send = (status: number, body: unknown) => {
        // A repeated PayPal-Request-Id gets the first successful answer.
        if (requestId && req.method === "POST" && status < 300) answered.set(`${url}|${requestId}`, { status, body });
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const issue = (status: number, name: string, i: string) => send(status, { name, details: [{ issue: i }] });
      if (url === "/v1/oauth2/token") {
        const ok =
          req.headers.authorization === `Basic ${Buffer.from(`${CLIENT}:${SECRET}`).toString("base64")}` &&
          raw === "grant_type=client_credentials";
        return ok ? send(200, { access_token: "A21.local", token_type: "Bearer", expires_in: 32400 }) : send(401, {});
      }
      if (outage.on) return send(503, { name: "SERVICE_UNAVAILABLE" });
      if (req.headers.authorization !== "Bearer A21.local") return send(401, { name: "AUTHENTICATION_FAILURE" });
      const again = requestId && answered.get(`${url}|${requestId}`);
      if (again) {
        res.writeHead(again.status, { "content-type": "application/json" });
        return res.end(JSON.stringify(again.body));
      }
      const body = raw ? (JSON.parse(raw) as Record<string, any>) : {};
      let m: RegExpExecArray | null;
      if (url === "/v2/checkout/orders" && req.method === "POST") {
        const id = `5O${String(++seq).padStart(15, "0")}`;
        const ctx = body.payment_source.paypal.experience_context;
        const order: Order = {
          id,
          status: "PAYER_ACTION_REQUIRED",
          intent: body.intent,
          purchase_units: body.purchase_units,
          links: [
            { rel: "self", href: `http://paypal.local/v2/checkout/orders/${id}`, method: "GET" },
            { rel: "payer-action", href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}`, method: "GET" },
          ],
          return_url: ctx.return_url,
          cancel_url: ctx.cancel_url,
        };
        ordersById.set(id, order);
        return send(200, order);
      }
      if ((m = /^\/v2\/checkout\/orders\/(\w+)$/.exec(url)) && req.method === "GET") {
        const o = ordersById.get(m[1]!);
        return o ? send(200, o) : issue(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
      }
      if ((m = /^\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(url)) && req.method === "POST") {
        const o = ordersById.get(m[1]!);
        if (!o) return issue(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        if (o.status === "COMPLETED") return issue(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED");
        if (o.status !== "APPROVED") return issue(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED");
        if (o.decline) return issue(422, "UNPROCESSABLE_ENTITY", "INSTRUMENT_DECLINED");
        o.status = "COMPLETED";
        const unit = o.purchase_units[0]!;
        unit.payments = { captures: [{ id: `CAP${++seq}`, status: "COMPLETED", amount: unit.amount }] };
        return send(201, o);
      }
      if ((m = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(url)) && req.method === "POST") {
        const captureId = m[1]!;
        const owner = [...ordersById.values()].find((o) =>
          o.purchase_units[0]!.payments?.captures.some((c) => c.id === captureId),
        );
        if (!owner) return issue(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID");
        const paid = paypalToCents(owner.purchase_units[0]!.amount.value);
        const already = refundsDone
          .filter((r) => r.captureId === captureId)
          .reduce((s, r) => s + paypalToCents(r.value), 0);
        if (body.amount.currency_code !== "MXN" || already + paypalToCents(body.amount.value) > paid)
          return issue(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED");
        const r = { captureId, value: body.amount.value as string, requestId: requestId!, id: `RF${++seq}` };
        refundsDone.push(r);
        return send(201, { id: r.id, status: "COMPLETED", amount: body.amount });
      }
      if (url === "/v1/notifications/verify-webhook-signature" && req.method === "POST") {
        const genuine =
          body.transmission_sig === "firma-buena" &&
          body.webhook_id === WEBHOOK_ID &&
          body.auth_algo === "SHA256withRSA" &&
          typeof body.webhook_event?.id === "string";
        return send(200, { verification_status: genuine ? "SUCCESS" : "FAILURE" });
      }
      send(404, { name: "RESOURCE_NOT_FOUND", details: [{ issue: "INVALID_RESOURCE_ID" }] });
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
