/**
 * A customer's class credits as the back office reads them: the live balance per city and for
 * on-demand (the same numbers the customer's counters show, from `sessionBalances`) and every lot
 * with its state. Lots are written by purchases, courtesies and bookings (later capabilities).
 */
import { asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cities, creditLots } from "../../db/schema";
import { sessionBalances } from "../identity/current-user";
import { listCities } from "../places/service";
import type { CustomerCredits, LotState } from "~/shared/types/credits";

function lotState(
  lot: { quantity: number | null; remaining: number; startsAt: Date; expiresAt: Date },
  now: Date,
): LotState {
  if (lot.expiresAt <= now) return "expired";
  if (lot.startsAt > now) return "upcoming";
  if (lot.quantity !== null && lot.remaining === 0) return "used";
  return "active";
}

/** Lots newest first (at most `limit`), and the balances at `now`. */
export async function customerCredits(db: Db, userId: number, now: Date, limit = 200): Promise<CustomerCredits> {
  const cityRows = await listCities(db);
  const [balances, lots] = await Promise.all([
    sessionBalances(db, userId, now, cityRows),
    db
      .select({
        id: creditLots.id,
        scope: creditLots.scope,
        cityId: creditLots.cityId,
        cityName: cities.name,
        quantity: creditLots.quantity,
        remaining: creditLots.remaining,
        startsAt: creditLots.startsAt,
        expiresAt: creditLots.expiresAt,
        source: creditLots.source,
        createdAt: creditLots.createdAt,
      })
      .from(creditLots)
      .leftJoin(cities, eq(cities.id, creditLots.cityId))
      .where(eq(creditLots.userId, userId))
      .orderBy(desc(creditLots.createdAt), asc(creditLots.id))
      .limit(limit),
  ]);
  return {
    balances: {
      in_person: cityRows.map((c) => ({
        city_id: c.id,
        city_name: c.name,
        available: balances.perCity[c.id]?.available ?? 0,
        unlimited: balances.perCity[c.id]?.unlimited ?? false,
      })),
      on_demand: balances.onDemand,
    },
    lots: lots.map((l) => ({
      id: l.id,
      scope: l.scope,
      city_id: l.cityId,
      city_name: l.cityName,
      quantity: l.quantity,
      remaining: l.remaining,
      starts_at: l.startsAt.toISOString(),
      expires_at: l.expiresAt.toISOString(),
      source: l.source,
      state: lotState(l, now),
      created_at: l.createdAt.toISOString(),
    })),
  };
}
