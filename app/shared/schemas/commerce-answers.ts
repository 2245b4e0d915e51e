import { z } from "zod";
import { messageWith } from "./answers";
import { PRODUCT_AREA_VALUES } from "./catalogue";
import { ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, SALE_SCOPES, SHIPMENT_STATUSES } from "./commerce";

/** Answers of the cart and checkout calls the browser makes (route response schemas; see answers.ts). */

/** One line of the cart; `{scope}_id` names what it sells, `product` only on products. */
const cartItem = z.object({
  instance_id: z.number(),
  scope: z.enum(SALE_SCOPES),
  qty: z.number(),
  min_purchase: z.number(),
  max_purchase: z.number(),
  reason: z.string().nullable(),
  name: z.string(),
  image: z.string().nullable(),
  price_cents: z.number(),
  display_price: z.string(),
  display_total: z.string(),
  pack_id: z.number().optional(),
  plan_id: z.number().optional(),
  product_id: z.number().optional(),
  gift_card_id: z.number().optional(),
  /** A gift card sold online: its recipient and delivery day. */
  gift_card: z
    .object({
      recipient_name: z.string(),
      recipient_email: z.string(),
      deliver_on: z.string(),
      display_detail: z.string(),
    })
    .optional(),
  /** The chosen variant of a product with options, with its label ("Talla M · Color Negro") and SKU. */
  variant_id: z.number().nullable().optional(),
  variant_label: z.string().nullable().optional(),
  sku: z.string().nullable().optional(),
  product: z
    .object({
      id: z.number(),
      name: z.string(),
      store_area: z.string().nullable(),
      require_shipping: z.boolean(),
      certification_id: z.number().nullable(),
    })
    .optional(),
});

/** The customer's open cart with its totals and checkout choices (`GET`/`POST /v2/carts`). */
export const cartAnswer = z.object({
  data: z.object({
    id: z.number(),
    version: z.number(),
    items: z.array(cartItem),
    totals: z.array(z.object({ label: z.string(), display_value: z.string(), value_cents: z.number() })),
    products: z.array(z.record(z.string(), z.number())),
    plans: z.array(z.record(z.string(), z.number())),
    packs: z.array(z.record(z.string(), z.number())),
    promos: z.array(z.unknown()),
    voucher: z.object({ code: z.string(), applied: z.boolean(), reason: z.string().nullable() }).nullable(),
    gift_card: z.object({ code: z.string(), balance_cents: z.number() }).nullable(),
    amount: z.number(),
    amount_cents: z.number(),
    display_amount: z.string(),
    reason: z.string().nullable(),
    requires_shipping: z.boolean(),
    payment_method_id: z.number().nullable(),
    address_id: z.number().nullable(),
    shipping_method_id: z.number().nullable(),
    deposit: z.boolean(),
    has_certification: z.boolean(),
    stripePublicKey: z.string(),
    pay_later: z.object({
      oxxo: z.object({ reason: z.string().nullable() }).nullable(),
      spei: z.object({ reason: z.string().nullable() }).nullable(),
    }),
    /** Mercado Pago (Checkout Pro: card or OXXO on its page) when it is configured; null: not offered. */
    mercadopago: z.object({ reason: z.string().nullable() }).nullable(),
  }),
});
export type CartData = z.output<typeof cartAnswer>["data"];
export type CartItem = CartData["items"][number];

/** A saved card of the gateway in use: `id` is the provider's payment method, `card_id` ours. */
const savedCard = z.object({
  id: z.string(),
  card_id: z.number(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number(),
  exp_year: z.number(),
});
export const savedCardsAnswer = z.object({ data: z.object({ cards: z.array(savedCard) }) });
export type SavedCard = z.output<typeof savedCard>;

/** A shipping address as the checkout lists it. */
const savedAddress = z.object({
  id: z.number(),
  name: z.string(),
  line_1: z.string(),
  line_2: z.string().nullable(),
  country_id: z.number(),
  custom_state: z.string(),
  custom_city: z.string(),
  zip: z.string(),
  display_address: z.string(),
});
export type SavedAddress = z.output<typeof savedAddress>;
/** The saved addresses, listed under both `items` and `data`. */
export const addressesAnswer = z.object({ items: z.array(savedAddress), data: z.array(savedAddress) });
/** An address saved. */
export const addressSavedAnswer = z.object({ data: savedAddress });

/** An active shipping method with its back-office price. */
const shippingMethod = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number(),
  display_price: z.string(),
});
export type ShippingMethod = z.output<typeof shippingMethod>;
export const shippingMethodsAnswer = z.object({ items: z.array(shippingMethod), data: z.array(shippingMethod) });

