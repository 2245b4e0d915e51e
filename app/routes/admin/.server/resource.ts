/**
 * Page loaders of a back-office resource (kit/resource.ts): the list page and the form page read
 * through the same descriptor as the API, with the same permission. `entityListLoader` and
 * `entityFormLoader` serve the generic pages of every registered entity (app/admin-entities).
 */
import type { AppLoadContext } from "react-router";
import { can } from "~/shared/permissions";
import { stripLocale } from "~/lib/routes";
import { entityOfPath } from "~/admin-entities";
import { enumFilter, listQueryFromUrl, pageOf } from "~/.server/domain/lists";
import { AppError } from "~/.server/domain/errors";
import {
  getResource,
  listResource,
  type ListRowOf,
  type ResourceDescriptor,
  type ResourceListQuery,
} from "~/.server/kit/resource";
import { serverResourceOf } from "~/.server/resources/registry";
import { requireAdminPage } from "./page";

type Args = { request: Request; context: AppLoadContext; params: Record<string, string | undefined> };
type AnyDescriptor = ResourceDescriptor<any, any, any, any, any>;

/**
 * `?page=&per_page=&search=&sort=&dir=` plus the resource's filters (bad values ignored). `canWrite`:
 * the write permission, on a resource with a kit form (`d.input`) or, with `commands`, on a read-only
 * list whose rows staff change through commands of its own (approve, cancel, a status).
 */
export async function resourceListLoader<D extends AnyDescriptor>(d: D, args: Args, opts: { commands?: boolean } = {}) {
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
    ...pageOf<ListRowOf<D>>(rows, total, q),
    canWrite: (Boolean(d.input) || opts.commands === true) && can(actor, d.permissions.write),
  };
}

/** The item of an edit page (`:id`), or null on the add page; 404 page for an unknown id. */
export async function resourceFormLoader<D extends AnyDescriptor>(d: D, args: Args) {
  requireAdminPage(args, { permission: d.permissions.write });
  const id = args.params.id ? Number(args.params.id) : null;
  if (id === null) return { item: null as ReturnType<D["toDto"]> | null };
  return { item: await getResource(args.context.deps.db, d, Number.isSafeInteger(id) ? id : -1) };
}

/** The registered entity (browser and server halves) whose page the request is on. */
function entityOf(request: Request) {
  const entity = entityOfPath(stripLocale(new URL(request.url).pathname));
  const resource = entity && serverResourceOf(entity.name);
  if (!entity || !resource) throw AppError.notFound();
  return { entity, resource };
}

type Options = Record<string, { value: string; label: string }[]>;

/** The generic list page of an entity (routes/admin/kit/list.tsx): its page and its option lists. */
export async function entityListLoader(args: Args) {
  const { entity, resource } = entityOf(args.request);
  const page = await resourceListLoader(resource, args);
  const needsOptions = (entity.filters ?? []).some((f) => typeof f.options === "string");
  const options: Options = needsOptions && resource.formOptions ? await resource.formOptions(args.context.deps.db) : {};
  return { entity: entity.name, ...page, data: page.data as { id: number; active?: boolean }[], options };
}

/** The generic form page of an entity (routes/admin/kit/form.tsx): the item, option lists and defaults. */
export async function entityFormLoader(args: Args) {
  const { entity, resource } = entityOf(args.request);
  const { item } = await resourceFormLoader(resource, args);
  const options: Options = resource.formOptions ? await resource.formOptions(args.context.deps.db) : {};
  const defaults = { ...entity.defaults, ...resource.formDefaults?.(options) };
  return { entity: entity.name, item: item as Record<string, unknown> | null, options, defaults };
}
