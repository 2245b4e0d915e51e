/**
 * Customers (role 2) in the back office: the rules of creating and editing one (the resource kit
 * lists, reads and deactivates them through resources/people.ts). Every change is audited in the
 * same transaction.
 */
import { and, eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { ROLE, users } from "../../db/schema";
import { AppError } from "../errors";
import type { CustomerInput } from "~/shared/schemas/people";
import { assertBackOffice, type Actor } from "./access";
import {
  insertPerson,
  normalEmail,
  personValues,
  selectPeople,
  toPersonDto,
  updatePerson,
  type PersonDto,
} from "./common";

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

/** The `users` columns of the customer form. */
const rowOf = (e: ReturnType<typeof editable>) => ({ ...personValues(e), birthDate: e.birth_date });

/**
 * Creates a customer with a random password (the caller then mails a reset link so the customer
 * chooses one). A taken email is a field error, never a 500.
 */
export async function createCustomer(db: Db, actor: Actor, input: CustomerInput): Promise<PersonDto> {
  assertBackOffice(actor);
  const email = normalEmail(input.email);
  const id = await insertPerson(db, actor, {
    values: { ...rowOf(editable({ ...input, email })), email, roleId: ROLE.customer },
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
  const after = editable({ ...input, email: normalEmail(input.email) });
  await updatePerson(db, actor, {
    id,
    before: editable(before),
    after,
    action: "customer.updated",
    now,
    set: rowOf(after),
  });
  return getCustomer(db, id);
}
