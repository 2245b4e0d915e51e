/**
 * The built-in `sandbox` gateway: behaves like the card provider's test mode with its published test
 * cards, keeping its state in the database (as a provider would on its side) so every server sees it.
 *
 *   4242 4242 4242 4242  succeeds
 *   4000 0025 0000 3155  requires authentication (the card-action step), then succeeds
 *   4000 0000 0000 0002  declined: 'Tarjeta declinada'
 *   4000 0000 0000 9995  declined: insufficient funds
 *   4000 0048 4000 0008  a Mexican credit card with meses sin intereses (Stripe's MX installments
 *                        test card): 3, 6, 9 or 12 months, each offered from $100 MXN a month
 *                        (3 from $300, 6 from $600, 9 from $900, 12 from $1,200); succeeds
 *
 * Any other number that passes the Luhn check succeeds. Only brand, last4 and expiry are kept.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { clabeCheckDigit, clabeProblem } from "~/shared/mexico/clabe";
import { localDay } from "~/shared/mexico/time";
import type { Db } from "../../../db/client";
import { sandboxIntents, sandboxPaymentMethods } from "../../../db/schema";
import {
  GatewayError,
  type BankRefundTarget,
  type CardInput,
  type Intent,
  type PaymentGateway,
  type PaymentMethodInfo,
  type PaypalGateway,
} from "./types";

type Outcome = "succeed" | "authenticate" | "decline" | "insufficient_funds";
const TEST_CARDS: Record<string, Outcome> = {
  "4000002500003155": "authenticate",
  "4000000000000002": "decline",
  "4000000000009995": "insufficient_funds",
};

/** Cards the sandbox offers meses sin intereses for (any other card is not eligible). */
const INSTALLMENT_CARDS = new Set(["4000004840000008"]);
/** The months the sandbox offers, each from this much a month. */
const INSTALLMENT_COUNTS = [3, 6, 9, 12];
const INSTALLMENT_MIN_MONTHLY_CENTS = 10_000;

function sandboxPlans(eligible: boolean, amountCents: number) {
  return eligible ? INSTALLMENT_COUNTS.filter((n) => amountCents >= n * INSTALLMENT_MIN_MONTHLY_CENTS) : [];
}

export function luhnValid(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string) {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2[2-7])/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  return "unknown";
}

/**
 * What the provider checks before it makes a payment method, with its error codes (each names a
 * field, CARD_ERROR_FIELDS): number (Luhn), expiry month, a year not absurdly far, not expired, cvc
 * (4 digits for American Express, 3 or 4 otherwise), the holder's name.
 */
function checkCard(digits: string, card: CardInput, now: Date) {
  if (!luhnValid(digits)) throw new GatewayError(t("commerce.payment.cardNumberInvalid"), "invalid_number");
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12)
    throw new GatewayError(t("commerce.payment.cardExpiryInvalid"), "invalid_expiry_month");
  // A card is good until the end of its month, in Mexico City.
  const [year, month] = localDay(now).split("-").map(Number) as [number, number];
  if (!Number.isInteger(card.expYear) || card.expYear > year + 50)
    throw new GatewayError(t("commerce.payment.cardExpiryInvalid"), "invalid_expiry_year");
  if (card.expYear < year || (card.expYear === year && card.expMonth < month))
    throw new GatewayError(t("commerce.payment.cardExpired"), "expired_card");
  if (!(cardBrand(digits) === "amex" ? /^\d{4}$/ : /^\d{3,4}$/).test(card.cvc))
    throw new GatewayError(t("commerce.payment.cvcInvalid"), "invalid_cvc");
  if (!card.name.trim()) throw new GatewayError(t("commerce.payment.cardNameRequired"), "missing_name");
}

const rid = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;

function failureOf(outcome: Outcome | undefined) {
  if (outcome === "insufficient_funds") return t("commerce.payment.insufficientFunds");
  return t("errors.paymentDeclined");
}

type IntentRow = typeof sandboxIntents.$inferSelect;

