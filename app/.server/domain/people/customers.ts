/**
 * Customers (role 2) in the back office: the rules of creating and editing one, as the write of
 * the customers' resource (resources/people.ts), which lists, reads and deactivates them and runs
 * this write in its transaction with the audit entry.
 */
import { and, eq } from "drizzle-orm";
import { t } from "~/lib/messages";
import type { Db } from "../../db/client";
import { ROLE, users } from "../../db/schema";
import { AppError } from "../errors";
import type { CustomerInput } from "~/shared/schemas/people";
import {
  insertPerson,
  normalEmail,
  personValues,
  selectPeople,
  toPersonDto,
  updatePerson,
  type PersonDto,
} from "./common";

async function getCustomer(db: Db, id: number): Promise<PersonDto> {
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
 * Creates (`id` null) a customer with a random password (the caller then mails a reset link so
 * the customer chooses one) or saves the edit of one. A taken email is a field error, never a 500.
 */
export async function saveCustomer(tx: Db, input: CustomerInput, id: number | null, now: Date) {
  const after = editable({ ...input, email: normalEmail(input.email) });
  if (id === null) return insertPerson(tx, { values: { ...rowOf(after), roleId: ROLE.customer }, data: { ...after } });
  const before = await getCustomer(tx, id);
  return updatePerson(tx, { id, before: editable(before), after, now, set: rowOf(after) });
}
