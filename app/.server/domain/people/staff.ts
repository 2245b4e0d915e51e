/**
 * Staff accounts (roles 1 administrator, 4 coach, 5 door) and their employee record (studio,
 * id_employee). Everyone in the back office may read them; only administrator-type 1 creates
 * them or changes anything (roles, types, flags). Nobody changes their own role, type, scanner
 * flag or active state, so an administrator cannot lock themselves out.
 */
import { and, eq, inArray } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { employees, ROLE, users } from "../../db/schema";
import type { Mailer } from "../../adapters/mail";
import { twoFactorResetMail } from "../../mail/templates";
import { AppError } from "../errors";
import { audit } from "../audit/service";
import { revokeAllSessions } from "../identity/sessions";
import { forgetTwoFactor } from "../identity/two-factor";
import type { StaffInput } from "~/shared/schemas/people";
import { assertCan, type Actor } from "./access";
import {
  assertStudioExists,
  insertPerson,
  normalEmail,
  personValues,
  selectPeople,
  toPersonDto,
  updatePerson,
  type PersonDto,
} from "./common";

export const STAFF_ROLE_IDS = [ROLE.admin, ROLE.coach, ROLE.door] as const;

/** Which staff a screen works on: administrators only, or every staff role. */
export type StaffScope = "administrators" | "staff";
const rolesOf = (scope: StaffScope): number[] => (scope === "administrators" ? [ROLE.admin] : [...STAFF_ROLE_IDS]);

async function getStaff(db: Db, scope: StaffScope, id: number): Promise<PersonDto> {
  const [row] = await selectPeople(db)
    .where(and(eq(users.id, id), inArray(users.roleId, rolesOf(scope))))
    .limit(1);
  if (!row) throw AppError.notFound(t("admin.people.errors.userNotFound"));
  return toPersonDto(row);
}

/** What the staff forms edit, as a plain record (for comparing and for the audit log). */
function editable(p: {
  name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role_id: number;
  employee_type: number | null;
  is_tester: boolean;
  require2fa: boolean;
  can_scan_attendance: boolean;
  employee: boolean;
  studio_id: number | null;
}) {
  return {
    name: p.name,
    last_name: p.last_name,
    email: p.email,
    phone: p.phone,
    role_id: p.role_id,
    employee_type: p.role_id === ROLE.admin ? p.employee_type : null,
    is_tester: p.is_tester,
    require2fa: p.require2fa,
    can_scan_attendance: p.can_scan_attendance,
    employee: p.employee,
    studio_id: p.employee ? p.studio_id : null,
  };
}
/** The `users` columns of the staff form. */
const rowOf = (v: ReturnType<typeof editable>) => ({
  ...personValues(v),
  roleId: v.role_id,
  employeeType: v.employee_type,
  require2fa: v.require2fa,
  canScanAttendance: v.can_scan_attendance,
});
const editableOf = (p: PersonDto) => editable({ ...p, employee: p.id_employee !== null });

/** Creates, reactivates or retires the employee record so that it matches `employee`/`studio_id`. */
async function syncEmployee(tx: Db, userId: number, employee: boolean, studioId: number | null, now: Date) {
  const [existing] = await tx.select().from(employees).where(eq(employees.userId, userId)).limit(1);
  if (employee) {
    if (existing)
      await tx.update(employees).set({ active: true, studioId, updatedAt: now }).where(eq(employees.id, existing.id));
    else await tx.insert(employees).values({ userId, studioId });
  } else if (existing?.active) {
    // Never deleted: shifts and cash movements refer to it.
    await tx.update(employees).set({ active: false, updatedAt: now }).where(eq(employees.id, existing.id));
  }
}

const SELF_LOCKED = ["role_id", "employee_type", "can_scan_attendance"] as const;

/**
 * Creates (`id` null) a staff account with a random password (the caller then mails a reset
 * link) or saves the edit of one, as the write of the staff resources (resources/people.ts) in
 * their transaction with the audit entry. Nobody changes their own role, type or scanner flag; a
 * new role or type closes the person's sessions.
 */
