/**
 * Page loaders of the people screens (/admin/users, /admin/administrators, /admin/employees), in
 * the style of the resource kit's loaders (resource.ts): the staff ones are one loader per page
 * kind, parameterised by the scope. The data comes from the same services as the API
 * (domain/people/).
 */
import type { AppLoadContext } from "react-router";
import { can } from "~/shared/permissions";
import { enumFilter, listQueryFromUrl, pageOf } from "~/.server/domain/lists";
import { studioOptions } from "~/.server/domain/people/common";
import { getCustomer, listCustomers } from "~/.server/domain/people/customers";
import { getStaff, listStaff, type StaffScope } from "~/.server/domain/people/staff";
import { pageData, requireAdminPage } from "./page";

type Args = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

/** `?page=&per_page=&search=&sort=&dir=&status=&employee_type=` (and `role_id` on all staff). */
export async function staffListLoader(scope: StaffScope, args: Args) {
  const actor = requireAdminPage(args);
  const q = listQueryFromUrl(args.request.url, {
    status: enumFilter(["active", "inactive"]),
    role_id: enumFilter(["1", "4", "5"]),
    employee_type: enumFilter(["1", "2", "3"]),
  });
  const { rows, total } = await listStaff(args.context.deps.db, scope, {
    ...q,
    role_id: scope === "staff" && q.role_id ? Number(q.role_id) : undefined,
    employee_type: q.employee_type ? Number(q.employee_type) : undefined,
  });
  return { ...pageOf(rows, total, q), canWrite: can(actor, "staff.write"), me: actor.id };
}

/** The add (no `:id`) and edit pages: the person, the studios to pick from, the actor's id. */
export async function staffFormLoader(scope: StaffScope, args: Args) {
  const actor = requireAdminPage(args, { permission: "staff.write" });
  const db = args.context.deps.db;
  const id = args.params.id ? Number(args.params.id) : null;
  const person = id ? await pageData(getStaff(db, scope, Number.isSafeInteger(id) ? id : -1)) : null;
  return { person, studios: await studioOptions(db), me: actor.id };
}

/** /admin/users and /admin/users/list: customers (role 2), `?status=` besides the list query. */
export async function customerListLoader(args: Args) {
  const actor = requireAdminPage(args, { permission: "customers.read" });
  const q = listQueryFromUrl(args.request.url, { status: enumFilter(["active", "inactive"]) });
  const { rows, total } = await listCustomers(args.context.deps.db, q);
  return { ...pageOf(rows, total, q), canWrite: can(actor, "customers.write") };
}

/** /admin/users/add and /admin/users/edit/:id: the customer, or null on the add page. */
export async function customerFormLoader(args: Args) {
  requireAdminPage(args, { permission: "customers.write" });
  const id = args.params.id ? Number(args.params.id) : null;
  const person = id ? await pageData(getCustomer(args.context.deps.db, Number.isSafeInteger(id) ? id : -1)) : null;
  return { person };
}
