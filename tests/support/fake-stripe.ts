import http from "node:http";
import type { AddressInfo } from "node:net";
import { clabeCheckDigit } from "../../app/shared/mexico/clabe";

/**
 * A local server that answers like Stripe's API for what the `stripe` gateway calls: payment
 * methods, payment intents (success, decline, 3-D Secure with manual confirmation), confirm, refunds,
 * and idempotency keys (a repeated key answers the first object). Used by the integration tests and
 * by the end-to-end run with PAYMENT_GATEWAY=stripe (STRIPE_API_URL points here).
 *
 * Test payment methods: `pm_card_visa` succeeds, `pm_card_authenticationRequired` asks for 3-D Secure,
 * `pm_card_chargeDeclined` is declined, `pm_card_mx` (4000 0048 4000 0008) is a Mexican card with
 * installments (meses sin intereses: 3, 6, 9 and 12 months on an intent that enables them; a
 * confirmation with another plan, or any plan on another card, is refused). `authenticate(id)` stands for the bank's page passed in the
 * browser (the intent then awaits our server's confirmation). `deleteCustomer(id)` stands for a Customer
 * deleted in Stripe's dashboard; a failed intent creation is kept to its idempotency key as Stripe keeps it.
 */
type Pi = {
  id: string;
  payment_method_types?: string[];
  next_action?:
    | {
        type: "oxxo_display_details";
        oxxo_display_details: { number: string; expires_after: number; hosted_voucher_url: string };
      }
    | { type: "display_bank_transfer_instructions"; display_bank_transfer_instructions: BankTransferInstructions }
    | null;
  amount_received?: number;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string;
  last_payment_error: unknown;
  customer: string | null;
  setup_future_usage: string | null;
  payment_method_options?: {
    card: {
      installments: {
        enabled: boolean;
        available_plans: { count: number; interval: "month"; type: "fixed_count" }[] | null;
        plan: { count: number; interval: "month"; type: "fixed_count" } | null;
      };
    };
  };
};

type BankTransferInstructions = {
  type: "mx_bank_transfer";
  currency: "mxn";
  amount_remaining: number;
  reference: string;
  hosted_instructions_url: string;
  financial_addresses: {
    type: "spei";
    supported_networks: ["spei"];
    spei: { bank_name: string; bank_code: string; clabe: string; account_holder_name: string };
  }[];
};

const MX_PLANS = [3, 6, 9, 12].map((count) => ({ count, interval: "month" as const, type: "fixed_count" as const }));

/** A succeeded intent set up for future use attaches its card to its Customer (as Stripe does). */
function attachIfSaved(pi: Pi) {
  if (pi.status === "succeeded" && pi.setup_future_usage && pi.customer) attachedTo.set(pi.payment_method, pi.customer);
}
export const intents = new Map<string, Pi>();
const byKey = new Map<string, string>();
export const refundsByKey = new Map<
  string,
  { id: string; object: "refund"; amount: number; payment_intent: string; [k: string]: unknown }
>();
/** Stripe down for refunds: every new refund answers 500 (a repeated key still answers the first). */
export const refundsDown = { on: false };
/** Payment methods attached to a Customer (a card saved for later), and the customers made. */
export const attachedTo = new Map<string, string>();
const customersByKey = new Map<string, string>();
/** Customers made (id → metadata) and their cash balance in MXN cents (SPEI transfers not applied). */
const customers = new Map<string, Record<string, string>>();
/** Customers deleted (in the dashboard): Stripe still replays their creation to its idempotency key. */
const deletedCustomers = new Map<string, Record<string, string>>();
/** Failed intent creations, kept to their idempotency key as Stripe keeps them (with what was sent). */
const failuresByKey = new Map<string, { sent: string; status: number; error: unknown }>();
export const cashBalance = new Map<string, number>();
/**
 * Each Customer's cash balance transactions, oldest first, as Stripe lists them (newest first) at
 * `/v1/customers/:id/cash_balance_transactions`: a transfer `funded`, what an intent took
 * (`applied_to_payment`), what a cancelled intent gave back (`unapplied_from_payment`), a refund from
 * the balance (`return_initiated`).
 */
