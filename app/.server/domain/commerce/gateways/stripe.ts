/**
 * The `stripe` gateway through the official SDK. Card fields are tokenised in the browser by the
 * provider's script, so our server only ever sees payment method ids (pm_…): never a card number.
 * Every call that moves money carries an idempotency key. STRIPE_API_URL points the SDK at another
 * host (the tests run a local server that answers like the provider).
 */
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { t } from "~/lib/messages";
import type { Db } from "../../../db/client";
import { gatewayCustomers } from "../../../db/schema";
import { GatewayError, type Intent, type PaymentGateway } from "./types";

const DAY = 86_400_000;

/**
 * An OXXO intent's voucher (`next_action.oxxo_display_details`: number, expires_after in unix
 * seconds, hosted_voucher_url). Once paid or lapsed Stripe drops the next action: the voucher is
 * then known by its kind only (the payment keeps what was shown).
 */
function oxxoPending(pi: Stripe.PaymentIntent): Intent["pending"] {
  if (!pi.payment_method_types?.includes("oxxo")) return null;
  const d = pi.next_action?.oxxo_display_details;
  return {
    kind: "oxxo",
    reference: d?.number ?? "",
    amountCents: pi.amount,
    expiresAt: d?.expires_after ? new Date(d.expires_after * 1000).toISOString() : "",
    ...(d?.hosted_voucher_url ? { hostedVoucherUrl: d.hosted_voucher_url } : {}),
  };
}

/**
 * A SPEI transfer (`customer_balance` funded by `mx_bank_transfer`): the instructions Stripe answers
 * (`next_action.display_bank_transfer_instructions`: the customer's CLABE, bank, reference, what
 * remains). Partly funded, what arrived is the amount less what remains; funded, the instructions
 * are gone (the payment keeps what was shown) and `surplusCents` is what this intent's transfer
 * brought beyond it (`speiSurplus`). The expiry is ours (metadata `expires_at`): Stripe's transfers
 * do not lapse.
 */
function speiPending(pi: Stripe.PaymentIntent, surplusCents = 0): Intent["pending"] {
  if (!pi.payment_method_types?.includes("customer_balance")) return null;
  const d = pi.next_action?.display_bank_transfer_instructions;
  const spei = d?.financial_addresses?.find((a) => a.spei)?.spei;
  const paid = pi.status === "succeeded";
  const remaining = paid ? 0 : (d?.amount_remaining ?? pi.amount);
  return {
    kind: "spei",
    reference: d?.reference ?? "",
    amountCents: pi.amount,
    expiresAt: pi.metadata?.expires_at ?? "",
    ...(spei ? { clabe: spei.clabe, bank: spei.bank_name, bankCode: spei.bank_code } : {}),
    ...(spei?.account_holder_name ? { beneficiary: spei.account_holder_name } : {}),
    ...(d?.hosted_instructions_url ? { hostedInstructionsUrl: d.hosted_instructions_url } : {}),
    receivedCents: (paid ? pi.amount_received : pi.amount - remaining) + surplusCents,
    surplusCents,
  };
}

/** A movement of a Customer's cash balance, as `customers.listCashBalanceTransactions` answers it. */
type CashMovement = Pick<
  Stripe.CustomerCashBalanceTransaction,
  "type" | "net_amount" | "created" | "applied_to_payment" | "unapplied_from_payment"
>;

const intentIdOf = (pi: string | Stripe.PaymentIntent | undefined) => (typeof pi === "string" ? pi : pi?.id);

/**
 * What a funded SPEI intent's own transfer brought beyond its amount, from the Customer's cash
 * balance history (oldest first), never money of another payment that the same balance holds (an
 * earlier surplus, a cancelled partial transfer, both awaiting their return). The history is
 * replayed as lots of money with an owner. A transfer (`funded`) is nobody's while the intents
 * it arrived for take from it (`applied_to_payment`, at the same moment: the newest transfer
 * first, then others' money, which the intent owes back); what is left is the last taker's, and
 * pays back first what that intent borrowed. Money applied later (should Stripe apply an earlier
 * surplus still held to a newly confirmed intent) is then someone's: borrowed. A cancelled intent's
 * money coming back (`unapplied_from_payment`) is that intent's; a return leaves owned money first.
 * Read up to the intent's last funding (and the intents the same transfer paid at that moment):
 * what happens later (other transfers, returns) never changes it, whenever it is read
 * (docs/decisions.md).
 */
