/**
 * Back-office people API: customers (/admin/users), administrators (/admin/administrators) and
 * all staff (/admin/employees). Guarded by the spec's `admin` + `noCashiers` middleware; the
 * domain services decide who may change what (administrator-type 1 for staff).
 */
import type { Hono } from "hono";
import { z, type ZodType } from "zod";
import { t } from "~/lib/messages";
import { employeeTypeLabel, roleLabel } from "~/components/admin/people/labels";
import { administratorSchema, customerSchema, staffSchema } from "~/shared/schemas/people";
import { defineRoute, idParam, type ApiContext, type ApiEnv, type AuthState } from "../http/api";
import { AppError } from "../http/errors";
import { csvDateTime, csvResponse, listQuery, pageOf, toCsv } from "../http/pagination";
import { auditExport } from "../domain/audit/exports";
import type { MiddlewareName } from "../domain/identity/guards";
import { actorOf, assertBackOffice, assertCan, type Actor } from "../domain/people/access";
import type { PersonDto } from "../domain/people/common";
import {
  createCustomer,
  getCustomer,
  listCustomers,
  setCustomerActive,
  updateCustomer,
} from "../domain/people/customers";
import { sendResetFor } from "../domain/people/reset";
import { customerCredits } from "../domain/credits/reader";
import {
  createStaff,
  employeesOfStudio,
  getStaff,
  listStaff,
  resetStaffTwoFactor,
  setStaffActive,
  updateStaff,
  type StaffScope,
} from "../domain/people/staff";
import type { AppDeps } from "../deps";
import { mailBrand } from "../domain/identity/accounts";
import { clientIpFrom, remoteAddressOf } from "../http/client";

export const BACK_OFFICE: MiddlewareName[] = ["admin", "noCashiers"];

/** Who is acting, refused unless they may use the back office (front-desk and cashier accounts may not). */
export function backOfficeActor(c: ApiContext, auth: AuthState): Actor {
  const actor = actorOf(auth.user!, clientIp(c));
  assertBackOffice(actor);
  return actor;
}

/** The caller's IP for the audit log (the one rule in http/client.ts, honouring TRUST_PROXY). */
export function clientIp(c: ApiContext): string | null {
  return clientIpFrom({
    headers: c.req.raw.headers,
    remoteAddress: remoteAddressOf(c),
    trustProxy: c.get("deps").config.TRUST_PROXY,
  });
}

