import { and, count, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { cities, coaches, ROLE, studios, users } from "../../db/schema";
import { recentAudit, type AuditDto } from "../audit/reader";

export interface DashboardDto {
  counts: { customers: number; staff: number; studios: number; cities: number; coaches: number };
  recent: AuditDto[];
}

/** The first back-office dashboard: real counts from the database and the latest staff actions. */
export async function dashboard(db: Db): Promise<DashboardDto> {
  const one = async (q: Promise<{ n: number }[]>) => (await q)[0]?.n ?? 0;
  // One query at a time: one dashboard never holds several of the pool's connections.
  const customers = await one(
    db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.roleId, ROLE.customer), eq(users.active, true))),
  );
  const staff = await one(
    db
      .select({ n: count() })
      .from(users)
      .where(and(inArray(users.roleId, [ROLE.admin, ROLE.coach, ROLE.door]), eq(users.active, true))),
  );
  const studioCount = await one(db.select({ n: count() }).from(studios).where(eq(studios.active, true)));
  const cityCount = await one(db.select({ n: count() }).from(cities).where(eq(cities.active, true)));
  const coachCount = await one(db.select({ n: count() }).from(coaches).where(eq(coaches.active, true)));
  return {
    counts: { customers, staff, studios: studioCount, cities: cityCount, coaches: coachCount },
    recent: await recentAudit(db, 10),
  };
}
