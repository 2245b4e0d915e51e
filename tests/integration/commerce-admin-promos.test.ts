import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { giftCardMovements, users } from "../../app/.server/db/schema";
import {
  createVoucher,
  giftCardInput,
  issueGiftCard,
  listGiftCards,
  listVouchers,
  voucherInput,
} from "../../app/.server/domain/commerce/admin-promos";
import { setupTestApp } from "../support/app";
import { newCustomer } from "../support/commerce";

const app = setupTestApp();

describe("back office vouchers and gift cards", () => {
  it("validates vouchers in Spanish and creates them usable in a cart", async () => {
    const bad = voucherInput.safeParse({
      code: "x",
      kind: "percent",
      value: "150",
      starts_at: "2026-02-01",
      ends_at: "2026-01-01",
    });
    expect(bad.success).toBe(false);
    const msgs = bad.error!.issues.map((i) => i.message);
    expect(msgs).toEqual(expect.arrayContaining(["El código admite de 3 a 40 letras, números o guiones"]));
    const ok = voucherInput.parse({
      code: "verano-20",
      kind: "fixed",
      value: "150.50",
      scope: "pack",
      max_uses: "",
      max_uses_per_customer: "1",
    });
    const v = await createVoucher(app.deps.db, ok);
    expect(v).toMatchObject({ code: "VERANO-20", value: 15050, scope: "pack", maxUses: null, maxUsesPerCustomer: 1 });
    await expect(createVoucher(app.deps.db, ok)).rejects.toMatchObject({ status: 422 });
    expect((await listVouchers(app.deps.db)).find((x) => x.code === "VERANO-20")?.display_value).toBe("$150.50");
    const c = await newCustomer(app);
    await app.request("/v2/carts", {
      method: "POST",
      token: c.token,
      json: { action: "addPack", action_param: { pack_id: 1 } },
    });
    const res = await app.request("/v2/carts", {
      method: "POST",
      token: c.token,
      json: { action: "setVoucher", action_param: { code: "verano-20" } },
    });
    expect((await res.json()).data.amount_cents).toBe(28000 - 15050);
  });

  it("issues gift cards with a movement, redeemable by a customer", async () => {
    const [admin] = await app.deps.db.select().from(users).where(eq(users.email, "admin@example.com"));
    const g = await issueGiftCard(app.deps.db, giftCardInput.parse({ amount: "750" }), admin!.id);
    expect(g.balanceCents).toBe(75000);
    expect(
      await app.deps.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, g.id)),
    ).toHaveLength(1);
    const c = await newCustomer(app);
    const r = await app.request("/v2/customer/giftcards/redeem", {
      method: "POST",
      token: c.token,
      json: { code: g.code.toLowerCase() },
    });
    expect((await r.json()).data.balance_cents).toBe(75000);
    expect((await listGiftCards(app.deps.db)).find((x) => x.code === g.code)?.owner).toBe(c.email);
  });
});
