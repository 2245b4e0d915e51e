import type { Db } from "../../../db/client";
import type { PendingDetails } from "../../../db/schema";

/** A card as the browser sends it to the sandbox's create-payment-method call. Never stored. */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

export interface PaymentMethodInfo {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type IntentStatus = "requires_action" | "requires_approval" | "succeeded" | "failed" | "canceled";

export interface Intent {
  id: string;
  status: IntentStatus;
  amountCents: number;
  clientSecret: string | null;
  metadata: Record<string, string>;
  paymentMethodId: string | null;
  /** Why it failed, in Spanish (spec §8: 'Tarjeta declinada' for declines). */
  failureMessage: string | null;
  /** PayPal: where the customer approves the payment. */
  approveUrl?: string | null;
  /** Card instalments without interest chosen for this charge (3, 6, 9, 12). */
  installmentMonths?: number | null;
  /** Mercado Pago: the payment's `external_reference` (our charge key, `mp:cart:<id>`). */
  reference?: string | null;
  /** OXXO / SPEI: what the customer must pay, and where (status `requires_action` until paid). */
  pending?: PendingDetails | null;
}

/**
 * The card provider's error codes for a card it refuses, and the field of the create-payment-method
 * call each belongs to (the checkout panel shows the message under that input, spec §5).
 */
export const CARD_ERROR_FIELDS: Record<string, string> = {
  invalid_number: "card.number",
  invalid_expiry_month: "card.exp_month",
  invalid_expiry_year: "card.exp_year",
  expired_card: "card.exp_year",
  invalid_cvc: "card.cvc",
  missing_name: "billing_details.name",
};

/** Where an OXXO refund is transferred: the customer's CLABE, the account holder, their e-mail. */
export interface BankRefundTarget {
  clabe: string;
  holder: string;
  email: string;
}

export class GatewayError extends Error {
  constructor(
    message: string,
    public code: string,
  ) {
    super(message);
  }
}

/**
 * What checkout needs from a payment provider. Every call that creates or moves money takes an
 * idempotency key: the same key returns the same object, never a second charge or refund.
 */
export interface PaymentGateway {
  readonly name: "sandbox" | "stripe";
  readonly publicKey: string;
  /**
   * Sandbox only: with Stripe the browser tokenises the card and no number reaches us. A card it
   * refuses throws a GatewayError whose code names the field (see CARD_ERROR_FIELDS); `now` tells
   * whether the card has expired.
   */
  createPaymentMethod(db: Db, card: CardInput, now: Date): Promise<PaymentMethodInfo>;
  paymentMethod(db: Db, id: string): Promise<PaymentMethodInfo | null>;
  createCardIntent(
    db: Db,
    input: {
      amountCents: number;
      paymentMethodId: string;
      idempotencyKey: string;
      metadata: Record<string, string>;
      /** Meses sin intereses: a plan the provider offered for this card and amount (`installmentPlans`). */
      installmentMonths?: number;
    },
  ): Promise<Intent>;
  /**
   * Meses sin intereses (Stripe's card installments): the month counts the provider offers for this
   * card and amount, fixed-count monthly plans only; empty when the card or amount is not eligible.
   */
  installmentPlans(db: Db, input: { amountCents: number; paymentMethodId: string }): Promise<number[]>;
  /**
   * OXXO (Stripe's `oxxo` method): an intent awaiting the customer's cash payment, with its voucher
   * (`pending`: reference, amount, expiry). Status `requires_action` until the store reports the
   * payment (webhook `payment_intent.succeeded`); unpaid at expiry it is cancelled. Absent: the
   * gateway does not offer it.
   */
  createOxxoIntent?(db: Db, input: PendingIntentInput): Promise<Intent>;
  /**
   * SPEI (Stripe's Mexican bank transfer, `customer_balance` funded by `mx_bank_transfer`): an intent
   * awaiting the customer's transfer to their own CLABE (the same for every order of the customer:
   * `input.customerKey`), with bank, beneficiary and reference (`pending`). A transfer for less
   * funds it partly (webhook `payment_intent.partially_funded`, `pending.receivedCents`); once
   * funded it succeeds; a surplus stays as the customer's balance at the provider
   * (`pending.surplusCents`). Absent: the gateway does not offer it.
   */
  createSpeiIntent?(db: Db, input: PendingIntentInput): Promise<Intent>;
  /** After the card action (authentication): confirm again. */
  confirmIntent(db: Db, id: string): Promise<Intent>;
  retrieveIntent(db: Db, id: string): Promise<Intent | null>;
  /**
   * The intent created with this idempotency key (its metadata carries it as `charge_key`), or null
   * when the gateway never received the call: how a charge whose answer was lost is found again.
   */
  findIntentByKey(db: Db, idempotencyKey: string): Promise<Intent | null>;
  /** Cancels an intent that has not taken money (awaiting authentication); the intent as it is after. */
  cancelIntent(db: Db, id: string): Promise<Intent>;
  /**
   * Refunds a payment. `bank`: an OXXO payment (cash, no card to put it back on) goes by bank
   * transfer to the customer's account: the sandbox transfers to the CLABE; Stripe, whose API takes
   * no account number, e-mails the customer (`instructions_email`) to collect their bank details.
   */
  refund(
    db: Db,
    intentId: string,
    amountCents: number,
    idempotencyKey: string,
    bank?: BankRefundTarget,
  ): Promise<{ id: string }>;
  /**
   * SPEI: returns to the customer's bank account money of this transfer the provider keeps in their
   * cash balance (a surplus, or a partial transfer whose intent was cancelled). Stripe: a Refund with
   * `origin: customer_balance`. The same key never returns twice. Absent: the gateway has no SPEI.
   */
  returnCashBalance?(db: Db, intentId: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
  /** A saved card the customer removed: the provider forgets it too (Stripe detaches it). */
  forgetPaymentMethod(db: Db, id: string): Promise<void>;
  /** Verifies a webhook's signature and returns the event, or null when the signature is wrong. */
  parseWebhook(rawBody: string, signature: string | null): WebhookEvent | null;
}

/** PayPal orders (REST API, or the sandbox approval page when not configured). */
export interface PaypalGateway {
  readonly name: "sandbox" | "paypal";
  createOrder(
    db: Db,
    input: { amountCents: number; idempotencyKey: string; returnUrl: string; metadata: Record<string, string> },
  ): Promise<Intent>;
  capture(db: Db, id: string, idempotencyKey: string): Promise<Intent>;
  retrieve(db: Db, id: string): Promise<Intent | null>;
  refund(db: Db, id: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
  /**
   * Verifies a webhook (PayPal asks its own API whether the transmission is genuine) and returns the
   * event with the order it concerns, or null when it is not genuine (or the gateway takes none).
   */
  verifyWebhook(rawBody: string, header: (name: string) => string | undefined): Promise<WebhookEvent | null>;
}

/**
 * Mercado Pago Checkout Pro: a preference the customer pays on Mercado Pago's page (card, or an OXXO
 * ticket that waits), its payments read from the API (never from the return URL nor the webhook).
 */
export interface MercadoPagoGateway {
  readonly name: "mercadopago";
  createPreference(
    db: Db,
    input: {
      amountCents: number;
      idempotencyKey: string;
      /** Our charge key: the payments of this checkout are found by it. */
      externalReference: string;
      returnUrl: string;
      title: string;
      metadata: Record<string, string>;
    },
  ): Promise<{ id: string; initPoint: string }>;
  /** A payment by its id (status, amount, our metadata; an OXXO ticket's `pending`); null if unknown. */
  retrieve(db: Db, id: string): Promise<Intent | null>;
  /** The payment of this charge key (approved first, then awaited, else the newest refusal); null: none yet. */
  findByReference(db: Db, externalReference: string): Promise<Intent | null>;
  /** Cancels a payment not yet approved (an OXXO ticket past its expiry); the payment as it is after. */
  cancel(db: Db, id: string): Promise<Intent>;
  refund(db: Db, id: string, amountCents: number, idempotencyKey: string): Promise<{ id: string }>;
  /** Verifies `x-signature` (HMAC of the manifest with the webhook secret); null when it is not genuine. */
  verifyWebhook(
    rawBody: string,
    header: (name: string) => string | undefined,
    query: (name: string) => string | undefined,
  ): WebhookEvent | null;
}

/** What a pending payment (OXXO voucher, SPEI transfer) is made from. */
interface PendingIntentInput {
  amountCents: number;
  idempotencyKey: string;
  metadata: Record<string, string>;
  expiresAt: Date;
  /** Who pays (Stripe requires the name and e-mail of an OXXO payment). */
  billing: { name: string; email: string };
  /** The customer at the provider (SPEI: their CLABE is theirs for good). */
  customerKey: string;
}

export interface WebhookEvent {
  id: string;
  type: string;
  intentId: string;
}
