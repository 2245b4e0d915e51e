/**
 * The back-office resource kit (server side). One descriptor per entity says which table it
 * lives in, how a row becomes its DTO, what the list searches, sorts, filters and exports, the
 * form schema, the permission of each action, the audit record kind and the cache keys to clear.
 * From it come the domain operations below (list, get, create, update, activate) and, through
 * `resourceRoutes` (api/resource-routes.ts) and `resourcePage` (routes/admin/.server/resource.ts),
 * the `/api/admin/...` calls with OpenAPI and the page loaders.
 *
 * Entities with rules of their own keep them in hooks (`beforeWrite`, `afterWrite`) or add their
 * own calls beside the generated ones instead of forking the kit.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z, type ZodObject, type ZodType } from "zod";
import { t } from "~/lib/messages";
import type { Permission } from "~/shared/permissions";
import type { AppDeps } from "../deps";
import type { Db } from "../db/client";
import { AppError } from "../domain/errors";
import { CSV_MAX_ROWS, likePattern, offsetOf, type ListQuery } from "../domain/lists";
import { assertCan, type Actor } from "../domain/people/access";
import { inTransaction } from "../domain/tx";

/** A list filter: its query schema (lenient on pages) and the condition it adds. */
export interface ResourceFilter {
  schema: ZodType;
  where: (value: never) => SQL | undefined;
}

export interface ResourceDescriptor<
  T extends PgTable & { id: PgColumn },
  Dto extends { id: number },
  Input extends Record<string, unknown> = Record<string, unknown>,
> {
  /** Plural key: "countries" (audit actions `country.created`… use `entity`). */
  name: string;
  /** Audit record kind and action prefix: "country". */
  entity: string;
  /** API base path: "/admin/countries". */
  apiPath: string;
  /** OpenAPI tag and summaries (Spanish, for the API docs). */
  tag: string;
  labels: { one: string; many: string };
  table: T;
  /** The response item schema (OpenAPI) and how a row becomes it. */
  dto: ZodObject;
  toDto: (row: T["$inferSelect"]) => Dto;
  /** The form/body schema: absent makes the resource read-only. */
  input?: ZodType<Input>;
  /** The row values of a validated input. */
  toRow?: (input: Input) => Partial<T["$inferInsert"]>;
  /** Permission of each action (app/shared/permissions.ts). */
  permissions: { read: Permission; write: Permission };
  /** Columns `search` looks in (ILIKE, literal). */
  search: PgColumn[];
  /** Sortable columns by the `sort` parameter; `default` when none is asked. */
  sorts: Record<string, PgColumn>;
  defaultSort: { column: PgColumn; dir: "asc" | "desc" };
  filters?: Record<string, ResourceFilter>;
  /** The table's `active` column (property `active`): gives deactivate and reactivate. */
  active?: PgColumn;
  /** CSV export: file name and columns (labels from the catalogue). */
  csv?: { filename: string; columns: { key: string; label: string }[] };
  /** Prefixes of `deps.cache` to clear after any change (public reads of this data). */
  cacheKeys?: string[];
  /** Extra checks before a create or update (e.g. a referenced row exists); throw AppError. */
  beforeWrite?: (tx: Db, input: Input, id: number | null) => Promise<void>;

  // ─── For entities whose calls existed before the kit (places): same paths and answers ───
  /** Path of the list call when it is not `apiPath` (the studios' `/admin/studios/list`). */
  listPath?: string;
  /** A list query of its own (joins, computed columns) in place of the generic one. */
  list?: (db: Db, q: ResourceListQuery, opts: { all?: boolean }) => Promise<{ rows: object[]; total: number }>;
  /** The row schema of the list answer when `list` is given (default `dto`). */
  listDto?: ZodObject;
  /** A read of one item of its own (the form's values) in place of `toDto` of the row. */
  get?: (db: Db, id: number) => Promise<Dto>;
  /**
   * A write of its own, inside the kit's transaction (after `beforeWrite`, the row locked on
   * update): returns the row's id and the audit entry's data.
   */
  save?: (tx: Db, input: Input, id: number | null) => Promise<{ id: number; audit: Record<string, unknown> }>;
  /** The message of the create and update answers (default "Se creó…" / "Se guardaron…"). */
  savedMessage?: () => string;
}

