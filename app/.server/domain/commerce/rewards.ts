/**
 * Automatic rewards (docs/decisions.md, "Rewards are free classes in the credit ledger"): on a
 * customer's birthday (Mexico City date) the `rewards-birthday` task gives one free in-person class,
 * valid 30 days, in the city of the customer's latest in-person credits; `rewards-milestones` gives
 * one every 50 attended classes. Once each: the lot's `source_ref` is `reward:birthday:{year}` or
 * `reward:milestone:{n}`, checked under a per-customer lock, so a second run (or server) grants nothing.
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { ROLE } from "~/shared/roles";
import type { AppDeps } from "../../deps";
import { creditLots, reservations, users } from "../../db/schema";
import { localDay } from "~/shared/mexico/time";
import { grantLot } from "../credits/ledger";

const BIRTHDAY_REWARD = { sessions: 1, days: 30 } as const;
/** One free class every `every` attended classes (50, 100, 150…). */
const MILESTONE_REWARD = { every: 50, sessions: 1, days: 30 } as const;

/** The city of a customer's latest in-person credits (written out: without joins drizzle would not
 * qualify the outer column). */
const latestCity = sql<number | null>`(select l.city_id from credit_lots l
  where l.user_id = "users"."id" and l.scope = 'in_person' order by l.id desc limit 1)`;

/**
 * Grants one reward lot unless the customer already has one with this `ref`: the check and the
 * grant run under a per-customer-and-ref advisory lock, so concurrent runs grant it once.
 */
async function grantOnce(
  deps: Pick<AppDeps, "db">,
  a: { userId: number; cityId: number; ref: string; sessions: number; days: number; reason: string; now: Date },
) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${a.ref}:${a.userId}`}))`);
    const [had] = await tx
      .select({ id: creditLots.id })
      .from(creditLots)
      .where(and(eq(creditLots.userId, a.userId), eq(creditLots.source, "reward"), eq(creditLots.sourceRef, a.ref)))
      .limit(1);
    if (had) return false;
    await grantLot(tx, {
      userId: a.userId,
      scope: "in_person",
      cityId: a.cityId,
      quantity: a.sessions,
      startsAt: a.now,
      expiresAt: new Date(a.now.getTime() + a.days * 86_400_000),
      source: "reward",
      sourceRef: a.ref,
      actorUserId: null,
      reason: a.reason,
    });
    return true;
  });
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** Grants today's birthday rewards; returns how many were granted. */
export async function grantBirthdayRewards(deps: Pick<AppDeps, "db">, now: Date): Promise<number> {
  const today = localDay(now);
  const year = Number(today.slice(0, 4));
  const days = [today.slice(4)];
  // Born on 29 February: the 28th when the year has no 29th.
  if (days[0] === "-02-28" && !isLeap(year)) days.push("-02-29");
  const birthday = sql.join(
    days.map((d) => sql`${users.birthDate} like ${`%${d}`}`),
    sql` or `,
  );
  const ref = `reward:birthday:${year}`;
  // Each customer born today, with the city of their latest in-person credits (none: no city to give a class in).
  const rows = await deps.db
    .select({ id: users.id, cityId: latestCity })
    .from(users)
    .where(and(eq(users.roleId, ROLE.customer), eq(users.active, true), isNotNull(users.birthDate), sql`(${birthday})`))
    .orderBy(desc(users.id));
  const reason = t("catalogue.rewards.ledger", { kind: t("catalogue.rewards.kinds.birthday") });
  let granted = 0;
  for (const r of rows) {
    if (r.cityId === null) continue;
    if (await grantOnce(deps, { userId: r.id, cityId: r.cityId, ref, ...BIRTHDAY_REWARD, reason, now })) granted++;
  }
  return granted;
}

/**
 * Grants the milestone rewards reached: a customer with N attended classes gets one class for the
 * latest multiple of 50 reached (`reward:milestone:{50|100|…}`), once; returns how many were granted.
 */
export async function grantMilestoneRewards(deps: Pick<AppDeps, "db">, now: Date): Promise<number> {
  const every = MILESTONE_REWARD.every;
  const rows = await deps.db
    .select({ id: users.id, attended: sql<number>`count(*)::int`, cityId: latestCity })
    .from(users)
    .innerJoin(reservations, and(eq(reservations.userId, users.id), eq(reservations.status, "attended")))
    .where(and(eq(users.roleId, ROLE.customer), eq(users.active, true)))
    .groupBy(users.id)
    .having(sql`count(*) >= ${every}`);
  let granted = 0;
  for (const r of rows) {
    if (r.cityId === null) continue;
    const n = Math.floor(r.attended / every) * every;
    const reason = t("catalogue.rewards.ledgerNote", {
      kind: t("catalogue.rewards.kinds.milestone"),
      note: t("catalogue.rewards.milestoneNote", { n }),
    });
    const ok = await grantOnce(deps, {
      userId: r.id,
      cityId: r.cityId,
      ref: `reward:milestone:${n}`,
      sessions: MILESTONE_REWARD.sessions,
      days: MILESTONE_REWARD.days,
      reason,
      now,
    });
    if (ok) granted++;
  }
  return granted;
}