async function toIntent(db: Db, row: IntentRow): Promise<Intent> {
  let failureMessage: string | null = null;
  if (row.status === "failed") {
    if (row.metadata.failure) failureMessage = row.metadata.failure;
    else if (row.paymentMethodId) {
      const [pm] = await db
        .select({ outcome: sandboxPaymentMethods.outcome })
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, row.paymentMethodId));
      failureMessage = failureOf(pm?.outcome);
    } else failureMessage = t("errors.paymentFailed");
  }
  return {
    id: row.id,
    status: row.status,
    amountCents: row.amountCents,
    clientSecret: `${row.id}_secret`,
    metadata: row.metadata,
    paymentMethodId: row.paymentMethodId,
    failureMessage,
    installmentMonths: row.metadata.installment_months ? Number(row.metadata.installment_months) : null,
    approveUrl: row.kind === "paypal" ? `/api/v2/sandbox/paypal/${row.id}` : null,
    pending:
      row.kind === "oxxo"
        ? {
            kind: "oxxo",
            reference: row.metadata.oxxo_reference ?? "",
            amountCents: row.amountCents,
            expiresAt: row.metadata.expires_at ?? "",
          }
        : row.kind === "spei"
          ? speiPending(row)
          : null,
  };
}

/** The sandbox's bank for SPEI (what Stripe shows as the funding instructions' bank and holder). */
const SANDBOX_SPEI_BANK = "STP";
const SANDBOX_SPEI_BENEFICIARY = "Barre Sandbox SA de CV";

/**
 * The customer's CLABE at the sandbox's bank: STP's bank and place (646 180), 11 digits drawn from
 * the customer, the check digit. The same customer always gets the same CLABE.
 */
function sandboxClabe(customerKey: string) {
  const n = BigInt(`0x${crypto.createHash("sha256").update(`clabe:${customerKey}`).digest("hex").slice(0, 15)}`);
  const first17 = `646180${(n % 100_000_000_000n).toString().padStart(11, "0")}`;
  return first17 + clabeCheckDigit(first17);
}

function speiPending(row: IntentRow): NonNullable<Intent["pending"]> {
  const received = Number(row.metadata.received_cents ?? 0);
  return {
    kind: "spei",
    reference: row.metadata.spei_reference ?? "",
    clabe: row.metadata.clabe ?? "",
    bank: SANDBOX_SPEI_BANK,
    beneficiary: SANDBOX_SPEI_BENEFICIARY,
    amountCents: row.amountCents,
    expiresAt: row.metadata.expires_at ?? "",
    receivedCents: received,
    surplusCents: Math.max(0, received - row.amountCents),
  };
}

async function insertOnce(db: Db, values: typeof sandboxIntents.$inferInsert) {
  const [row] = await db.insert(sandboxIntents).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(sandboxIntents)
    .where(eq(sandboxIntents.idempotencyKey, values.idempotencyKey));
  return existing!;
}

async function refundIntent(db: Db, id: string, amountCents: number, idempotencyKey: string) {
  // Idempotent: the refund's key is remembered on the intent; a second call with it changes nothing.
  const key = `refund:${idempotencyKey}`;
  const [row] = await db
    .update(sandboxIntents)
    .set({
      refundedCents: sql`${sandboxIntents.refundedCents} + ${amountCents}`,
      metadata: sql`${sandboxIntents.metadata} || jsonb_build_object(${key}::text, 'done')`,
    })
    .where(
      and(
        eq(sandboxIntents.id, id),
        eq(sandboxIntents.status, "succeeded"),
        sql`not (${sandboxIntents.metadata} ? ${key}::text)`,
        sql`${sandboxIntents.refundedCents} + ${amountCents} <= ${sandboxIntents.amountCents}`,
      ),
    )
    .returning({ id: sandboxIntents.id });
  if (!row) {
    const [existing] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    if (!existing || !(key in existing.metadata)) throw new GatewayError(t("errors.paymentFailed"), "refund_failed");
  }
  return { id: `re_${crypto.createHash("sha256").update(key).digest("hex").slice(0, 24)}` };
}

/**
 * The sandbox's refund: an OXXO payment (`bank`) is transferred to the customer's CLABE, which the
 * sandbox's bank refuses when it is not a valid one; only its last four digits are kept.
 */
