import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import { foldText } from "~/shared/schemas/fields";
import type { Db } from "../../db/client";
import { cities, employees, studios, users } from "../../db/schema";
import { hashPassword } from "../identity/passwords";
import { AppError } from "../errors";
import { CSV_MAX_ROWS, likePattern, offsetOf, type ListQuery } from "../lists";
import { revokeAllSessions } from "../identity/sessions";
import { inTransaction } from "../tx";
import { audit } from "../audit/service";

/** A person as the back office lists and edits it (snake_case like the rest of the API). */
export interface PersonDto {
  id: number;
  name: string;
  last_name: string;
  full_name: string;
  email: string;
  phone: string | null;
  birth_date: string | null;
  role_id: number;
  employee_type: number | null;
  is_tester: boolean;
  require2fa: boolean;
  /** An authenticator app has been confirmed with a code (two-factor enrolment done). */
  two_factor_enrolled: boolean;
  can_scan_attendance: boolean;
  active: boolean;
  email_verified: boolean;
  /** The active employee record (shifts and cash), if any. */
  id_employee: number | null;
  studio_id: number | null;
  studio_name: string | null;
  created_at: string;
  last_login_at: string | null;
}

/** Columns of a person, with the active employee record and its studio (left joins). */
export const personColumns = {
  id: users.id,
  name: users.name,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  birthDate: users.birthDate,
  roleId: users.roleId,
  employeeType: users.employeeType,
  isTester: users.isTester,
  require2fa: users.require2fa,
  totpEnabledAt: users.totpEnabledAt,
  canScanAttendance: users.canScanAttendance,
  active: users.active,
  emailVerifiedAt: users.emailVerifiedAt,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  employeeId: employees.id,
  studioId: employees.studioId,
  studioName: studios.name,
};

/** FROM users with the joins `personColumns` reads. */
export function selectPeople(db: Db) {
  return db
    .select(personColumns)
    .from(users)
    .leftJoin(employees, and(eq(employees.userId, users.id), eq(employees.active, true)))
    .leftJoin(studios, eq(studios.id, employees.studioId));
}
export type PersonRow = Awaited<ReturnType<typeof selectPeople>>[number];

export function toPersonDto(r: PersonRow): PersonDto {
  return {
    id: r.id,
    name: r.name,
    last_name: r.lastName,
    full_name: [r.name, r.lastName].filter(Boolean).join(" "),
    email: r.email,
    phone: r.phone,
    birth_date: r.birthDate,
    role_id: r.roleId,
    employee_type: r.employeeType,
    is_tester: r.isTester,
    require2fa: r.require2fa,
    two_factor_enrolled: r.totpEnabledAt !== null,
    can_scan_attendance: r.canScanAttendance,
    active: r.active,
    email_verified: r.emailVerifiedAt !== null,
    id_employee: r.employeeId,
    studio_id: r.studioId,
    studio_name: r.studioName,
    created_at: r.createdAt.toISOString(),
    last_login_at: r.lastLoginAt ? r.lastLoginAt.toISOString() : null,
  };
}

/** One page of people matching `where` (or every match, up to CSV_MAX_ROWS, with `all`), and the count. */
export async function listPeople(
  db: Db,
  where: SQL | undefined,
  q: Pick<ListQuery, "sort" | "dir" | "page" | "per_page">,
  opts: { all?: boolean } = {},
): Promise<{ rows: PersonDto[]; total: number }> {
  const base = selectPeople(db)
    .where(where)
    .orderBy(...personOrder(q));
  const rows = opts.all ? await base.limit(CSV_MAX_ROWS) : await base.limit(q.per_page).offset(offsetOf(q));
  const [{ n }] = await db.select({ n: count() }).from(users).where(where);
  return { rows: rows.map(toPersonDto), total: n };
}

/**
 * The people search as the front desk types: every word must appear in the name, surname, email or
 * phone, without regard to case or accents ("ramirez" finds "Ramírez", "claudia ramírez" the full
 * name); a number typed with spaces or dashes ("55 1234") is one phone fragment. Compares the
 * generated `users.search_text` column, which has a trigram index.
 */
export function personSearch(search: string): SQL | undefined {
  const terms = searchTerms(search);
  if (terms.length === 0) return undefined;
  return and(...terms.map((term) => sql`${users.searchText} like ${likePattern(term)}`));
}

/** The words of a search, folded like `users.search_text`; digits with separators kept together. */
export function searchTerms(search: string): string[] {
  const folded = foldText(search.trim());
  if (!folded) return [];
  if (/^[\d\s\-().+]+$/.test(folded) && /\d/.test(folded)) return [folded.replace(/^\+52/, "").replace(/\D/g, "")];
  return folded.split(/\s+/).filter(Boolean).slice(0, 8);
}

/** Sortable columns of the people lists (the `sort` query parameter). */
export const PERSON_SORTS = {
  id: [users.id],
  name: [users.name, users.lastName],
  last_name: [users.lastName, users.name],
  email: [users.email],
  phone: [users.phone],
  role_id: [users.roleId],
  employee_type: [users.employeeType],
  studio_name: [studios.name],
  created_at: [users.createdAt],
  last_login_at: [users.lastLoginAt],
} as const;

