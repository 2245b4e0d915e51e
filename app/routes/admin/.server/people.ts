/**
 * Page loaders of the people screens (/admin/users, /admin/administrators, /admin/employees): the
 * kit's resource loaders (resource.ts) on the people descriptors (resources/people.ts), the same
 * ones the API is derived from, plus what the staff pages add (the studios, the actor's id).
 */
import type { AppLoadContext } from "react-router";
import { studioOptions } from "~/.server/domain/people/common";
import { administratorsResource, customersResource, employeesResource } from "~/.server/resources/people";
import type { StaffScope } from "~/.server/domain/people/staff";
import { requireAdminPage } from "./page";
import { resourceFormLoader, resourceListLoader } from "./resource";

type Args = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

const staffResourceOf = (scope: StaffScope) =>
  scope === "administrators" ? administratorsResource : employeesResource;

/** `?page=&per_page=&search=&sort=&dir=&status=&employee_type=` (and `role_id` on all staff). */
export async function staffListLoader(scope: StaffScope, args: Args) {
  const me = requireAdminPage(args).id;
  return { ...(await resourceListLoader(staffResourceOf(scope), args)), me };
}

/** The add (no `:id`) and edit pages: the person, the studios to pick from, the actor's id. */
export async function staffFormLoader(scope: StaffScope, args: Args) {
  const { item } = await resourceFormLoader(staffResourceOf(scope), args);
  return { person: item, studios: await studioOptions(args.context.deps.db), me: requireAdminPage(args).id };
}

/** /admin/users and /admin/users/list: customers (role 2), `?status=` besides the list query. */
export const customerListLoader = (args: Args) => resourceListLoader(customersResource, args);

/** /admin/users/add and /admin/users/edit/:id: the customer, or null on the add page. */
export async function customerFormLoader(args: Args) {
  return { person: (await resourceFormLoader(customersResource, args)).item };
}