async function refundOrTransfer(
  db: Db,
  id: string,
  amountCents: number,
  idempotencyKey: string,
  bank?: BankRefundTarget,
) {
  if (bank && clabeProblem(bank.clabe)) throw new GatewayError(t("errors.paymentFailed"), "invalid_clabe");
  const r = await refundIntent(db, id, amountCents, idempotencyKey);
  if (bank)
    await db
      .update(sandboxIntents)
      .set({
        metadata: sql`${sandboxIntents.metadata} || jsonb_build_object(${`transfer:${idempotencyKey}`}::text, ${bank.clabe.slice(-4)}::text)`,
      })
      .where(eq(sandboxIntents.id, id));
  return r;
}

/**
 * The sandbox's bank returns SPEI money it still holds for the customer: a surplus (received beyond
 * the amount of a paid intent) or what a cancelled intent had received. Once per key; never more
 * than it holds (`returned_cents` counts what went back).
 */
async function returnSpei(db: Db, id: string, amountCents: number, idempotencyKey: string) {
  const key = `return:${idempotencyKey}`;
  const held = sql`coalesce((${sandboxIntents.metadata}->>'received_cents')::int, 0) - case when ${sandboxIntents.status} = 'succeeded' then ${sandboxIntents.amountCents} else 0 end - coalesce((${sandboxIntents.metadata}->>'returned_cents')::int, 0)`;
  const [row] = await db
    .update(sandboxIntents)
    .set({
      metadata: sql`${sandboxIntents.metadata} || jsonb_build_object(${key}::text, 'done', 'returned_cents', (coalesce((${sandboxIntents.metadata}->>'returned_cents')::int, 0) + ${amountCents}::int)::text)`,
    })
    .where(
      and(
        eq(sandboxIntents.id, id),
        eq(sandboxIntents.kind, "spei"),
        sql`${sandboxIntents.status} in ('succeeded', 'canceled')`,
        sql`not (${sandboxIntents.metadata} ? ${key}::text)`,
        sql`${held} >= ${amountCents}::int`,
      ),
    )
    .returning({ id: sandboxIntents.id });
  if (!row) {
    const [existing] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    if (!existing || !(key in existing.metadata)) throw new GatewayError(t("errors.paymentFailed"), "return_failed");
  }
  return { id: `re_${crypto.createHash("sha256").update(key).digest("hex").slice(0, 24)}` };
}

