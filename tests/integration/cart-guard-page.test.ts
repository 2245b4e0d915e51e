/**
 * Issue 19, finding 13: the spec's cart guard (`hasProducts`: an empty cart goes to my-account)
 * protects the payment page PayPal sends the customer back to (/payment/process).
 */
import { describe, expect, it } from "vitest";
import { carts, cartItems, products } from "../../app/.server/db/schema";
import { anonymous } from "../../app/.server/http/api";
import { loader } from "../../app/routes/commerce/payment-process";
import { setupTestApp } from "../support/app";
import { createCustomer, createStaff } from "../support/factories";

const app = setupTestApp();

async function visit(user: { id: number } | null, path = "/payment/process") {
  const row = user ? (await app.deps.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, user.id) }))! : null;
  const auth = { ...anonymous, user: row, session: row ? { twoFactorAt: null } : null } as never;
  try {
    await loader({
      request: new Request(`http://localhost${path}`),
      params: {},
      context: { deps: app.deps, auth, cookies: {} },
    } as never);
    return "allow";
  } catch (e) {
    return (e as Response).headers.get("Location");
  }
}

describe("the cart guard on /payment/process", () => {
  it("sends a customer with an empty cart to my-account; lets one with something to pay in", async () => {
    const db = app.deps.db;
    const ana = await createCustomer(db);
    expect(await visit(ana)).toBe("/my-account");
    expect(await visit(ana, "/es-MX/payment/process?cancelled=1")).toBe("/es-MX/my-account");
    const [cart] = await db.insert(carts).values({ userId: ana.id }).returning();
    expect(await visit(ana)).toBe("/my-account");
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    await db.insert(cartItems).values({ cartId: cart!.id, scope: "product", refId: product!.id, qty: 1 });
    expect(await visit(ana)).toBe("allow");
    expect(await visit(ana, `/payment/process?cart_id=${cart!.id}`)).toBe("allow");
    // Someone else's cart is nothing to pay.
    const bea = await createCustomer(db);
    expect(await visit(bea, `/payment/process?cart_id=${cart!.id}`)).toBe("/my-account");
  });

  it("is for customers: visitors log in first, staff go where the customer guard says", async () => {
    expect(await visit(null)).toBe(`/login?back=${encodeURIComponent("/payment/process")}`);
    expect(await visit(await createStaff(app.deps.db, "administrator"))).toBe("/admin/calendar");
  });
});
