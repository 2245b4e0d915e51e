import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ROLE, creditLots, employees } from "../../db/schema";
import { listCities } from "../places/service";
import type { UserRow } from "./sessions";
import type { AppDeps } from "../../deps";
import { publicReads } from "../content/public-reads";
import type { CurrentUser } from "~/shared/types/user";

export type { CurrentUser };

const SCOPES: Record<number, string> = { 1: "admin", 2: "customer", 4: "coach", 5: "door" };

export interface SessionBalances {
  perCity: Record<number, { available: number; unlimited: boolean }>;
  onDemand: number | "UNLIMITED";
}

/** Live credits by city and on-demand, from the lots that have started and not expired
 * (`cityList`: the active cities, when the caller has them already). */
export async function sessionBalances(
  db: Db,
  userId: number,
  now: Date,
  cityList?: { id: number }[],
): Promise<SessionBalances> {
  const [cities, lots] = await Promise.all([
    cityList ?? listCities(db),
    db
      .select({
        scope: creditLots.scope,
        cityId: creditLots.cityId,
        remaining: sql<number>`coalesce(sum(${creditLots.remaining}), 0)::int`,
        unlimited: sql<boolean>`bool_or(${creditLots.quantity} is null)`,
      })
      .from(creditLots)
      .where(and(eq(creditLots.userId, userId), lte(creditLots.startsAt, now), gt(creditLots.expiresAt, now)))
      .groupBy(creditLots.scope, creditLots.cityId),
  ]);
  const perCity: SessionBalances["perCity"] = {};
  for (const c of cities) perCity[c.id] = { available: 0, unlimited: false };
  let onDemand: SessionBalances["onDemand"] = 0;
  for (const l of lots) {
    if (l.scope === "on_demand") onDemand = l.unlimited ? "UNLIMITED" : l.remaining;
    else if (l.cityId !== null && perCity[l.cityId])
      perCity[l.cityId] = { available: l.remaining, unlimited: l.unlimited };
  }
  return { perCity, onDemand };
}

function fullName(u: Pick<UserRow, "name" | "lastName">) {
  return [u.name, u.lastName].filter(Boolean).join(" ").trim();
}

/** A person's name and contact as screens read them (the session's user, the desk's customer). */
export function contactView(u: Pick<UserRow, "id" | "name" | "lastName" | "email" | "phone">) {
  return { id: u.id, name: u.name, last_name: u.lastName, full_name: fullName(u), email: u.email, phone: u.phone };
}

function toCurrentUser(u: UserRow, employeeId: number | null, balances: SessionBalances): CurrentUser {
  const perCity: Record<string, number> = {};
  const unlimited: Record<string, boolean> = {};
  let total = 0;
  for (const [cityId, b] of Object.entries(balances.perCity)) {
    perCity[`city_${cityId}`] = b.available;
    unlimited[`city_${cityId}`] = b.unlimited;
    total += b.available;
  }
  return {
    ...contactView(u),
    avatar_url: u.avatarUrl,
    role_id: u.roleId,
    employee_type: u.employeeType,
    id_employee: employeeId,
    scope: [SCOPES[u.roleId] ?? "customer"],
    isCustomer: u.roleId === ROLE.customer,
    isCoach: u.roleId === ROLE.coach,
    isDoor: u.roleId === ROLE.door,
    isAdmin: u.roleId === ROLE.admin,
    is_tester: u.isTester,
    require2fa: u.require2fa,
    can_scan_attendance: u.canScanAttendance,
    home_studio_id: u.homeStudioId,
    email_verified: u.emailVerifiedAt !== null,
    available_sessions: total,
    available_sessions_per_city: perCity,
    has_unlimited_sessions: Object.values(unlimited).some(Boolean),
    unlimited_sessions_per_city: unlimited,
    available_sessions_on_demand: balances.onDemand,
  };
}

/**
 * The §3 user at `now` (live credits). The employee id is looked up when the caller does not have
 * it; `cities` (the active cities) saves a query when the caller loaded them already.
 */
export async function loadCurrentUser(
  db: Db,
  u: UserRow,
  opts: { now: Date; employeeId?: number | null; cities?: { id: number }[] },
) {
  let employeeId = opts.employeeId;
  if (employeeId === undefined) {
    const [e] = await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.userId, u.id), eq(employees.active, true)));
    employeeId = e?.id ?? null;
  }
  return toCurrentUser(u, employeeId, await sessionBalances(db, u.id, opts.now, opts.cities));
}

/** `loadCurrentUser` now, with the active cities from the installation's public cache. */
export async function currentUserFor(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  u: UserRow,
  employeeId?: number | null,
) {
  const cities = await publicReads(deps).cities();
  return loadCurrentUser(deps.db, u, { now: deps.clock(), employeeId, cities });
}