export function speiSurplus(intentId: string, history: readonly CashMovement[]) {
  type Lot = { owner: string | null; cents: number; taker?: string };
  const lots: Lot[] = [];
  const debts: { debtor: string; creditor: string; cents: number }[] = [];
  const appliedTo = (m: CashMovement | undefined) =>
    m?.type === "applied_to_payment" ? intentIdOf(m.applied_to_payment?.payment_intent) : undefined;
  /** Stripe applied these two at one moment (a transfer paying the intents it arrived for). */
  const together = (a: CashMovement | undefined, b: CashMovement | undefined) =>
    Boolean(appliedTo(a) && appliedTo(b) && a!.created === b!.created);
  let end = history.findLastIndex((m) => appliedTo(m) === intentId);
  if (end < 0) return 0;
  while (together(history[end], history[end + 1])) end++;
  /** Takes `cents` from the lots, in this order; the lots it took from. */
  const take = (cents: number, order: Lot[]) => {
    const given: [Lot, number][] = [];
    for (const lot of order) {
      const c = Math.min(cents, lot.cents);
      if (c <= 0) continue;
      lot.cents -= c;
      cents -= c;
      given.push([lot, c]);
    }
    return given;
  };
  /** A transfer's rest becomes its last taker's, who first pays back what it borrowed. */
  const settle = () => {
    for (const lot of lots.filter((l) => l.owner === null && l.taker && l.cents > 0)) {
      lot.owner = lot.taker!;
      for (const d of debts.filter((x) => x.debtor === lot.owner && x.cents > 0)) {
        const c = Math.min(d.cents, lot.cents);
        d.cents -= c;
        lot.cents -= c;
        lots.push({ owner: d.creditor, cents: c });
      }
    }
  };
  for (const [i, m] of history.slice(0, end + 1).entries()) {
    const to = appliedTo(m);
    if (!together(history[i - 1], m)) settle();
    if (to) {
      const own = take(-m.net_amount, lots.filter((l) => l.owner === null).reverse());
      for (const [lot] of own) lot.taker = to;
      const owed = -m.net_amount - own.reduce((sum, [, c]) => sum + c, 0);
      for (const [lot, c] of take(
        owed,
        lots.filter((l) => l.owner !== null),
      ))
        if (lot.owner !== to) debts.push({ debtor: to, creditor: lot.owner!, cents: c });
    } else if (m.type === "unapplied_from_payment")
      lots.push({ owner: intentIdOf(m.unapplied_from_payment?.payment_intent) ?? null, cents: m.net_amount });
    else if (m.net_amount > 0) lots.push({ owner: null, cents: m.net_amount });
    else take(-m.net_amount, [...lots.filter((l) => l.owner !== null), ...lots.filter((l) => l.owner === null)]);
  }
  settle();
  return lots.reduce((sum, l) => sum + (l.owner === intentId ? l.cents : 0), 0);
}

function toIntent(pi: Stripe.PaymentIntent, surplusCents = 0): Intent {
  const pending = oxxoPending(pi) ?? speiPending(pi, surplusCents);
  // An OXXO voucher that lapsed unpaid goes back to requires_payment_method: it failed.
  const failed = pi.status === "requires_payment_method" && (pi.last_payment_error || pending);
  const status =
    pi.status === "succeeded"
      ? "succeeded"
      : pi.status === "requires_action" || pi.status === "requires_confirmation"
        ? "requires_action"
        : pi.status === "canceled"
          ? "canceled"
          : failed
            ? "failed"
            : "requires_action";
  return {
    id: pi.id,
    status,
    amountCents: pi.amount,
    clientSecret: pi.client_secret ?? null,
    metadata: (pi.metadata ?? {}) as Record<string, string>,
    paymentMethodId: typeof pi.payment_method === "string" ? pi.payment_method : (pi.payment_method?.id ?? null),
    failureMessage: failed ? declineMessage(pi.last_payment_error?.decline_code ?? pi.last_payment_error?.code) : null,
    installmentMonths: pi.payment_method_options?.card?.installments?.plan?.count ?? null,
    pending,
  };
}

