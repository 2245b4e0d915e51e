/**
 * Page loaders of a back-office resource (kit/resource.ts): the list page and the form page read
 * through the same descriptor as the API, with the same permission.
 */
import type { AppLoadContext } from "react-router";
import { can } from "~/shared/permissions";
import { enumFilter, listQueryFromUrl, pageOf } from "~/.server/domain/lists";
import { getResource, listResource, type ResourceDescriptor, type ResourceListQuery } from "~/.server/kit/resource";
import { requireAdminPage } from "./page";

type Args = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };

/** `?page=&per_page=&search=&sort=&dir=` plus the resource's filters (bad values ignored). */
export async function resourceListLoader<D extends ResourceDescriptor<any, any, any>>(d: D, args: Args) {
  const actor = requireAdminPage(args, { permission: d.permissions.read });
  const filters = Object.fromEntries(
    Object.entries(d.filters ?? {}).map(([k, f]) => [k, f.schema.optional().catch(undefined)]),
  );
  const q = listQueryFromUrl(args.request.url, {
    ...filters,
    ...(d.active ? { status: enumFilter(["active", "inactive"]) } : {}),
  }) as ResourceListQuery;
  const { rows, total } = await listResource(args.context.deps.db, d, q);
  return {
    ...pageOf(rows as ReturnType<D["toDto"]>[], total, q),
    canWrite: Boolean(d.input) && can(actor, d.permissions.write),
  };
}

/** The item of an edit page (`:id`), or null on the add page; 404 page for an unknown id. */
export async function resourceFormLoader<D extends ResourceDescriptor<any, any, any>>(d: D, args: Args) {
  requireAdminPage(args, { permission: d.permissions.write });
  const id = args.params.id ? Number(args.params.id) : null;
  if (id === null) return { item: null as ReturnType<D["toDto"]> | null };
  return { item: await getResource(args.context.deps.db, d, Number.isSafeInteger(id) ? id : -1) };
}
