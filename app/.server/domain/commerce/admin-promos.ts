/** Back office: vouchers (percent or fixed, scope, validity, usage limits) and gift cards (issue, balance). */
import crypto from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatDateTime, formatMoney } from "~/lib/format";
import type { Db } from "../../db/client";
import { giftCardMovements, giftCards, users, vouchers } from "../../db/schema";
import { AppError } from "../errors";

const optPositive = z
  .union([z.literal(""), z.coerce.number().int().positive(t("commerce.admin.positive"))])
  .optional()
  .transform((v) => (v === "" || v === undefined ? null : v));
const optDate = z
  .union([z.literal(""), z.iso.date(t("commerce.admin.dateInvalid"))])
  .optional()
  .transform((v) => (v ? new Date(`${v}T06:00:00Z`) : null));

export const voucherInput = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9-]{3,40}$/, t("commerce.admin.codeInvalid")),
    description: z.string().trim().max(200).default(""),
    kind: z.enum(["percent", "fixed"]),
    value: z.coerce.number().positive(t("commerce.admin.positive")),
    scope: z.enum(["all", "pack", "plan", "product"]).default("all"),
    starts_at: optDate,
    ends_at: optDate,
    max_uses: optPositive,
    max_uses_per_customer: optPositive,
  })
  .refine((v) => v.kind !== "percent" || v.value <= 100, { path: ["value"], message: t("commerce.admin.percentMax") })
  .refine((v) => !v.starts_at || !v.ends_at || v.starts_at < v.ends_at, {
    path: ["ends_at"],
    message: t("commerce.admin.datesOrder"),
  });

export async function createVoucher(db: Db, input: z.output<typeof voucherInput>) {
  const [row] = await db
    .insert(vouchers)
    .values({
      code: input.code,
      description: input.description,
      kind: input.kind,
      value: input.kind === "percent" ? Math.round(input.value) : Math.round(input.value * 100),
      scope: input.scope,
      startsAt: input.starts_at,
      endsAt: input.ends_at ? new Date(input.ends_at.getTime() + 86_400_000) : null,
      maxUses: input.max_uses,
      maxUsesPerCustomer: input.max_uses_per_customer,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw AppError.validation([{ field: "code", message: t("commerce.admin.codeTaken") }]);
  return row;
}

export async function listVouchers(db: Db) {
  const rows = await db.select().from(vouchers).orderBy(desc(vouchers.id)).limit(500);
  return rows.map((v) => ({
    id: v.id,
    code: v.code,
    description: v.description,
    display_value: v.kind === "percent" ? `${v.value}%` : formatMoney(v.value / 100),
    scope: v.scope,
    window: [v.startsAt ? formatDateTime(v.startsAt) : "—", v.endsAt ? formatDateTime(v.endsAt) : "—"].join(" → "),
    uses: `${v.usedCount}${v.maxUses !== null ? ` / ${v.maxUses}` : ""}`,
    per_customer: v.maxUsesPerCustomer,
    active: v.active,
  }));
}

export async function setVoucherActive(db: Db, id: number, active: boolean) {
  await db.update(vouchers).set({ active, updatedAt: new Date() }).where(eq(vouchers.id, id));
}

export const giftCardInput = z.object({
  amount: z.coerce.number().positive(t("commerce.admin.positive")).max(100_000, t("commerce.admin.positive")),
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^([A-Z0-9-]{6,40})?$/, t("commerce.admin.codeInvalid"))
    .optional(),
});

export async function issueGiftCard(db: Db, input: z.output<typeof giftCardInput>, actorUserId: number) {
  const cents = Math.round(input.amount * 100);
  const code =
    input.code ||
    `NB-${crypto.randomBytes(4).toString("hex").toUpperCase()}-${crypto.randomBytes(2).toString("hex").toUpperCase()}`;
  return db.transaction(async (tx) => {
    const [g] = await tx
      .insert(giftCards)
      .values({ code, initialCents: cents, balanceCents: cents, issuedByUserId: actorUserId })
      .onConflictDoNothing()
      .returning();
    if (!g) throw AppError.validation([{ field: "code", message: t("commerce.admin.codeTaken") }]);
    await tx.insert(giftCardMovements).values({ giftCardId: g.id, deltaCents: cents, kind: "issue", actorUserId });
    return g;
  });
}

export async function listGiftCards(db: Db) {
  const rows = await db
    .select({
      g: giftCards,
      email: users.email,
      moves: sql<number>`(select count(*)::int from gift_card_movements m where m.gift_card_id = ${giftCards.id})`,
    })
    .from(giftCards)
    .leftJoin(users, eq(users.id, giftCards.userId))
    .orderBy(desc(giftCards.id))
    .limit(500);
  return rows.map((r) => ({
    id: r.g.id,
    code: r.g.code,
    display_initial: formatMoney(r.g.initialCents / 100),
    display_balance: formatMoney(r.g.balanceCents / 100),
    owner: r.email,
    movements: r.moves,
    created: formatDateTime(r.g.createdAt),
  }));
}