export function sandboxGateway(
  webhookSecret: string,
): PaymentGateway & { authenticate: typeof authenticate; payOxxo: typeof payOxxo; receiveSpei: typeof receiveSpei } {
  return {
    name: "sandbox",
    publicKey: "pk_test_sandbox",
    async createPaymentMethod(db, card: CardInput, now: Date): Promise<PaymentMethodInfo> {
      const digits = card.number.replace(/\s+/g, "");
      checkCard(digits, card, now);
      const id = rid("pm_sbx");
      const info = {
        id,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
      await db.insert(sandboxPaymentMethods).values({
        ...info,
        outcome: TEST_CARDS[digits] ?? "succeed",
        installments: INSTALLMENT_CARDS.has(digits),
      });
      return info;
    },
    async paymentMethod(db, id) {
      const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.id, id));
      return row
        ? { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }
        : null;
    },
    async createCardIntent(db, input) {
      const [pm] = await db
        .select()
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, input.paymentMethodId));
      if (!pm) throw new GatewayError(t("errors.paymentFailed"), "no_such_payment_method");
      // As the provider: a plan it did not offer for this card and amount is refused, nothing charged.
      const months = input.installmentMonths;
      if (months && !sandboxPlans(pm.installments, input.amountCents).includes(months))
        throw new GatewayError(t("commerce.msi.planUnavailable", { n: months }), "installment_plan_unavailable");
      const status =
        pm.outcome === "succeed" ? "succeeded" : pm.outcome === "authenticate" ? "requires_action" : "failed";
      const row = await insertOnce(db, {
        id: rid("pi_sbx"),
        idempotencyKey: input.idempotencyKey,
        kind: "card",
        amountCents: input.amountCents,
        paymentMethodId: pm.id,
        status,
        metadata: months ? { ...input.metadata, installment_months: String(months) } : input.metadata,
      });
      return toIntent(db, row);
    },
    async installmentPlans(db, input) {
      const [pm] = await db
        .select({ installments: sandboxPaymentMethods.installments })
        .from(sandboxPaymentMethods)
        .where(eq(sandboxPaymentMethods.id, input.paymentMethodId));
      return sandboxPlans(pm?.installments ?? false, input.amountCents);
    },
    async createOxxoIntent(db, input) {
      // A voucher's reference is 14 digits, as OXXO's (Stripe's test mode makes one too).
      const reference = Array.from(crypto.randomBytes(14), (b) => String(b % 10)).join("");
      const row = await insertOnce(db, {
        id: rid("pi_sbx"),
        idempotencyKey: input.idempotencyKey,
        kind: "oxxo",
        amountCents: input.amountCents,
        status: "requires_action",
        metadata: { ...input.metadata, oxxo_reference: reference, expires_at: input.expiresAt.toISOString() },
      });
      return toIntent(db, row);
    },
    async createSpeiIntent(db, input) {
      // SPEI's numeric reference is up to 7 digits.
      const reference = Array.from(crypto.randomBytes(7), (b) => String(b % 10)).join("");
      const row = await insertOnce(db, {
        id: rid("pi_sbx"),
        idempotencyKey: input.idempotencyKey,
        kind: "spei",
        amountCents: input.amountCents,
        status: "requires_action",
        metadata: {
          ...input.metadata,
          spei_reference: reference,
          clabe: sandboxClabe(input.customerKey),
          received_cents: "0",
          expires_at: input.expiresAt.toISOString(),
        },
      });
      return toIntent(db, row);
    },
    async confirmIntent(db, id) {
      // requires_action → succeeded once the card action (authentication) was approved, failed if refused.
      await db
        .update(sandboxIntents)
        .set({
          status: sql`case when ${sandboxIntents.metadata}->>'authenticated' = 'yes' then 'succeeded' when ${sandboxIntents.metadata}->>'authenticated' = 'no' then 'failed' else ${sandboxIntents.status} end`,
        })
        .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, "requires_action")));
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
      if (!row) throw new GatewayError(t("commerce.payment.intentNotFound"), "no_such_intent");
      return toIntent(db, row);
    },
    async retrieveIntent(db, id) {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
      return row ? toIntent(db, row) : null;
    },
    async findIntentByKey(db, idempotencyKey) {
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.idempotencyKey, idempotencyKey));
      return row ? toIntent(db, row) : null;
    },
    async cancelIntent(db, id) {
      await db
        .update(sandboxIntents)
        .set({ status: "canceled" })
        .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, "requires_action")));
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
      if (!row) throw new GatewayError(t("commerce.payment.intentNotFound"), "no_such_intent");
      return toIntent(db, row);
    },
    refund: refundOrTransfer,
    returnCashBalance: returnSpei,
    // The sandbox keeps only brand, last4 and expiry, which the saved card's row already hides.
    async forgetPaymentMethod() {},
    parseWebhook(rawBody, signature) {
      if (!verifySignature(webhookSecret, rawBody, signature)) return null;
      try {
        const ev = JSON.parse(rawBody) as { id: string; type: string; data: { object: { id: string } } };
        return { id: ev.id, type: ev.type, intentId: ev.data.object.id };
      } catch {
        return null;
      }
    },
    authenticate,
    payOxxo,
    receiveSpei,
  };
}

/**
 * The sandbox's OXXO store: the customer pays the voucher in cash. Only a voucher still awaiting
 * payment and not expired is paid (as at a real store, an expired reference is refused); the
 * intent as it is after, or null when refused.
 */