export function personOrder(q: Pick<ListQuery, "sort" | "dir">): SQL[] {
  const cols = q.sort && Object.hasOwn(PERSON_SORTS, q.sort) ? PERSON_SORTS[q.sort as keyof typeof PERSON_SORTS] : null;
  if (!cols) return [desc(users.id)];
  const desc_ = q.dir === "desc";
  return [
    ...cols.map((c) => (desc_ ? sql`${c} desc nulls last` : sql`${c} asc nulls last`)),
    desc_ ? desc(users.id) : asc(users.id),
  ];
}

export function statusCondition(status: "active" | "inactive" | undefined): SQL | undefined {
  if (status === "active") return eq(users.active, true);
  if (status === "inactive") return eq(users.active, false);
  return undefined;
}

/** Emails are unique without regard to case (users_email_uq on lower(email)). */
export async function emailTaken(db: Db, email: string, exceptUserId?: number) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export const emailTakenError = () =>
  AppError.validation([{ field: "email", message: t("admin.people.errors.emailTaken") }]);

/** The unique index on lower(email) refused a row that raced past `emailTaken`. */
export function isEmailUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code === "23505" && (x.constraint === undefined || x.constraint === "users_email_uq")) return true;
    if (typeof x.message === "string" && x.message.includes("users_email_uq")) return true;
  }
  return false;
}

/** A password nobody knows: new accounts get one and an email to choose their own. */
export async function randomPasswordHash() {
  return hashPassword(crypto.randomBytes(32).toString("base64url"));
}

export async function assertStudioExists(db: Db, studioId: number | null) {
  if (studioId === null) return;
  const [row] = await db.select({ id: studios.id }).from(studios).where(eq(studios.id, studioId)).limit(1);
  if (!row) throw AppError.validation([{ field: "studio_id", message: t("admin.people.errors.studioNotFound") }]);
}

/** Fields that changed between two plain records (for the audit log). */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(after)) if (before[k] !== v) out[k] = { from: before[k] ?? null, to: v };
  return out;
}

/** Normalises an email as stored: trimmed, lower case. */
export const normalEmail = (email: string) => email.trim().toLowerCase();

/** Studios to attach an employee record to: "Ciudad · Estudio", active ones first. */
export async function studioOptions(db: Db) {
  const rows = await db
    .select({ id: studios.id, name: studios.name, city: cities.name, active: studios.active })
    .from(studios)
    .innerJoin(cities, eq(cities.id, studios.cityId))
    .orderBy(desc(studios.active), asc(cities.sortOrder), asc(studios.sortOrder), asc(studios.name));
  return rows.map((r) => ({ value: String(r.id), label: `${r.city} · ${r.name}` }));
}

/**
 * Deactivates or reactivates one person of the given roles (customers, staff): the row is locked
 * so two clicks (or two staff members) cannot both change it and log it twice; deactivating
 * closes every open session of the account, reactivating lets it log in again. `check` refuses
 * what only one kind refuses (staff: never one's own account); `data` is the audit entry's.
 */
export async function setPersonActive(
  db: Db,
  actor: { id: number; ip?: string | null },
  p: {
    id: number;
    active: boolean;
    now: Date;
    roles: readonly number[];
    kind: "customer" | "staff";
    check?: () => void;
    data: (row: typeof users.$inferSelect) => Record<string, unknown>;
  },
): Promise<void> {
  await inTransaction(db, async ({ tx, lock, audit: record }) => {
    const [row] = await lock(users, and(eq(users.id, p.id), inArray(users.roleId, [...p.roles])));
    if (!row) throw AppError.notFound(t("admin.people.errors.userNotFound"));
    p.check?.();
    if (row.active === p.active) return;
    await tx.update(users).set({ active: p.active, updatedAt: p.now }).where(eq(users.id, p.id));
    if (!p.active) await revokeAllSessions(tx, p.id, p.now);
    record({
      actorUserId: actor.id,
      action: `${p.kind}.${p.active ? "reactivated" : "deactivated"}`,
      entity: "user",
      entityId: p.id,
      data: p.data(row),
      ip: actor.ip,
    });
  });
}

/** Runs a write that may hit the unique email index: a taken email is a field error, never a 500. */
export async function withUniqueEmail<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isEmailUniqueViolation(err)) throw emailTakenError();
    throw err;
  }
}

/**
 * Creates a person with a random password (the caller then mails a reset link so they choose
 * one) and its audit entry in one transaction; returns the new id. `check` runs after the email
 * check (staff: the studio exists), `more` inside the transaction (staff: the employee record).
 */
export async function insertPerson(
  db: Db,
  actor: { id: number; ip?: string | null },
  p: {
    values: Omit<typeof users.$inferInsert, "passwordHash"> & { email: string };
    action: string;
    data: Record<string, unknown>;
    check?: () => Promise<void>;
    more?: (tx: Db, id: number) => Promise<void>;
  },
): Promise<number> {
  if (await emailTaken(db, p.values.email)) throw emailTakenError();
  await p.check?.();
  const passwordHash = await randomPasswordHash();
  return withUniqueEmail(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ ...p.values, passwordHash })
        .returning({ id: users.id });
      await p.more?.(tx, row.id);
      await audit(tx, {
        actorUserId: actor.id,
        action: p.action,
        entity: "user",
        entityId: row.id,
        data: p.data,
        ip: actor.ip,
      });
      return row.id;
    }),
  );
}
