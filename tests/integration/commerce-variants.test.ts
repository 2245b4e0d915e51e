import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  mailOutbox,
  orderItems,
  orders,
  payments,
  productVariants,
  products,
  sandboxIntents,
} from "../../app/.server/db/schema";
import {
  cartAnswer,
  customerOrdersAnswer,
  productAnswer,
  productVariantsAnswer,
} from "../../app/shared/schemas/commerce-answers";
import { HOLD_TTL_MS, releaseExpiredHolds } from "../../app/.server/domain/commerce/holds";
import { expectAnswer } from "../support/answers";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";
import { staffToken } from "../support/factories";

const app = setupTestApp();
let seq = 0;

const cart = (token: string, action: string, action_param: Record<string, unknown> = {}) =>
  app.request("/v2/carts", { method: "POST", token, json: { action, action_param } });

const GUADALAJARA = {
  name: "Casa",
  line_1: "Av. Vallarta 100",
  country_id: 1,
  custom_state: "Jalisco",
  custom_city: "Guadalajara",
  zip: "44100",
};

/** A product with options Talla (CH, M) × Color (Negro, Rosa), its variants priced and counted as given. */
async function leggings(stock: Record<string, number | null> = {}, prices: Record<string, number> = {}) {
  const n = ++seq;
  const [p] = await app.deps.db
    .insert(products)
    .values({
      area: "barreByNucleo",
      name: `Leggings prueba ${n}`,
      priceCents: 500_00,
      stock: 99,
      requireShipping: true,
      options: [
        { name: "Talla", values: ["CH", "M"] },
        { name: "Color", values: ["Negro", "Rosa"] },
      ],
    })
    .returning();
  const combos = [
    ["CH", "Negro"],
    ["CH", "Rosa"],
    ["M", "Negro"],
    ["M", "Rosa"],
  ];
  const vs = await app.deps.db
    .insert(productVariants)
    .values(
      combos.map(([a, b], i) => ({
        productId: p!.id,
        optionValues: [a!, b!],
        combination: `${a!.toLowerCase()}\u001f${b!.toLowerCase()}`,
        sku: `T${n}-${a}-${b}`.toUpperCase(),
        priceCents: prices[`${a} ${b}`] ?? 1_000_00,
        stock: `${a} ${b}` in stock ? stock[`${a} ${b}`]! : 5,
        position: i,
      })),
    )
    .returning();
  const v = (label: string) => vs.find((x) => x.optionValues.join(" ") === label)!;
  return { product: p!, v };
}

/** Address, shipping method, card, setup-intent: the intent to confirm with make-payment. */
async function readyToPay(token: string) {
  expect((await cart(token, "setAddress", { address: GUADALAJARA })).status).toBe(200);
  expect((await cart(token, "setShippingMethod", { shipping_method_id: 1 })).status).toBe(200);
  const { payment_method } = await (
    await app.request("/v2/stripe/create-payment-method", {
      method: "POST",
      token,
      json: {
        card: { number: "4242424242424242", exp_month: 12, exp_year: 30, cvc: "123" },
        billing_details: { name: "Ana" },
      },
    })
  ).json();
  const si = await (
    await app.request("/v2/checkout/setup-intent", {
      method: "POST",
      token,
      json: { stripe_payment_method_id: payment_method.id },
    })
  ).json();
  return si.payment_intent_id as string;
}

const pay = (token: string, intent: string) =>
  app.request("/v2/checkout/make-payment", { method: "POST", token, json: { payment_intent_id: intent } });