async function payOxxo(db: Db, id: string, now: Date) {
  const [row] = await db
    .update(sandboxIntents)
    .set({ status: "succeeded" })
    .where(
      and(
        eq(sandboxIntents.id, id),
        eq(sandboxIntents.kind, "oxxo"),
        eq(sandboxIntents.status, "requires_action"),
        sql`(${sandboxIntents.metadata}->>'expires_at')::timestamptz > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ? toIntent(db, row) : null;
}

/**
 * The sandbox's bank receives a SPEI transfer of `amountCents` for an intent awaiting one: added to
 * what was received; funded in full (or beyond: the surplus is the customer's balance) it succeeds.
 * Refused (null) when the intent is not awaiting a transfer or has lapsed: the bank sends it back.
 * The webhook to send after is `payment_intent.succeeded` or `payment_intent.partially_funded`.
 */
async function receiveSpei(db: Db, id: string, amountCents: number, now: Date) {
  const total = sql`coalesce((${sandboxIntents.metadata}->>'received_cents')::int, 0) + ${amountCents}::int`;
  const [row] = await db
    .update(sandboxIntents)
    .set({
      metadata: sql`${sandboxIntents.metadata} || jsonb_build_object('received_cents', (${total})::text)`,
      status: sql`case when ${total} >= ${sandboxIntents.amountCents} then 'succeeded' else ${sandboxIntents.status} end`,
    })
    .where(
      and(
        eq(sandboxIntents.id, id),
        eq(sandboxIntents.kind, "spei"),
        eq(sandboxIntents.status, "requires_action"),
        sql`(${sandboxIntents.metadata}->>'expires_at')::timestamptz > ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row ? toIntent(db, row) : null;
}

/** The card-action step of the sandbox (the bank's authentication page): approve or refuse. */
async function authenticate(db: Db, id: string, approve: boolean) {
  const [row] = await db
    .update(sandboxIntents)
    .set({
      metadata: sql`${sandboxIntents.metadata} || jsonb_build_object('authenticated', ${approve ? "yes" : "no"}::text)`,
    })
    .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.status, "requires_action")))
    .returning();
  return row ?? null;
}

/** `t=<unix>,v1=<hex hmac-sha256 of "t.body">`, like the card provider's webhooks. */
export function signWebhook(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const mac = crypto.createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

export function verifySignature(secret: string, body: string, header: string | null, toleranceSeconds = 300) {
  if (!header) return false;
  const parts = Object.fromEntries(header.split(",").map((p) => p.split("=", 2) as [string, string]));
  const ts = Number(parts.t);
  if (!parts.v1 || !Number.isFinite(ts) || Math.abs(Date.now() / 1000 - ts) > toleranceSeconds) return false;
  const expected = crypto.createHmac("sha256", secret).update(`${ts}.${body}`).digest("hex");
  const a = Buffer.from(expected);
  const b = Buffer.from(parts.v1);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** PayPal without credentials: orders approved on our own sandbox page. */
export function sandboxPaypal(): PaypalGateway & { approve: typeof approvePaypal } {
  return {
    name: "sandbox",
    async createOrder(db, input) {
      const row = await insertOnce(db, {
        id: rid("pp_sbx"),
        idempotencyKey: input.idempotencyKey,
        kind: "paypal",
        amountCents: input.amountCents,
        status: "requires_approval",
        metadata: { ...input.metadata, return_url: input.returnUrl },
      });
      return toIntent(db, row);
    },
    async capture(db, id) {
      await db
        .update(sandboxIntents)
        .set({ status: "succeeded" })
        .where(
          and(
            eq(sandboxIntents.id, id),
            eq(sandboxIntents.status, "requires_approval"),
            sql`${sandboxIntents.metadata}->>'approved' = 'yes'`,
          ),
        );
      const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
      if (!row) throw new GatewayError(t("commerce.payment.intentNotFound"), "no_such_order");
      return toIntent(db, row);
    },
    async retrieve(db, id) {
      const [row] = await db
        .select()
        .from(sandboxIntents)
        .where(and(eq(sandboxIntents.id, id), eq(sandboxIntents.kind, "paypal")));
      return row ? toIntent(db, row) : null;
    },
    refund: refundIntent,
    // The sandbox approval page completes on our own return page: it sends no webhooks.
    verifyWebhook: async () => null,
    approve: approvePaypal,
  };
}

async function approvePaypal(db: Db, id: string, approve: boolean) {
  const [row] = await db
    .update(sandboxIntents)
    .set(
      approve
        ? { metadata: sql`${sandboxIntents.metadata} || '{"approved":"yes"}'::jsonb` }
        : { status: "canceled" as const },
    )
    .where(
      and(eq(sandboxIntents.id, id), eq(sandboxIntents.kind, "paypal"), eq(sandboxIntents.status, "requires_approval")),
    )
    .returning();
  return row ?? null;
}