type AnyResource = ResourceDescriptor<any, any, any>;

export type ResourceListQuery = ListQuery & Record<string, unknown>;

function whereOf(d: AnyResource, q: ResourceListQuery): SQL | undefined {
  const p = q.search ? likePattern(q.search) : null;
  return and(
    p && d.search.length ? or(...d.search.map((c) => ilike(c, p))) : undefined,
    d.active && (q.status === "active" || q.status === "inactive") ? eq(d.active, q.status === "active") : undefined,
    ...Object.entries(d.filters ?? {}).map(([k, f]) =>
      q[k] === undefined || q[k] === null || q[k] === "" ? undefined : f.where(q[k] as never),
    ),
  );
}

function orderOf(d: AnyResource, q: ResourceListQuery): SQL[] {
  const col = q.sort && Object.hasOwn(d.sorts, q.sort) ? d.sorts[q.sort] : null;
  const id = d.table.id;
  if (!col) {
    const c = d.defaultSort.column;
    return d.defaultSort.dir === "desc" ? [desc(c), desc(id)] : [asc(c), asc(id)];
  }
  return q.dir === "desc" ? [sql`${col} desc nulls last`, desc(id)] : [sql`${col} asc nulls last`, asc(id)];
}

/** One page (or, with `all`, up to CSV_MAX_ROWS) of a resource, and the total. */
export async function listResource<D extends AnyResource>(
  db: Db,
  d: D,
  q: ResourceListQuery,
  opts: { all?: boolean } = {},
): Promise<{ rows: ReturnType<D["toDto"]>[]; total: number }> {
  if (d.list) return (await d.list(db, q, opts)) as { rows: ReturnType<D["toDto"]>[]; total: number };
  const where = whereOf(d, q);
  const base = db
    .select()
    .from(d.table as PgTable)
    .where(where)
    .orderBy(...orderOf(d, q));
  const rows = opts.all ? await base.limit(CSV_MAX_ROWS) : await base.limit(q.per_page).offset(offsetOf(q));
  const [{ n }] = await db
    .select({ n: count() })
    .from(d.table as PgTable)
    .where(where);
  return { rows: rows.map((r) => d.toDto(r as never)) as ReturnType<D["toDto"]>[], total: n };
}

export function notFoundOf(d: AnyResource) {
  return AppError.notFound(t("kit.notFound", { entity: d.labels.one }));
}

export async function getResource<D extends AnyResource>(db: Db, d: D, id: number): Promise<ReturnType<D["toDto"]>> {
  if (d.get) return (await d.get(db, id)) as ReturnType<D["toDto"]>;
  const [row] = await db
    .select()
    .from(d.table as PgTable)
    .where(eq(d.table.id, id))
    .limit(1);
  if (!row) throw notFoundOf(d);
  return d.toDto(row as never) as ReturnType<D["toDto"]>;
}

function writable(d: AnyResource) {
  if (!d.input || (!d.toRow && !d.save)) throw AppError.forbidden();
  return { toRow: d.toRow as NonNullable<AnyResource["toRow"]> };
}

async function clearCaches(deps: Pick<AppDeps, "cache">, d: AnyResource) {
  for (const k of d.cacheKeys ?? []) await deps.cache.clear(k);
}

/** Creates a row (permission `write`), audited in the same transaction; clears the resource's caches. */
export async function createResource<D extends AnyResource>(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  d: D,
  actor: Actor,
  input: Record<string, unknown>,
): Promise<ReturnType<D["toDto"]>> {
  assertCan(actor, d.permissions.write);
  const { toRow } = writable(d);
  const id = await inTransaction(deps.db, async ({ tx, audit }) => {
    await d.beforeWrite?.(tx, input, null);
    if (d.save) {
      const saved = await d.save(tx, input, null);
      audit({
        actorUserId: actor.id,
        action: `${d.entity}.created`,
        entity: d.entity,
        entityId: saved.id,
        data: saved.audit,
        ip: actor.ip,
      });
      return saved.id;
    }
    const [row] = (await tx
      .insert(d.table as PgTable)
      .values(toRow(input) as never)
      .returning()) as { id: number }[];
    audit({
      actorUserId: actor.id,
      action: `${d.entity}.created`,
      entity: d.entity,
      entityId: row!.id,
      data: input,
      ip: actor.ip,
    });
    return row!.id;
  });
  await clearCaches(deps, d);
  return getResource(deps.db, d, id);
}

