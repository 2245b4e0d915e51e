import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./identity";
import { createdAtOnly, timestamps } from "./columns";
import { cities, countries, states, studios } from "./places";

/**
 * The studio's income: catalogue (packs, plans, products, certifications), carts, vouchers, gift
 * cards, orders, payments, refunds, saved cards, addresses and shipments. Every amount is integer
 * cents of MXN; the server computes every price and total.
 */

export type ProductArea = "juiceBar" | "barreByNucleo" | "certificate";
export type CartScope = "pack" | "plan" | "product" | "gift_card";

/** In-person class packs: `sessions` classes (null: unlimited) in one city, valid `validityDays`. */
export const packs = pgTable(
  "packs",
  {
    id: serial("id").primaryKey(),
    cityId: integer("city_id")
      .notNull()
      .references(() => cities.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Classes granted; null is an unlimited pass for the validity period. */
    sessions: integer("sessions"),
    validityDays: integer("validity_days").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** An introductory offer: one per customer, ever. */
    isIntroOffer: boolean("is_intro_offer").notNull().default(false),
    active: boolean("active").notNull().default(true),
    isTesting: boolean("is_testing").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("packs_city_idx").on(t.cityId, t.active, t.sortOrder),
    check("packs_price_ck", sql`${t.priceCents} >= 0`),
    check("packs_sessions_ck", sql`${t.sessions} is null or ${t.sessions} > 0`),
    check("packs_validity_ck", sql`${t.validityDays} > 0`),
  ],
);

/** On-demand plans: `sessions` home classes (null: unlimited) for `durationDays`. */
export const plans = pgTable(
  "plans",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    sessions: integer("sessions"),
    durationDays: integer("duration_days").notNull(),
    priceCents: integer("price_cents").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check("plans_price_ck", sql`${t.priceCents} >= 0`),
    check("plans_sessions_ck", sql`${t.sessions} is null or ${t.sessions} > 0`),
    check("plans_duration_ck", sql`${t.durationDays} > 0`),
  ],
);

/**
 * One module of a certification programme: its title, hours and public summary (the page, the
 * store and the programme's PDF show them) and the manual's text for it (buyers only).
 */
export interface CertificationModule {
  title: string;
  hours: number;
  summary: string;
  content: string;
}

/**
 * Certification programmes, the one source of their facts: modules (the hours are their sum),
 * modality and schedule; the price is the `certificate` product that sells it. The public page
 * (content `certification_pages`), the store and the PDF all read them from here.
 */
export const certifications = pgTable("certifications", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  description: text("description").notNull().default(""),
  /** "Presencial en Nucleo Polanco", "En línea en vivo + 1 día presencial"… */
  modality: text("modality").notNull().default(""),
  /** When it is given, without the hours: "4 fines de semana". */
  schedule: text("schedule").notNull().default(""),
  modules: jsonb("modules")
    .$type<CertificationModule[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  /** The manual's introduction (paragraphs separated by blank lines); its modules follow. */
  pdfContent: text("pdf_content").notNull().default(""),
  /** 'Pago con Deposito (2 Parcialidades)' allowed. */
  allowsDeposit: boolean("allows_deposit").notNull().default(true),
  active: boolean("active").notNull().default(true),
  ...timestamps,
});

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    area: text("area").$type<ProductArea>().notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    priceCents: integer("price_cents").notNull(),
    /** Units on hand; null: not counted (services, certifications). */
    stock: integer("stock"),
    requireShipping: boolean("require_shipping").notNull().default(false),
    minPurchase: integer("min_purchase").notNull().default(1),
    /** 0: no limit. */
    maxPurchase: integer("max_purchase").notNull().default(0),
    certificationId: integer("certification_id").references(() => certifications.id),
    /**
     * What the customer chooses (e.g. Talla: CH/M/G, Color: Negro/Rosa), in display order. Empty:
     * no options and no variants, the product's own price and stock are sold (as before variants).
     */
    options: jsonb("options").$type<ProductOption[]>().notNull().default([]),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("products_area_idx").on(t.area, t.active, t.sortOrder),
    check("products_price_ck", sql`${t.priceCents} >= 0`),
    check("products_stock_ck", sql`${t.stock} is null or ${t.stock} >= 0`),
    check("products_purchase_ck", sql`${t.minPurchase} >= 1 and ${t.maxPurchase} >= 0`),
    check("products_area_ck", sql`${t.area} in ('juiceBar', 'barreByNucleo', 'certificate')`),
  ],
);

