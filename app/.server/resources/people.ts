/**
 * The people screens through the resource kit: customers (/admin/users), administrators
 * (/admin/administrators) and all staff (/admin/employees). One descriptor each, on the `users`
 * table read with its employee record and studio (`selectPeople`), scoped to the screen's roles.
 * What people have of their own is in hooks: the write (`save`, in the kit's transaction: random
 * password and welcome mail, unique email, employee record, sessions closed on a role change), the activation
 * extras (sessions closed, never one's own staff account) and the commands only they have
 * (password-reset mail, forgetting a staff member's authenticator app).
 */
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { t } from "~/lib/messages";
import { employeeTypeLabel, roleLabel } from "~/components/admin/people/labels";
import { administratorSchema, customerSchema, staffSchema } from "~/shared/schemas/people";
import { ROLE } from "~/shared/roles";
import { personDto } from "~/shared/schemas/kit-answers";
import { users } from "../db/schema";
import { AppError } from "../domain/errors";
import { mailBrand } from "../domain/identity/accounts";
import { revokeAllSessions } from "../domain/identity/sessions";
import { assertCan, type Actor } from "../domain/people/access";
import {
  emailTakenError,
  PERSON_SORTS,
  personSearch,
  selectPeople,
  toPersonDto,
  type PersonDto,
} from "../domain/people/common";
import { saveCustomer } from "../domain/people/customers";
import { sendResetFor } from "../domain/people/reset";
import { resetStaffTwoFactor, saveStaff, STAFF_ROLE_IDS, type StaffScope } from "../domain/people/staff";
import { csvDateTime } from "../http/pagination";
import { getResource, type ResourceAction, type ResourceCsvColumn, type ResourceDescriptor } from "../kit/resource";

type PeopleDescriptor = ResourceDescriptor<typeof users, PersonDto, any>;

const yesNo = (v: boolean) => (v ? t("admin.kit.yes") : t("admin.kit.no"));
type Col = ResourceCsvColumn<PersonDto>;

/** A people CSV: who (id, names, email, phone), the screen's own columns around the status, then the dates. */
function peopleCsv(filename: string, before: Col[], after: Col[]) {
  return {
    filename,
    columns: [
      { key: "id", label: "ID" },
      { key: "name", label: t("admin.people.name") },
      { key: "last_name", label: t("admin.people.lastName") },
      { key: "email", label: t("admin.people.email") },
      { key: "phone", label: t("admin.people.phone") },
      ...before,
      {
        key: "status",
        label: t("admin.people.status"),
        value: (r) => (r.active ? t("admin.people.active") : t("admin.people.inactive")),
      },
      ...after,
      { key: "created", label: t("admin.people.createdAt"), value: (r) => csvDateTime(r.created_at) },
      { key: "last_login", label: t("admin.people.lastLogin"), value: (r) => csvDateTime(r.last_login_at) },
    ] satisfies Col[],
  };
}

const intFilter = z.coerce.number().int().positive().max(999).optional();

/** What every people screen shares: the joined read, search, sorts, status, messages, the reset mail. */
function peopleBase(kind: "customer" | "staff", roles: readonly number[]) {
  const base = {
    entity: kind,
    auditEntity: "user",
    table: users,
    dto: personDto,
    toDto: toPersonDto as never,
    select: selectPeople,
    scope: inArray(users.roleId, [...roles]),
    search: personSearch,
    sorts: PERSON_SORTS,
    defaultSort: { column: users.id, dir: "desc" },
    active: users.active,
    unique: { users_email_uq: emailTakenError },
    messages: {
      notFound: t("admin.people.errors.userNotFound"),
      updated: t("admin.people.updated"),
      deactivated: t("admin.people.deactivated"),
      reactivated: t("admin.people.reactivated"),
    },
  } satisfies Partial<PeopleDescriptor>;
  return base;
}

/** Deactivating closes every open session of the account; reactivating lets it log in again. */
async function closeSessionsWhenDeactivated(
  tx: Parameters<typeof revokeAllSessions>[0],
  id: number,
  active: boolean,
  now: Date,
) {
  if (!active) await revokeAllSessions(tx, id, now);
}

/** After creating an account: mail the reset link, but never lose the created account over mail. */
function welcome(kind: "customer" | "staff") {
  return async ({
    deps,
    actor,
    item,
    log,
  }: Parameters<NonNullable<NonNullable<PeopleDescriptor["api"]>["afterCreate"]>>[0]) => {
    try {
      await sendResetFor(deps, actor, item, kind);
      return t("admin.people.created");
    } catch (err) {
      log.error({ err, userId: item.id }, "welcome reset mail failed");
      return t("admin.people.errors.mailFailed");
    }
  };
}

/** `POST …/:id/send-reset`: mails the person a link to choose a new password. */
function sendResetAction(
  d: () => PeopleDescriptor,
  kind: "customer" | "staff",
  summary: string,
): ResourceAction<PersonDto> {
  return {
    path: "send-reset",
    summary,
    run: async ({ deps, actor, id }) => {
      if (kind === "staff") assertCan(actor, "staff.write");
      const person = await getResource(deps.db, d(), id);
      await sendResetFor(deps, actor, person, kind);
      return { Message: t("admin.people.resetSent", { email: person.email }) };
    },
  };
}