/** Whether a column keeps its value: instants by time, JSON values (lists) by content. */
function sameValue(a: unknown, b: unknown) {
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    return JSON.stringify(a) === JSON.stringify(b);
  }
  return a === b;
}

/** Updates a row (permission `write`), locked while it changes, audited with what changed. */
export async function updateResource<D extends AnyResource>(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  d: D,
  actor: Actor,
  id: number,
  input: Record<string, unknown>,
): Promise<ReturnType<D["toDto"]>> {
  assertCan(actor, d.permissions.write);
  const { toRow } = writable(d);
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [before] = await lock(d.table as PgTable, eq(d.table.id, id));
    if (!before) throw notFoundOf(d);
    await d.beforeWrite?.(tx, input, id);
    if (d.save) {
      const saved = await d.save(tx, input, id);
      audit({
        actorUserId: actor.id,
        action: `${d.entity}.updated`,
        entity: d.entity,
        entityId: id,
        data: saved.audit,
        ip: actor.ip,
      });
      return;
    }
    const values = toRow(input) as Record<string, unknown>;
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [k, v] of Object.entries(values)) {
      const was = (before as Record<string, unknown>)[k];
      if (!sameValue(was, v)) changes[k] = { from: was ?? null, to: v };
    }
    if (Object.keys(changes).length === 0) return;
    const hasUpdatedAt = "updatedAt" in (before as object);
    await tx
      .update(d.table as PgTable)
      .set({ ...values, ...(hasUpdatedAt ? { updatedAt: deps.clock() } : {}) } as never)
      .where(eq(d.table.id, id));
    audit({
      actorUserId: actor.id,
      action: `${d.entity}.updated`,
      entity: d.entity,
      entityId: id,
      data: { changes },
      ip: actor.ip,
    });
  });
  await clearCaches(deps, d);
  return getResource(deps.db, d, id);
}

/** Deactivates or reactivates a row of a resource with an `active` column. */
export async function setResourceActive<D extends AnyResource>(
  deps: Pick<AppDeps, "db" | "cache" | "clock">,
  d: D,
  actor: Actor,
  id: number,
  active: boolean,
): Promise<ReturnType<D["toDto"]>> {
  assertCan(actor, d.permissions.write);
  if (!d.active) throw AppError.notFound();
  await inTransaction(deps.db, async ({ tx, lock, audit }) => {
    const [before] = (await lock(d.table as PgTable, eq(d.table.id, id))) as Record<string, unknown>[];
    if (!before) throw notFoundOf(d);
    if (before.active === active) return;
    await tx
      .update(d.table as PgTable)
      .set({ active } as never)
      .where(eq(d.table.id, id));
    audit({
      actorUserId: actor.id,
      action: `${d.entity}.${active ? "reactivated" : "deactivated"}`,
      entity: d.entity,
      entityId: id,
      ip: actor.ip,
    });
  });
  await clearCaches(deps, d);
  return getResource(deps.db, d, id);
}

/** The list query of a resource: the shared one plus its filters. */
export function resourceQueryShape(d: AnyResource): Record<string, ZodType> {
  return {
    ...Object.fromEntries(Object.entries(d.filters ?? {}).map(([k, f]) => [k, f.schema])),
    ...(d.active ? { status: z.enum(["active", "inactive"]).optional() } : {}),
  };
}

export type ResourceInput<D> = D extends ResourceDescriptor<any, any, infer I> ? I : never;
export type ResourceDto<D> = D extends ResourceDescriptor<any, infer Dto, any> ? Dto : never;
export type { z };