export const personSchema = z.object({
  id: z.number(),
  name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  role_id: z.number(),
  employee_type: z.number().nullable(),
  is_tester: z.boolean(),
  require2fa: z.boolean(),
  two_factor_enrolled: z.boolean(),
  can_scan_attendance: z.boolean(),
  active: z.boolean(),
  email_verified: z.boolean(),
  id_employee: z.number().nullable(),
  studio_id: z.number().nullable(),
  studio_name: z.string().nullable(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});

export const metaSchema = z.object({
  page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
const listResponse = z.object({ data: z.array(personSchema), meta: metaSchema });
const oneResponse = z.object({ data: personSchema });
const messageResponse = z.object({ data: z.object({ Message: z.string(), user: personSchema.optional() }) });

const status = z.enum(["active", "inactive"]).optional();
const intFilter = z.coerce.number().int().positive().max(999).optional();

const csvDate = csvDateTime;
const yesNo = (v: boolean) => (v ? t("admin.kit.yes") : t("admin.kit.no"));

type CsvColumn = { key: string; label: string; value?: (r: PersonDto) => unknown };

/** A people CSV: who (id, names, email, phone), the screen's own columns around the status, then the dates. */
function peopleCsv(before: CsvColumn[], after: CsvColumn[]) {
  const columns: CsvColumn[] = [
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
    { key: "created", label: t("admin.people.createdAt"), value: (r) => csvDate(r.created_at) },
    { key: "last_login", label: t("admin.people.lastLogin"), value: (r) => csvDate(r.last_login_at) },
  ];
  return (rows: PersonDto[]) =>
    toCsv(
      columns.map(({ key, label }) => ({ key, label })),
      rows.map((r) => ({
        ...r,
        ...Object.fromEntries(columns.flatMap((c) => (c.value ? [[c.key, c.value(r)]] : []))),
      })),
    );
}

const customerCsv = peopleCsv(
  [{ key: "birth_date", label: t("admin.people.birthDate") }],
  [{ key: "verified", label: t("admin.people.verified"), value: (r) => yesNo(r.email_verified) }],
);

const staffCsv = peopleCsv(
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
);

/** After creating an account: mail the reset link, but never lose the created account over mail. */
async function welcome(deps: AppDeps, c: ApiContext, actor: Actor, person: PersonDto, kind: "customer" | "staff") {
  try {
    await sendResetFor(deps, actor, person, kind);
    return t("admin.people.created");
  } catch (err) {
    c.get("log").error({ err, userId: person.id }, "welcome reset mail failed");
    return t("admin.people.errors.mailFailed");
  }
}

/**
 * A back-office command on one person (`POST {base}/{id}/{action}`): the actor is checked, the
 * domain call runs, and the answer is `{ data: { Message, user? } }`.
 */
function personAction(
  app: Hono<ApiEnv>,
  spec: { path: string; summary: string; tags: string[] },
  run: (a: { actor: Actor; deps: AppDeps; id: number }) => Promise<{ Message: string; user?: PersonDto }>,
) {
  defineRoute(
    app,
    {
      method: "post",
      path: spec.path,
      summary: spec.summary,
      tags: spec.tags,
      guard: BACK_OFFICE,
      params: idParam("id"),
      response: messageResponse,
    },
    async ({ c, auth, deps, params }) => ({
      data: await run({ actor: backOfficeActor(c, auth), deps, id: params.id }),
    }),
  );
}

/**
 * One people screen's API, in the manner of the resource kit's descriptor (kit/resource.ts): its
 * base path, OpenAPI texts, list query and CSV, form schema and the domain calls. `peopleRoutes`
 * declares the same calls for each (list with `format=csv`, get, create, update,
 * deactivate/reactivate, send-reset); what only one screen has (a customer's credits, a staff
 * member's two-factor reset) is an extra action of its descriptor or a call declared beside it.
 */
interface PeopleScreen {
  base: string;
  tags: string[];
  /** The audit record kind of the CSV export ("customers", "administrators", "employees"). */
  exportKind: string;
  csv: { filename: string; rows: (rows: PersonDto[]) => string };
  query: z.ZodObject;
  body: ZodType;
  summaries: Record<"list" | "create" | "get" | "update" | "deactivate" | "reactivate" | "sendReset", string>;
  /** `GET {base}/:id` documents its answer. */
  getResponse?: boolean;
  list: (deps: AppDeps, q: never, opts?: { all?: boolean }) => Promise<{ rows: PersonDto[]; total: number }>;
  get: (deps: AppDeps, id: number) => Promise<PersonDto>;
  create: (deps: AppDeps, actor: Actor, body: never) => Promise<PersonDto>;
  update: (deps: AppDeps, actor: Actor, id: number, body: never) => Promise<PersonDto>;
  setActive: (deps: AppDeps, actor: Actor, id: number, active: boolean) => Promise<PersonDto>;
  /** The reset mail's kind, and who may ask for it beyond the back office. */
  resetKind: "customer" | "staff";
  assertSendReset?: (actor: Actor) => void;
  /** `POST {base}/:id/{path}` commands of this screen only. */
  actions?: {
    path: string;
    summary: string;
    run: (a: { actor: Actor; deps: AppDeps; id: number }) => Promise<{ Message: string; user?: PersonDto }>;
  }[];
}

function peopleRoutes(app: Hono<ApiEnv>, s: PeopleScreen) {
  const { base, tags } = s;
  const id = idParam("id");

  defineRoute(
    app,
    {
      method: "get",
      path: base,
      summary: s.summaries.list,
      tags,
      guard: BACK_OFFICE,
      query: s.query,
      response: listResponse,
    },
    async ({ c, auth, deps, query }) => {
      const actor = backOfficeActor(c, auth);
      const q = query as z.output<typeof listQuery>;
      if (q.format === "csv") {
        const { rows } = await s.list(deps, q as never, { all: true });
        await auditExport(deps.db, actor, s.exportKind, q, rows.length);
        return csvResponse(s.csv.filename, s.csv.rows(rows));
      }
      const { rows, total } = await s.list(deps, q as never);
      return pageOf(rows, total, q);
    },
  );

  defineRoute(
    app,
    {
      method: "post",
      path: base,
      summary: s.summaries.create,
      tags,
      guard: BACK_OFFICE,
      body: s.body,
      status: 201,
      response: messageResponse,
    },
    async ({ c, auth, deps, body }) => {
      const actor = backOfficeActor(c, auth);
      const user = await s.create(deps, actor, body as never);
      return { data: { Message: await welcome(deps, c, actor, user, s.resetKind), user } };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: `${base}/:id`,
      summary: s.summaries.get,
      tags,
      guard: BACK_OFFICE,
      params: id,
      ...(s.getResponse ? { response: oneResponse } : {}),
    },
    async ({ c, auth, deps, params }) => {
      backOfficeActor(c, auth);
      return { data: await s.get(deps, params.id) };
    },
  );

  defineRoute(
    app,
    {
      method: "put",
      path: `${base}/:id`,
      summary: s.summaries.update,
      tags,
      guard: BACK_OFFICE,
      params: id,
      body: s.body,
      response: messageResponse,
    },
    async ({ c, auth, deps, params, body }) => {
      const actor = backOfficeActor(c, auth);
      const user = await s.update(deps, actor, params.id, body as never);
      return { data: { Message: t("admin.people.updated"), user } };
    },
  );

  for (const [action, active] of [
    ["deactivate", false],
    ["reactivate", true],
  ] as const) {
    personAction(
      app,
      { path: `${base}/:id/${action}`, summary: s.summaries[action], tags },
      async ({ actor, deps, id }) => ({
        Message: t(active ? "admin.people.reactivated" : "admin.people.deactivated"),
        user: await s.setActive(deps, actor, id, active),
      }),
    );
  }

  for (const a of s.actions ?? [])
    personAction(app, { path: `${base}/:id/${a.path}`, summary: a.summary, tags }, a.run);

  personAction(
    app,
    { path: `${base}/:id/send-reset`, summary: s.summaries.sendReset, tags },
    async ({ actor, deps, id }) => {
      s.assertSendReset?.(actor);
      const person = await s.get(deps, id);
      await sendResetFor(deps, actor, person, s.resetKind);
      return { Message: t("admin.people.resetSent", { email: person.email }) };
    },
  );
}

const customersScreen: PeopleScreen = {
  base: "/admin/users",
  tags: ["Back office: personas"],
  exportKind: "customers",
  csv: { filename: "clientes.csv", rows: customerCsv },
  query: listQuery.extend({ status }),
  body: customerSchema,
  summaries: {
    list: "Clientes: lista paginada, búsqueda, orden, filtro por estado; format=csv exporta",
    create: "Crear cliente (contraseña aleatoria y correo para elegirla)",
    get: "Cliente",
    update: "Editar cliente",
    deactivate: "Desactivar cliente (cierra sus sesiones)",
    reactivate: "Reactivar cliente",
    sendReset: "Enviar al cliente un correo para restablecer su contraseña",
  },
  getResponse: true,
  list: (deps, q, opts) => listCustomers(deps.db, q, opts),
  get: (deps, id) => getCustomer(deps.db, id),
  create: (deps, actor, body) => createCustomer(deps.db, actor, body),
  update: (deps, actor, id, body) => updateCustomer(deps.db, actor, id, body, deps.clock()),
  setActive: (deps, actor, id, active) => setCustomerActive(deps.db, actor, id, active, deps.clock()),
  resetKind: "customer",
};

function staffScreen(scope: StaffScope, base: string, body: ZodType, tags: string[]): PeopleScreen {
  const what = scope === "administrators" ? "administradores" : "personal (administradores, coaches, puerta)";
  return {
    base,
    tags,
    exportKind: base.split("/").pop()!,
    csv: { filename: scope === "administrators" ? "administradores.csv" : "personal.csv", rows: staffCsv },
    query:
      scope === "administrators"
        ? listQuery.extend({ status, employee_type: intFilter })
        : listQuery.extend({ status, role_id: intFilter, employee_type: intFilter }),
    body,
    summaries: {
      list: `Lista de ${what}: paginada, búsqueda, orden, filtros; format=csv exporta`,
      create: `Crear cuenta (${what}); solo administrador tipo 1. Contraseña aleatoria y correo para elegirla`,
      get: "Cuenta de personal",
      update: "Editar cuenta de personal (rol, tipo, estudio, permisos); solo administrador tipo 1",
      deactivate: "Desactivar cuenta de personal (cierra sus sesiones)",
      reactivate: "Reactivar cuenta de personal",
      sendReset: "Enviar un correo para restablecer la contraseña",
    },
    list: (deps, q, opts) => listStaff(deps.db, scope, q, opts),
    get: (deps, id) => getStaff(deps.db, scope, id),
    create: (deps, actor, input) => createStaff(deps.db, actor, input, deps.clock()),
    update: (deps, actor, id, input) => updateStaff(deps.db, actor, scope, id, input, deps.clock()),
    setActive: (deps, actor, id, active) => setStaffActive(deps.db, actor, scope, id, active, deps.clock()),
    resetKind: "staff",
    assertSendReset: (actor) => assertCan(actor, "staff.write"),
    actions: [
      {
        path: "reset-2fa",
        summary:
          "Olvidar la app de autenticación (teléfono perdido): cierra sus sesiones y el siguiente inicio de sesión la registra de nuevo; solo administrador tipo 1, nunca la propia",
        run: async ({ actor, deps, id }) => {
          // The person is told by mail who reset their second factor (an administrator taking over
          // another one's account cannot do it silently).
          const user = await resetStaffTwoFactor(deps.db, actor, scope, id, deps.clock(), {
            mailer: deps.mailer,
            brand: await mailBrand(deps),
            forgotUrl: `${deps.config.publicUrl}/admin/auth/forgot-password`,
          });
          return { Message: t("admin.people.twoFactorResetDone", { name: user.full_name }), user };
        },
      },
    ],
  };
}

export function adminPeopleRoutes(app: Hono<ApiEnv>) {
  // ---------------------------------------------------------------- customers (/admin/users)
  peopleRoutes(app, customersScreen);

  // The customer detail's credits tab.
  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/users/:id/credits",
      summary: "Créditos de un cliente: saldo vigente por ciudad y On Demand, y cada lote con su estado",
      tags: customersScreen.tags,
      guard: BACK_OFFICE,
      params: idParam("id"),
    },
    async ({ c, auth, deps, params }) => {
      backOfficeActor(c, auth);
      await getCustomer(deps.db, params.id);
      return { data: await customerCredits(deps.db, params.id, deps.clock()) };
    },
  );

  defineRoute(
    app,
    {
      method: "get",
      path: "/admin/employee/list/studio/:studio",
      summary: "Empleados de un estudio para el formulario de inicio de turno (id = id_employee)",
      tags: ["Back office: personal"],
      guard: "auth",
      params: idParam("studio"),
      response: z.object({ data: z.array(z.object({ id: z.number(), name: z.string() })) }),
    },
    async ({ auth, deps, params }) => {
      // Any staff account may open a shift (spec §4 "Shift"); customers may not.
      if (![1, 4, 5].includes(auth.user!.roleId)) throw AppError.forbidden();
      return { data: await employeesOfStudio(deps.db, params.studio) };
    },
  );

  // ------------------------------------------ staff (/admin/administrators, /admin/employees)
  peopleRoutes(
    app,
    staffScreen("administrators", "/admin/administrators", administratorSchema, ["Back office: administradores"]),
  );
  peopleRoutes(app, staffScreen("staff", "/admin/employees", staffSchema, ["Back office: personal"]));
}