/** A card made into the gateway's payment method (sandbox; Stripe does it in the browser). No `data` wrapper. */
export const paymentMethodAnswer = z.object({
  payment_method: z.object({
    id: z.string(),
    card: z.object({ brand: z.string(), last4: z.string(), exp_month: z.number(), exp_year: z.number() }),
  }),
});

/** The card charge created or confirmed: `requires_action` when the bank asks to authenticate. No `data` wrapper. */
export const setupIntentAnswer = z.object({
  error: z.null(),
  requires_action: z.boolean(),
  payment_intent_client_secret: z.string().nullable(),
  payment_intent_id: z.string(),
});

/** Meses sin intereses the provider offers for a card and what the cart owes (none: pay at once). */
export const installmentPlansAnswer = z.object({
  data: z.object({
    amount_cents: z.number(),
    minimum_cents: z.number(),
    plans: z.array(z.object({ months: z.number(), monthly_cents: z.number() })),
  }),
});

/** The order of a paid cart (card, balance or PayPal) and its confirmation page. */
export const orderPaidAnswer = messageWith({ order_id: z.number(), url: z.string() });

/** An OXXO voucher as the customer reads it (reference, amount in MXN, expiry in Mexico City time). */
const oxxoVoucher = z.object({ reference: z.string(), display_amount: z.string(), display_expires: z.string() });

/** The OXXO voucher made: the order waits «pendiente de pago»; `url` is the voucher's page. */
export const oxxoCreatedAnswer = messageWith({ order_id: z.number(), url: z.string(), voucher: oxxoVoucher });

/** A SPEI transfer's instructions (the customer's CLABE, bank, beneficiary, reference, amount, expiry). */
const speiInstructions = oxxoVoucher.extend({
  clabe: z.string(),
  bank: z.string(),
  beneficiary: z.string(),
  /** Once money arrived: what was received, what is still owed (a transfer for less), the surplus. */
  display_received: z.string().nullable(),
  display_owed: z.string().nullable(),
  display_surplus: z.string().nullable(),
});

/** The SPEI transfer's instructions made: the order waits «pendiente de pago»; `url` is their page. */
export const speiCreatedAnswer = messageWith({ order_id: z.number(), url: z.string(), transfer: speiInstructions });

/** Where to go after paying: the last order's page if it is recent. No `data` wrapper. */
export const successUrlAnswer = z.object({ url: z.string().nullable() });

/** PayPal's approval page for this cart. No `data` wrapper. */
export const paypalRedirectAnswer = z.object({ redirect_url: z.string() });

/** The sandbox card authentication answered: the charge's state now. */
export const sandboxAuthAnswer = z.object({ data: z.object({ status: z.string() }) });

/** A gift card redeemed into the account, with its balance. */
export const giftCardRedeemedAnswer = messageWith({
  code: z.string(),
  balance_cents: z.number(),
  display_balance: z.string(),
});

// ---------- catalogue (GET /v2/packs, /v2/plans, /v2/products) ----------

/** What packs, plans and products share: name, price in cents, pesos and as shown. */
const sold = {
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price_cents: z.number(),
  price: z.number(),
  display_price: z.string(),
  active: z.boolean(),
};
/** How many classes packs and plans give: `sessions` null is unlimited. */
const classes = { sessions: z.number().nullable(), unlimited: z.boolean(), sessions_label: z.string() };

/** A class pack of a city (an unlimited one is a pass for its validity). */
const pack = z.object({
  ...sold,
  ...classes,
  city_id: z.number(),
  city_name: z.string().nullable(),
  validity_days: z.number(),
  is_intro_offer: z.boolean(),
});
export const packsAnswer = z.object({ data: z.array(pack) });

/** An on-demand (Nucleo Home) plan. */
const plan = z.object({
  ...sold,
  ...classes,
  duration_days: z.number(),
});
export const plansAnswer = z.object({ data: z.array(plan) });

