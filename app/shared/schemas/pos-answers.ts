/** Answers of the point of sale's calls (issue 22, item 3), shared by the routes and the screen. */
import { z } from "zod";
import { POS_METHODS } from "./pos";

const customer = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});

/** The customers found (20 at most) and whether more matched than those: the desk then types more. */
export const posCustomersAnswer = z.object({ data: z.array(customer), more: z.boolean() });
export const posCustomerAnswer = z.object({ data: customer, Message: z.string() });

const money = { cents: z.number(), display: z.string() };
const priced = z.object(money);

export const posCatalogueAnswer = z.object({
  data: z.object({
    gift_card: z.object({ min: z.object(money), max: z.object(money) }),
    packs: z.array(z.object({ id: z.number(), name: z.string(), city: z.string(), ...money })),
    plans: z.array(z.object({ id: z.number(), name: z.string(), ...money })),
    products: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        area: z.string(),
        ...money,
        variants: z.array(z.object({ id: z.number(), label: z.string(), ...money })),
      }),
    ),
  }),
});

const totals = z.object({
  subtotal: priced,
  discount: priced,
  gift_card: priced,
  total: priced,
});

const line = z.object({ name: z.string(), qty: z.number(), total: priced });

export const posQuoteAnswer = z.object({ data: z.object({ lines: z.array(line), totals }) });

export const posSaleAnswer = z.object({
  data: z.object({
    id: z.number(),
    order_id: z.number(),
    shift_id: z.number(),
    customer: z.object({ id: z.number(), full_name: z.string(), email: z.string() }),
    method: z.enum(POS_METHODS),
    lines: z.array(line),
    totals,
    received: priced.nullable(),
    change: priced.nullable(),
    reference: z.string().nullable(),
    gift_cards: z.array(
      z.object({
        code: z.string(),
        amount: priced,
        recipient_name: z.string(),
        recipient_email: z.string(),
        deliver_on: z.string(),
        display_deliver_on: z.string(),
      }),
    ),
    refunded: priced,
    refundable: priced,
    created_at: z.string(),
    receipt_url: z.string(),
    duplicate: z.boolean(),
  }),
  Message: z.string(),
});

export const posRefundAnswer = z.object({
  data: posSaleAnswer.shape.data.omit({ duplicate: true }),
  Message: z.string(),
});

export const posShiftSalesAnswer = z.object({ data: z.array(posSaleAnswer.shape.data.omit({ duplicate: true })) });
