/**
 * Gift cards (/admin/giftcards) through the resource kit: staff issue them (amount, optional code
 * and expiry), see their balance and owner, deactivate them and read their movements. An issued
 * card is not edited: its money moves only through the ledger of movements (issue, redeem, spend,
 * refund).
 */
import crypto from "node:crypto";
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { formatPrice } from "~/shared/mexico/money";
import { giftCardSchema, type GiftCardInput } from "~/shared/schemas/catalogue";
import type { Db } from "../db/client";
import { giftCardMovements, giftCards, users } from "../db/schema";
import { AppError } from "../domain/errors";
import { addDays, localDay, zonedToUtc } from "~/shared/mexico/time";
import type { ResourceDescriptor } from "../kit/resource";
import { PAYMENTS_TAG } from "./vouchers";

const giftCardDto = z.object({
  id: z.number(),
  code: z.string(),
  initial_cents: z.number(),
  balance_cents: z.number(),
  display_initial: z.string(),
  display_balance: z.string(),
  /** The customer who redeemed it into their account (null: not redeemed yet). */
  owner_email: z.string().nullable(),
  /** Last day it can be used (Mexico City), null: no expiry. */
  expires_at: z.string().nullable(),
  movements: z.number(),
  created_at: z.string(),
  active: z.boolean(),
});
export type GiftCardDto = z.infer<typeof giftCardDto>;

const selectGiftCards = (db: Db) =>
  db
    .select({
      ...getTableColumns(giftCards),
      ownerEmail: users.email,
      movements: sql<number>`(select count(*)::int from gift_card_movements m where m.gift_card_id = "gift_cards"."id")`,
    })
    .from(giftCards)
    .leftJoin(users, eq(users.id, giftCards.userId));
type GiftCardRow = Awaited<ReturnType<typeof selectGiftCards>>[number];

/** `NB-1A2B3C4D-5E6F`: what a card gets when staff leave the code blank. */
const newCode = () =>
  `NB-${crypto.randomBytes(4).toString("hex").toUpperCase()}-${crypto.randomBytes(2).toString("hex").toUpperCase()}`;

export const giftCardsResource: ResourceDescriptor<typeof giftCards, GiftCardDto, GiftCardInput, GiftCardRow> = {
  name: "giftcards",
  entity: "gift_card",
  apiPath: "/admin/giftcards",
  tag: PAYMENTS_TAG,
  labels: { one: t("catalogue.giftCards.one"), many: t("catalogue.giftCards.many") },
  table: giftCards,
  dto: giftCardDto,
  select: selectGiftCards,
  toDto: (r) => {
    return {
      id: r.id,
      code: r.code,
      initial_cents: r.initialCents,
      balance_cents: r.balanceCents,
      display_initial: formatPrice(r.initialCents),
      display_balance: formatPrice(r.balanceCents),
      owner_email: r.ownerEmail ?? null,
      expires_at: r.expiresAt ? localDay(new Date(r.expiresAt.getTime() - 1)) : null,
      movements: r.movements ?? 0,
      created_at: r.createdAt.toISOString(),
      active: r.active,
    };
  },
  input: giftCardSchema,
  editable: false,
  permissions: { read: "commerce.read", write: "commerce.write" },
  search: [giftCards.code],
  sorts: {
    id: giftCards.id,
    code: giftCards.code,
    balance_cents: giftCards.balanceCents,
    initial_cents: giftCards.initialCents,
    expires_at: giftCards.expiresAt,
  },
  defaultSort: { column: giftCards.id, dir: "desc" },
  filters: {
    redeemed: {
      schema: z.enum(["yes", "no"]).optional(),
      where: (v: "yes" | "no") =>
        v === "yes" ? sql`${giftCards.userId} is not null` : sql`${giftCards.userId} is null`,
    },
  },
  active: giftCards.active,
  messages: { created: t("catalogue.giftCards.add") },
  csv: {
    filename: "tarjetas-de-regalo.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "code", label: t("catalogue.giftCards.code") },
      { key: "display_initial", label: t("catalogue.giftCards.initial") },
      { key: "display_balance", label: t("catalogue.giftCards.balance") },
      { key: "owner_email", label: t("catalogue.giftCards.owner") },
      { key: "expires_at", label: t("catalogue.giftCards.expiresAt") },
      { key: "movements", label: t("catalogue.giftCards.movements") },
      { key: "created_at", label: t("catalogue.giftCards.created"), value: (r) => localDay(new Date(r.created_at)) },
      { key: "active", label: t("kit.status"), value: (r) => t(r.active ? "kit.active" : "kit.inactive") },
    ],
  },
  /** Issue: the card and its `issue` movement, in the kit's transaction with its audit entry. */
  save: async (tx, input, _id, { actor, now }) => {
    const expiresAt = input.expires_at ? zonedToUtc(addDays(input.expires_at, 1), "00:00") : null;
    if (expiresAt && expiresAt <= now) {
      throw AppError.validation([{ field: "expires_at", message: t("catalogue.giftCards.expiresInvalid") }]);
    }
    const code = input.code ?? newCode();
    const [g] = await tx
      .insert(giftCards)
      .values({
        code,
        initialCents: input.amount_cents,
        balanceCents: input.amount_cents,
        expiresAt,
        issuedByUserId: actor.id,
      })
      .onConflictDoNothing()
      .returning({ id: giftCards.id });
    if (!g) throw AppError.validation([{ field: "code", message: t("catalogue.vouchers.codeTaken") }]);
    await tx.insert(giftCardMovements).values({
      giftCardId: g.id,
      deltaCents: input.amount_cents,
      kind: "issue",
      actorUserId: actor.id,
    });
    return { id: g.id, audit: { code, amount_cents: input.amount_cents, expires_at: input.expires_at } };
  },
};

export const giftCardMovementDto = z.object({
  id: z.number(),
  kind: z.enum(["issue", "redeem", "spend", "refund", "adjust"]),
  delta_cents: z.number(),
  display_delta: z.string(),
  order_id: z.number().nullable(),
  actor_email: z.string().nullable(),
  created_at: z.string(),
});

/** A card's history, oldest first. */
export async function giftCardMovementsOf(db: Db, giftCardId: number) {
  const rows = await db
    .select({ m: giftCardMovements, email: users.email })
    .from(giftCardMovements)
    .leftJoin(users, eq(users.id, giftCardMovements.actorUserId))
    .where(eq(giftCardMovements.giftCardId, giftCardId))
    .orderBy(asc(giftCardMovements.id));
  return rows.map((r): z.infer<typeof giftCardMovementDto> => ({
    id: r.m.id,
    kind: r.m.kind,
    delta_cents: r.m.deltaCents,
    display_delta: `${r.m.deltaCents < 0 ? "−" : "+"}${formatPrice(Math.abs(r.m.deltaCents))}`,
    order_id: r.m.orderId,
    actor_email: r.email,
    created_at: r.m.createdAt.toISOString(),
  }));
}
