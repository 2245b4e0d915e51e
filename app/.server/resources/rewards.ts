/**
 * Rewards (/admin/rewards/list) through the resource kit. A reward is free in-person classes given
 * to a customer (birthday, classes reached, a referral, customer care): a credit lot with source
 * `reward` in the booking ledger, so the customer books with it like with any credit and sees it in
 * /profile/rewards. Staff grant it (audited, in one transaction with the ledger); a granted reward
 * is not edited (see docs/decisions.md, "Rewards").
 */
import { and, desc, eq, gt, like, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import { t } from "~/lib/messages";
import { REWARD_KINDS, rewardSchema, type RewardInput, type RewardKind } from "~/shared/schemas/catalogue";
import { ROLE } from "~/shared/roles";
import type { Db } from "../db/client";
import { cities, creditLots, creditMovements, users } from "../db/schema";
import { AppError } from "../domain/errors";
import { likePattern } from "../domain/lists";
import { grantLot } from "../domain/credits/ledger";
import { inTransaction } from "../domain/tx";
import { assertCan, type Actor } from "../domain/people/access";
import type { AppDeps } from "../deps";
import { getResource, notFoundOf, type ResourceDescriptor } from "../kit/resource";
import { PAYMENTS_TAG } from "./vouchers";

const rewardDto = z.object({
  id: z.number(),
  customer_id: z.number(),
  customer_name: z.string(),
  customer_email: z.string(),
  kind: z.enum(REWARD_KINDS).nullable(),
  /** What the customer reads in the ledger ("Recompensa: Cumpleaños"). */
  reason: z.string(),
  city_id: z.number().nullable(),
  city_name: z.string().nullable(),
  sessions: z.number().nullable(),
  remaining: z.number(),
  starts_at: z.string(),
  expires_at: z.string(),
  granted_by: z.string().nullable(),
  created_at: z.string(),
});
export type RewardDto = z.infer<typeof rewardDto>;

const granter = alias(users, "granter");
const isReward = eq(creditLots.source, "reward");
/** `reward:{kind}` (staff) or `reward:{kind}:{year}` (the birthday task) → the kind. */
const kindOf = (ref: string | null) => {
  const k = ref?.startsWith("reward:") ? ref.split(":")[1] : null;
  return (REWARD_KINDS as readonly string[]).includes(k ?? "") ? (k as RewardKind) : null;
};

const selectRewards = (db: Db) =>
  db
    .select({
      lot: creditLots,
      name: sql<string>`trim(${users.name} || ' ' || ${users.lastName})`,
      email: users.email,
      cityName: cities.name,
      granter: granter.email,
      reason: sql<string | null>`(select m.reason from credit_movements m
        where m.lot_id = "credit_lots"."id" and m.kind = 'grant' order by m.id limit 1)`,
    })
    .from(creditLots)
    .innerJoin(users, eq(users.id, creditLots.userId))
    .leftJoin(cities, eq(cities.id, creditLots.cityId))
    .leftJoin(granter, eq(granter.id, creditLots.createdByUserId));
type RewardRow = Awaited<ReturnType<typeof selectRewards>>[number];

export const rewardsResource: ResourceDescriptor<typeof creditLots, RewardDto, RewardInput, RewardRow> = {
  name: "rewards",
  entity: "reward",
  apiPath: "/admin/rewards",
  tag: PAYMENTS_TAG,
  labels: { one: t("catalogue.rewards.one"), many: t("catalogue.rewards.many") },
  table: creditLots,
  dto: rewardDto,
  select: selectRewards,
  scope: isReward,
  toDto: (r) => {
    return {
      id: r.lot.id,
      customer_id: r.lot.userId,
      customer_name: r.name,
      customer_email: r.email,
      kind: kindOf(r.lot.sourceRef),
      reason: r.reason ?? "",
      city_id: r.lot.cityId,
      city_name: r.cityName ?? null,
      sessions: r.lot.quantity,
      remaining: r.lot.remaining,
      starts_at: r.lot.startsAt.toISOString(),
      expires_at: r.lot.expiresAt.toISOString(),
      granted_by: r.granter ?? null,
      created_at: r.lot.createdAt.toISOString(),
    };
  },
  input: rewardSchema,
  editable: false,
  permissions: { read: "commerce.read", write: "commerce.write" },
  // The customer's name or email (the count reads the lots alone, so through a subquery).
  search: (term) => {
    const p = likePattern(term);
    return sql`${creditLots.userId} in (select u.id from users u
      where u.email ilike ${p} or (u.name || ' ' || u.last_name) ilike ${p})`;
  },
  sorts: {
    id: creditLots.id,
    created_at: creditLots.createdAt,
    expires_at: creditLots.expiresAt,
    remaining: creditLots.remaining,
  },
  defaultSort: { column: creditLots.id, dir: "desc" },
  filters: {
    kind: {
      schema: z.enum(REWARD_KINDS).optional(),
      where: (v: RewardKind) =>
        or(eq(creditLots.sourceRef, `reward:${v}`), like(creditLots.sourceRef, `reward:${v}:%`)),
    },
    city_id: {
      schema: z.coerce.number().int().positive().max(999_999_999).optional(),
      where: (v: number) => eq(creditLots.cityId, v),
    },
  },
  messages: { created: t("catalogue.rewards.granted") },
  api: {
    actions: [
      {
        path: "revoke",
        summary: "Recompensa: retirar las clases que el cliente aún no usa (queda en su historial)",
        run: async ({ deps, actor, id }) => {
          const n = await revokeReward(deps, actor, id);
          return {
            Message: t("catalogue.rewards.revoked", { n }),
            item: await getResource(deps.db, rewardsResource, id),
          };
        },
      },
    ],
  },
  csv: {
    filename: "recompensas.csv",
    columns: [
      { key: "id", label: "ID" },
      { key: "customer_name", label: t("catalogue.rewards.customer") },
      { key: "customer_email", label: t("catalogue.rewards.email") },
      { key: "reason", label: t("catalogue.rewards.kind") },
      { key: "city_name", label: t("catalogue.rewards.city") },
      { key: "sessions", label: t("catalogue.rewards.sessions") },
      { key: "remaining", label: t("catalogue.rewards.remaining") },
      { key: "expires_at", label: t("catalogue.rewards.expires") },
      { key: "granted_by", label: t("catalogue.rewards.granter") },
      { key: "created_at", label: t("catalogue.rewards.grantedAt") },
    ],
  },
  /** Grant: a credit lot with source "reward", in the kit's transaction with its audit entry. */
  save: async (tx, input, _id, { actor, now }) => {
    const [customer] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${users.email}) = ${input.email.toLowerCase()}`, eq(users.roleId, ROLE.customer)))
      .limit(1);
    if (!customer) throw AppError.validation([{ field: "email", message: t("catalogue.rewards.notCustomer") }]);
    const [city] = await tx
      .select({ id: cities.id })
      .from(cities)
      .where(eq(cities.id, input.city_id as number))
      .limit(1);
    if (!city) throw AppError.validation([{ field: "city_id", message: t("catalogue.rewards.cityRequired") }]);
    const kind = t(`catalogue.rewards.kinds.${input.kind}`);
    const lotId = await grantLot(tx, {
      userId: customer.id,
      scope: "in_person",
      cityId: city.id,
      quantity: input.sessions,
      startsAt: now,
      expiresAt: new Date(now.getTime() + input.validity_days * 86_400_000),
      source: "reward",
      sourceRef: `reward:${input.kind}`,
      actorUserId: actor.id,
      reason: input.note
        ? t("catalogue.rewards.ledgerNote", { kind, note: input.note })
        : t("catalogue.rewards.ledger", { kind }),
    });
    return {
      id: lotId,
      audit: {
        user_id: customer.id,
        kind: input.kind,
        city_id: city.id,
        sessions: input.sessions,
        validity_days: input.validity_days,
      },
    };
  },
};

/**
 * Takes back the classes of a reward the customer has not used (a mistaken grant): the lot is
 * locked, its balance set to 0 with a `revoke` movement and the audit entry, in one transaction.
 * Classes already booked stay spent. Returns how many were taken back.
 */
async function revokeReward(deps: Pick<AppDeps, "db" | "clock">, actor: Actor, id: number) {
  assertCan(actor, rewardsResource.permissions.write);
  return inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [lot] = await lock(creditLots, and(eq(creditLots.id, id), isReward));
    if (!lot) throw notFoundOf(rewardsResource);
    if (lot.remaining <= 0 || lot.expiresAt <= deps.clock())
      throw AppError.conflict(t("catalogue.rewards.nothingLeft"));
    await tx.update(creditLots).set({ remaining: 0 }).where(eq(creditLots.id, id));
    await tx.insert(creditMovements).values({
      lotId: id,
      userId: lot.userId,
      delta: -lot.remaining,
      kind: "revoke",
      reason: t("catalogue.rewards.revokedReason"),
      ref: `reward:${id}`,
      actorUserId: actor.id,
    });
    audit({
      actorUserId: actor.id,
      action: "reward.revoked",
      entity: "reward",
      entityId: id,
      data: { user_id: lot.userId, classes: lot.remaining },
      ip: actor.ip,
    });
    return lot.remaining;
  });
}

/** A customer's rewards still worth showing (not expired), newest first, for /profile/rewards. */
export async function customerRewards(db: Db, userId: number, now: Date) {
  const rows = await db
    .select({ lot: creditLots, cityName: cities.name, reason: creditMovements.reason })
    .from(creditLots)
    .leftJoin(cities, eq(cities.id, creditLots.cityId))
    .leftJoin(creditMovements, and(eq(creditMovements.lotId, creditLots.id), eq(creditMovements.kind, "grant")))
    .where(and(eq(creditLots.userId, userId), isReward, gt(creditLots.expiresAt, now)))
    .orderBy(desc(creditLots.id))
    .limit(50);
  return rows.map((r) => ({
    id: r.lot.id,
    reason: r.reason ?? t("catalogue.rewards.one"),
    city_name: r.cityName,
    sessions: r.lot.quantity,
    remaining: r.lot.remaining,
    expires_at: r.lot.expiresAt.toISOString(),
  }));
}
