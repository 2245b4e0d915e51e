/**
 * Customers (role 2) in the back office: list, detail, create, edit, deactivate, reset mail.
 * Every change is written to the audit log in the same transaction.
 */
import { and, eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { ROLE, users } from "../../db/schema";
import { AppError } from "../errors";
import type { ListQuery } from "../lists";
import { audit } from "../audit/service";
import type { CustomerInput } from "~/shared/schemas/people";
import { assertBackOffice, type Actor } from "./access";
import {
  changes,
  emailTaken,
  emailTakenError,
  listPeople,
  normalEmail,
  personSearch,
  selectPeople,
  insertPerson,
  withUniqueEmail,
  setPersonActive,
  statusCondition,
  toPersonDto,
  type PersonDto,
} from "./common";

export interface CustomerListQuery extends ListQuery {
  status?: "active" | "inactive";
}

function customerWhere(q: Pick<CustomerListQuery, "search" | "status">) {
  return and(eq(users.roleId, ROLE.customer), personSearch(q.search), statusCondition(q.status));
}

/** One page of customers (or every matching one, up to CSV_MAX_ROWS, with `all`). */
export async function listCustomers(
  db: Db,
  q: CustomerListQuery,
  opts: { all?: boolean } = {},
): Promise<{ rows: PersonDto[]; total: number }> {
  return listPeople(db, customerWhere(q), q, opts);
}

export async function getCustomer(db: Db, id: number): Promise<PersonDto> {
  const [row] = await selectPeople(db)
    .where(and(eq(users.id, id), eq(users.roleId, ROLE.customer)))
    .limit(1);
  if (!row) throw AppError.notFound(t("admin.people.errors.userNotFound"));
  return toPersonDto(row);
}

function editable(p: Pick<PersonDto, "name" | "last_name" | "email" | "phone" | "birth_date" | "is_tester">) {
  return {
    name: p.name,
    last_name: p.last_name,
    email: p.email,
    phone: p.phone,
    birth_date: p.birth_date,
    is_tester: p.is_tester,
  };
}

/**
 * Creates a customer with a random password (the caller then mails a reset link so the customer
 * chooses one). A taken email is a field error, never a 500.
 */
export async function createCustomer(db: Db, actor: Actor, input: CustomerInput): Promise<PersonDto> {
  assertBackOffice(actor);
  const email = normalEmail(input.email);
  const id = await insertPerson(db, actor, {
    values: {
      name: input.name,
      lastName: input.last_name,
      email,
      phone: input.phone,
      birthDate: input.birth_date,
      roleId: ROLE.customer,
      isTester: input.is_tester,
    },
    action: "customer.created",
    data: { ...editable({ ...input, email }) },
  });
  return getCustomer(db, id);
}

export async function updateCustomer(
  db: Db,
  actor: Actor,
  id: number,
  input: CustomerInput,
  now: Date,
): Promise<PersonDto> {
  assertBackOffice(actor);
  const before = await getCustomer(db, id);
  const email = normalEmail(input.email);
  if (email !== before.email.toLowerCase() && (await emailTaken(db, email, id))) throw emailTakenError();
  const after = editable({ ...input, email });
  const diff = changes(editable(before), after);
  if (Object.keys(diff).length === 0) return before;
  await withUniqueEmail(() =>
    db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          name: after.name,
          lastName: after.last_name,
          email: after.email,
          phone: after.phone,
          birthDate: after.birth_date,
          isTester: after.is_tester,
          // A new address has not been verified.
          ...(diff.email ? { emailVerifiedAt: null } : {}),
          updatedAt: now,
        })
        .where(and(eq(users.id, id), eq(users.roleId, ROLE.customer)));
      await audit(tx, {
        actorUserId: actor.id,
        action: "customer.updated",
        entity: "user",
        entityId: id,
        data: { changes: diff },
        ip: actor.ip,
      });
    }),
  );
  return getCustomer(db, id);
}

/** Deactivating closes every open session of the account; reactivating lets it log in again. */
export async function setCustomerActive(
  db: Db,
  actor: Actor,
  id: number,
  active: boolean,
  now: Date,
): Promise<PersonDto> {
  assertBackOffice(actor);
  await setPersonActive(db, actor, {
    id,
    active,
    now,
    roles: [ROLE.customer],
    kind: "customer",
    data: (row) => ({ email: row.email }),
  });
  return getCustomer(db, id);
}