const cashMovements = new Map<string, Record<string, unknown>[]>();
/** The customer's cash balance moves by `cents` (negative: out), written in their history. */
function moveCash(customer: string, cents: number, type: string, intentId?: string) {
  const ending = (cashBalance.get(customer) ?? 0) + cents;
  cashBalance.set(customer, ending);
  const list = cashMovements.get(customer) ?? [];
  list.push({
    id: `ccsbtxn_mock_${seq++}`,
    object: "customer_cash_balance_transaction",
    created: Math.floor(Date.now() / 1000),
    currency: "mxn",
    customer,
    ending_balance: ending,
    net_amount: cents,
    livemode: false,
    type,
    ...(type === "funded" ? { funded: { bank_transfer: { type: "mx_bank_transfer", reference: null } } } : {}),
    ...(intentId ? { [type]: { payment_intent: intentId } } : {}),
  });
  cashMovements.set(customer, list);
}
export const calls: { method: string; path: string; key: string | undefined; body: Record<string, string> }[] = [];
let seq = 0;

/**
 * A Customer deleted at Stripe (the dashboard's «Eliminar cliente»): retrieving it answers
 * `deleted: true`, an intent for it is refused with `resource_missing` on `customer`.
 */
export function deleteCustomer(id: string) {
  const metadata = customers.get(id);
  if (!metadata) return false;
  customers.delete(id);
  deletedCustomers.set(id, metadata);
  cashBalance.delete(id);
  cashMovements.delete(id);
  return true;
}

/** The bank's 3-D Secure page, passed: the intent awaits our server's confirmation. */
export function authenticate(id: string) {
  const pi = intents.get(id);
  if (pi?.status === "requires_action") pi.status = "requires_confirmation";
  return Boolean(pi);
}

/** The customer pays the OXXO voucher at the store: the intent succeeds (Stripe then sends its webhook). */
export function payOxxo(id: string) {
  const pi = intents.get(id);
  if (pi?.status !== "requires_action" || !pi.payment_method_types?.includes("oxxo")) return false;
  pi.status = "succeeded";
  pi.next_action = null;
  return true;
}

/** The voucher lapses unpaid: as Stripe does, the intent goes back to requires_payment_method. */
export function expireOxxo(id: string) {
  const pi = intents.get(id);
  if (pi?.status !== "requires_action" || !pi.payment_method_types?.includes("oxxo")) return false;
  pi.status = "requires_payment_method";
  pi.next_action = null;
  return true;
}

/** The customer's CLABE at the fake's bank (STP, 646), drawn from the Customer: the same on every intent. */
function clabeOf(customer: string) {
  let h = 0;
  for (const ch of customer) h = (h * 31 + ch.charCodeAt(0)) % 100_000_000_000;
  const first17 = `646180${String(h).padStart(11, "0")}`;
  return first17 + clabeCheckDigit(first17);
}

/**
 * A SPEI transfer of `cents` reaches the Customer of a `customer_balance` intent: it goes to their cash
 * balance, which Stripe applies to the intent (reconciliation automatic): partly funded, what remains
 * drops; funded, the intent succeeds and anything beyond stays in the cash balance. Returns the event
 * type Stripe then sends, or null when the intent does not await a transfer.
 */
export function transferSpei(id: string, cents: number) {
  const pi = intents.get(id);
  const na = pi?.next_action;
  if (pi?.status !== "requires_action" || na?.type !== "display_bank_transfer_instructions" || !pi.customer)
    return null;
  moveCash(pi.customer, cents, "funded");
  const applied = Math.min(cashBalance.get(pi.customer)!, na.display_bank_transfer_instructions.amount_remaining);
  if (applied > 0) moveCash(pi.customer, -applied, "applied_to_payment", pi.id);
  na.display_bank_transfer_instructions.amount_remaining -= applied;
  if (na.display_bank_transfer_instructions.amount_remaining > 0) return "payment_intent.partially_funded";
  pi.status = "succeeded";
  pi.amount_received = pi.amount;
  pi.next_action = null;
  return "payment_intent.succeeded";
}