export interface ProductOption {
  name: string;
  values: string[];
}

/**
 * One sold combination of a product's options, with its own SKU, price and stock. A product with
 * options is sold only through its variants; one without options has none (cart and order items
 * then carry a null `variant_id`). Stock never goes below zero: the check, and checkout's
 * conditional decrement (`stock >= qty`).
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** One value per option of the product, in the product's option order. */
    optionValues: jsonb("option_values").$type<string[]>().notNull(),
    /** The combination as one string (values joined by U+001F): one variant per combination. */
    combination: text("combination").notNull(),
    sku: text("sku").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** Units on hand; null: not counted. */
    stock: integer("stock"),
    active: boolean("active").notNull().default(true),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("product_variants_product_idx").on(t.productId, t.position),
    uniqueIndex("product_variants_combination_uq").on(t.productId, t.combination),
    uniqueIndex("product_variants_sku_uq").on(sql`upper(${t.sku})`),
    check("product_variants_price_ck", sql`${t.priceCents} >= 0`),
    check("product_variants_stock_ck", sql`${t.stock} is null or ${t.stock} >= 0`),
  ],
);

export const vouchers = pgTable(
  "vouchers",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    description: text("description").notNull().default(""),
    kind: text("kind").$type<"percent" | "fixed">().notNull(),
    /** Percent (1-100) or cents. */
    value: integer("value").notNull(),
    /** Which items it discounts. */
    scope: text("scope").$type<"all" | Exclude<CartScope, "gift_card">>().notNull().default("all"),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    /** null: unlimited. */
    maxUses: integer("max_uses"),
    maxUsesPerCustomer: integer("max_uses_per_customer"),
    usedCount: integer("used_count").notNull().default(0),
    active: boolean("active").notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("vouchers_code_uq").on(sql`upper(${t.code})`),
    check("vouchers_value_ck", sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`),
  ],
);

export const addresses = pgTable(
  "addresses",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    line1: text("line_1").notNull(),
    line2: text("line_2"),
    countryId: integer("country_id")
      .notNull()
      .references(() => countries.id),
    stateId: integer("state_id").references(() => states.id),
    customState: text("custom_state").notNull(),
    customCity: text("custom_city").notNull(),
    zip: text("zip").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("addresses_user_idx").on(t.userId)],
);

export const shippingMethods = pgTable("shipping_methods", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  priceCents: integer("price_cents").notNull(),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});

export const giftCards = pgTable(
  "gift_cards",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull().unique(),
    initialCents: integer("initial_cents").notNull(),
    balanceCents: integer("balance_cents").notNull(),
    /** The customer who redeemed it into their account (null: not yet redeemed). */
    userId: integer("user_id").references(() => users.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    active: boolean("active").notNull().default(true),
    issuedByUserId: integer("issued_by_user_id").references(() => users.id),
    ...timestamps,
  },
  (t) => [
    index("gift_cards_user_idx").on(t.userId),
    check("gift_cards_balance_ck", sql`${t.balanceCents} >= 0 and ${t.balanceCents} <= ${t.initialCents}`),
  ],
);

/**
 * A gift card bought online: what the buyer chose (amount, recipient, message, delivery day in
 * Mexico City). The cart line `gift_card` points here; once the order is recorded the card exists
 * (inactive) and `gift-card-delivery` mails it on `deliver_on`, once, then activates it. A refund
 * of the order cancels it (`cancelled_at`; `spent_cents`: what had been used, never refunded).
 */
export const giftCardSales = pgTable(
  "gift_card_sales",
  {
    id: serial("id").primaryKey(),
    buyerUserId: integer("buyer_user_id")
      .notNull()
      .references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    senderName: text("sender_name").notNull(),
    recipientName: text("recipient_name").notNull(),
    recipientEmail: text("recipient_email").notNull(),
    message: text("message").notNull().default(""),
    /** The day (America/Mexico_City) the recipient gets the mail. */
    deliverOn: date("deliver_on", { mode: "string" }).notNull(),
    orderId: integer("order_id").references(() => orders.id),
    giftCardId: integer("gift_card_id").references(() => giftCards.id),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    spentCents: integer("spent_cents").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index("gift_card_sales_due_idx")
      .on(t.deliverOn)
      .where(sql`${t.deliveredAt} is null and ${t.orderId} is not null`),
    index("gift_card_sales_order_idx").on(t.orderId),
    check("gift_card_sales_amount_ck", sql`${t.amountCents} > 0`),
  ],
);

export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    status: text("status").$type<"open" | "paid" | "abandoned">().notNull().default("open"),
    voucherId: integer("voucher_id").references(() => vouchers.id),
    /** 4 card, 5 PayPal. */
    paymentMethodId: integer("payment_method_id"),
    addressId: integer("address_id").references(() => addresses.id),
    shippingMethodId: integer("shipping_method_id").references(() => shippingMethods.id),
    giftCardId: integer("gift_card_id").references(() => giftCards.id),
    /** 'Pago con Deposito (2 Parcialidades)' for certification carts. */
    deposit: boolean("deposit").notNull().default(false),
    /** The PayPal order waiting for the customer's approval. */
    paypalOrderId: text("paypal_order_id"),
    /**
     * The Mercado Pago preference the customer was sent to pay (Checkout Pro); cleared once the
     * reconciliation task settled what was paid through it (the payments are found by the cart's
     * `external_reference`, never by this id).
     */
    mercadopagoPreferenceId: text("mercadopago_preference_id"),
    /** Bumped on every change: a payment is tied to one version of the cart. */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("carts_open_user_uq")
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    scope: text("scope").$type<CartScope>().notNull(),
    refId: integer("ref_id").notNull(),
    /** The chosen variant of a product with options (null otherwise); gone with the variant. */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "cascade" }),
    qty: integer("qty").notNull(),
    ...createdAtOnly,
  },
  (t) => [
    uniqueIndex("cart_items_uq").on(t.cartId, t.scope, t.refId, sql`coalesce(${t.variantId}, 0)`),
    check("cart_items_qty_ck", sql`${t.qty} > 0`),
  ],
);

export interface AddressSnapshot {
  name: string;
  line_1: string;
  line_2: string | null;
  custom_state: string;
  custom_city: string;
  zip: string;
  display_address: string;
}

export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** One order per cart: a cart is paid once. */
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id)
      .unique(),
    studioId: integer("studio_id").references(() => studios.id),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    shippingCents: integer("shipping_cents").notNull().default(0),
    giftCardCents: integer("gift_card_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    voucherId: integer("voucher_id").references(() => vouchers.id),
    paymentMethod: text("payment_method")
      .$type<
        "card" | "paypal" | "mercadopago" | "gift_card" | "cash" | "card_terminal" | "transfer" | "oxxo" | "spei"
      >()
      .notNull(),
    /**
     * `pending_payment`: an OXXO voucher or a SPEI transfer the provider has not confirmed (nothing
     * credited yet); `canceled`: it expired unpaid (what it held was given back).
     */
    status: text("status")
      .$type<"paid" | "refunded" | "partially_refunded" | "pending_payment" | "canceled">()
      .notNull()
      .default("paid"),
    /** What follows from the order once paid (credits, gift cards sold, shipment, receipt): see `fulfilOrder`. */
    fulfilment: jsonb("fulfilment").$type<FulfilmentPlan>(),
    /** When `fulfilment` was carried out (once; null while pending or for orders before it existed). */
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    deposit: boolean("deposit").notNull().default(false),
    /** With a deposit: what the second instalment still owes (0 once paid, or without a deposit). */
    balanceDueCents: integer("balance_due_cents").notNull().default(0),
    shippingAddress: jsonb("shipping_address").$type<AddressSnapshot>(),
    ...timestamps,
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    // One studio's sales of a period (the dashboard, issue 22).
    index("orders_studio_created_idx").on(t.studioId, t.createdAt),
  ],
);

export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    scope: text("scope").$type<CartScope>().notNull(),
    refId: integer("ref_id").notNull(),
    name: text("name").notNull(),
    /** The variant sold (null: a product without options, or the variant was deleted since). */
    variantId: integer("variant_id").references(() => productVariants.id, { onDelete: "set null" }),
    /** Snapshot of the variant at the sale ("Talla M · Color Negro") and its SKU: later edits keep history. */
    variantLabel: text("variant_label"),
    sku: text("sku"),
    qty: integer("qty").notNull(),
    unitCents: integer("unit_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

export const voucherRedemptions = pgTable(
  "voucher_redemptions",
  {
    id: serial("id").primaryKey(),
    voucherId: integer("voucher_id")
      .notNull()
      .references(() => vouchers.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    amountCents: integer("amount_cents").notNull(),
    ...createdAtOnly,
  },
  (t) => [index("voucher_redemptions_idx").on(t.voucherId, t.userId)],
);

export const giftCardMovements = pgTable(
  "gift_card_movements",
  {
    id: serial("id").primaryKey(),
    giftCardId: integer("gift_card_id")
      .notNull()
      .references(() => giftCards.id),
    deltaCents: integer("delta_cents").notNull(),
    kind: text("kind").$type<"issue" | "redeem" | "spend" | "refund" | "adjust">().notNull(),
    orderId: integer("order_id").references(() => orders.id),
    actorUserId: integer("actor_user_id").references(() => users.id),
    ...createdAtOnly,
  },
  (t) => [index("gift_card_movements_idx").on(t.giftCardId)],
);

/**
 * One row per charge attempt that reached the gateway. `cart_id` is unique among the live ones
 * (succeeded or refunded): a cart is paid once, whatever races. A charge whose fulfilment failed
 * is refunded and kept with status `failed` so it is never lost.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id),
    orderId: integer("order_id").references(() => orders.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    studioId: integer("studio_id").references(() => studios.id),
    gateway: text("gateway").$type<"sandbox" | "stripe" | "paypal" | "mercadopago" | "none">().notNull(),
    method: text("method")
      .$type<
        "card" | "paypal" | "mercadopago" | "gift_card" | "cash" | "card_terminal" | "transfer" | "oxxo" | "spei"
      >()
      .notNull(),
    providerPaymentId: text("provider_payment_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    status: text("status")
      .$type<"succeeded" | "refunded" | "partially_refunded" | "failed" | "pending" | "canceled">()
      .notNull(),
    cardBrand: text("card_brand"),
    /** Card instalments without interest (meses sin intereses): 3, 6, 9 or 12; null paid at once. */
    installmentMonths: integer("installment_months"),
    /** An OXXO voucher or SPEI transfer awaiting the customer: reference, barcode, CLABE… */
    pendingDetails: jsonb("pending_details").$type<PendingDetails>(),
    /** When a pending voucher or transfer lapses unpaid. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** When the customer was reminded that the pending voucher lapses soon (sent once). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    cardLast4: text("card_last4"),
    failure: text("failure"),
    /** 1, or 2 for a deposit's second instalment (paid later from the profile). */
    instalment: integer("instalment").notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("payments_cart_live_uq")
      .on(t.cartId, t.instalment)
      .where(sql`${t.status} <> 'failed'`),
    index("payments_provider_idx").on(t.providerPaymentId),
    index("payments_pending_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index("payments_created_idx").on(t.createdAt),
    // An order's payments (the customer's shopping history, refunds): issue 24.
    index("payments_order_idx").on(t.orderId),
    // The failed charges still to refund (/admin/payments/unreconciled): a few among 500,000.
    index("payments_failed_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);

/** What a pending payment shows the customer: the OXXO voucher or the SPEI transfer's bank data. */
export interface PendingDetails {
  kind: "oxxo" | "spei";
  /** OXXO: the voucher's reference (its barcode encodes it); SPEI: the transfer's numeric reference. */
  reference: string;
  amountCents: number;
  expiresAt: string;
  /** SPEI: the customer's CLABE (18 digits, the same on every order), the bank and beneficiary to show. */
  clabe?: string;
  bank?: string;
  /** SPEI through Stripe: the bank's three-digit code, and the provider's own instructions page. */
  bankCode?: string;
  hostedInstructionsUrl?: string;
  beneficiary?: string;
  /** SPEI: what the customer has transferred so far (less than the amount: partly funded). */
  receivedCents?: number;
  /** SPEI: transferred beyond the amount; kept by the provider as the customer's balance, to return. */
  surplusCents?: number;
  /** SPEI: the provider's refund that returned the surplus or the partial transfer (set once: never twice). */
  returnedRefundId?: string;
  /** OXXO through Stripe: the provider's own printable voucher. */
  hostedVoucherUrl?: string;
}

/** What `fulfilOrder` does once an order is paid; written by `record` with the order. */
export interface FulfilmentPlan {
  lines: {
    itemId: number;
    scope: CartScope;
    refId: number;
    area: ProductArea | null;
    cityId: number | null;
    sessions: number | null;
    days: number | null;
    qty: number;
    name: string;
    variantLabel: string | null;
    unitCents: number;
  }[];
  address: AddressSnapshot | null;
  shippingMethodId: number | null;
  voucherCode: string | null;
  /** The card to save for the customer (asked at payment). */
  saveCard: { gateway: string; id: string; brand: string; last4: string; expMonth: number; expYear: number } | null;
}

/**
 * What a cart holds while it is being paid: units of stock, one use of its voucher, part of a gift
 * card's balance, taken (and committed) before the charge, so two buyers of the last unit never are
 * both charged. `active` until the order converts it, the charge is refused (released) or it lapses
 * (`expired`, the release-holds task); a converted hold of an order that was never paid (an OXXO
 * voucher that lapsed) is `released` when the order is canceled.
 */
export const checkoutHolds = pgTable(
  "checkout_holds",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    cartVersion: integer("cart_version").notNull(),
    amountCents: integer("amount_cents").notNull(),
    items: jsonb("items").$type<HeldItems>().notNull(),
    status: text("status").$type<"active" | "converted" | "released" | "expired">().notNull().default("active"),
    orderId: integer("order_id").references(() => orders.id),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("checkout_holds_active_uq")
      .on(t.cartId)
      .where(sql`${t.status} = 'active'`),
    index("checkout_holds_expiry_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active'`),
    index("checkout_holds_order_idx").on(t.orderId),
  ],
);