function declineMessage(code: string | null | undefined) {
  if (code === "insufficient_funds") return t("commerce.payment.insufficientFunds");
  return t("errors.paymentDeclined");
}

/**
 * Stripe's answer about a Customer that is no more (deleted in its dashboard): `resource_missing`,
 * on the `customer` parameter when it was named in a request's body.
 */
function customerGone(e: unknown, param?: "customer") {
  return (
    e instanceof Stripe.errors.StripeInvalidRequestError &&
    e.code === "resource_missing" &&
    (!param || e.param === param)
  );
}

/** Provider errors become Spanish messages; the provider's own text never reaches the customer. */
function wrap(e: unknown): never {
  if (e instanceof Stripe.errors.StripeCardError)
    throw new GatewayError(declineMessage(e.decline_code ?? e.code), e.code ?? "card_error");
  if (e instanceof Stripe.errors.StripeError) throw new GatewayError(t("errors.paymentFailed"), e.code ?? e.type);
  throw e;
}

export function stripeGateway(cfg: {
  secretKey: string;
  publishableKey: string;
  webhookSecret?: string;
  apiUrl?: string;
}): PaymentGateway {
  const url = cfg.apiUrl ? new URL(cfg.apiUrl) : null;
  const stripe = new Stripe(cfg.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(url
      ? {
          host: url.hostname,
          port: Number(url.port || (url.protocol === "https:" ? 443 : 80)),
          protocol: url.protocol.replace(":", "") as "http" | "https",
        }
      : {}),
  });
  /**
   * Our customer's Stripe Customer, made once and kept (gateway_customers): their CLABE is theirs for
   * good. Two first payments at once: the provider's idempotency key gives both the same Customer.
   * `replacing`: the kept one was deleted at Stripe; a new one takes its place (its own key, as the
   * first key would answer the deleted Customer again), once however many requests find it gone.
   */
  async function customerFor(
    db: Db,
    customerKey: string,
    billing: { name: string; email: string },
    replacing?: string,
  ) {
    const where = and(eq(gatewayCustomers.gateway, "stripe"), eq(gatewayCustomers.customerKey, customerKey));
    const [known] = await db.select().from(gatewayCustomers).where(where);
    if (known && known.providerCustomerId !== replacing) return known.providerCustomerId;
    const c = await stripe.customers.create(
      { name: billing.name || undefined, email: billing.email || undefined, metadata: { customer_key: customerKey } },
      { idempotencyKey: replacing ? `customer:${customerKey}:after:${replacing}` : `customer:${customerKey}` },
    );
    if (known)
      await db
        .update(gatewayCustomers)
        .set({ providerCustomerId: c.id })
        .where(and(where, eq(gatewayCustomers.providerCustomerId, known.providerCustomerId)));
    else
      await db
        .insert(gatewayCustomers)
        .values({ gateway: "stripe", customerKey, providerCustomerId: c.id })
        .onConflictDoNothing();
    const [kept] = await db.select().from(gatewayCustomers).where(where);
    return kept!.providerCustomerId;
  }

  /**
   * The intent; a funded SPEI transfer also says what it brought beyond its amount, read from the
   * Customer's cash balance history (never the balance itself: it also holds other payments' money).
   */
  async function intentOf(pi: Stripe.PaymentIntent) {
    if (pi.status !== "succeeded" || !pi.payment_method_types?.includes("customer_balance") || !pi.customer)
      return toIntent(pi);
    const customer = typeof pi.customer === "string" ? pi.customer : pi.customer.id;
    // A Customer deleted at Stripe since has no cash balance left to read.
    const history = await stripe.customers
      .listCashBalanceTransactions(customer, { limit: 100 })
      .autoPagingToArray({ limit: 10_000 })
      .catch((e: unknown) => {
        if (customerGone(e)) return null;
        throw e;
      });
    return toIntent(pi, history ? speiSurplus(pi.id, history.reverse()) : 0);
  }

  return {
    name: "stripe",
    publicKey: cfg.publishableKey,
    async createPaymentMethod() {
      // Card data is tokenised by the provider's script in the browser; it never comes here.
      throw new GatewayError(t("errors.paymentFailed"), "tokenise_in_browser");
    },
    async paymentMethod(_db, id) {
      try {
        const pm = await stripe.paymentMethods.retrieve(id);
        if (!pm.card) return null;
        return {
          id: pm.id,
          brand: pm.card.brand,
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
        };
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError) return null;
        return wrap(e);
      }
    },
    async createCardIntent(_db, input) {
      try {
        // A card is reusable at Stripe only attached to a Customer: a card to be saved gets one (it is
        // attached when the payment succeeds); a saved card is charged with the Customer it is on.
        const pm = await stripe.paymentMethods.retrieve(input.paymentMethodId);
        const attachedTo = typeof pm.customer === "string" ? pm.customer : (pm.customer?.id ?? null);
        const save = input.metadata.save_card === "1" && !attachedTo;
        const customer =
          attachedTo ??
          (save
            ? (
                await stripe.customers.create(
                  { metadata: { user_id: input.metadata.user_id ?? "" } },
                  { idempotencyKey: `customer:${input.idempotencyKey}` },
                )
              ).id
            : null);
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: "mxn",
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ["card"],
            confirmation_method: "manual",
            confirm: true,
            // 3-D Secure is completed in the browser by Stripe.js (handleNextAction), then confirmed here.
            use_stripe_sdk: true,
            ...(customer ? { customer } : {}),
            ...(save ? { setup_future_usage: "off_session" as const } : {}),
            // Meses sin intereses: the plan chosen among those Stripe offered (it refuses any other).
            ...(input.installmentMonths
              ? {
                  payment_method_options: {
                    card: {
                      installments: {
                        enabled: true,
                        plan: {
                          count: input.installmentMonths,
                          interval: "month" as const,
                          type: "fixed_count" as const,
                        },
                      },
                    },
                  },
                }
              : {}),
            metadata: input.metadata,
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toIntent(pi);
      } catch (e) {
        return wrap(e);
      }
    },
    async installmentPlans(_db, input) {
      try {
        // Stripe tells the plans of a card only on an intent with installments enabled: one is made
        // (not confirmed, so nothing is charged), read, and cancelled; the charge is its own intent.
        // A saved card is used with the Customer it is on.
        const pm = await stripe.paymentMethods.retrieve(input.paymentMethodId);
        const customer = typeof pm.customer === "string" ? pm.customer : (pm.customer?.id ?? null);
        const pi = await stripe.paymentIntents.create({
          amount: input.amountCents,
          currency: "mxn",
          payment_method: input.paymentMethodId,
          ...(customer ? { customer } : {}),
          allowed_payment_method_types: ["card"],
          payment_method_options: { card: { installments: { enabled: true } } },
          metadata: { purpose: "installment_plans" },
        });
        await stripe.paymentIntents.cancel(pi.id).catch(() => undefined);
        const plans = pi.payment_method_options?.card?.installments?.available_plans ?? [];
        return plans
          .filter((p) => p.type === "fixed_count" && p.interval === "month" && p.count)
          .map((p) => p.count!)
          .sort((a, b) => a - b);
      } catch (e) {
        return wrap(e);
      }
    },
    async createOxxoIntent(_db, input) {
      try {
        // Confirmed at once: Stripe answers with the voucher to show (next_action.oxxo_display_details).
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: "mxn",
            allowed_payment_method_types: ["oxxo"],
            payment_method_data: { type: "oxxo", billing_details: input.billing },
            payment_method_options: {
              oxxo: { expires_after_days: Math.max(1, Math.round((input.expiresAt.getTime() - Date.now()) / DAY)) },
            },
            confirm: true,
            metadata: { ...input.metadata, charge_key: input.idempotencyKey },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        return toIntent(pi);
      } catch (e) {
        return wrap(e);
      }
    },
    async createSpeiIntent(db, input) {
      // Confirmed at once: Stripe answers with the transfer's instructions (the customer's CLABE). The
      // key names the Customer: Stripe keeps a refusal to its key, and an intent for another Customer
      // is another request.
      const create = (customer: string) =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: "mxn",
            customer,
            allowed_payment_method_types: ["customer_balance"],
            payment_method_data: { type: "customer_balance" },
            payment_method_options: {
              customer_balance: { funding_type: "bank_transfer", bank_transfer: { type: "mx_bank_transfer" } },
            },
            confirm: true,
            metadata: {
              ...input.metadata,
              charge_key: input.idempotencyKey,
              expires_at: input.expiresAt.toISOString(),
            },
          },
          { idempotencyKey: `${input.idempotencyKey}:${customer}` },
        );
      try {
        const customer = await customerFor(db, input.customerKey, input.billing);
        const pi = await create(customer).catch(async (e: unknown) => {
          // The kept Customer was deleted at Stripe (its dashboard): nothing was made for it; a new
          // Customer (a new CLABE) takes its place and the intent is asked for once more.
          if (!customerGone(e, "customer")) throw e;
          return create(await customerFor(db, input.customerKey, input.billing, customer));
        });
        return await intentOf(pi);
      } catch (e) {
        return wrap(e);
      }
    },
    async confirmIntent(_db, id) {
      try {
        const current = await stripe.paymentIntents.retrieve(id);
        if (current.status !== "requires_confirmation") return toIntent(current);
        return toIntent(await stripe.paymentIntents.confirm(id, {}, { idempotencyKey: `confirm:${id}` }));
      } catch (e) {
        return wrap(e);
      }
    },
    async retrieveIntent(_db, id) {
      try {
        return await intentOf(await stripe.paymentIntents.retrieve(id));
      } catch (e) {
        if (e instanceof Stripe.errors.StripeInvalidRequestError) return null;
        return wrap(e);
      }
    },
    async findIntentByKey(_db, idempotencyKey) {
      try {
        const found = await stripe.paymentIntents.search({
          query: `metadata['charge_key']:'${idempotencyKey.replace(/'/g, "\\'")}'`,
          limit: 1,
        });
        return found.data[0] ? await intentOf(found.data[0]) : null;
      } catch (e) {
        return wrap(e);
      }
    },
    async cancelIntent(_db, id) {
      try {
        return toIntent(await stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `cancel:${id}` }));
      } catch (e) {
        // Taken meanwhile (or already cancelled): the intent as it is now.
        if (e instanceof Stripe.errors.StripeInvalidRequestError)
          return toIntent(await stripe.paymentIntents.retrieve(id));
        return wrap(e);
      }
    },
    async refund(_db, intentId, amountCents, idempotencyKey, bank) {
      try {
        // OXXO: Stripe cannot put cash back on a card and takes no account number: it e-mails the
        // customer (instructions_email) for their bank details and transfers there.
        const r = await stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: amountCents,
            ...(bank
              ? {
                  instructions_email: bank.email,
                  metadata: { clabe_last4: bank.clabe.slice(-4), account_holder: bank.holder },
                }
              : {}),
          },
          { idempotencyKey },
        );
        return { id: r.id };
      } catch (e) {
        return wrap(e);
      }
    },
    async returnCashBalance(_db, intentId, amountCents, idempotencyKey) {
      try {
        // SPEI: what the customer's cash balance keeps (a surplus, a cancelled partial transfer) goes
        // back to the account it came from: a Refund from the customer balance.
        const pi = await stripe.paymentIntents.retrieve(intentId);
        const customer = typeof pi.customer === "string" ? pi.customer : pi.customer?.id;
        if (!customer) throw new GatewayError(t("errors.paymentFailed"), "no_customer");
        const r = await stripe.refunds.create(
          {
            customer,
            amount: amountCents,
            currency: "mxn",
            origin: "customer_balance",
            metadata: { payment_intent: intentId },
          },
          { idempotencyKey },
        );
        return { id: r.id };
      } catch (e) {
        return wrap(e);
      }
    },
    async forgetPaymentMethod(_db, id) {
      try {
        await stripe.paymentMethods.detach(id);
      } catch (e) {
        // Already detached or gone: nothing left to forget.
        if (!(e instanceof Stripe.errors.StripeInvalidRequestError)) return wrap(e);
      }
    },
    parseWebhook(rawBody, signature) {
      if (!cfg.webhookSecret || !signature) return null;
      try {
        const ev = stripe.webhooks.constructEvent(rawBody, signature, cfg.webhookSecret);
        const obj = ev.data.object as { id?: string };
        return { id: ev.id, type: ev.type, intentId: obj.id ?? "" };
      } catch {
        return null;
      }
    },
  };
}
