/**
 * Test factories: each test creates the people, places and credits it needs instead of leaning on
 * the demo accounts. Every factory takes the database (`app.deps.db` or a transaction) and returns
 * the row it made; unique values come from one counter so tests in a file never collide.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../app/.server/db/client";
import { cities, coaches, employees, rooms, sessionTypes, studios, users } from "../../app/.server/db/schema";
import type { RoomLayout } from "../../app/.server/db/schema/places";
import { grantLot } from "../../app/.server/domain/credits/ledger";
import { hashPassword } from "../../app/.server/domain/identity/passwords";
import { createSession } from "../../app/.server/domain/identity/sessions";
import { EMPLOYEE_TYPE, ROLE } from "../../app/shared/roles";

let seq = 0;
/** A number unique within the test process. */
export const unique = () => `${process.pid}${Date.now() % 100000}${++seq}`;

/** The password every factory account gets. */
export const FACTORY_PASSWORD = "prueba1234";
let hashed: Promise<string> | null = null;
const passwordHash = () => (hashed ??= hashPassword(FACTORY_PASSWORD));

export interface PersonOverrides {
  name?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  birthDate?: string | null;
  active?: boolean;
  isTester?: boolean;
  require2fa?: boolean;
  canScanAttendance?: boolean;
}

async function insertUser(db: Db, roleId: number, employeeType: number | null, o: PersonOverrides) {
  const n = unique();
  const [row] = await db
    .insert(users)
    .values({
      name: o.name ?? "Prueba",
      lastName: o.lastName ?? `Persona ${n}`,
      email: o.email ?? `persona.${n}@prueba.mx`,
      phone: o.phone === undefined ? null : o.phone,
      birthDate: o.birthDate ?? null,
      passwordHash: await passwordHash(),
      roleId,
      employeeType,
      active: o.active ?? true,
      isTester: o.isTester ?? false,
      require2fa: o.require2fa ?? false,
      canScanAttendance: o.canScanAttendance ?? false,
      emailVerifiedAt: new Date(),
    })
    .returning();
  return row!;
}

/** A customer (role 2). */
export function createCustomer(db: Db, o: PersonOverrides = {}) {
  return insertUser(db, ROLE.customer, null, o);
}

export type StaffKind = "administrator" | "manager" | "cashier" | "coach" | "door";

/**
 * A staff member: an administrator of any employee type, a coach or the front door. Administrators
 * get an employee record (shifts and cash), attached to `studioId` when given.
 */
export async function createStaff(
  db: Db,
  kind: StaffKind = "administrator",
  o: PersonOverrides & { studioId?: number } = {},
) {
  const roleId = kind === "coach" ? ROLE.coach : kind === "door" ? ROLE.door : ROLE.admin;
  const employeeType =
    kind === "administrator"
      ? EMPLOYEE_TYPE.administrator
      : kind === "manager"
        ? EMPLOYEE_TYPE.manager
        : kind === "cashier"
          ? EMPLOYEE_TYPE.cashier
          : null;
  const user = await insertUser(db, roleId, employeeType, o);
  let employeeId: number | null = null;
  if (roleId === ROLE.admin) {
    const [e] = await db
      .insert(employees)
      .values({ userId: user.id, studioId: o.studioId ?? null })
      .returning({ id: employees.id });
    employeeId = e!.id;
  }
  return { ...user, employeeId };
}

/** A city of Mexico (reference data: country 1), active by default; its suffix is letters, as the back office asks. */
export async function createCity(db: Db, o: { name?: string; suffix?: string; active?: boolean } = {}) {
  const n = unique();
  const [row] = await db
    .insert(cities)
    .values({
      name: o.name ?? `Ciudad ${n}`,
      suffix: o.suffix ?? `Z${[...n.slice(-4)].map((d) => "ABCDEFGHIJ"[Number(d)]).join("")}`,
      countryId: 1,
      active: o.active ?? true,
    })
    .returning();
  return row!;
}

/** A studio in an existing city (the first active one, or a new city when there is none, unless `cityId` is given). */
export async function createStudio(
  db: Db,
  o: { cityId?: number; name?: string; phone?: string; active?: boolean } = {},
) {
  const n = unique();
  const cityId =
    o.cityId ??
    (await db.select({ id: cities.id }).from(cities).where(eq(cities.active, true)).orderBy(cities.id).limit(1))[0]
      ?.id ??
    (await createCity(db)).id;
  const [row] = await db
    .insert(studios)
    .values({
      cityId,
      name: o.name ?? `Estudio ${n}`,
      slug: `estudio-${n}`,
      phone: o.phone ?? "5512345678",
      active: o.active ?? true,
    })
    .returning();
  return row!;
}

/** The map of a room: `rows` × `columns` spots numbered 1, 2, ... row by row, the coach in front. */
export const gridLayout = (rows: number, columns: number): RoomLayout => ({
  rows: Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => r * columns + c + 1)),
  coachPosition: "top",
});