export async function saveStaff(
  tx: Db,
  actor: Actor,
  scope: StaffScope,
  input: StaffInput,
  id: number | null,
  now: Date,
) {
  const after = editable({ ...input, email: normalEmail(input.email) });
  if (id === null)
    return insertPerson(tx, {
      values: rowOf(after),
      data: after,
      check: async () => {
        if (after.employee) await assertStudioExists(tx, after.studio_id);
      },
      more: async (tx, userId) => {
        if (after.employee) await syncEmployee(tx, userId, true, after.studio_id, now);
      },
    });
  const before = await getStaff(tx, scope, id);
  return updatePerson(tx, {
    id,
    before: editableOf(before),
    after,
    now,
    set: rowOf(after),
    check: async (diff) => {
      // Nobody changes their own role, type or scanner flag (nor locks themselves out).
      const locked = id === actor.id ? SELF_LOCKED.filter((k) => k in diff) : [];
      if (locked.length)
        throw AppError.validation(locked.map((field) => ({ field, message: t("admin.people.errors.notSelf") })));
      if (after.employee && (diff.employee || diff.studio_id)) await assertStudioExists(tx, after.studio_id);
    },
    more: async (tx, diff) => {
      if (diff.employee || diff.studio_id) await syncEmployee(tx, id, after.employee, after.studio_id, now);
      // A new role or type changes what every open session may do: make them log in again.
      if (diff.role_id || diff.employee_type) await revokeAllSessions(tx, id, now);
    },
  });
}

/**
 * Forgets a staff member's authenticator app (a lost or replaced phone): the secret, its last
 * used code and the wrong-code counter are cleared and every open session is closed, so the next
 * login enrols a new app (when the account requires two-factor). Administrator-type 1 only, and
 * never on one's own account (another administrator must do it).
 */
export async function resetStaffTwoFactor(
  db: Db,
  actor: Actor,
  scope: StaffScope,
  id: number,
  now: Date,
  /** The person is told by mail (with who did it), in the same transaction. */
  notify?: { mailer: Mailer; brand: MailBrand; forgotUrl: string },
): Promise<PersonDto> {
  assertCan(actor, "staff.write");
  const before = await getStaff(db, scope, id);
  if (id === actor.id) throw AppError.forbidden(t("admin.people.errors.notSelfTwoFactor"));
  await db.transaction(async (tx) => {
    const had = await forgetTwoFactor(tx, id);
    if (!had) throw AppError.conflict(t("admin.people.errors.noTwoFactor"));
    await revokeAllSessions(tx, id, now);
    if (notify) {
      const [me] = await tx
        .select({ name: users.name, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, actor.id));
      await notify.mailer.send(
        tx,
        twoFactorResetMail(notify.brand, before.email, before.name, {
          actor: [me?.name, me?.lastName].filter(Boolean).join(" "),
          when: now,
          forgotUrl: notify.forgotUrl,
        }),
      );
    }
    await audit(tx, {
      actorUserId: actor.id,
      action: "staff.two_factor_reset",
      entity: "user",
      entityId: id,
      data: { email: before.email, was_enrolled: before.two_factor_enrolled },
      ip: actor.ip,
    });
  });
  return getStaff(db, scope, id);
}

/** Employee options of a studio for the shift-start form (spec §3 "Employee option: id, name"):
 * the active employee records of active staff accounts; `id` is the employee id (id_employee). */
export async function employeesOfStudio(db: Db, studioId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: employees.id, name: users.name, lastName: users.lastName })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(employees.studioId, studioId),
        eq(employees.active, true),
        eq(users.active, true),
        inArray(users.roleId, [...STAFF_ROLE_IDS]),
      ),
    )
    .orderBy(users.name, users.lastName);
  return rows.map((r) => ({ id: r.id, name: [r.name, r.lastName].filter(Boolean).join(" ") }));
}

type MailBrand = Parameters<typeof twoFactorResetMail>[0];