export const customersResource: PeopleDescriptor = {
  ...peopleBase("customer", [ROLE.customer]),
  name: "customers",
  apiPath: "/admin/users",
  tag: "Back office: personas",
  labels: { one: t("admin.users.one"), many: t("admin.users.title") },
  input: customerSchema,
  permissions: { read: "customers.read", write: "customers.write" },
  csv: peopleCsv(
    "clientes.csv",
    [{ key: "birth_date", label: t("admin.people.birthDate") }],
    [{ key: "verified", label: t("admin.people.verified"), value: (r) => yesNo(r.email_verified) }],
  ),
  save: (tx, input, id, { now }) => saveCustomer(tx, input, id, now),
  activation: { after: closeSessionsWhenDeactivated, data: (row) => ({ email: row.email }) },
  api: {
    itemKey: "user",
    summaries: {
      list: "Clientes: lista paginada, búsqueda, orden, filtro por estado; format=csv exporta",
      create: "Crear cliente (contraseña aleatoria y correo para elegirla)",
      get: "Cliente",
      update: "Editar cliente",
      deactivate: "Desactivar cliente (cierra sus sesiones)",
      reactivate: "Reactivar cliente",
    },
    afterCreate: welcome("customer"),
    actions: [
      sendResetAction(
        () => customersResource,
        "customer",
        "Enviar al cliente un correo para restablecer su contraseña",
      ),
    ],
  },
};

const staffCsvColumns: [Col[], Col[]] = [
  [
    { key: "role", label: t("admin.people.role"), value: (r) => roleLabel(r.role_id) },
    { key: "type", label: t("admin.people.employeeType"), value: (r) => employeeTypeLabel(r.employee_type) },
    { key: "id_employee", label: t("admin.people.idEmployee") },
    { key: "studio_name", label: t("admin.people.studio") },
  ],
  [
    { key: "require2fa_", label: t("admin.people.require2fa"), value: (r) => yesNo(r.require2fa) },
    { key: "tester", label: t("admin.people.tester"), value: (r) => yesNo(r.is_tester) },
    { key: "scanner", label: t("admin.people.canScan"), value: (r) => yesNo(r.can_scan_attendance) },
  ],
];

/** Forgets a staff member's authenticator app; the person is told by mail who did it. */
function resetTwoFactorAction(scope: StaffScope): ResourceAction<PersonDto> {
  return {
    path: "reset-2fa",
    summary:
      "Olvidar la app de autenticación (teléfono perdido): cierra sus sesiones y el siguiente inicio de sesión la registra de nuevo; solo administrador tipo 1, nunca la propia",
    run: async ({ deps, actor, id }) => {
      const item = await resetStaffTwoFactor(deps.db, actor, scope, id, deps.clock(), {
        mailer: deps.mailer,
        brand: await mailBrand(deps),
        forgotUrl: `${deps.config.publicUrl}/admin/auth/forgot-password`,
      });
      return { Message: t("admin.people.twoFactorResetDone", { name: item.full_name }), item };
    },
  };
}

/** Administrators (role 1 only) or every staff role (1, 4, 5): the same screen on a different scope. */
function staffResource(scope: StaffScope): PeopleDescriptor {
  const admins = scope === "administrators";
  const what = admins ? "administradores" : "personal (administradores, coaches, puerta)";
  const d: PeopleDescriptor = {
    ...peopleBase("staff", admins ? [ROLE.admin] : STAFF_ROLE_IDS),
    name: admins ? "administrators" : "employees",
    apiPath: admins ? "/admin/administrators" : "/admin/employees",
    tag: admins ? "Back office: administradores" : "Back office: personal",
    labels: admins
      ? { one: t("admin.administrators.one"), many: t("admin.administrators.title") }
      : { one: t("admin.employees.one"), many: t("admin.employees.title") },
    input: admins ? administratorSchema : staffSchema,
    permissions: { read: "staff.read", write: "staff.write" },
    filters: {
      ...(admins ? {} : { role_id: { schema: intFilter, where: (v: number) => eq(users.roleId, v) } }),
      employee_type: { schema: intFilter, where: (v: number) => eq(users.employeeType, v) },
    },
    csv: peopleCsv(admins ? "administradores.csv" : "personal.csv", ...staffCsvColumns),
    save: (tx, input, id, { actor, now }) => saveStaff(tx, actor, scope, input, id, now),
    activation: {
      check: (actor: Actor, id: number) => {
        if (id === actor.id) throw AppError.forbidden(t("admin.people.errors.notSelf"));
      },
      after: closeSessionsWhenDeactivated,
      data: (row) => ({ email: row.email, role_id: row.roleId }),
    },
    api: {
      itemKey: "user",
      summaries: {
        list: `Lista de ${what}: paginada, búsqueda, orden, filtros; format=csv exporta`,
        create: `Crear cuenta (${what}); solo administrador tipo 1. Contraseña aleatoria y correo para elegirla`,
        get: "Cuenta de personal",
        update: "Editar cuenta de personal (rol, tipo, estudio, permisos); solo administrador tipo 1",
        deactivate: "Desactivar cuenta de personal (cierra sus sesiones)",
        reactivate: "Reactivar cuenta de personal",
      },
      afterCreate: welcome("staff"),
      actions: [
        resetTwoFactorAction(scope),
        sendResetAction(() => d, "staff", "Enviar un correo para restablecer la contraseña"),
      ],
    },
  };
  return d;
}

export const administratorsResource = staffResource("administrators");
export const employeesResource = staffResource("staff");
