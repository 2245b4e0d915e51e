/**
 * Automatic rewards (docs/decisions.md, "Rewards are free classes in the credit ledger"): on a
 * customer's birthday (Mexico City date) the `rewards-birthday` task gives one free in-person class,
 * valid 30 days, in the city of the customer's latest in-person credits. Once a year per customer:
 * the lot's `source_ref` is `reward:birthday:{year}` and the check runs under a per-customer lock,
 * so a second run (or a second server) grants nothing.
 */
import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { t } from "~/lib/messages";
import { ROLE } from "~/shared/roles";
import type { AppDeps } from "../../deps";
import { creditLots, users } from "../../db/schema";
import { localDay } from "../booking/time";
import { grantLot } from "../credits/ledger";

const BIRTHDAY_REWARD = { sessions: 1, days: 30 } as const;

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
    .select({
      id: users.id,
      // Written out: in a query without joins drizzle would not qualify the column.
      cityId: sql<number | null>`(select l.city_id from credit_lots l
        where l.user_id = "users"."id" and l.scope = 'in_person' order by l.id desc limit 1)`,
    })
    .from(users)
    .where(and(eq(users.roleId, ROLE.customer), eq(users.active, true), isNotNull(users.birthDate), sql`(${birthday})`))
    .orderBy(desc(users.id));
  let granted = 0;
  for (const r of rows) {
    if (r.cityId === null) continue;
    const done = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${ref}:${r.id}`}))`);
      const [had] = await tx
        .select({ id: creditLots.id })
        .from(creditLots)
        .where(and(eq(creditLots.userId, r.id), eq(creditLots.source, "reward"), eq(creditLots.sourceRef, ref)))
        .limit(1);
      if (had) return false;
      await grantLot(tx, {
        userId: r.id,
        scope: "in_person",
        cityId: r.cityId,
        quantity: BIRTHDAY_REWARD.sessions,
        startsAt: now,
        expiresAt: new Date(now.getTime() + BIRTHDAY_REWARD.days * 86_400_000),
        source: "reward",
        sourceRef: ref,
        actorUserId: null,
        reason: t("catalogue.rewards.ledger", { kind: t("catalogue.rewards.kinds.birthday") }),
      });
      return true;
    });
    if (done) granted++;
  }
  return granted;
}