const productArea = z.enum(PRODUCT_AREA_VALUES);
/** One sold combination of a product's options, with its own SKU, price and stock. */
const productVariant = z.object({
  id: z.number(),
  sku: z.string(),
  /** One value per option, in the product's option order. */
  option_values: z.array(z.string()),
  /** "Talla M · Color Negro". */
  label: z.string(),
  price_cents: z.number(),
  price: z.number(),
  display_price: z.string(),
  stock: z.number().nullable(),
  in_stock: z.boolean(),
  active: z.boolean(),
});
export type ProductVariant = z.output<typeof productVariant>;
const productOption = z.object({ name: z.string(), values: z.array(z.string()) });
/**
 * A store product; `stock` null is not counted. With `options`, it is bought through one of its
 * `variants` (`variant_id` in `addProduct`); its price is then the lowest variant's.
 */
const product = z.object({
  ...sold,
  store_area: productArea,
  area: productArea,
  images: z.array(z.string()),
  image: z.string().nullable(),
  stock: z.number().nullable(),
  in_stock: z.boolean(),
  require_shipping: z.boolean(),
  min_purchase: z.number(),
  max_purchase: z.number(),
  certification_id: z.number().nullable(),
  options: z.array(productOption),
  variants: z.array(productVariant),
});
/** A product's options and every variant (inactive too), as the back office edits them. */
export const productVariantsAnswer = z.object({
  data: z.object({ options: z.array(productOption), variants: z.array(productVariant) }),
  Message: z.string().optional(),
});
export const productsAnswer = z.object({ data: z.array(product) });
export const productAnswer = z.object({ data: product });

// ---------- after the sale ----------

const SHIPMENT_STATUS = z.enum(SHIPMENT_STATUSES);

/** A shipment as staff and its customer see it; `code` is the tracking number or the public code. */
const shipment = z.object({
  id: z.number(),
  order_id: z.number(),
  code: z.string(),
  public_code: z.string(),
  status: SHIPMENT_STATUS,
  status_label: z.string(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The carrier's public tracking page (a known carrier with a number), else null. */
  tracking_url: z.string().nullable(),
  address: z.string(),
  updated_at: z.string(),
  display_updated: z.string(),
  /** What it carries (the lists): each product with its variant's snapshot ("Talla M · Color Negro"). */
  items: z
    .array(
      z.object({ name: z.string(), variant_label: z.string().nullable(), sku: z.string().nullable(), qty: z.number() }),
    )
    .optional(),
});

/** A customer's order with its lines, card and shipment (shopping history). */
const receiptLine = z.object({
  kind: z.enum([
    "item",
    "discount",
    "shipping",
    "gift_card",
    "total",
    "first_instalment",
    "second_instalment",
    "balance_due",
    "msi_monthly",
  ]),
  label: z.string(),
  amount_cents: z.number().int(),
  display_amount: z.string(),
});
/** An order's receipt: `lines` add up to `total`; with a deposit, the two instalments; paid in meses sin intereses, each month's amount. */
const receipt = z.object({ lines: z.array(receiptLine), total: receiptLine, instalments: z.array(receiptLine) });
export type Receipt = z.output<typeof receipt>;

const customerOrder = z.object({
  id: z.number(),
  created_at: z.string(),
  display_date: z.string(),
  status: z.enum(ORDER_STATUSES),
  status_label: z.string(),
  display_total: z.string(),
  display_subtotal: z.string(),
  display_discount: z.string().nullable(),
  display_shipping: z.string().nullable(),
  display_gift_card: z.string().nullable(),
  payment_method: z.enum(PAYMENT_METHODS),
  deposit: z.boolean(),
  balance_due_cents: z.number(),
  display_balance_due: z.string().nullable(),
  card: z.object({ brand: z.string().nullable(), last4: z.string() }).nullable(),
  /** Meses sin intereses of the card payment (null: a single payment). */
  installment_months: z.number().nullable(),
  /** An OXXO voucher still to pay (the order is «pendiente de pago»): its page is `url`. */
  oxxo: oxxoVoucher.extend({ url: z.string() }).nullable(),
  /** A SPEI transfer still awaited (or partly received): its instructions' page is `url`. */
  spei: speiInstructions.extend({ url: z.string() }).nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      scope: z.enum(SALE_SCOPES),
      ref_id: z.number(),
      /** The variant sold, as it was at the sale (null: a product without options, a pack or a plan). */
      variant_id: z.number().nullable(),
      variant_label: z.string().nullable(),
      sku: z.string().nullable(),
      qty: z.number(),
      display_total: z.string(),
    }),
  ),
  shipment: shipment.nullable(),
  gift_cards: z.array(
    z.object({
      id: z.number(),
      recipient_name: z.string(),
      recipient_email: z.string(),
      display_amount: z.string(),
      deliver_on: z.string(),
      delivered_at: z.string().nullable(),
      status: z.enum(["scheduled", "delivered", "cancelled"]),
      status_label: z.string(),
    }),
  ),
  receipt: receipt,
});
export const customerOrdersAnswer = z.object({ data: z.array(customerOrder) });

