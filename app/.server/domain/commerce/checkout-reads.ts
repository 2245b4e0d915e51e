/**
 * What the checkout pages read about the customer (saved cards, addresses) and the store
 * (shipping methods), as the API answers them. Reads only: the writes are in cart.ts and
 * after-sale.ts.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { formatMoney } from "~/shared/mexico/money";
import type { AppDeps } from "../../deps";
import type { Db } from "../../db/client";
import { addresses, savedCards, shippingMethods } from "../../db/schema";
import { addressView } from "./cart";

/** The customer's saved cards of the gateway in use (a sandbox card means nothing to Stripe, and back). */
export async function savedCardsOf(deps: Pick<AppDeps, "db" | "gateways">, userId: number) {
  const rows = await deps.db
    .select()
    .from(savedCards)
    .where(
      and(eq(savedCards.userId, userId), eq(savedCards.gateway, deps.gateways.card.name), isNull(savedCards.deletedAt)),
    )
    .orderBy(desc(savedCards.id));
  return rows.map((c) => ({
    id: c.providerPaymentMethodId,
    card_id: c.id,
    brand: c.brand,
    last4: c.last4,
    exp_month: c.expMonth,
    exp_year: c.expYear,
  }));
}

/** The customer's shipping addresses, newest first (removed ones left out). */
export async function addressesOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)))
    .orderBy(desc(addresses.id));
  return rows.map(addressView);
}

/** One address as the API answers it (the one just saved). */
export async function addressById(db: Db, id: number) {
  const [a] = await db.select().from(addresses).where(eq(addresses.id, id));
  return addressView(a!);
}

/** The shipping methods on offer, in the store's order, with their display price. */
export async function activeShippingMethods(db: Db) {
  const rows = await db
    .select()
    .from(shippingMethods)
    .where(eq(shippingMethods.active, true))
    .orderBy(shippingMethods.sortOrder, shippingMethods.id);
  return rows.map((m) => ({
    id: m.id,
    name: m.name,
    description: m.description,
    price_cents: m.priceCents,
    display_price: formatMoney(m.priceCents),
  }));
}