const stockOf = async (variantId: number) =>
  (await app.deps.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stock;

describe("products with variants", () => {
  it("the product answer lists options and active variants with their own price and stock; the demo leggings too", async () => {
    const { product, v } = await leggings({ "M Rosa": 0 }, { "M Negro": 1_100_00, "M Rosa": 1_100_00 });
    await app.deps.db
      .update(productVariants)
      .set({ active: false })
      .where(eq(productVariants.id, v("CH Rosa").id));
    const { data } = await expectAnswer(productAnswer, await app.request(`/v2/products/${product.id}`));
    expect(data.options).toEqual(product.options);
    expect(data.variants.map((x) => x.label)).toEqual([
      "Talla CH · Color Negro",
      "Talla M · Color Negro",
      "Talla M · Color Rosa",
    ]);
    expect(data.variants.find((x) => x.id === v("M Rosa").id)).toMatchObject({ in_stock: false, stock: 0 });
    expect(data.variants.find((x) => x.id === v("M Negro").id)).toMatchObject({
      price_cents: 110000,
      display_price: "$1,100",
      in_stock: true,
    });
    // The lowest variant's price, "Desde" because they differ; the sum of their stock.
    expect(data).toMatchObject({ price_cents: 100000, display_price: "Desde $1,000", stock: 10, in_stock: true });
    const demo = (await (await app.request("/v2/products/8")).json()).data;
    expect(demo.options.map((o: { name: string }) => o.name)).toEqual(["Talla", "Color"]);
    expect(demo.variants.length).toBe(6);
  });

  it("a variant is chosen to add it: priced and counted by the variant, one cart line per variant", async () => {
    const c = await newCustomer(app);
    const { product, v } = await leggings({ "CH Negro": 2 }, { "M Negro": 1_100_00 });
    let res = await cart(c.token, "addProduct", { product_id: product.id });
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages).toEqual([
      { field: "action_param.variant_id", message: "Elija talla y color" },
    ]);
    // Another product's variant, or a number that is not an id: refused, the cart unchanged.
    const other = await leggings();
    res = await cart(c.token, "addProduct", { product_id: product.id, variant_id: other.v("CH Negro").id });
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages[0].message).toBe("Esa variante no existe o ya no está a la venta");
    expect((await cart(c.token, "addProduct", { product_id: product.id, variant_id: "x" })).status).toBe(422);
    // More than the variant's stock (2), although the product row says 99.
    res = await cart(c.token, "addProduct", { product_id: product.id, variant_id: v("CH Negro").id, qty: 3 });
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages[0].message).toBe("Sin existencias suficientes (quedan 2)");
    const empty = await expectAnswer(cartAnswer, await app.request("/v2/carts", { token: c.token }));
    expect(empty.data.items).toEqual([]);

    await cart(c.token, "addProduct", { product_id: product.id, variant_id: v("CH Negro").id, qty: 2 });
    const { data } = await expectAnswer(
      cartAnswer,
      await cart(c.token, "addProduct", { product_id: product.id, variant_id: v("M Negro").id }),
    );
    expect(data.items.map((i) => [i.variant_label, i.sku, i.qty, i.price_cents])).toEqual([
      ["Talla CH · Color Negro", v("CH Negro").sku, 2, 100000],
      ["Talla M · Color Negro", v("M Negro").sku, 1, 110000],
    ]);
    expect(data.totals[0]!.value_cents).toBe(2 * 100000 + 110000);
    // Changing one line's quantity leaves the other alone.
    const after = (
      await (
        await cart(c.token, "addProduct", {
          product_id: product.id,
          variant_id: v("M Negro").id,
          qty: 0,
          update_qty: true,
        })
      ).json()
    ).data;
    expect(after.items.map((i: { variant_label: string }) => i.variant_label)).toEqual(["Talla CH · Color Negro"]);
  });

  it("paying takes the variant's stock (not the product's) and the order, receipt mail and shipment keep its snapshot", async () => {
    const c = await newCustomer(app);
    const { product, v } = await leggings({ "M Rosa": 3 });
    await cart(c.token, "addProduct", { product_id: product.id, variant_id: v("M Rosa").id, qty: 2 });
    const intent = await readyToPay(c.token);
    expect((await pay(c.token, intent)).status).toBe(200);
    expect(await stockOf(v("M Rosa").id)).toBe(1);
    expect((await app.deps.db.select().from(products).where(eq(products.id, product.id)))[0]!.stock).toBe(99);
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.userId, c.id));
    const [item] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item).toMatchObject({
      variantId: v("M Rosa").id,
      variantLabel: "Talla M · Color Rosa",
      sku: v("M Rosa").sku,
      unitCents: 100000,
    });
    const [mail] = await app.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, c.email), eq(mailOutbox.template, "order-receipt")));
    expect(mail!.text).toContain(`2 × ${product.name} (Talla M · Color Rosa): $2,000`);

    // Staff rename the option and re-price the variant: the history keeps what was sold.
    const admin = await staffToken(app.deps.db);
    const put = await app.request(`/admin/products/${product.id}/variants`, {
      method: "PUT",
      token: admin,
      json: {
        options: [
          { name: "Tamaño", values: ["CH", "M"] },
          { name: "Color", values: ["Negro", "Rosa"] },
        ],
        variants: [{ id: v("M Rosa").id, option_values: ["M", "Rosa"], sku: "NUEVO-1", price_cents: 5, stock: 1 }],
      },
    });
    expect(put.status).toBe(200);
    const history = await expectAnswer(
      customerOrdersAnswer,
      await app.request("/v2/customer/orders", { token: c.token }),
    );
    expect(history.data[0]!.items[0]).toMatchObject({ variant_label: "Talla M · Color Rosa", sku: v("M Rosa").sku });
    expect(history.data[0]!.receipt.lines[0]!.label).toBe(`2 × ${product.name} (Talla M · Color Rosa)`);
    const ships = (await (await app.request("/admin/shipments", { token: admin })).json()).data;
    expect(ships.find((s: { order_id: number }) => s.order_id === order!.id).items).toEqual([
      { name: product.name, variant_label: "Talla M · Color Rosa", sku: v("M Rosa").sku, qty: 2 },
    ]);

    // A full refund of the unshipped order gives the units back to the variant.
    const [pm] = await app.deps.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect((await app.request(`/admin/payments/${pm!.id}/refund`, { method: "POST", token: admin })).status).toBe(200);
    expect(await stockOf(v("M Rosa").id)).toBe(3);
  });

  it("a product without options is sold exactly as before: its own price and stock, no variant", async () => {
    const c = await newCustomer(app);
    const [before] = await app.deps.db.select().from(products).where(eq(products.id, 3));
    const res = await cart(c.token, "addProduct", { product_id: 3, variant_id: 1 });
    expect(res.status).toBe(422);
    expect((await res.json()).error.messages[0].message).toBe("Este producto no tiene variantes");
    const { data } = await expectAnswer(cartAnswer, await cart(c.token, "addProduct", { product_id: 3, qty: 2 }));
    expect(data.items[0]).toMatchObject({ price_cents: 22000, variant_id: null, variant_label: null });
    const p = (await (await app.request("/v2/products/3")).json()).data;
    expect(p).toMatchObject({ options: [], variants: [], display_price: "$220", stock: before!.stock });
    expect((await pay(c.token, await readyToPay(c.token))).status).toBe(200);
    const [after] = await app.deps.db.select().from(products).where(eq(products.id, 3));
    expect(after!.stock).toBe(before!.stock! - 2);
    const [order] = await app.deps.db.select().from(orders).where(eq(orders.userId, c.id));
    const [item] = await app.deps.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(item).toMatchObject({ variantId: null, variantLabel: null, sku: null, name: before!.name });
  });

  it("the last unit of a variant: two buyers paying at once on real PostgreSQL, exactly one wins", async () => {
    const { product, v } = await leggings({ "CH Rosa": 1 });
    const buyers = await Promise.all([newCustomer(app), newCustomer(app)]);
    const intents: string[] = [];
    for (const b of buyers) {
      expect((await cart(b.token, "addProduct", { product_id: product.id, variant_id: v("CH Rosa").id })).status).toBe(
        200,
      );
      intents.push(await readyToPay(b.token));
      // The first buyer's hold lapses before she pays (else the second is told «agotado» before
      // any charge: commerce-hold.test.ts): both are charged, and the order decides.
      if (b === buyers[0]) await releaseExpiredHolds(app.deps.db, new Date(Date.now() + HOLD_TTL_MS + 60_000));
    }
    const res = await Promise.all(buyers.map((b, i) => pay(b.token, intents[i]!)));
    expect(res.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(v("CH Rosa").id)).toBe(0);
    const sold = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderItems)
      .where(eq(orderItems.variantId, v("CH Rosa").id));
    expect(sold[0]!.n).toBe(1);
    const refunded = await app.deps.db
      .select()
      .from(sandboxIntents)
      .where(
        sql`${sandboxIntents.id} in (${sql.join(
          intents.map((i) => sql`${i}`),
          sql`, `,
        )}) and ${sandboxIntents.refundedCents} > 0`,
      );
    expect(refunded).toHaveLength(1);
  });

  it("staff define options and variants: bad input gets its message and changes nothing; a good save keeps ids", async () => {
    const admin = await staffToken(app.deps.db);
    const { product, v } = await leggings();
    const url = `/admin/products/${product.id}/variants`;
    const before = await expectAnswer(productVariantsAnswer, await app.request(url, { token: admin }));
    expect(before.data.variants).toHaveLength(4);
    const bad = await app.request(url, {
      method: "PUT",
      token: admin,
      json: {
        options: [{ name: "Talla", values: ["CH", "ch"] }],
        variants: [
          { option_values: ["CH"], sku: "A 1", price_cents: 100 },
          { option_values: ["CH"], sku: "B1", price_cents: -1 },
          { option_values: ["XL"], sku: "B1", price_cents: 100 },
        ],
      },
    });
    expect(bad.status).toBe(422);
    const fields = Object.fromEntries(
      (await bad.json()).error.messages.map((m: { field: string; message: string }) => [m.field, m.message]),
    );
    expect(fields).toMatchObject({
      "options.0.values.1": "El valor ch está repetido",
      "variants.0.sku": "El SKU lleva de 1 a 40 letras, números, puntos, guiones o guiones bajos",
      "variants.1.price_cents": expect.any(String),
      "variants.2.option_values": "Elija un valor de cada opción",
    });
    // Another product's SKU: said under that variant's SKU, nothing saved.
    const other = await leggings();
    const taken = await app.request(url, {
      method: "PUT",
      token: admin,
      json: {
        options: [{ name: "Talla", values: ["CH"] }],
        variants: [{ option_values: ["CH"], sku: other.v("M Negro").sku, price_cents: 100 }],
      },
    });
    expect(taken.status).toBe(422);
    expect((await taken.json()).error.messages).toEqual([
      { field: "variants.0.sku", message: `El SKU ${other.v("M Negro").sku} ya lo usa otro producto` },
    ]);
    expect((await expectAnswer(productVariantsAnswer, await app.request(url, { token: admin }))).data).toEqual(
      before.data,
    );

    // A good save: two variants swap SKUs, one is dropped, one is added; kept ones keep their id.
    const good = await expectAnswer(
      productVariantsAnswer,
      await app.request(url, {
        method: "PUT",
        token: admin,
        json: {
          options: [
            { name: "Talla", values: ["CH", "M", "G"] },
            { name: "Color", values: ["Negro", "Rosa"] },
          ],
          variants: [
            {
              id: v("CH Negro").id,
              option_values: ["ch", "negro"],
              sku: v("M Negro").sku,
              price_cents: 90000,
              stock: 1,
            },
            {
              id: v("M Negro").id,
              option_values: ["M", "Negro"],
              sku: v("CH Negro").sku,
              price_cents: 90000,
              stock: 2,
            },
            { option_values: ["G", "Rosa"], sku: `G-${product.id}`, price_cents: 95000, stock: null, active: false },
          ],
        },
      }),
    );
    expect(good.data.variants.map((x) => [x.id === v("CH Negro").id, x.label, x.stock, x.active])).toEqual([
      [true, "Talla CH · Color Negro", 1, true],
      [false, "Talla M · Color Negro", 2, true],
      [false, "Talla G · Color Rosa", null, false],
    ]);
    // The inactive variant is not sold.
    const pub = (await (await app.request(`/v2/products/${product.id}`)).json()).data;
    expect(pub.variants).toHaveLength(2);
    // Without options and variants, the product sells by its own price and stock again.
    await expectAnswer(
      productVariantsAnswer,
      await app.request(url, { method: "PUT", token: admin, json: { options: [], variants: [] } }),
    );
    const plain = (await (await app.request(`/v2/products/${product.id}`)).json()).data;
    expect(plain).toMatchObject({ options: [], variants: [], price_cents: 50000, stock: 99 });
    // A customer cannot use the back office.
    const c = await newCustomer(app);
    expect((await app.request(url, { token: c.token })).status).toBe(403);
  });
  it("the back office's product list shows a product in variants with their stock summed and counted", async () => {
    const admin = await staffToken(app.deps.db);
    // Product stock 99; variants 3 + 0 + 4 on sale, and one (7) not on sale.
    const { product, v } = await leggings({ "CH Negro": 3, "CH Rosa": 0, "M Negro": 4, "M Rosa": 7 });
    await app.deps.db
      .update(productVariants)
      .set({ active: false })
      .where(eq(productVariants.id, v("M Rosa").id));
    const row = async (id: number) => {
      const list = await app.request(`/admin/products?search=${encodeURIComponent(product.name)}`, { token: admin });
      expect(list.status).toBe(200);
      return ((await list.json()).data as { id: number }[]).find((r) => r.id === id);
    };
    expect(await row(product.id)).toMatchObject({ stock: 99, variant_count: 3, variant_stock: 7 });
    // One variant not counted: the sum is not either.
    await app.deps.db
      .update(productVariants)
      .set({ stock: null })
      .where(eq(productVariants.id, v("CH Rosa").id));
    expect(await row(product.id)).toMatchObject({ variant_count: 3, variant_stock: null });
    // Without variants: its own stock, nothing summed; the form's item keeps the product's own stock.
    await app.deps.db.delete(productVariants).where(eq(productVariants.productId, product.id));
    expect(await row(product.id)).toMatchObject({ stock: 99, variant_count: 0, variant_stock: null });
  });
});