export async function startFakeStripe(port = 0) {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = Object.fromEntries(new URLSearchParams(raw));
      const key = req.headers["idempotency-key"] as string | undefined;
      calls.push({ method: req.method!, path: req.url!, key, body });
      const send = (status: number, obj: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${seq++}` });
        res.end(JSON.stringify(obj));
      };
      const url = req.url!.split("?")[0]!;
      let m: RegExpExecArray | null;
      const metadataOf = () =>
        Object.fromEntries(
          Object.entries(body).flatMap(([k, v]) => {
            const mm = /^metadata\[(\w+)\]$/.exec(k);
            return mm ? [[mm[1]!, v]] : [];
          }),
        );
      const pmView = (id: string) => ({
        id,
        object: "payment_method",
        type: "card",
        customer: attachedTo.get(id) ?? null,
        card: {
          brand: "visa",
          last4: id.startsWith("pm_card_chargeDeclined") ? "0002" : "4242",
          exp_month: 12,
          exp_year: 2031,
        },
      });
      if ((m = /^\/v1\/payment_methods\/(pm_\w+)$/.exec(url))) return send(200, pmView(m[1]!));
      if ((m = /^\/v1\/payment_methods\/(pm_\w+)\/detach$/.exec(url)) && req.method === "POST") {
        attachedTo.delete(m[1]!);
        return send(200, pmView(m[1]!));
      }
      if (url === "/v1/customers" && req.method === "POST") {
        const id = (key && customersByKey.get(key)) || `cus_mock_${seq++}`;
        if (key) customersByKey.set(key, id);
        // A repeated key answers the first Customer, even one deleted since (as Stripe does for 24 h).
        if (!customers.has(id) && !deletedCustomers.has(id)) customers.set(id, metadataOf());
        return send(200, { id, object: "customer", metadata: customers.get(id) ?? deletedCustomers.get(id) });
      }
      if ((m = /^\/v1\/customers\/(cus_\w+)\/cash_balance$/.exec(url)) && req.method === "GET") {
        if (!customers.has(m[1]!))
          return send(404, { error: { type: "invalid_request_error", code: "resource_missing" } });
        return send(200, {
          object: "cash_balance",
          customer: m[1],
          available: cashBalance.get(m[1]!) ? { mxn: cashBalance.get(m[1]!) } : null,
          livemode: false,
          settings: { reconciliation_mode: "automatic" },
        });
      }
      if ((m = /^\/v1\/customers\/(cus_\w+)\/cash_balance_transactions$/.exec(url)) && req.method === "GET") {
        if (!customers.has(m[1]!))
          return send(404, { error: { type: "invalid_request_error", code: "resource_missing" } });
        // Newest first, `limit` a page, `starting_after` the last id of the page before.
        const q = new URLSearchParams(req.url!.split("?")[1] ?? "");
        const all = [...(cashMovements.get(m[1]!) ?? [])].reverse();
        const after = q.get("starting_after");
        const from = after ? all.findIndex((x) => x.id === after) + 1 : 0;
        const limit = Number(q.get("limit") ?? 10);
        return send(200, {
          object: "list",
          data: all.slice(from, from + limit),
          has_more: from + limit < all.length,
          url: `/v1/customers/${m[1]}/cash_balance_transactions`,
        });
      }
      if ((m = /^\/v1\/customers\/(cus_\w+)$/.exec(url)) && req.method === "GET") {
        if (deletedCustomers.has(m[1]!)) return send(200, { id: m[1], object: "customer", deleted: true });
        if (!customers.has(m[1]!))
          return send(404, { error: { type: "invalid_request_error", code: "resource_missing" } });
        return send(200, { id: m[1], object: "customer", metadata: customers.get(m[1]!) });
      }
      if (url === "/v1/payment_intents" && req.method === "POST") {
        if (key && byKey.has(key)) return send(200, intents.get(byKey.get(key)!));
        // Stripe keeps a failure to its key too: the same key answers it again, other parameters are refused.
        const failed = key ? failuresByKey.get(key) : undefined;
        if (failed)
          return failed.sent === raw
            ? send(failed.status, failed.error)
            : send(400, {
                error: {
                  type: "idempotency_error",
                  message:
                    "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                },
              });
        if (body["allowed_payment_method_types[0]"] === "customer_balance") {
          // SPEI: confirmed at once for a Customer, the transfer's instructions (their CLABE) to show.
          const customer = body.customer;
          if (customer && !customers.has(customer)) {
            const error = {
              error: {
                type: "invalid_request_error",
                code: "resource_missing",
                param: "customer",
                message: `No such customer: '${customer}'`,
              },
            };
            if (key) failuresByKey.set(key, { sent: raw, status: 400, error });
            return send(400, error);
          }
          if (
            !customer ||
            !customers.has(customer) ||
            body["payment_method_data[type]"] !== "customer_balance" ||
            body["payment_method_options[customer_balance][funding_type]"] !== "bank_transfer" ||
            body["payment_method_options[customer_balance][bank_transfer][type]"] !== "mx_bank_transfer"
          )
            return send(400, { error: { type: "invalid_request_error", code: "parameter_missing" } });
          const id = `pi_mock_${seq++}`;
          const pi: Pi = {
            id,
            object: "payment_intent",
            amount: Number(body.amount),
            amount_received: 0,
            currency: body.currency!,
            status: "requires_action",
            client_secret: `${id}_secret_x`,
            metadata: metadataOf(),
            payment_method: `pm_cb_${seq++}`,
            payment_method_types: ["customer_balance"],
            next_action: {
              type: "display_bank_transfer_instructions",
              display_bank_transfer_instructions: {
                type: "mx_bank_transfer",
                currency: "mxn",
                amount_remaining: Number(body.amount),
                reference: String(1_000_000 + seq),
                hosted_instructions_url: `https://payments.stripe.com/bank_transfers/instructions/${id}`,
                financial_addresses: [
                  {
                    type: "spei",
                    supported_networks: ["spei"],
                    spei: {
                      bank_name: "STP",
                      bank_code: "646",
                      clabe: clabeOf(customer),
                      account_holder_name: "Barre Studio SA de CV",
                    },
                  },
                ],
              },
            },
            last_payment_error: null,
            customer,
            setup_future_usage: null,
          };
          intents.set(id, pi);
          if (key) byKey.set(key, id);
          return send(200, pi);
        }
        if (body["allowed_payment_method_types[0]"] === "oxxo") {
          // OXXO: confirmed at once, a voucher to show (reference of 14 digits, expiry, Stripe's page).
          if (
            !body["payment_method_data[billing_details][name]"] ||
            !body["payment_method_data[billing_details][email]"]
          )
            return send(400, { error: { type: "invalid_request_error", code: "parameter_missing" } });
          const id = `pi_mock_${seq++}`;
          const days = Number(body["payment_method_options[oxxo][expires_after_days]"] ?? 3);
          const pi: Pi = {
            id,
            object: "payment_intent",
            amount: Number(body.amount),
            currency: body.currency!,
            status: "requires_action",
            client_secret: `${id}_secret_x`,
            metadata: metadataOf(),
            payment_method: `pm_oxxo_${seq++}`,
            payment_method_types: ["oxxo"],
            next_action: {
              type: "oxxo_display_details",
              oxxo_display_details: {
                number: String(10_000_000_000_000 + seq).padStart(14, "9"),
                expires_after: Math.floor(Date.now() / 1000) + days * 86_400,
                hosted_voucher_url: `https://payments.stripe.com/oxxo/voucher/${id}`,
              },
            },
            last_payment_error: null,
            customer: null,
            setup_future_usage: null,
          };
          intents.set(id, pi);
          if (key) byKey.set(key, id);
          return send(200, pi);
        }
        const pm = body.payment_method!;
        if (attachedTo.has(pm) && attachedTo.get(pm) !== body.customer)
          return send(400, { error: { type: "invalid_request_error", code: "payment_method_not_attached" } });
        if (pm.startsWith("pm_card_chargeDeclined"))
          return send(402, {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
            },
          });
        // Installments: the plans of a Mexican card; a chosen plan must be one of them.
        const inst = "payment_method_options[card][installments][enabled]";
        const available = body[inst] === "true" ? (pm.startsWith("pm_card_mx") ? MX_PLANS : []) : null;
        const count = body["payment_method_options[card][installments][plan][count]"];
        if (count && !available?.some((p) => String(p.count) === count))
          return send(400, {
            error: { type: "invalid_request_error", code: "parameter_invalid", message: "Invalid installment plan" },
          });
        const plan = count ? MX_PLANS.find((p) => String(p.count) === count)! : null;
        const id = `pi_mock_${seq++}`;
        const metadata: Record<string, string> = {};
        for (const [k, v] of Object.entries(body)) {
          const mm = /^metadata\[(\w+)\]$/.exec(k);
          if (mm) metadata[mm[1]!] = v;
        }
        const pi: Pi = {
          id,
          object: "payment_intent",
          amount: Number(body.amount),
          currency: body.currency!,
          status:
            body.confirm !== "true"
              ? "requires_confirmation"
              : pm.startsWith("pm_card_authenticationRequired")
                ? "requires_action"
                : "succeeded",
          client_secret: `${id}_secret_x`,
          metadata,
          payment_method: pm,
          last_payment_error: null,
          customer: body.customer ?? null,
          setup_future_usage: body.setup_future_usage ?? null,
          ...(available
            ? {
                payment_method_options: { card: { installments: { enabled: true, available_plans: available, plan } } },
              }
            : {}),
        };
        attachIfSaved(pi);
        intents.set(id, pi);
        if (key) byKey.set(key, id);
        return send(200, pi);
      }
      if (url === "/v1/payment_intents/search") {
        // Only the query the gateway sends: metadata['charge_key']:'<key>'.
        const q = new URLSearchParams(req.url!.split("?")[1] ?? "").get("query") ?? "";
        const mm = /^metadata\['(\w+)'\]:'(.*)'$/.exec(q);
        const found = mm ? [...intents.values()].filter((pi) => pi.metadata[mm[1]!] === mm[2]) : [];
        return send(200, { object: "search_result", data: found, has_more: false, url: "/v1/payment_intents/search" });
      }
      if ((m = /^\/v1\/payment_intents\/(pi_\w+)\/cancel$/.exec(url)) && req.method === "POST") {
        const pi = intents.get(m[1]!);
        if (!pi) return send(404, { error: { type: "invalid_request_error", code: "resource_missing" } });
        if (pi.status === "succeeded" || pi.status === "canceled")
          return send(400, {
            error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "Cannot cancel" },
          });
        pi.status = "canceled";
        // A SPEI transfer partly funded: what was applied goes back to the customer's cash balance.
        const na = pi.next_action;
        if (na?.type === "display_bank_transfer_instructions" && pi.customer) {
          const applied = pi.amount - na.display_bank_transfer_instructions.amount_remaining;
          if (applied > 0) moveCash(pi.customer, applied, "unapplied_from_payment", pi.id);
        }
        return send(200, pi);
      }
      if ((m = /^\/v1\/payment_intents\/(pi_\w+)$/.exec(url))) {
        const pi = intents.get(m[1]!);
        return pi
          ? send(200, pi)
          : send(404, {
              error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" },
            });
      }
      if ((m = /^\/v1\/payment_intents\/(pi_\w+)\/confirm$/.exec(url)) && req.method === "POST") {
        const pi = intents.get(m[1]!);
        if (!pi) return send(404, { error: { type: "invalid_request_error", code: "resource_missing" } });
        if (pi.status === "requires_confirmation") pi.status = "succeeded";
        attachIfSaved(pi);
        return send(200, pi);
      }
      if (url === "/v1/refunds" && req.method === "POST") {
        if (key && refundsByKey.has(key)) return send(200, refundsByKey.get(key));
        if (refundsDown.on)
          return send(500, { error: { type: "api_error", message: "Something went wrong on Stripe's end" } });
        if (body.origin === "customer_balance") {
          // From the customer's cash balance (a SPEI surplus, a cancelled partial transfer): never more than it holds.
          const customer = body.customer ?? "";
          const held = cashBalance.get(customer) ?? 0;
          if (body.currency !== "mxn" || !(Number(body.amount) > 0) || Number(body.amount) > held)
            return send(400, {
              error: {
                type: "invalid_request_error",
                code: "balance_insufficient",
                message: "Not enough cash balance",
              },
            });
          moveCash(customer, -Number(body.amount), "return_initiated");
          const r = {
            id: `re_mock_${seq++}`,
            object: "refund" as const,
            amount: Number(body.amount),
            payment_intent: "",
            customer,
            origin: "customer_balance",
          };
          if (key) refundsByKey.set(key, r);
          return send(200, { ...r, status: "pending" });
        }
        const pi = intents.get(body.payment_intent!);
        const done = [...refundsByKey.values()]
          .filter((r) => r.payment_intent === body.payment_intent)
          .reduce((sum, r) => sum + r.amount, 0);
        if (!pi || pi.status !== "succeeded" || done + Number(body.amount) > pi.amount)
          return send(400, {
            error: { type: "invalid_request_error", code: "amount_too_large", message: "Refund exceeds charge" },
          });
        // OXXO (cash): Stripe e-mails the customer (instructions_email, else the voucher's billing
        // e-mail) for their bank details; the refund awaits them.
        const oxxo = pi.payment_method_types?.includes("oxxo");
        const r = {
          id: `re_mock_${seq++}`,
          object: "refund" as const,
          amount: Number(body.amount),
          payment_intent: pi.id,
          ...(oxxo ? { instructions_email: body.instructions_email } : {}),
        };
        if (key) refundsByKey.set(key, r);
        return send(200, { ...r, status: oxxo ? "requires_action" : "succeeded" });
      }
      send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    });
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