/** The gift cards redeemed into the customer's account. */
export const customerGiftCardsAnswer = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      code: z.string(),
      balance_cents: z.number(),
      display_balance: z.string(),
      display_initial: z.string(),
      expires_at: z.string().nullable(),
    }),
  ),
});

/** The public tracking of a shipment (`/v2/shippings/:code`). */
export const shipmentTrackingAnswer = z.object({
  data: shipment.pick({
    code: true,
    status: true,
    status_label: true,
    carrier: true,
    tracking_number: true,
    tracking_url: true,
    display_updated: true,
  }),
});

/**
 * Money taken that is not yet an order or a refund (`GET /admin/payments/unreconciled`): charges
 * still open past the reconciliation interval, and failed charges whose refund has not gone through.
 */
export const unreconciledChargesAnswer = z.object({
  data: z.array(
    z.object({
      kind: z.enum(["open_charge", "refund_pending"]),
      id: z.number(),
      cart_id: z.number(),
      customer: z.object({ name: z.string(), email: z.string() }),
      gateway: z.string(),
      provider_intent_id: z.string().nullable(),
      amount_cents: z.number(),
      display_amount: z.string(),
      created_at: z.string(),
      display_date: z.string(),
      last_error: z.string().nullable(),
    }),
  ),
});

/** What the reconciliation run did (`POST /admin/payments/reconcile`). */
export const reconcileAnswer = z.object({
  data: z.object({ Message: z.string(), open: z.number(), settled: z.number(), refunds_retried: z.number() }),
});

/** The back office's payments list with its totals (`GET /admin/payments`). */
export const adminPaymentsAnswer = z.object({
  data: z.object({
    items: z.array(
      z.object({
        id: z.number(),
        order_id: z.number().nullable(),
        customer: z.string(),
        email: z.string(),
        studio: z.string().nullable(),
        method: z.enum(PAYMENT_METHODS),
        method_label: z.string(),
        installment_months: z.number().nullable(),
        gateway: z.enum(["sandbox", "stripe", "paypal", "mercadopago", "none"]),
        status: z.enum(PAYMENT_STATUSES),
        pending_reference: z.string().nullable(),
        display_expires: z.string().nullable(),
        card: z.string().nullable(),
        amount_cents: z.number(),
        display_amount: z.string(),
        refunded_cents: z.number(),
        display_refunded: z.string(),
        display_left: z.string(),
        /** Its refund goes by transfer to a CLABE the refund dialog asks for (an OXXO payment). */
        refund_by_transfer: z.boolean(),
        /** Refunds not back on the card: an OXXO refund's CLABE (last 4), a SPEI surplus or partial returned. */
        transfers: z.array(z.object({ display_amount: z.string(), destination: z.string() })),
        failure: z.string().nullable(),
        created_at: z.string(),
        display_date: z.string(),
      }),
    ),
    totals: z.object({
      count: z.number(),
      gross_cents: z.number(),
      refunded_cents: z.number(),
      net_cents: z.number(),
      display_gross: z.string(),
      display_refunded: z.string(),
      display_net: z.string(),
    }),
    /** The same totals per studio ("Sin estudio" for payments that name none: studio_id null). */
    by_studio: z.array(
      z.object({
        studio_id: z.number().nullable(),
        studio: z.string(),
        count: z.number(),
        gross_cents: z.number(),
        refunded_cents: z.number(),
        net_cents: z.number(),
        display_gross: z.string(),
        display_refunded: z.string(),
        display_net: z.string(),
      }),
    ),
  }),
});

/** A payment refunded (in full or in part) and the unused classes taken back. */
export const refundAnswer = messageWith({
  revoked: z.number(),
  amountCents: z.number(),
  status: z.enum(["refunded", "partially_refunded"]),
});

/** The back office's shipments (`GET /admin/shipments`). */
export const adminShipmentsAnswer = z.object({ data: z.array(shipment) });

/** A shipment's status changed (the customer is mailed). */
export const shipmentUpdatedAnswer = messageWith({ shipment });