/** A room of a studio (a new studio when none is given); `layout` is its map of spots (none unless given). */
export async function createRoom(
  db: Db,
  o: { studioId?: number; name?: string; capacity?: number; layout?: RoomLayout | null; active?: boolean } = {},
) {
  const studioId = o.studioId ?? (await createStudio(db)).id;
  const [row] = await db
    .insert(rooms)
    .values({
      studioId,
      name: o.name ?? `Salón ${unique()}`,
      capacity: o.capacity ?? 12,
      layout: o.layout ?? null,
      active: o.active ?? true,
    })
    .returning();
  return row!;
}

/** A class type (50 minutes unless said). */
export async function createSessionType(db: Db, o: { name?: string; durationMinutes?: number } = {}) {
  const n = unique();
  const [row] = await db
    .insert(sessionTypes)
    .values({ name: o.name ?? `Barre ${n}`, slug: `barre-${n}`, durationMinutes: o.durationMinutes ?? 50 })
    .returning();
  return row!;
}

/** A coach's public profile, given to `userId` (a coach's login) when one is given. */
export async function createCoach(db: Db, o: { userId?: number | null; name?: string; lastName?: string } = {}) {
  const n = unique();
  const [row] = await db
    .insert(coaches)
    .values({
      userId: o.userId ?? null,
      name: o.name ?? "Coach",
      lastName: o.lastName ?? `Prueba ${n}`,
      slug: `coach-${n}`,
    })
    .returning();
  return row!;
}

/** Credits for a customer through the ledger (`grantLot`), in-person in the studio's city by default. */
export async function grantCredits(
  db: Db,
  userId: number,
  o: {
    quantity?: number | null;
    cityId?: number | null;
    scope?: "in_person" | "on_demand";
    days?: number;
    now?: Date;
  } = {},
) {
  const scope = o.scope ?? "in_person";
  const cityId =
    scope === "on_demand"
      ? null
      : (o.cityId ?? (await db.select({ id: cities.id }).from(cities).orderBy(cities.id).limit(1))[0]?.id ?? null);
  const now = o.now ?? new Date();
  return grantLot(db, {
    userId,
    scope,
    cityId,
    quantity: o.quantity === undefined ? 5 : o.quantity,
    startsAt: now,
    expiresAt: new Date(now.getTime() + (o.days ?? 30) * 86_400_000),
    source: "courtesy",
    sourceRef: null,
    actorUserId: null,
    reason: "Cortesía de prueba",
  });
}

/**
 * A bearer token for a user, without going through the login API (which has its own tests).
 * `twoFactorPassed` marks the session as past two-factor (for staff with `require2fa`).
 */
export async function sessionFor(
  db: Db,
  user: number | { id: number } | string,
  o: { now?: Date; twoFactorPassed?: boolean } = {},
) {
  let id: number;
  if (typeof user === "string") {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${user.toLowerCase()}`);
    if (!u) throw new Error(`sessionFor: no user ${user}`);
    id = u.id;
  } else id = typeof user === "number" ? user : user.id;
  const { token } = await createSession(db, id, {
    remember: false,
    now: o.now ?? new Date(),
    policy: { sessionHours: 12, rememberDays: 30 },
    twoFactor: o.twoFactorPassed ?? false,
  });
  return token;
}

/**
 * A bearer token for a new staff member of `kind` (a full administrator by default); `now` is when
 * the session starts (pass the test's moved clock, the session lasts 12 hours).
 */
export async function staffToken(
  db: Db,
  kind: StaffKind = "administrator",
  o: { now?: Date; person?: PersonOverrides & { studioId?: number } } = {},
) {
  return sessionFor(db, await createStaff(db, kind, o.person), { now: o.now });
}

/** Scenario: a full administrator and a customer, each with a session. */
export async function adminAndCustomer(db: Db, o: { customer?: PersonOverrides } = {}) {
  const admin = await createStaff(db, "administrator");
  const customer = await createCustomer(db, o.customer);
  return {
    admin,
    customer,
    adminToken: await sessionFor(db, admin),
    customerToken: await sessionFor(db, customer),
  };
}

/** Scenario: one account of every kind (each staff kind, a customer and a tester customer), for
 * tests of who may do what. */
export async function createCast(db: Db) {
  return {
    admin: await createStaff(db, "administrator"),
    manager: await createStaff(db, "manager"),
    cashier: await createStaff(db, "cashier"),
    coach: await createStaff(db, "coach"),
    door: await createStaff(db, "door"),
    customer: { ...(await createCustomer(db)), employeeId: null },
    tester: { ...(await createCustomer(db, { isTester: true })), employeeId: null },
  };
}
export type Cast = Awaited<ReturnType<typeof createCast>>;