export interface HeldItems {
  stock: { refId: number; variantId: number | null; qty: number }[];
  voucherId: number | null;
  giftCard: { id: number; cents: number } | null;
}

/**
 * Every charge asked of a gateway, written before the call and open until it is settled: an order,
 * a refund, or nothing (declined, cancelled, never created). One open charge per cart and
 * instalment (the partial unique index), so one cart is never charged twice at once; the
 * reconciliation task settles any charge left open (a browser that never came back, a server
 * killed between the charge and the order) and the back office lists the ones it could not.
 */
export const checkoutCharges = pgTable(
  "checkout_charges",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id),
    /** A deposit's second instalment: the order that owes it. */
    orderId: integer("order_id").references(() => orders.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    instalment: integer("instalment").notNull().default(1),
    gateway: text("gateway").notNull(),
    method: text("method").$type<"card" | "paypal" | "oxxo" | "spei">().notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    /** Known once the gateway answered (null while the call is under way, or if the server died in it). */
    providerIntentId: text("provider_intent_id"),
    amountCents: integer("amount_cents").notNull(),
    status: text("status")
      .$type<"open" | "fulfilled" | "refunded" | "failed" | "canceled" | "abandoned">()
      .notNull()
      .default("open"),
    /** The last time the reconciliation task tried to settle it and could not (gateway down). */
    lastError: text("last_error"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("checkout_charges_open_uq")
      .on(t.cartId, t.instalment)
      .where(sql`${t.status} = 'open'`),
    index("checkout_charges_intent_idx").on(t.providerIntentId),
    // The open ones, oldest first (the reconciliation task and /admin/payments/unreconciled).
    index("checkout_charges_open_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'open'`),
  ],
);

/**
 * Who a payment method belongs to: the customer who created it (sandbox) or first paid with it
 * (Stripe tokenises in the browser). Anyone else is answered as for an unknown card.
 */
export const paymentMethodOwners = pgTable(
  "payment_method_owners",
  {
    gateway: text("gateway").notNull(),
    providerPaymentMethodId: text("provider_payment_method_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    ...createdAtOnly,
  },
  (t) => [primaryKey({ columns: [t.gateway, t.providerPaymentMethodId] })],
);

export const refunds = pgTable("refunds", {
  id: serial("id").primaryKey(),
  paymentId: integer("payment_id")
    .notNull()
    .references(() => payments.id),
  amountCents: integer("amount_cents").notNull(),
  providerRefundId: text("provider_refund_id"),
  reason: text("reason").notNull(),
  /**
   * Where the money went when not back on the card: «CLABE •••• 1234» (an OXXO payment refunded by
   * bank transfer; only the last four digits are kept) or the SPEI cash balance returned. Null: the card.
   */
  destination: text("destination"),
  creditsRevoked: integer("credits_revoked").notNull().default(0),
  actorUserId: integer("actor_user_id").references(() => users.id),
  ...createdAtOnly,
});

/** Saved cards: the provider's id, brand, last four digits and expiry. Never the number or CVC. */
export const savedCards = pgTable(
  "saved_cards",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    gateway: text("gateway").notNull(),
    providerPaymentMethodId: text("provider_payment_method_id").notNull(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    ...createdAtOnly,
  },
  (t) => [
    uniqueIndex("saved_cards_pm_uq").on(t.userId, t.providerPaymentMethodId),
    check("saved_cards_last4_ck", sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

export const shipments = pgTable(
  "shipments",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id)
      .unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    /** Public code of /shippings/{tracking} until the carrier's number is known. */
    publicCode: text("public_code").notNull().unique(),
    shippingMethodId: integer("shipping_method_id").references(() => shippingMethods.id),
    address: jsonb("address").$type<AddressSnapshot>().notNull(),
    status: text("status").$type<"pending" | "shipped" | "delivered" | "cancelled">().notNull().default("pending"),
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    ...timestamps,
  },
  (t) => [index("shipments_status_idx").on(t.status, t.createdAt), index("shipments_order_idx").on(t.orderId)],
);

/** Certification PDFs a customer bought. */
export const certificateEntitlements = pgTable(
  "certificate_entitlements",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    ...createdAtOnly,
  },
  (t) => [uniqueIndex("certificate_entitlements_uq").on(t.userId, t.productId, t.orderId)],
);

/**
 * The built-in `sandbox` gateway keeps its own state here (as a provider would on its side), so
 * it works across servers: payment methods (brand, last4, expiry and the test outcome: never the
 * number) and intents keyed by idempotency key.
 */
export const sandboxPaymentMethods = pgTable("sandbox_payment_methods", {
  id: text("id").primaryKey(),
  brand: text("brand").notNull(),
  last4: text("last4").notNull(),
  expMonth: integer("exp_month").notNull(),
  expYear: integer("exp_year").notNull(),
  outcome: text("outcome").$type<"succeed" | "authenticate" | "decline" | "insufficient_funds">().notNull(),
  /** A Mexican credit card the sandbox offers meses sin intereses for. */
  installments: boolean("installments").notNull().default(false),
  ...createdAtOnly,
});

export const sandboxIntents = pgTable("sandbox_intents", {
  id: text("id").primaryKey(),
  idempotencyKey: text("idempotency_key").notNull().unique(),
  kind: text("kind").$type<"card" | "paypal" | "oxxo" | "spei">().notNull(),
  amountCents: integer("amount_cents").notNull(),
  paymentMethodId: text("payment_method_id"),
  status: text("status")
    .$type<"requires_action" | "requires_approval" | "succeeded" | "failed" | "canceled">()
    .notNull(),
  refundedCents: integer("refunded_cents").notNull().default(0),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  ...createdAtOnly,
});

/**
 * Our customer as the payment provider knows them (Stripe: a Customer, `cus_…`), one per gateway and
 * customer key (`user:<id>`). Kept here for good: SPEI's CLABE belongs to the provider's Customer, so
 * the same Customer must be used on every order (an idempotency key lapses after 24 h).
 */
export const gatewayCustomers = pgTable(
  "gateway_customers",
  {
    gateway: text("gateway").notNull(),
    customerKey: text("customer_key").notNull(),
    providerCustomerId: text("provider_customer_id").notNull(),
    ...createdAtOnly,
  },
  (t) => [primaryKey({ columns: [t.gateway, t.customerKey] })],
);

/**
 * Provider webhook events, stored once by the webhook call (the provider's event id is the key, so
 * a resent event is not stored twice) and applied by the `commerce-webhook` job.
 */
export const webhookEvents = pgTable("webhook_events", {
  id: text("id").primaryKey(),
  gateway: text("gateway").notNull(),
  type: text("type").notNull(),
  intentId: text("intent_id"),
  processedAt: timestamp("processed_at", { withTimezone: true }),
  ...createdAtOnly,
});
