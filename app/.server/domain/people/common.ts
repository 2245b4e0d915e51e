import crypto from "node:crypto";
import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { t } from "~/lib/messages";
import { foldText } from "~/shared/schemas/fields";
import type { Db } from "../../db/client";
import { cities, employees, studios, users } from "../../db/schema";
import { hashPassword } from "../identity/passwords";
import { AppError } from "../errors";
import { likePattern } from "../lists";

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
const personColumns = {
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
function searchTerms(search: string): string[] {
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

async function emailTaken(db: Db, email: string, exceptUserId?: number) {
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

/** A password nobody knows: new accounts get one and an email to choose their own. */
async function randomPasswordHash() {
  return hashPassword(crypto.randomBytes(32).toString("base64url"));
}

export async function assertStudioExists(db: Db, studioId: number | null) {
  if (studioId === null) return;
  const [row] = await db.select({ id: studios.id }).from(studios).where(eq(studios.id, studioId)).limit(1);
  if (!row) throw AppError.validation([{ field: "studio_id", message: t("admin.people.errors.studioNotFound") }]);
}

/** Fields that changed between two plain records (for the audit log). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(after)) if (before[k] !== v) out[k] = { from: before[k] ?? null, to: v };
  return out;
}

/** The `users` columns every person form edits (names, email, phone, tester flag). */
export function personValues(p: {
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  is_tester: boolean;
}) {
  return { name: p.name, lastName: p.last_name, email: p.email, phone: p.phone, isTester: p.is_tester };
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
 * Creates a person with a random password (the caller then mails a reset link so they choose
 * one), in the resource kit's transaction (which writes the audit entry with `data`); returns the
 * new id and that data. `check` runs after the email check (staff: the studio exists), `more`
 * adds what goes with the account (staff: the employee record). An email that races past the
 * check is refused by the unique index (the descriptor's `unique` words it as `emailTakenError`).
 */
export async function insertPerson(
  tx: Db,
  p: {
    values: Omit<typeof users.$inferInsert, "passwordHash"> & { email: string };
    data: Record<string, unknown>;
    check?: () => Promise<void>;
    more?: (tx: Db, id: number) => Promise<void>;
  },
): Promise<{ id: number; audit: Record<string, unknown> }> {
  if (await emailTaken(tx, p.values.email)) throw emailTakenError();
  await p.check?.();
  const passwordHash = await randomPasswordHash();
  const [row] = await tx
    .insert(users)
    .values({ ...p.values, passwordHash })
    .returning({ id: users.id });
  await p.more?.(tx, row.id);
  return { id: row.id, audit: p.data };
}

/**
 * Saves the edit of a person (customers and staff alike), in the resource kit's transaction with
 * the row locked: nothing happens when nothing changed (`audit: null`, no entry); `check` refuses
 * what only one kind refuses (staff: one's own role; the studio exists); a new email must be free
 * and is no longer verified; `set` is written with `updatedAt`, `more` changes what else goes with
 * it, and the audit entry's data records the changes.
 */
export async function updatePerson(
  tx: Db,
  p: {
    id: number;
    before: Record<string, unknown>;
    after: Record<string, unknown> & { email: string };
    now: Date;
    set: Partial<typeof users.$inferInsert>;
    check?: (diff: Record<string, unknown>) => Promise<void>;
    more?: (tx: Db, diff: Record<string, unknown>) => Promise<void>;
  },
): Promise<{ id: number; audit: { changes: Record<string, unknown> } | null }> {
  const diff = changes(p.before, p.after);
  if (Object.keys(diff).length === 0) return { id: p.id, audit: null };
  await p.check?.(diff);
  if (diff.email && (await emailTaken(tx, p.after.email, p.id))) throw emailTakenError();
  await tx
    .update(users)
    .set({ ...p.set, ...(diff.email ? { emailVerifiedAt: null } : {}), updatedAt: p.now })
    .where(eq(users.id, p.id));
  await p.more?.(tx, diff);
  return { id: p.id, audit: { changes: diff } };
}
